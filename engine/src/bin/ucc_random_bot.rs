//! `ucc-random-bot`: a deliberately simple outside program for the UCC 2012 Stratego protocol,
//! written for the tests without the engine's rules (only its random source): it reads the
//! board it is sent each turn, picks a random legal-looking move (scouts sometimes run several
//! squares), and keeps to the two-square rule by remembering its own last moves.
//!
//! `ucc-random-bot [SEED]`

use std::io::{self, BufRead, Write};

use admiral_engine::rng::Dice;

const SOUTH_SETUP: [&str; 4] = ["FB8sB479B8", "BB31555583", "6724898974", "967B669999"];

fn main() {
    let seed = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(7);
    let mut dice = Dice::new(seed);
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines().map_while(Result::ok);
    let mut out = io::stdout().lock();
    let Some(first) = lines.next() else { return };
    let colour = first.split_whitespace().next().unwrap_or("");
    let mut setup: Vec<&str> = SOUTH_SETUP.to_vec();
    if colour == "BLUE" {
        setup.reverse();
    }
    for row in setup {
        let _ = writeln!(out, "{row}");
    }
    let _ = out.flush();
    // Own last moves, for the two-square rule: (from, to) pairs.
    let mut history: Vec<((i32, i32), (i32, i32))> = Vec::new();
    // Each turn: a line (START, or the opponent's move and its outcome), the board, our move,
    // then the confirmation of our move. QUIT may come instead of any of those lines.
    while let Some(line) = lines.next() {
        if line.trim().starts_with("QUIT") {
            return;
        }
        let board: Vec<Vec<char>> = (0..10).filter_map(|_| lines.next()).map(|l| l.trim().chars().collect()).collect();
        if board.len() < 10 || board.iter().any(|row| row.starts_with(&['Q', 'U', 'I', 'T'])) {
            return;
        }
        let Some((from, to, direction, steps)) = pick(&board, &history, &mut dice) else {
            let _ = writeln!(out, "SURRENDER");
            let _ = out.flush();
            return;
        };
        let multiplier = if steps > 1 { format!(" {steps}") } else { String::new() };
        let _ = writeln!(out, "{} {} {direction}{multiplier}", from.0, from.1);
        let _ = out.flush();
        let Some(confirmation) = lines.next() else { return };
        if confirmation.trim().starts_with("QUIT") {
            return;
        }
        if ["KILLS", "DIES", "BOTHDIE"].iter().any(|w| confirmation.contains(w)) {
            history.clear();
        } else {
            history.push((from, to));
            if history.len() > 8 {
                history.remove(0);
            }
        }
    }
}

fn pick(
    board: &[Vec<char>],
    history: &[((i32, i32), (i32, i32))],
    dice: &mut Dice,
) -> Option<((i32, i32), (i32, i32), &'static str, i32)> {
    let at = |x: i32, y: i32| -> Option<char> {
        if (0..10).contains(&x) && (0..10).contains(&y) {
            board.get(y as usize).and_then(|r| r.get(x as usize)).copied()
        } else {
            None
        }
    };
    let mut options = Vec::new();
    for y in 0..10 {
        for x in 0..10 {
            let Some(piece) = at(x, y) else { continue };
            if !"123456789s".contains(piece) {
                continue;
            }
            for (dx, dy, name) in [(0, -1, "UP"), (0, 1, "DOWN"), (-1, 0, "LEFT"), (1, 0, "RIGHT")] {
                let reach = if piece == '9' { 9 } else { 1 };
                for steps in 1..=reach {
                    let (tx, ty) = (x + dx * steps, y + dy * steps);
                    match at(tx, ty) {
                        Some('.') => {
                            if !breaks_two_square_rule(history, (x, y), (tx, ty)) {
                                options.push(((x, y), (tx, ty), name, steps));
                            }
                        }
                        Some('#') => {
                            options.push(((x, y), (tx, ty), name, steps));
                            break;
                        }
                        _ => break,
                    }
                }
            }
        }
    }
    dice.pick(&options).copied()
}

/// After moves A→B, B→A, A→B in a row, B→A is refused.
fn breaks_two_square_rule(history: &[((i32, i32), (i32, i32))], from: (i32, i32), to: (i32, i32)) -> bool {
    let n = history.len();
    if n < 3 {
        return false;
    }
    let last = &history[n - 3..];
    last[2] == (to, from) && last[1] == (from, to) && last[0] == (to, from)
}

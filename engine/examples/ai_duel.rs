//! A tuning aid: plays AI games and prints, per game, how it ended, its length and what each
//! side had left. `cargo run --release -p admiral-engine --example ai_duel -- A B GAMES BUDGET_MS`
//! (A and B are levels 1–5; A sits South on even games).

use std::time::Duration;

use admiral_engine::ai::{Ai, Budget};
use admiral_engine::arena::{Agent, Seat, ARENA_PLY_CAP};
use admiral_engine::rng::Dice;
use admiral_engine::{Defense, Game, Side};

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).map(|a| a.parse().expect("numbers")).collect();
    let (a, b, games, budget_ms) = (args[0], args[1], args[2], args[3]);
    let first = args.get(4).copied().unwrap_or(0);
    let budget = Budget::Time(Duration::from_millis(budget_ms));
    let mut score = 0.0;
    let mut last_draw = String::new();
    for i in first..first + games {
        let a_south = i % 2 == 0;
        let seed = 1000 + i;
        let (la, lb) = (Ai::layout(a as u8, seed), Ai::layout(b as u8, seed ^ 0x5bd1_e995));
        let (south, north) = if a_south { (la, lb) } else { (lb, la) };
        let mut game = Game::new(&south, &north, true).unwrap();
        let mut agent_a = Ai::new(a as u8, seed, budget);
        let mut agent_b = Ai::new(b as u8, seed + 1, budget);
        let mut dice = Dice::new(seed);
        let mut worlds = (0u64, 0u64);
        while game.outcome().is_none() && game.ply() < ARENA_PLY_CAP {
            let side = game.to_move();
            let legal = game.legal_actions();
            let a_moves = (side == Side::South) == a_south;
            let seat = Seat::new(&game, side);
            let action =
                if a_moves { agent_a.act(&seat, &legal, &mut dice) } else { agent_b.act(&seat, &legal, &mut dice) };
            let defense = match game.defense_options(&action) {
                Some(options) if options.len() > 1 => {
                    let seat = Seat::new(&game, side.opponent());
                    let chosen = if a_moves {
                        Agent::defend(&mut agent_b, &seat, &action, &options, &mut dice)
                    } else {
                        Agent::defend(&mut agent_a, &seat, &action, &options, &mut dice)
                    };
                    Defense::Group(chosen)
                }
                _ => Defense::Auto,
            };
            game.play(&action, defense).unwrap();
            if a_moves {
                worlds.0 += agent_a.last_worlds() as u64;
                worlds.1 += 1;
            }
        }
        if outcome_is_draw(&game) {
            last_draw = format!("{}\nto move {:?}, A is {}", game.position().to_text(), game.to_move(), if a_south { "South" } else { "North" });
        }
        let a_side = if a_south { Side::South } else { Side::North };
        let left = |side: Side| game.position().occupied_by(side).len();
        let outcome = game.outcome();
        let result = match outcome.map(|o| o.status.winner()) {
            Some(Some(w)) if w == a_side => {
                score += 1.0;
                "A"
            }
            Some(Some(_)) => "B",
            _ => {
                score += 0.5;
                "="
            }
        };
        println!(
            "game {i}: {result} {:?} plies={} units A={} B={} A's worlds/decision={}",
            outcome.map(|o| o.reason),
            game.ply(),
            left(a_side),
            left(a_side.opponent()),
            worlds.0 / worlds.1.max(1)
        );
    }
    if std::env::var("SHOW_DRAWS").is_ok() {
        eprintln!("{}", last_draw);
    }
    println!("A score {:.3}", score / games as f64);
}

fn outcome_is_draw(game: &Game) -> bool {
    game.outcome().is_some_and(|o| o.status.winner().is_none())
}

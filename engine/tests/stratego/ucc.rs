//! The UCC 2012 Stratego protocol, both ways: outside programs as arena players
//! (`--a ucc:COMMAND`), and our AI as such a program (`admiral-referee --ucc-bot LEVEL`).

use std::collections::HashMap;

use admiral_engine::ai::Budget;
use admiral_engine::stratego::ucc::{self, Program, UccMove};
use admiral_engine::stratego::*;
use admiral_engine::Side;

use crate::common::{fields, run};
use crate::support;

const ARENA: &str = env!("CARGO_BIN_EXE_admiral-arena");
const REFEREE: &str = env!("CARGO_BIN_EXE_admiral-referee");
const RANDOM_BOT: &str = env!("CARGO_BIN_EXE_ucc-random-bot");

fn arena(args: &[&str]) -> (bool, Vec<String>, String) {
    let (ok, stdout, stderr) = run(ARENA, args);
    (ok, stdout.lines().map(str::to_string).collect(), stderr)
}

/// A verbose Stratego arena run of `games` games between `a` and `b`, with `extra` options.
fn stratego_arena(a: &str, b: &str, games: &str, extra: &[&str]) -> (bool, Vec<String>, String) {
    let mut args = vec!["--ruleset", "stratego", "--a", a, "--b", b, "--games", games];
    args.extend_from_slice(extra);
    args.push("--verbose");
    arena(&args)
}

/// The lines of one verbose Stratego game of the outside program `a` against level 2, with
/// `extra` options.
fn one_game_against_level_2(a: &str, extra: &[&str]) -> Vec<String> {
    stratego_arena(a, "2", "1", extra).1
}

// --- The protocol text -------------------------------------------------------------------

#[test]
fn setup_rows_map_red_to_south_and_blue_to_north() {
    let layout = Layout::parse(support::LAYOUT).unwrap();
    let red = ucc::setup_rows(&layout, Side::South);
    assert_eq!(red[0], "FBB7B8B99B", "RED's first row is its back row (y = 0, our row 1)");
    assert_eq!(red[3], "9796995969", "and its last row the front");
    let blue = ucc::setup_rows(&layout, Side::North);
    assert_eq!(blue[0], "9695996979", "BLUE's first row is its front row (y = 6, our row 7)");
    for side in Side::BOTH {
        assert_eq!(ucc::parse_setup(&ucc::setup_rows(&layout, side), side).unwrap(), layout);
    }
    let mut short = red.clone();
    short[1] = "FB".into();
    assert!(ucc::parse_setup(&short, Side::South).unwrap_err().contains("10"));
    let mut missing = red.clone();
    missing[3] = "..........".into();
    assert!(ucc::parse_setup(&missing, Side::South).unwrap_err().contains("illegal setup"));
}

#[test]
fn moves_and_results_read_and_print_like_the_competition_manager() {
    let m = UccMove::parse("0 3 DOWN").unwrap();
    assert_eq!((m.from.to_string(), m.to.to_string()), ("a4".into(), "a5".into()));
    let m = UccMove::parse("9 6 UP 3").unwrap();
    assert_eq!((m.from.to_string(), m.to.to_string()), ("j7".into(), "j4".into()));
    assert!(
        UccMove::parse("0 0 UP").unwrap_err().contains("off the board") || UccMove::parse("0 0 UP").is_err()
    );
    assert!(UccMove::parse("3 3 NORTH").is_err());
    assert!(UccMove::parse("1 1 LEFT 0").is_err());
    assert_eq!(ucc::format_move(&Action::parse("j7-j4").unwrap()), "9 6 UP 3");
    assert_eq!(ucc::format_move(&Action::parse("a4-a5").unwrap()), "0 3 DOWN");
    let mut p = support::pos("e4:MA e5:sc a1:FL j10:fl", Side::South);
    let mut events = Vec::new();
    let action = p.play(&Action::parse("e4xe5").unwrap(), &mut events).unwrap();
    assert_eq!(ucc::result_line(&action, &events), "4 3 DOWN KILLS 1 9");
    let mut p = support::pos("e4:SP e5:ma a1:FL j10:fl", Side::South);
    events.clear();
    let action = p.play(&Action::parse("e4xe5").unwrap(), &mut events).unwrap();
    assert_eq!(ucc::result_line(&action, &events), "4 3 DOWN KILLS s 1");
    let mut p = support::pos("e4:SG e5:bo a1:FL j10:fl", Side::South);
    events.clear();
    let action = p.play(&Action::parse("e4xe5").unwrap(), &mut events).unwrap();
    assert_eq!(ucc::result_line(&action, &events), "4 3 DOWN DIES 7 B");
}

#[test]
fn our_program_sets_up_answers_the_board_and_quits() {
    let mut program = Program::new(3, 1, Budget::Iterations(4));
    let setup = program.input("RED some-opponent 10 10").unwrap();
    assert_eq!(setup.len(), 4);
    let layout = ucc::parse_setup(&setup, Side::South).unwrap();
    let other = Layout::parse(support::LAYOUT).unwrap();
    let game = Game::new(&layout, &other, true).unwrap();
    assert!(program.input("START").unwrap().is_empty());
    let rows = ucc::board_rows(&game.view(Side::South));
    assert_eq!(rows[4], "..++..++..");
    assert!(rows[9].chars().all(|c| c == '#'));
    let mut answer = Vec::new();
    for row in &rows {
        answer = program.input(row).unwrap();
    }
    assert_eq!(answer.len(), 1);
    let m = UccMove::parse(&answer[0]).unwrap();
    assert!(game.legal_actions().iter().any(|a| a.from == m.from && a.to == m.to), "{}", answer[0]);
    assert!(program.input(&format!("{} OK", answer[0])).unwrap().is_empty());
    assert!(program.input("QUIT VICTORY").unwrap().is_empty());
    assert!(program.finished());
    assert!(Program::new(3, 1, Budget::Iterations(1)).input("GREEN x 10 10").is_err());
    assert!(Program::new(3, 1, Budget::Iterations(1)).input("RED x 8 8").is_err());
}

// --- Whole games through processes ---------------------------------------------------------

/// Runs a [`stratego_arena`], checks that every game ended on the board (no forfeit, no
/// timeout) and returns the report's fields.
fn clean_run(a: &str, b: &str, games: &str, extra: &[&str]) -> HashMap<String, String> {
    let (ok, lines, err) = stratego_arena(a, b, games, extra);
    assert!(ok, "{err}");
    for line in &lines[..lines.len() - 1] {
        assert!(!line.contains("forfeit") && !line.contains("timeout"), "{line}\n{err}");
        let f = fields(line);
        assert!(["flag_captured", "no_legal_move", "quiet_plies"].contains(&f["reason"].as_str()), "{line}");
    }
    fields(lines.last().unwrap())
}

#[test]
fn level_5_beats_the_random_protocol_bot_as_an_outside_program() {
    let bot = format!("ucc:{RANDOM_BOT} 5");
    let f = clean_run("5", &bot, "4", &["--seed", "3", "--budget-ms", "5"]);
    assert_eq!(f["games"], "4");
    assert!(f["a_score"].parse::<f64>().unwrap() >= 0.75, "{f:?}");
}

#[test]
fn our_ucc_bot_plays_as_an_outside_program_against_the_random_bot_and_our_ai() {
    let ours = format!("ucc:{REFEREE} --ucc-bot 5 --budget-ms 5 --seed 2");
    let bot = format!("ucc:{RANDOM_BOT} 9");
    let f = clean_run(&ours, &bot, "4", &["--seed", "4"]);
    assert!(f["a_score"].parse::<f64>().unwrap() >= 0.75, "{f:?}");
    // Our program against our own AI in the arena: the protocol tracks every kind of result.
    let ours3 = format!("ucc:{REFEREE} --ucc-bot 3 --seed 5");
    let f = clean_run(&ours3, "3", "2", &["--seed", "8"]);
    assert_eq!(f["games"], "2");
}

#[test]
fn silence_garbage_and_illegal_moves_lose_the_game() {
    let (ok, lines, _) = stratego_arena("ucc:sleep 5", "1", "1", &["--ucc-timeout-ms", "200"]);
    assert!(ok);
    assert!(lines[0].contains("status=north_wins reason=timeout"), "{lines:?}");
    let (_, lines, _) = stratego_arena("1", "ucc:echo nonsense", "1", &[]);
    assert!(lines[0].contains("status=south_wins reason=forfeit"), "{lines:?}");
    let cheat = "ucc:read l; printf 'FB8sB479B8\\nBB31555583\\n6724898974\\n967B669999\\n'; while read l; do echo '0 0 DOWN'; done";
    let lines = one_game_against_level_2(cheat, &[]);
    // The line names the move and the rule it breaks (the cheat's corner piece is its flag).
    assert!(
        lines[0].contains("status=north_wins reason=forfeit")
            && lines[0].contains("illegal move a1-a2: the flag never moves"),
        "{lines:?}"
    );
    let f = fields(lines.last().unwrap());
    assert_eq!(f["b_wins"], "1");
    // Outside programs are for Stratego only.
    let (ok, _, err) = arena(&["--a", "ucc:true", "--games", "1"]);
    assert!(!ok && err.contains("stratego"));
}

#[test]
fn the_two_square_rule_binds_outside_programs_unless_they_are_let_off() {
    // Programs written for the 2012 manager never heard of the two-square rule: a scout sent
    // back and forth between the same two squares loses on its fourth move, and is told why.
    // The program answers after every tenth line of ten characters (a whole board).
    let shuttle = "ucc:read l; printf 'FB8sB479B8\nBB31555583\n6724898974\n967B669999\n'; n=0; \
        while read l; do if [ ${#l} -eq 10 ]; then n=$((n+1)); if [ $((n % 20)) -eq 10 ]; \
        then echo '0 3 DOWN'; elif [ $((n % 20)) -eq 0 ]; then echo '0 4 UP'; fi; fi; done";
    let lines = one_game_against_level_2(shuttle, &[]);
    assert!(
        lines[0].contains("status=north_wins reason=forfeit plies=6")
            && lines[0].contains("illegal move a5-a4: two-square rule"),
        "{lines:?}"
    );
    // Let off the rule, as the 2012 manager did, the same program shuttles on, and the record
    // says so: it replays to the game the arena reported.
    let dir = std::env::temp_dir().join(format!("ucc-let-off-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let lines =
        one_game_against_level_2(shuttle, &["--ucc-no-two-square", "--records", dir.to_str().unwrap()]);
    let plies: u32 = fields(&lines[0])["plies"].parse().unwrap();
    assert!(plies > 6 && !lines[0].contains("two-square"), "{lines:?}");
    let record: Record =
        serde_json::from_str(&std::fs::read_to_string(dir.join("game-0.json")).unwrap()).unwrap();
    assert_eq!(record.waived, [Side::South]);
    assert_eq!(Game::replay(&record).expect("the record replays").ply(), plies);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_stratego_arena_reports_the_same_line_and_does_not_depend_on_threads() {
    let strip = |lines: &[String]| {
        let f = fields(lines.last().unwrap());
        ["games", "a_wins", "b_wins", "draws", "plies", "median_plies"].map(|k| f[k].clone())
    };
    // A fixed number of worlds: under a time budget a busy machine may cut a decision short.
    let on_threads = |threads: &str| {
        let args = ["--ruleset", "stratego", "--a", "2", "--b", "random", "--games", "4", "--seed", "9"];
        arena(&[&args[..], &["--threads", threads, "--iterations", "12"]].concat()).1
    };
    let (one, two) = (on_threads("1"), on_threads("2"));
    assert_eq!(strip(&one), strip(&two));
    let keys =
        ["games", "a_wins", "b_wins", "draws", "a_score", "ci95", "plies", "plies_per_sec", "median_plies"];
    let order: Vec<&str> =
        one.last().unwrap().split_whitespace().map(|kv| kv.split('=').next().unwrap()).collect();
    assert_eq!(order, keys);
    let (ok, _, err) = arena(&["--ruleset", "chess"]);
    assert!(!ok && err.contains("admiral or stratego"));
}

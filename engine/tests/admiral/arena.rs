//! The arena binary: its report line, reproducibility and argument errors.

use std::collections::HashMap;

use crate::common;

fn run(args: &[&str]) -> (bool, String, String) {
    common::run(env!("CARGO_BIN_EXE_admiral-arena"), args)
}

/// The fields of a report line, every word of which is `key=value`.
fn fields(line: &str) -> HashMap<String, String> {
    assert!(line.split_whitespace().all(|word| word.contains('=')), "key=value: {line}");
    common::fields(line)
}

#[test]
fn the_report_line_has_every_field_and_adds_up() {
    let (ok, out, _) = run(&["--a", "random", "--b", "random", "--games", "6", "--seed", "3"]);
    assert!(ok);
    let last = out.lines().last().unwrap();
    let f = fields(last);
    let keys =
        ["games", "a_wins", "b_wins", "draws", "a_score", "ci95", "plies", "plies_per_sec", "median_plies"];
    let order: Vec<&str> = last.split_whitespace().map(|kv| kv.split('=').next().unwrap()).collect();
    assert_eq!(order, keys);
    let n = |k: &str| f[k].parse::<f64>().unwrap();
    assert_eq!(n("games"), 6.0);
    assert_eq!(n("a_wins") + n("b_wins") + n("draws"), 6.0);
    assert!((n("a_score") - (n("a_wins") + n("draws") / 2.0) / 6.0).abs() < 0.001);
    let (low, high) = f["ci95"].split_once('-').unwrap();
    assert!(low.parse::<f64>().unwrap() <= n("a_score") && n("a_score") <= high.parse::<f64>().unwrap());
}

#[test]
fn results_do_not_depend_on_the_number_of_threads() {
    let strip = |out: &str| {
        let f = fields(out.lines().last().unwrap());
        ["games", "a_wins", "b_wins", "draws", "plies", "median_plies"].map(|k| f[k].clone())
    };
    let (_, one, _) =
        run(&["--a", "random", "--b", "random", "--games", "4", "--seed", "9", "--threads", "1"]);
    let (_, two, _) =
        run(&["--a", "random", "--b", "random", "--games", "4", "--seed", "9", "--threads", "2"]);
    assert_eq!(strip(&one), strip(&two));
}

#[test]
fn bad_arguments_are_explained() {
    let (ok, _, err) = run(&["--a", "chess-engine"]);
    assert!(!ok && err.contains("unknown player"));
    let (ok, _, err) = run(&["--games", "many"]);
    assert!(!ok && err.contains("not a whole number"));
    let (ok, _, err) = run(&["--frobnicate"]);
    assert!(!ok && err.contains("unknown option"));
}

#[test]
fn verbose_runs_report_every_game_once_and_the_lines_add_up_to_the_report() {
    // The lines come as games end (with two threads, not necessarily in game order), so a
    // long run stopped early keeps what it played.
    let (ok, out, _) = run(&[
        "--a",
        "random",
        "--b",
        "random",
        "--games",
        "6",
        "--seed",
        "5",
        "--threads",
        "2",
        "--verbose",
    ]);
    assert!(ok);
    let lines: Vec<&str> = out.lines().collect();
    let (games, report) = lines.split_at(lines.len() - 1);
    let mut indices: Vec<u64> = games.iter().map(|line| fields(line)["game"].parse().unwrap()).collect();
    indices.sort_unstable();
    assert_eq!(indices, (0..6).collect::<Vec<u64>>());
    let plies: u64 = games.iter().map(|line| fields(line)["plies"].parse::<u64>().unwrap()).sum();
    assert_eq!(fields(report[0])["plies"], plies.to_string());
}

/// Runs `ruleset` with `--records` into a fresh directory and checks every game's record
/// against its `--verbose` line: one file per game, replaying to the plies the line reports,
/// ended (by the board or a player) unless the line says the ply cap stopped it.
fn records_replay_to_the_reported_games(ruleset: &str, replay: impl Fn(&str) -> (u16, bool)) {
    let dir = std::env::temp_dir().join(format!("arena-records-{ruleset}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let dir_arg = dir.to_str().unwrap();
    let (ok, out, err) = run(&[
        "--ruleset",
        ruleset,
        "--a",
        "random",
        "--b",
        "1",
        "--games",
        "4",
        "--seed",
        "6",
        "--threads",
        "2",
        "--iterations",
        "2",
        "--verbose",
        "--records",
        dir_arg,
    ]);
    assert!(ok, "{err}");
    let lines: Vec<_> = out.lines().filter(|line| line.starts_with("game=")).collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 4);
    for line in lines {
        let f = fields(line);
        let json = std::fs::read_to_string(dir.join(format!("game-{}.json", f["game"]))).unwrap();
        let (plies, ended) = replay(&json);
        assert_eq!(plies.to_string(), f["plies"], "{line}");
        assert_eq!(ended, f["reason"] != "ply_cap", "{line}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn records_of_admiral_games_replay_to_the_reported_games() {
    records_replay_to_the_reported_games("admiral", |json| {
        let record: admiral_engine::Record = serde_json::from_str(json).expect("an Admiral record");
        let game = admiral_engine::Game::replay(&record).expect("the record replays");
        (game.ply() as u16, game.outcome().is_some())
    });
}

#[test]
fn records_of_stratego_games_replay_to_the_reported_games() {
    records_replay_to_the_reported_games("stratego", |json| {
        let record: admiral_engine::stratego::Record = serde_json::from_str(json).expect("a Stratego record");
        let game = admiral_engine::stratego::Game::replay(&record).expect("the record replays");
        (game.ply() as u16, game.outcome().is_some())
    });
}

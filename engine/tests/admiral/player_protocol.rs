//! Admiral's JSON-lines player protocol (`doc/player-protocol.md`): outside programs as arena
//! players (`--a cmd:COMMAND`), with the example program `admiral-random-player`: whole games,
//! strength, and every way a program can lose without the board deciding.

use admiral_engine::{auto_layout, Language, Style};
use serde_json::Value;

use crate::common::{fields, run};

const ARENA: &str = env!("CARGO_BIN_EXE_admiral-arena");
const RANDOM_PLAYER: &str = env!("CARGO_BIN_EXE_admiral-random-player");
/// The repository's rule-based stand-in for outside programs (`players/README.md`).
const PLAYERS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../players");

/// A verbose Admiral arena run of `games` games between `a` and `b` (seed 1, level budgets as
/// sampled worlds so that runs repeat), with `extra` options: whether it succeeded, its lines
/// (one per game, then the report) and its standard error.
fn arena(a: &str, b: &str, games: &str, extra: &[&str]) -> (bool, Vec<String>, String) {
    arena_seeded(a, b, games, "1", extra)
}

/// [`arena`] with `--seed seed`.
fn arena_seeded(a: &str, b: &str, games: &str, seed: &str, extra: &[&str]) -> (bool, Vec<String>, String) {
    let mut args =
        vec!["--a", a, "--b", b, "--games", games, "--seed", seed, "--iterations", "4", "--verbose"];
    args.extend_from_slice(extra);
    let (ok, stdout, stderr) = run(ARENA, &args);
    (ok, stdout.lines().map(str::to_string).collect(), stderr)
}

/// The answer to a `setup` request with a complete layout, as a JSON line.
fn layout_answer() -> String {
    let layout = auto_layout(5, Style::Balanced).grid_text(Language::En);
    serde_json::json!({ "layout": layout }).to_string()
}

/// A shell program that answers the setup with a complete layout and then runs `then` (`printf`,
/// as `sh`'s `echo` may read the JSON's `\n` as a line end).
fn after_setup(then: &str) -> String {
    format!("cmd:read l; printf '%s\\n' '{}'; {then}", layout_answer())
}

/// Checks that every game of a run ended on the board and returns the report's fields. The
/// programs get a generous time per answer: these runs check what they say, not how fast they
/// say it on a loaded machine (a Python program's start alone can take seconds there).
fn clean_run(a: &str, b: &str, games: &str) -> std::collections::HashMap<String, String> {
    let (ok, lines, err) = arena(a, b, games, &["--cmd-timeout-ms", "60000"]);
    assert!(ok, "{err}");
    for line in &lines[..lines.len() - 1] {
        assert!(!line.contains("forfeit") && !line.contains("timeout"), "{line}\n{err}");
    }
    fields(lines.last().unwrap())
}

#[test]
fn a_whole_game_through_the_protocol_follows_the_documented_messages() {
    let log = std::env::temp_dir().join(format!("admiral-protocol-{}.jsonl", std::process::id()));
    let program = format!("cmd:tee {} | {RANDOM_PLAYER} 4", log.display());
    let (ok, lines, err) = arena("1", &program, "1", &[]);
    assert!(ok, "{err}");
    let game = fields(&lines[0]);
    assert!(
        ["bases_destroyed", "no_legal_action", "quiet_plies"].contains(&game["reason"].as_str()),
        "{lines:?}"
    );
    let sent: Vec<Value> = std::fs::read_to_string(&log)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).expect("one JSON object per line"))
        .collect();
    std::fs::remove_file(&log).ok();
    let kind = |m: &Value| m["type"].as_str().unwrap().to_string();
    // Game 0: `a` sits South, so the program is North.
    let setup = &sent[0];
    assert_eq!(kind(setup), "setup");
    assert_eq!(setup["protocol"], 1);
    assert_eq!(setup["rules"], admiral_engine::RECORD_FORMAT);
    assert_eq!(setup["side"], "north");
    assert_eq!(setup["opponent"], "level 1");
    let end = sent.last().unwrap();
    assert_eq!(kind(end), "end");
    assert_eq!(end["result"], "loss", "level 1 won: {lines:?}");
    assert_eq!(end["status"], "south_wins");
    assert_eq!(end["reason"], game["reason"].as_str());
    let turns: Vec<&Value> = sent.iter().filter(|m| kind(m) == "turn").collect();
    let plies: usize = game["plies"].parse().unwrap();
    assert_eq!(turns.len(), plies / 2, "North moves every second ply");
    for turn in &turns {
        let view = &turn["view"];
        assert_eq!(view["viewer"], "north");
        assert_eq!(view["to_move"], "north");
        assert!(!turn["legal"].as_array().unwrap().is_empty());
        // The enemy fleet is markers: no enemy unit is named unless it was revealed.
        assert!(view["cells"].as_str().unwrap().contains('?'));
    }
    // The first turn follows South's first action; every later one, the program's own and
    // South's reply, as North saw them.
    assert_eq!(turns[0]["history"].as_array().unwrap().len(), 1);
    for turn in &turns[1..] {
        let history = turn["history"].as_array().unwrap();
        assert_eq!(history.len(), 2);
        assert_eq!(history[0]["side"], "north");
        assert_eq!(history[1]["side"], "south");
        assert_eq!(history[1]["action"], turn["view"]["last_action"]);
        assert_eq!(history[1]["events"], turn["view"]["last_turn"]);
    }
    // Battles of scale ships where the program had a choice asked it for its group.
    let defences: Vec<&Value> = sent.iter().filter(|m| kind(m) == "defend").collect();
    assert!(!defences.is_empty(), "level 1 attacks scale ships");
    for defend in defences {
        let options = defend["options"].as_array().unwrap();
        assert!(options.len() > 1);
        let attack = defend["attack"].as_str().unwrap();
        let target = attack.rsplit('x').next().unwrap();
        assert!(options.iter().all(|o| o.as_str().unwrap().starts_with(target)), "{defend}");
    }
}

#[test]
fn level_1_beats_the_random_program_and_two_programs_play_each_other() {
    let program = format!("cmd:{RANDOM_PLAYER} 2");
    let f = clean_run("1", &program, "6");
    assert_eq!(f["games"], "6");
    assert!(f["a_score"].parse::<f64>().unwrap() >= 0.9, "{f:?}");
    let f = clean_run(&program, &format!("cmd:{RANDOM_PLAYER} 3"), "2");
    assert_eq!(f["games"], "2");
}

#[test]
fn a_program_gets_each_games_seed_and_plays_the_same_games_again() {
    // The program tells the seed it was given on standard error (which the arena passes
    // through) and leaves at once, forfeiting.
    let told = |seed: &str| {
        let (ok, _, err) = arena_seeded(r#"cmd:echo "seed=$ARENA_SEED" >&2"#, "random", "4", seed, &[]);
        assert!(ok, "{err}");
        let mut seeds: Vec<String> =
            err.lines().filter_map(|l| l.strip_prefix("seed=")).map(str::to_string).collect();
        seeds.sort();
        seeds
    };
    let first = told("7");
    assert_eq!(first.len(), 4, "{first:?}");
    assert!(first.iter().all(|s| s.parse::<u64>().is_ok()), "{first:?}");
    assert!(first.windows(2).all(|w| w[0] != w[1]), "a seed per game: {first:?}");
    assert_eq!(told("7"), first, "the same run, the same seeds");
    assert!(told("8").iter().all(|s| !first.contains(s)), "another run, other seeds");
    // The example program seeded from it: varied games, played again move for move.
    let program = format!("cmd:{RANDOM_PLAYER} $ARENA_SEED");
    let games = |seed: &str| {
        // One thread (the default), so that the lines come in game order.
        let (ok, mut lines, err) = arena_seeded("1", &program, "4", seed, &[]);
        assert!(ok, "{err}");
        lines.pop(); // the report, with its speed
        lines
    };
    let once = games("7");
    assert_eq!(games("7"), once);
    let plies: std::collections::HashSet<&str> =
        once.iter().map(|line| line.split_whitespace().find(|w| w.starts_with("plies=")).unwrap()).collect();
    assert!(plies.len() > 1, "the program's games differ: {once:?}");
}

/// Plays the stand-in `players/NAME.py` twice against level 1, once on each seat: both games
/// end on the board, and the program's log shows no error it covered up (it plays its first
/// legal action on one).
fn stays_protocol_correct(name: &str) {
    let log = std::env::temp_dir().join(format!("admiral-{name}-{}.log", std::process::id()));
    let program = format!("cmd:python3 {PLAYERS}/{name}.py 1 --log {}", log.display());
    let f = clean_run("1", &program, "2");
    assert_eq!(f["games"], "2", "{f:?}");
    let trace = std::fs::read_to_string(&log).unwrap_or_default();
    std::fs::remove_file(&log).ok();
    let count = |word: &str| trace.lines().filter(|line| line.starts_with(word)).count();
    assert_eq!(count("setup "), 2, "{trace}");
    assert_eq!(count("end "), 2, "the program is sent `end`");
    assert_eq!(count("error "), 0, "{trace}");
}

#[test]
fn the_rulebook_stand_in_stays_protocol_correct() {
    stays_protocol_correct("rulebook");
}

#[test]
fn the_cautious_stand_in_stays_protocol_correct() {
    stays_protocol_correct("cautious");
}

#[test]
fn the_striker_stand_in_stays_protocol_correct() {
    stays_protocol_correct("striker");
}

#[test]
fn the_hunter_stand_in_stays_protocol_correct() {
    stays_protocol_correct("hunter");
}

#[test]
fn the_sampler_stand_in_stays_protocol_correct() {
    stays_protocol_correct("sampler");
}

#[test]
fn an_unusable_answer_loses_the_game_and_is_named() {
    // Both seats: the program loses as South (game 0, a) and as North (game 1, a).
    let cases = [
        ("cmd:echo nonsense", "is not JSON"),
        ("cmd:read l; echo '{\"layout\":\"CV CV\"}'", "bad layout"),
        (&after_setup("while read l; do echo '{\"action\":\"e3+e4\"}'; done"), "action `e3+e4`"),
        (&after_setup("while read l; do echo '{\"action\":\"a1-c3\"}'; done"), "illegal action a1-c3"),
        (&after_setup("while read l; do echo '{\"resign\":true}'; done"), "resigned"),
    ];
    for (program, named) in cases {
        let (ok, lines, err) = arena(program, "random", "2", &[]);
        assert!(ok, "{err}");
        let reason = if named == "resigned" { "resignation" } else { "forfeit" };
        assert!(lines[0].contains(&format!("status=north_wins reason={reason}")), "{lines:?}");
        assert!(lines[1].contains(&format!("status=south_wins reason={reason}")), "{lines:?}");
        assert!(lines[0].contains("forfeit=\"a: ") && lines[0].contains(named), "{lines:?}");
        assert_eq!(fields(lines.last().unwrap())["b_wins"], "2", "{lines:?}");
    }
}

#[test]
fn a_defence_that_is_not_offered_loses_the_game() {
    // The random program, its every defence rewritten to a group that does not start with the
    // target.
    let program = format!("cmd:{RANDOM_PLAYER} 4 | sed -u 's/\"defense\":\"[^\"]*\"/\"defense\":\"a1\"/'");
    let (ok, lines, err) = arena("1", &program, "1", &[]);
    assert!(ok, "{err}");
    assert!(
        lines[0].contains("status=south_wins reason=forfeit")
            && lines[0].contains("forfeit=\"b: defence `a1`: the group must start with the target"),
        "{lines:?}"
    );
}

#[test]
fn silence_and_crashes_lose_the_game_without_hanging() {
    // The reasons name the 200 ms limit: the arena gave up then, not when the program ended.
    let (ok, lines, _) = arena("cmd:sleep 1", "1", "1", &["--cmd-timeout-ms", "200"]);
    assert!(ok);
    assert!(lines[0].contains("status=north_wins reason=timeout plies=0"), "{lines:?}");
    assert!(lines[0].contains("forfeit=\"a: no answer within 200 ms\""), "{lines:?}");
    // Silent after the setup, as South on its first turn (the old flag name still works).
    let (_, lines, _) = arena(&after_setup("sleep 1"), "1", "1", &["--ucc-timeout-ms", "200"]);
    assert!(lines[0].contains("status=north_wins reason=timeout plies=0"), "{lines:?}");
    // A program that exits at once, or in the middle of the game.
    let (_, lines, _) = arena("1", "cmd:exit 3", "1", &[]);
    assert!(lines[0].contains("status=south_wins reason=forfeit"), "{lines:?}");
    assert!(lines[0].contains("forfeit=\"b: the program closed its output\""), "{lines:?}");
    let (_, lines, _) = arena("1", &after_setup("read l; exit 3"), "1", &[]);
    assert!(lines[0].contains("status=south_wins reason=forfeit plies=1"), "{lines:?}");
}

#[test]
fn programs_are_for_their_own_ruleset() {
    let (ok, _, err) = run(ARENA, &["--ruleset", "stratego", "--a", "cmd:true", "--games", "1"]);
    assert!(!ok && err.contains("cmd:") && err.contains("Admiral"), "{err}");
    let (ok, _, err) = run(ARENA, &["--a", "cmd:", "--games", "1"]);
    assert!(!ok && err.contains("unknown player"), "{err}");
}

//! The referee binary, driven over stdin/stdout exactly as outside tools drive it.

use std::io::Write;
use std::process::{Command, Stdio};

use admiral_engine::{auto_layout, Language, Style};
use serde_json::{json, Value};

/// Sends the lines to a fresh referee process and returns its answers.
fn session(lines: &[String]) -> Vec<Value> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_admiral-referee"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("referee starts");
    let mut input = child.stdin.take().unwrap();
    for line in lines {
        writeln!(input, "{line}").unwrap();
    }
    drop(input);
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success());
    String::from_utf8(output.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

const FIXTURE: &str = "\
. . . . . . . . . . . . . .
ps . . . . . . . . . . . . nb
. . . . . . . . . . . . . .
. . . . . . . . . . . . . .
. . . . . . . . . . . . . .
. . . . . . . . . . . . . .
. . . . . . . . . . . . . .
. . . . . . . . . . . . . .
. . . . . . . . . . . . . .
. . . . . . . . . . . . . .
. . . . cr cr . . . . . . . .
. . . . CR CR . . . . . . . .
. . . . . . . . . . . . . .
. . . . . . . . . . . . . .
NB . . . . . . . . . . . . .";

fn load() -> String {
    json!({"cmd": "load", "ruleset": "admiral", "position": FIXTURE, "to_move": "south"}).to_string()
}

#[test]
fn load_legal_play_position_and_view() {
    let answers = session(&[
        load(),
        r#"{"cmd":"legal"}"#.into(),
        String::new(),
        r#"{"cmd":"play","action":"E4 X E5 (F4)","defense":"auto"}"#.into(),
        r#"{"cmd":"position"}"#.into(),
        r#"{"cmd":"view","side":"north"}"#.into(),
    ]);
    assert_eq!(answers.len(), 5, "the blank line gets no answer");
    assert_eq!(answers[0], json!({"ok": true}));
    let actions: Vec<&str> =
        answers[1]["actions"].as_array().unwrap().iter().map(|a| a.as_str().unwrap()).collect();
    assert!(actions.contains(&"e4xe5(f4)") && actions.contains(&"f4-f3"));
    let mut sorted = actions.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted, actions, "sorted, each once");
    let play = &answers[2];
    assert_eq!(play["ok"], true);
    assert_eq!(play["status"], "ongoing");
    let battle = play["events"].as_array().unwrap().iter().find(|e| e["type"] == "battle").unwrap();
    assert_eq!(battle["attack_strength"], 18);
    assert_eq!(battle["defense_strength"], 18, "the defender answered with its own pair");
    assert_eq!(answers[3]["to_move"], "north");
    assert_eq!(answers[3]["status"], "ongoing");
    let view = &answers[4]["view"];
    assert_eq!(view["viewer"], "north");
    assert_eq!(view["last_action"], "e4xe5(f4)", "partners revealed by the battle");
}

#[test]
fn an_explicit_defence_must_contain_the_target() {
    let answers = session(&[
        load(),
        r#"{"cmd":"play","action":"e4xe5","defense":["f5"]}"#.into(),
        r#"{"cmd":"play","action":"e4xe5","defense":["e5"]}"#.into(),
    ]);
    assert_eq!(answers[1]["ok"], false);
    assert!(answers[1]["error"].as_str().unwrap().contains("e5"));
    assert_eq!(answers[2]["ok"], true);
    let battle = answers[2]["events"].as_array().unwrap().iter().find(|e| e["type"] == "battle").unwrap();
    assert_eq!(battle["defense_strength"], 7, "the defender fought alone as told");
}

#[test]
fn every_failure_answers_ok_false_with_a_reason_and_changes_nothing() {
    let position = r#"{"cmd":"position"}"#.to_string();
    let answers = session(&[
        r#"{"cmd":"legal"}"#.into(),
        "not json".into(),
        "[1,2]".into(),
        r#"{"cmd":"fly"}"#.into(),
        r#"{"nocmd":1}"#.into(),
        load(),
        position.clone(),
        r#"{"cmd":"play","action":"e4-e6"}"#.into(),
        r#"{"cmd":"play","action":"e5-e6"}"#.into(),
        r#"{"cmd":"play","action":"zz"}"#.into(),
        r#"{"cmd":"play"}"#.into(),
        r#"{"cmd":"load","position":"nonsense"}"#.into(),
        r#"{"cmd":"load","ruleset":"chess","position":"x"}"#.into(),
        r#"{"cmd":"new","south_layout":"CV","north_layout":"CV"}"#.into(),
        r#"{"cmd":"view","side":"east"}"#.into(),
        position,
    ]);
    for (i, answer) in answers.iter().enumerate() {
        if i == 5 || i == 6 || i == 15 {
            assert_eq!(answer["ok"], true, "{i}: {answer}");
        } else {
            assert_eq!(answer["ok"], false, "{i}: {answer}");
            assert!(!answer["error"].as_str().unwrap().is_empty());
        }
    }
    assert!(answers[7]["error"].as_str().unwrap().contains("one square"), "{}", answers[7]);
    assert!(answers[8]["error"].as_str().unwrap().contains("not yours"), "{}", answers[8]);
    assert!(answers[13]["error"].as_str().unwrap().contains("line 1"), "{}", answers[13]);
    assert_eq!(answers[6], answers[15], "nothing changed");
}

#[test]
fn a_new_game_from_layout_files_plays_to_the_end() {
    let south = auto_layout(1, Style::Balanced).to_text(Language::En);
    let north = auto_layout(2, Style::Aggressive).to_text(Language::Ru);
    let mut lines = vec![json!({"cmd": "new", "south_layout": south, "north_layout": north}).to_string()];
    lines.push(r#"{"cmd":"legal"}"#.into());
    let answers = session(&lines);
    assert_eq!(answers[0]["ok"], true);
    let actions = answers[1]["actions"].as_array().unwrap();
    assert!(!actions.is_empty());
    // Play the first listed action each turn through a library referee until the end.
    let mut referee = admiral_engine::referee::Referee::new();
    referee.handle_line(&lines[0]).unwrap();
    for _ in 0..5000 {
        let legal: Value = serde_json::from_str(&referee.handle_line(r#"{"cmd":"legal"}"#).unwrap()).unwrap();
        let Some(first) = legal["actions"].as_array().unwrap().first().cloned() else { break };
        let answer: Value = serde_json::from_str(
            &referee.handle_line(&json!({"cmd": "play", "action": first}).to_string()).unwrap(),
        )
        .unwrap();
        assert_eq!(answer["ok"], true);
    }
    let state: Value = serde_json::from_str(&referee.handle_line(r#"{"cmd":"position"}"#).unwrap()).unwrap();
    assert_ne!(state["status"], "ongoing");
    let late: Value =
        serde_json::from_str(&referee.handle_line(r#"{"cmd":"play","action":"a1-a2"}"#).unwrap()).unwrap();
    assert_eq!(late["ok"], false, "after the end, play is refused");
    assert!(late["error"].as_str().unwrap().contains("over"));
}

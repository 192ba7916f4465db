//! The referee protocol with `"ruleset":"stratego"`.

use admiral_engine::referee::Referee;

use crate::support;
use serde_json::{json, Value};

fn session(lines: &[String]) -> Vec<Value> {
    let mut referee = Referee::new();
    lines.iter().filter_map(|l| referee.handle_line(l)).map(|a| serde_json::from_str(&a).unwrap()).collect()
}

fn new_game() -> String {
    json!({"cmd": "new", "ruleset": "stratego", "south_layout": support::LAYOUT, "north_layout": support::LAYOUT}).to_string()
}

#[test]
fn a_stratego_game_through_the_referee() {
    let answers = session(&[
        new_game(),
        r#"{"cmd":"legal"}"#.into(),
        r#"{"cmd":"play","action":"a4-a6"}"#.into(),
        r#"{"cmd":"view","side":"north"}"#.into(),
        r#"{"cmd":"play","action":"j7-j6"}"#.into(),
        r#"{"cmd":"play","action":"a6 X a7"}"#.into(),
        r#"{"cmd":"position"}"#.into(),
        r#"{"cmd":"ai","level":5,"iterations":4,"seed":3}"#.into(),
        r#"{"cmd":"play","action":"i7-i5"}"#.into(),
    ]);
    for (i, a) in answers.iter().enumerate().take(8) {
        assert_eq!(a["ok"], true, "{i}: {a}");
    }
    let legal: Vec<&str> =
        answers[1]["actions"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
    assert!(
        legal.contains(&"a4-a6") && legal.contains(&"e4-e5") && !legal.iter().any(|a| a.starts_with("a1"))
    );
    let mut sorted = legal.clone();
    sorted.sort();
    assert_eq!(legal, sorted);
    assert_eq!(
        answers[2]["events"][0],
        json!({"type":"moved","side":"south","rank":"SC","from":"a4","to":"a6"})
    );
    let view = &answers[3]["view"];
    assert_eq!(view["viewer"], "north");
    assert!(view["cells"].as_str().unwrap().lines().nth(4).unwrap().starts_with("?sc . ~ ~"), "{view}");
    assert_eq!(view["last_turn"][0]["rank"], Value::Null, "north does not see what moved");
    let attack = &answers[5]["events"][0];
    assert_eq!(attack["type"], "attacked");
    assert_eq!(attack["attacker"], json!({"rank":"SC","square":"a6"}));
    assert_eq!(attack["winner"], Value::Null, "scout against scout: both removed");
    assert_eq!(answers[5]["status"], "ongoing");
    let text = answers[6]["position"].as_str().unwrap();
    assert_eq!(text.lines().count(), 10);
    assert!(text.lines().nth(4).unwrap().contains("~ ~"));
    assert_eq!(answers[6]["to_move"], "north");
    assert!(answers[7]["action"].as_str().is_some());
    assert_eq!(answers[8]["ok"], false);
    assert!(answers[8]["error"].as_str().unwrap().contains("only a scout"), "{}", answers[8]);
}

#[test]
fn load_takes_stratego_position_text_and_errors_change_nothing() {
    let position = "fl . . . . . . . . .\n. . . . . . . . . .\n. . . . . . . . . .\n. . . . . . . . . .\n. . ~ ~ . . ~ ~ . .\n. . ~ ~ . . ~ ~ . .\n. . . . . . . . . .\n. . . . . . . . . .\n. . . . . . . . . .\nSC . . . . . . . . FL";
    let answers = session(&[
        json!({"cmd":"load","ruleset":"stratego","position": position}).to_string(),
        r#"{"cmd":"position"}"#.into(),
        r#"{"cmd":"play","action":"a1-b2"}"#.into(),
        r#"{"cmd":"play","action":"j1-j2"}"#.into(),
        r#"{"cmd":"play","action":"a1xa10"}"#.into(),
        r#"{"cmd":"legal"}"#.into(),
        json!({"cmd":"load","ruleset":"stratego","position":"nonsense"}).to_string(),
        json!({"cmd":"new","ruleset":"stratego","south_layout":"SC","north_layout":"SC"}).to_string(),
        r#"{"cmd":"position"}"#.into(),
    ]);
    assert_eq!(answers[0]["ok"], true);
    assert_eq!(answers[1]["position"], position);
    assert!(answers[2]["error"].as_str().unwrap().contains("straight"), "{}", answers[2]);
    assert!(answers[3]["error"].as_str().unwrap().contains("flag never moves"), "{}", answers[3]);
    assert_eq!(answers[4]["status"], "south_wins");
    assert_eq!(
        answers[4]["events"].as_array().unwrap().last().unwrap()["outcome"]["reason"],
        "flag_captured"
    );
    assert_eq!(answers[5]["actions"], json!([]));
    assert_eq!(answers[6]["ok"], false);
    assert!(answers[7]["error"].as_str().unwrap().contains("line 1"), "{}", answers[7]);
    assert_eq!(answers[8]["status"], "south_wins", "failed commands changed nothing");
}

#[test]
fn the_ruleset_switches_with_each_new_game_and_admiral_stays_the_default() {
    let admiral_layout =
        admiral_engine::auto_layout(1, admiral_engine::Style::Balanced).to_text(admiral_engine::Language::En);
    let answers = session(&[
        new_game(),
        json!({"cmd":"new","south_layout": admiral_layout, "north_layout": admiral_layout}).to_string(),
        r#"{"cmd":"position"}"#.into(),
        r#"{"cmd":"load","ruleset":"chess","position":"x"}"#.into(),
    ]);
    assert_eq!(answers[1]["ok"], true);
    assert_eq!(answers[2]["position"].as_str().unwrap().lines().count(), 15, "an Admiral game again");
    assert!(answers[3]["error"].as_str().unwrap().contains("stratego"));
}

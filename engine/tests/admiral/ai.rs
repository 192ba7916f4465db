//! The AI plays only from its own view: legal choices, determinism, no peeking.

use admiral_engine::ai::{Ai, Budget};
use admiral_engine::referee::Referee;
use admiral_engine::*;
use proptest::prelude::*;
use serde_json::{json, Value};

use crate::common::random_plies;

/// A game between random players, stopped after `plies`.
fn mid_game(seed: u64, plies: usize) -> Game {
    let mut dice = Dice::new(seed);
    let south = auto_layout(dice.next_u64(), Style::Varied);
    let north = auto_layout(dice.next_u64(), Style::Varied);
    let mut game = Game::new(&south, &north, dice.chance(0.5)).unwrap();
    random_plies(&mut game, &mut dice, plies, Defense::Auto);
    game
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn every_level_decides_the_same_when_hidden_enemy_units_are_permuted(seed in any::<u64>(), plies in 0usize..250) {
        let game = mid_game(seed, plies);
        prop_assume!(game.outcome().is_none());
        let me = game.to_move();
        let hidden: Vec<Square> = game
            .position()
            .occupied_by(me.opponent())
            .iter()
            .filter(|&sq| game.remembered(me, sq).is_none())
            .collect();
        let mut permuted = game.clone();
        let mut order = hidden.clone();
        Dice::new(seed ^ 1).shuffle(&mut order);
        for (a, b) in hidden.iter().zip(&order) {
            permuted.swap_for_test(*a, *b);
        }
        prop_assume!(permuted.outcome().is_none());
        for level in 1..=5 {
            let decide = |g: &Game| {
                Ai::new(level, seed, Budget::Iterations(2)).choose(&g.view_remembering(me), &g.legal_actions())
            };
            let chosen = decide(&game);
            prop_assert!(game.legal_actions().contains(&chosen), "level {} chose an illegal action", level);
            prop_assert_eq!(chosen, decide(&permuted), "level {} peeked", level);
        }
    }
}

#[test]
fn the_referee_answers_the_ai_command_deterministically_with_iterations() {
    let mut referee = Referee::new();
    let south = auto_layout(1, Style::Balanced).to_text(Language::En);
    let north = auto_layout(2, Style::Balanced).to_text(Language::En);
    let answer =
        referee.handle_line(&json!({"cmd": "new", "south_layout": south, "north_layout": north}).to_string());
    assert!(answer.unwrap().contains("true"));
    for level in 1..=5 {
        let ask = json!({"cmd": "ai", "level": level, "seed": 7, "iterations": 2}).to_string();
        let first: Value = serde_json::from_str(&referee.handle_line(&ask).unwrap()).unwrap();
        let second: Value = serde_json::from_str(&referee.handle_line(&ask).unwrap()).unwrap();
        assert_eq!(first["ok"], true, "{first}");
        assert_eq!(first, second, "level {level}");
        let play = json!({"cmd": "play", "action": first["action"]}).to_string();
        let played: Value = serde_json::from_str(&referee.handle_line(&play).unwrap()).unwrap();
        assert_eq!(played["ok"], true, "the AI's choice is legal");
    }
    let bad: Value =
        serde_json::from_str(&referee.handle_line(r#"{"cmd":"ai","level":9}"#).unwrap()).unwrap();
    assert_eq!(bad["ok"], false);
    assert!(bad["error"].as_str().unwrap().contains("1 to 5"));
}

#[test]
fn ai_setups_vary_from_game_to_game() {
    for level in 1..=5 {
        let layouts: std::collections::HashSet<String> =
            (0..20).map(|seed| Ai::layout(level, seed).to_text(Language::En)).collect();
        assert!(layouts.len() >= 19, "level {level}: {} distinct", layouts.len());
        for seed in 0..20 {
            assert!(Ai::layout(level, seed).validate().is_ok());
        }
    }
}

//! What the AI benchmarks share: mid-game positions of both games and percentiles.
// Every benchmark compiles this module on its own and uses only part of it.
#![allow(dead_code)]

use admiral_engine::ai::Ai;
use admiral_engine::stratego;
use admiral_engine::*;

/// Admiral positions after 20–320 random plies from level-5 layouts (games that ended are
/// left out).
pub fn admiral_positions(count: usize) -> Vec<Game> {
    let mut dice = Dice::new(42);
    (0..count)
        .map(|i| {
            let mut game =
                Game::new(&Ai::layout(5, i as u64), &Ai::layout(5, 1000 + i as u64), true).unwrap();
            for _ in 0..20 + dice.below(300) {
                if game.outcome().is_some() {
                    break;
                }
                let legal = game.legal_actions();
                game.play(&legal[dice.below(legal.len())], Defense::Auto).unwrap();
            }
            game
        })
        .filter(|g| g.outcome().is_none())
        .collect()
}

/// Stratego positions after 10–160 random plies from level-5 layouts (games that ended, or
/// whose side to move has no action, are left out).
pub fn stratego_positions(count: usize) -> Vec<stratego::Game> {
    let mut dice = Dice::new(43);
    (0..count)
        .map(|i| {
            let south = stratego::ai::Ai::layout(5, i as u64);
            let north = stratego::ai::Ai::layout(5, 1000 + i as u64);
            let mut game = stratego::Game::new(&south, &north, true).unwrap();
            for _ in 0..10 + dice.below(150) {
                let legal = game.legal_actions();
                if game.outcome().is_some() || legal.is_empty() {
                    break;
                }
                game.play(&legal[dice.below(legal.len())]).unwrap();
            }
            game
        })
        .filter(|g| g.outcome().is_none() && !g.legal_actions().is_empty())
        .collect()
}

/// The value at quantile `p` (0–1) of sorted values.
pub fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

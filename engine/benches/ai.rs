//! Decision time per AI level at its real-play budget: p50 and p95 over mid-game positions.
//!
//! Then the searchers' throughput at the arena's budget (20 ms): sampled worlds per decision,
//! the figure a faster evaluation raises.
//!
//! Run with `cargo bench -p admiral-engine --bench ai` (about two minutes: levels 4 and 5 think
//! for most of their budget on every decision); `-- --worlds` prints the second table only.

use std::time::{Duration, Instant};

use admiral_engine::ai::{Ai, Budget};

mod common;

use common::{admiral_positions as positions, percentile};

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return;
    }
    if !std::env::args().any(|a| a == "--worlds") {
        decision_times();
    }
    worlds_per_decision(Duration::from_millis(20));
}

fn decision_times() {
    println!("level  budget   decisions  p50_ms  p95_ms  max_ms");
    for level in 1..=5u8 {
        let budget = Budget::for_level(level);
        let count = if level >= 4 { 20 } else { 60 };
        let mut times = Vec::new();
        for (i, game) in positions(count).iter().enumerate() {
            let view = game.view_remembering(game.to_move());
            let legal = game.legal_actions();
            let mut ai = Ai::new(level, i as u64, budget);
            let start = Instant::now();
            std::hint::black_box(ai.choose(&view, &legal));
            times.push(start.elapsed().as_secs_f64() * 1000.0);
        }
        times.sort_by(f64::total_cmp);
        println!(
            "{level:>5}  {:>6}   {:>9}  {:>6.1}  {:>6.1}  {:>6.1}",
            format!("{budget:?}"),
            times.len(),
            percentile(&times, 0.5),
            percentile(&times, 0.95),
            times.last().unwrap()
        );
    }
}

/// Worlds levels 4 and 5 search per decision with `limit` to think, over up to 100 positions
/// (those whose random game has not ended).
fn worlds_per_decision(limit: Duration) {
    println!("level  budget   decisions  worlds_p50  worlds_mean");
    let games = positions(100);
    for level in 4..=5u8 {
        let mut worlds: Vec<u32> = games
            .iter()
            .enumerate()
            .map(|(i, game)| {
                let mut ai = Ai::new(level, i as u64, Budget::Time(limit));
                std::hint::black_box(
                    ai.choose(&game.view_remembering(game.to_move()), &game.legal_actions()),
                );
                ai.last_worlds()
            })
            .collect();
        worlds.sort_unstable();
        let mean = worlds.iter().map(|&w| w as f64).sum::<f64>() / worlds.len() as f64;
        println!(
            "{level:>5}  {:>6}   {:>9}  {:>10}  {mean:>11.0}",
            format!("{}ms", limit.as_millis()),
            worlds.len(),
            worlds[worlds.len() / 2]
        );
    }
}

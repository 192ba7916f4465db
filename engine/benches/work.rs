//! How much work a level's decision is, in both games: what the real-play time budgets reach
//! alone on this machine (Admiral: sampled worlds), and how long fixed amounts of work take
//! (p50, p95 and max over mid-game positions). The figures behind the fixed-work budgets of
//! `Budget::for_level` (doc/admiral-ai.md, "Real-play budgets").
//!
//! Run with `cargo bench -p admiral-engine --bench work` (several minutes: every decision at a
//! real-play budget thinks for most of it); `-- --admiral` or `-- --stratego` for one game.

use std::time::{Duration, Instant};

use admiral_engine::ai::{Ai, Budget};
use admiral_engine::stratego;

mod common;

use common::{admiral_positions, percentile, stratego_positions};

fn row(game: &str, level: u8, budget: &str, times: &mut [f64], extra: &str) {
    times.sort_by(f64::total_cmp);
    println!(
        "{game:<8} {level:>5}  {budget:>14}  {:>9}  {:>7.0}  {:>7.0}  {:>7.0}  {extra}",
        times.len(),
        percentile(times, 0.5),
        percentile(times, 0.95),
        times.last().copied().unwrap_or(0.0)
    );
}

fn admiral(budgets: &[(u8, Budget)]) {
    let games = admiral_positions(24);
    for &(level, budget) in budgets {
        let mut times = Vec::new();
        let mut worlds = Vec::new();
        for (i, game) in games.iter().enumerate() {
            let (view, legal) = (game.view_remembering(game.to_move()), game.legal_actions());
            let mut ai = Ai::new(level, i as u64, budget);
            let start = Instant::now();
            std::hint::black_box(ai.choose(&view, &legal));
            times.push(start.elapsed().as_secs_f64() * 1000.0);
            worlds.push(ai.last_worlds() as f64);
        }
        worlds.sort_by(f64::total_cmp);
        let extra = format!(
            "worlds p10 {:.0} p50 {:.0} p90 {:.0}",
            percentile(&worlds, 0.1),
            percentile(&worlds, 0.5),
            percentile(&worlds, 0.9)
        );
        row("admiral", level, &format!("{budget:?}"), &mut times, &extra);
    }
}

fn stratego(budgets: &[(u8, Budget)]) {
    let games = stratego_positions(24);
    for &(level, budget) in budgets {
        let mut times = Vec::new();
        for (i, game) in games.iter().enumerate() {
            let (view, legal) = (game.view_remembering(game.to_move()), game.legal_actions());
            let mut ai = stratego::ai::Ai::new(level, i as u64, budget);
            let start = Instant::now();
            std::hint::black_box(ai.choose(&view, &legal));
            times.push(start.elapsed().as_secs_f64() * 1000.0);
        }
        row("stratego", level, &format!("{budget:?}"), &mut times, "");
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.iter().any(|a| a == "--list") {
        return;
    }
    let only = |name: &str| {
        !args.iter().any(|a| a == "--admiral" || a == "--stratego") || args.iter().any(|a| a == name)
    };
    println!("game     level          budget  decisions   p50_ms   p95_ms   max_ms");
    let time = |ms| Budget::Time(Duration::from_millis(ms));
    if only("--admiral") {
        admiral(&[(4, time(800)), (4, Budget::for_level(4)), (5, time(2500)), (5, Budget::for_level(5))]);
    }
    if only("--stratego") {
        // A Stratego decision takes milliseconds: no wall-clock budget ever cut one short.
        stratego(&[(3, Budget::for_level(3)), (4, Budget::for_level(4)), (5, Budget::for_level(5))]);
    }
}

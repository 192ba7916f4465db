//! Stratego engine benchmarks: the opening's move list, applying a move, full random playouts,
//! and the AI's sampled worlds.
//!
//! Run with `cargo bench -p admiral-engine --bench stratego`.

use std::hint::black_box;

use admiral_engine::ai::Budget;
use admiral_engine::stratego::ai::{Ai, Belief};
use admiral_engine::stratego::*;
use admiral_engine::{Dice, Side, Style};
use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};

fn opening(seed: u64) -> Position {
    let mut position = Position::empty(Side::South);
    auto_layout(seed, Style::Balanced).place(Side::South, &mut position);
    auto_layout(seed + 1, Style::Balanced).place(Side::North, &mut position);
    position
}

/// A full random playout with reusable buffers; returns the plies played.
fn playout(start: &Position, seed: u64, actions: &mut Vec<Action>, events: &mut Vec<Event>) -> u32 {
    let mut position = start.clone();
    let mut dice = Dice::new(seed);
    let mut plies = 0;
    loop {
        position.legal_actions_into(actions);
        if actions.is_empty() || position.outcome().is_some() {
            return plies;
        }
        let action = actions[dice.below(actions.len())];
        events.clear();
        position.apply_unchecked(&action, events);
        plies += 1;
    }
}

fn benches(c: &mut Criterion) {
    let start = opening(1);
    let mut buffer = Vec::with_capacity(128);
    c.bench_function("stratego_legal_actions_opening", |b| {
        b.iter(|| {
            black_box(&start).legal_actions_into(&mut buffer);
            black_box(buffer.len())
        })
    });

    let first = start.legal_actions()[0];
    let mut events = Vec::with_capacity(16);
    c.bench_function("stratego_apply_action", |b| {
        b.iter_batched_ref(
            || start.clone(),
            |position| {
                events.clear();
                position.apply_unchecked(black_box(&first), &mut events)
            },
            BatchSize::SmallInput,
        )
    });

    let starts: Vec<Position> = (0..8).map(|i| opening(100 + 2 * i)).collect();
    let mut actions = Vec::with_capacity(128);
    let plies: u64 =
        starts.iter().enumerate().map(|(i, p)| playout(p, i as u64, &mut actions, &mut events) as u64).sum();
    let mut group = c.benchmark_group("stratego_random_playout");
    group.throughput(Throughput::Elements(plies));
    group.sample_size(20);
    group.bench_function("8_games", |b| {
        b.iter(|| {
            let mut total = 0;
            for (i, p) in starts.iter().enumerate() {
                total += playout(p, i as u64, &mut actions, &mut events);
            }
            black_box(total)
        })
    });
    group.finish();

    let game = Game::new(&Ai::layout(5, 1), &Ai::layout(5, 2), true).unwrap();
    let view = game.view_remembering(Side::South);
    let belief = Belief::new(&view, false);
    let mut dice = Dice::new(3);
    c.bench_function("stratego_sample_world", |b| b.iter(|| black_box(belief.sample(&mut dice))));
    let legal = game.legal_actions();
    let mut group = c.benchmark_group("stratego_ai_decision");
    group.sample_size(10);
    for level in [3u8, 5] {
        group.bench_function(format!("level_{level}_16_worlds"), |b| {
            b.iter(|| black_box(Ai::new(level, 1, Budget::Iterations(16)).choose(&view, &legal)))
        });
    }
    group.finish();
}

criterion_group!(stratego, benches);
criterion_main!(stratego);

//! Engine benchmarks: the opening's action list, applying an action, full random playouts.
//!
//! Run with `cargo bench -p admiral-engine --bench engine`.

use std::hint::black_box;

use admiral_engine::autoplace::{auto_layout, Style};
use admiral_engine::*;
use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};

fn opening(seed: u64) -> Position {
    let mut position = Position::empty(Side::South);
    auto_layout(seed, Style::Balanced).place(Side::South, &mut position);
    auto_layout(seed + 1, Style::Balanced).place(Side::North, &mut position);
    position
}

/// A full random playout from `start` with reusable buffers; returns the plies played.
fn playout(start: &Position, seed: u64, actions: &mut Vec<Action>, events: &mut Vec<Event>) -> u32 {
    let mut position = start.clone();
    let mut dice = Dice::new(seed);
    let mut plies = 0;
    loop {
        position.legal_actions_into(actions);
        if actions.is_empty() {
            return plies;
        }
        let action = actions[dice.below(actions.len())];
        events.clear();
        position.apply_unchecked(&action, Defense::Auto, events);
        plies += 1;
    }
}

fn benches(c: &mut Criterion) {
    let start = opening(1);
    let mut buffer = Vec::with_capacity(256);
    c.bench_function("legal_actions_opening", |b| {
        b.iter(|| {
            black_box(&start).legal_actions_into(&mut buffer);
            black_box(buffer.len())
        })
    });

    let first = start.legal_actions()[0];
    let mut events = Vec::with_capacity(64);
    c.bench_function("apply_action", |b| {
        b.iter_batched_ref(
            || start.clone(),
            |position| {
                events.clear();
                position.apply_unchecked(black_box(&first), Defense::Auto, &mut events)
            },
            BatchSize::SmallInput,
        )
    });

    // Throughput in plies: the playouts below are deterministic, so count their plies first.
    let starts: Vec<Position> = (0..8).map(|i| opening(100 + 2 * i)).collect();
    let mut actions = Vec::with_capacity(256);
    let plies: u64 =
        starts.iter().enumerate().map(|(i, p)| playout(p, i as u64, &mut actions, &mut events) as u64).sum();
    let mut group = c.benchmark_group("random_playout");
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
}

criterion_group!(engine, benches);
criterion_main!(engine);

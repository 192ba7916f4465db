//! Stratego engine benchmarks: the opening's move list, applying a move, full random playouts
//! (written once for both rulesets in `rules`), and the AI's sampled worlds.
//!
//! Run with `cargo bench -p admiral-engine --bench stratego`.

use std::hint::black_box;

use admiral_engine::ai::Budget;
use admiral_engine::stratego::ai::{Ai, Belief};
use admiral_engine::stratego::*;
use admiral_engine::{Dice, Side};
use criterion::{criterion_group, criterion_main, Criterion};

mod rules;

fn benches(c: &mut Criterion) {
    rules::engine_benches::<Position>(c);

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

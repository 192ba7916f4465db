//! Engine benchmarks: the opening's action list, applying an action, full random playouts
//! (written once for both rulesets in `rules`).
//!
//! Run with `cargo bench -p admiral-engine --bench engine`.

use admiral_engine::Position;
use criterion::{criterion_group, criterion_main, Criterion};

mod rules;

fn benches(c: &mut Criterion) {
    rules::engine_benches::<Position>(c);
}

criterion_group!(engine, benches);
criterion_main!(engine);

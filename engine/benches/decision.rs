//! Work per decision, in both games: a level-5 decision over a fixed number of sampled worlds
//! (so the figure measures work, not a clock), and the evaluations alone on sampled worlds,
//! with Stratego's miners' race apart. The figures behind "Engine speed" in
//! doc/stratego-ai.md and doc/admiral-ai.md.
//!
//! Run with `cargo bench -p admiral-engine --bench decision` (about a minute); compare two
//! builds by interleaved runs, as the machine may be busy.

use std::hint::black_box;

use admiral_engine::ai::{self, Budget};
use admiral_engine::shared::{Game, Rules};
use admiral_engine::stratego;
use admiral_engine::stratego::ai as stratego_ai;
use admiral_engine::stratego::Rank;
use admiral_engine::{Dice, Side};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

mod common;

use common::{admiral_positions, stratego_positions};

/// Mid-game positions per game: every decision benchmark decides in each of them.
const POSITIONS: usize = 4;
/// Worlds per decision.
const WORLDS: u32 = 16;
/// Worlds sampled per position for the evaluation benchmarks.
const SAMPLES: usize = 64;

/// Times a level-5 decision of the ruleset's AI (as the arena and the bot ask it) in each of
/// `games`' positions, as `work_per_decision/{name}_level_5_…`.
fn decisions<P: Rules>(c: &mut Criterion, name: &str, games: &[Game<P>]) {
    let mut group = c.benchmark_group("work_per_decision");
    group.sample_size(10);
    group.bench_function(format!("{name}_level_5_{WORLDS}_worlds_x{POSITIONS}"), |b| {
        b.iter(|| {
            for (i, game) in games.iter().enumerate() {
                let (view, legal) = (game.view_remembering(game.to_move()), game.legal_actions());
                black_box(P::ai_action(5, i as u64, Budget::Iterations(WORLDS), &view, &legal));
            }
        })
    });
    group.finish();
}

/// [`SAMPLES`] worlds per game, drawn as level 5 draws them: from a `belief` made of the side to
/// move's view, by `sample`.
fn sampled_worlds<P: Rules, B>(
    games: &[Game<P>],
    belief: impl Fn(&P::View) -> B,
    sample: impl Fn(&B, &mut Dice) -> P,
) -> Vec<P> {
    let mut dice = Dice::new(5);
    games
        .iter()
        .flat_map(|game| {
            let belief = belief(&game.view_remembering(game.to_move()));
            (0..SAMPLES).map(|_| sample(&belief, &mut dice)).collect::<Vec<_>>()
        })
        .collect()
}

/// Times `run` over `items` as `evaluation/{name}_x{count}`, with its throughput per item.
fn per_item<T>(c: &mut Criterion, name: &str, items: &[T], run: impl Fn(&T) -> f32) {
    let mut group = c.benchmark_group("evaluation");
    group.throughput(Throughput::Elements(items.len() as u64));
    group.bench_function(format!("{name}_x{}", items.len()), |b| {
        b.iter(|| items.iter().map(&run).map(black_box).count())
    });
    group.finish();
}

fn stratego_benches(c: &mut Criterion) {
    let games = stratego_positions(POSITIONS);
    decisions(c, "stratego", &games);
    // Worlds as level 5 samples them, evaluated for the side to move.
    let worlds =
        sampled_worlds(&games, |view| stratego_ai::Belief::new(view, false), stratego_ai::Belief::sample);
    per_item(c, "stratego", &worlds, |world| {
        stratego_ai::evaluate(world, world.to_move(), &stratego_ai::Weights::FULL)
    });
    // Both sides' miners against the enemy flag, as the evaluation counts them.
    let races: Vec<(&stratego::Position, Side, stratego::Sq)> = worlds
        .iter()
        .flat_map(|world| {
            Side::BOTH.into_iter().filter_map(move |side| {
                let flag = world.pieces().find(|(_, p)| p.side != side && p.kind == Rank::Flag)?.0;
                Some((world, side, flag))
            })
        })
        .collect();
    per_item(c, "stratego_miners_race", &races, |&(world, side, flag)| {
        stratego_ai::miners_race(world, side, flag)
    });
}

fn admiral_benches(c: &mut Criterion) {
    let games = admiral_positions(POSITIONS);
    decisions(c, "admiral", &games);
    let worlds = sampled_worlds(&games, |view| ai::Belief::new(view, false), ai::Belief::sample);
    per_item(c, "admiral", &worlds, |world| ai::evaluate(world, world.to_move(), &ai::Weights::ADMIRAL));
}

criterion_group!(decision, stratego_benches, admiral_benches);
criterion_main!(decision);

//! The engine benchmarks both rulesets run, written once over [`Bench`]: the opening's action
//! list, applying an action, and full random playouts (with their throughput in plies).

use std::hint::black_box;

use admiral_engine::shared::Rules;
use admiral_engine::{Dice, Side, Style};
use criterion::{BatchSize, Criterion, Throughput};

/// What the benchmarks need of a ruleset's position besides [`Rules`] (whose allocation-free
/// move generator they time): its unchecked play, the search's hot path.
pub trait Bench: Rules {
    /// The benchmarks' names start with this.
    const PREFIX: &'static str;
    /// Room for the actions of one position.
    const ACTIONS: usize;
    /// Room for the events of one action.
    const EVENTS: usize;

    /// The auto-placement of `seed` in the balanced style.
    fn balanced_layout(seed: u64) -> Self::Layout;
    /// Plays a legal action without checking it (the default reply), appending its events.
    fn apply(&mut self, action: &Self::Action, events: &mut Vec<Self::Event>);
    /// Whether the board has decided the game though the side to move still lists actions.
    fn ended(&self) -> bool;
}

/// Both sides' balanced auto-placements from `seed` and `seed + 1`, South to move.
pub fn opening<P: Bench>(seed: u64) -> P {
    let mut position = P::empty(Side::South);
    P::place_layout(&P::balanced_layout(seed), Side::South, &mut position);
    P::place_layout(&P::balanced_layout(seed + 1), Side::North, &mut position);
    position
}

/// A full random playout from `start` with reusable buffers; returns the plies played.
fn playout<P: Bench>(start: &P, seed: u64, actions: &mut Vec<P::Action>, events: &mut Vec<P::Event>) -> u32 {
    let mut position = start.clone();
    let mut dice = Dice::new(seed);
    let mut plies = 0;
    loop {
        position.legal_actions_into(actions);
        if actions.is_empty() || position.ended() {
            return plies;
        }
        let action = actions[dice.below(actions.len())];
        events.clear();
        position.apply(&action, events);
        plies += 1;
    }
}

/// The engine benchmarks of ruleset `P`.
pub fn engine_benches<P: Bench>(c: &mut Criterion) {
    let prefix = P::PREFIX;
    let start: P = opening(1);
    let mut buffer = Vec::with_capacity(P::ACTIONS);
    c.bench_function(&format!("{prefix}legal_actions_opening"), |b| {
        b.iter(|| {
            black_box(&start).legal_actions_into(&mut buffer);
            black_box(buffer.len())
        })
    });

    let first = start.legal_actions()[0];
    let mut events = Vec::with_capacity(P::EVENTS);
    c.bench_function(&format!("{prefix}apply_action"), |b| {
        b.iter_batched_ref(
            || start.clone(),
            |position| {
                events.clear();
                position.apply(black_box(&first), &mut events)
            },
            BatchSize::SmallInput,
        )
    });

    // Throughput in plies: the playouts below are deterministic, so count their plies first.
    let starts: Vec<P> = (0..8).map(|i| opening(100 + 2 * i)).collect();
    let mut actions = Vec::with_capacity(P::ACTIONS);
    let plies: u64 =
        starts.iter().enumerate().map(|(i, p)| playout(p, i as u64, &mut actions, &mut events) as u64).sum();
    let mut group = c.benchmark_group(format!("{prefix}random_playout"));
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

impl Bench for admiral_engine::Position {
    const PREFIX: &'static str = "";
    const ACTIONS: usize = 256;
    const EVENTS: usize = 64;

    fn balanced_layout(seed: u64) -> admiral_engine::Layout {
        admiral_engine::auto_layout(seed, Style::Balanced)
    }
    fn apply(&mut self, action: &admiral_engine::Action, events: &mut Vec<admiral_engine::Event>) {
        self.apply_unchecked(action, admiral_engine::Defense::Auto, events)
    }
    /// Never: Admiral's move generator lists nothing once the board has decided.
    fn ended(&self) -> bool {
        false
    }
}

impl Bench for admiral_engine::stratego::Position {
    const PREFIX: &'static str = "stratego_";
    const ACTIONS: usize = 128;
    const EVENTS: usize = 16;

    fn balanced_layout(seed: u64) -> admiral_engine::stratego::Layout {
        admiral_engine::stratego::auto_layout(seed, Style::Balanced)
    }
    fn apply(
        &mut self,
        action: &admiral_engine::stratego::Action,
        events: &mut Vec<admiral_engine::stratego::Event>,
    ) {
        self.apply_unchecked(action, events)
    }
    fn ended(&self) -> bool {
        self.outcome().is_some()
    }
}

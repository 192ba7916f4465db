//! The AI: five levels, each playing only from its own side's [`View`].
//!
//! | level | name | how it thinks |
//! |---|---|---|
//! | 1 | beginner | advances and attacks whatever it bumps into, alone |
//! | 2 | greedy | expected material of each action over worlds drawn from the unseen counts |
//! | 3 | reasoner | the same over worlds drawn from a belief that uses every clue (moves, rows, tethers) and a positional evaluation |
//! | 4 | searcher | determinized search: for sampled worlds, each promising action against the opponent's best reply |
//! | 5 | admiral | the searcher with a wider, deeper search and a strategic evaluation (formations, bases, carrier, bomb) |
//!
//! Why determinized search: the hidden fleet makes exact search impossible, but worlds drawn
//! from a good belief capture what matters tactically (is that marker a mine, a base, a
//! battleship?), the search is anytime (one world more per loop), and it reuses the engine's
//! fast move generator. Its known weakness (each world's opponent is omniscient for one reply)
//! only makes the AI a little careful.

mod belief;
mod eval;

use std::time::{Duration, Instant};

pub use belief::Belief;
pub use eval::{evaluate, value, Weights, WIN};

use crate::action::Action;
use crate::arena::{Agent, Seat};
use crate::autoplace::{auto_layout, Style};
use crate::event::Event;
use crate::formation::Partners;
use crate::layout::Layout;
use crate::position::Position;
use crate::resolve::Defense;
use crate::rng::Dice;
use crate::square::Side;
use crate::view::View;

/// How long an AI may think.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Budget {
    /// A wall-clock limit per decision (real play; always respected).
    Time(Duration),
    /// A fixed number of sampled worlds (deterministic, time-independent).
    Iterations(u32),
}

impl Budget {
    /// The real-play budget of a level (p95 targets: levels 1–3 100 ms, 4 1 s, 5 3 s).
    pub fn for_level(level: u8) -> Budget {
        Budget::Time(Duration::from_millis(match level {
            0..=3 => 80,
            4 => 800,
            _ => 2500,
        }))
    }
}

/// An AI player of a given level (1–5).
#[derive(Clone, Debug)]
pub struct Ai {
    level: u8,
    budget: Budget,
    dice: Dice,
}

impl Ai {
    /// An AI of `level` (clamped to 1–5) with its random seed and thinking budget.
    pub fn new(level: u8, seed: u64, budget: Budget) -> Ai {
        Ai { level: level.clamp(1, 5), budget, dice: Dice::new(seed) }
    }

    /// The level (1–5).
    pub fn level(&self) -> u8 {
        self.level
    }

    /// A setup in this level's style: varied per seed, never one fixed pattern.
    pub fn layout(level: u8, seed: u64) -> Layout {
        let style = match level {
            1 => Style::Varied,
            2 => Style::Balanced,
            3 => [Style::Balanced, Style::Defensive][(seed % 2) as usize],
            _ => Style::ALL[(seed % Style::ALL.len() as u64) as usize],
        };
        auto_layout(seed, style)
    }

    /// Chooses one of `legal` (never empty) from the view alone.
    pub fn choose(&mut self, view: &View, legal: &[Action]) -> Action {
        let deadline = match self.budget {
            Budget::Time(limit) => Some(Instant::now() + limit),
            Budget::Iterations(_) => None,
        };
        match self.level {
            1 => self.beginner(view, legal),
            2 => self.expected_value(view, legal, true, 12, &Weights::GREEDY),
            3 => self.expected_value(view, legal, false, 24, &Weights::FULL),
            level => self.search(view, legal, deadline, level == 5),
        }
    }

    /// Level 1: forward and into whatever is in the way, alone. Like a beginner reading the
    /// labels on the board, it does not repeat an attack it has just seen fail.
    fn beginner(&mut self, view: &View, legal: &[Action]) -> Action {
        let me = view.viewer;
        let belief = Belief::new(view, true);
        let world = belief.sample(&mut self.dice);
        let mut events = Vec::new();
        let mut best = (f32::MIN, legal[0]);
        for action in legal {
            let mut score = match action {
                Action::Detonate { .. } => -100.0,
                Action::Attack { target, partners, .. } if partners.is_empty() => {
                    let known = belief.known().iter().any(|(sq, _)| sq == target);
                    if known && world.is_legal(action) {
                        let mut after = world.clone();
                        events.clear();
                        after.apply_unchecked(action, Defense::Auto, &mut events);
                        let lost = |side: Side| {
                            events.iter().any(|e| matches!(e, Event::Destroyed { side: s, .. } if *s == side))
                        };
                        if lost(me) && !lost(me.opponent()) {
                            -5.0
                        } else {
                            5.0
                        }
                    } else {
                        5.0
                    }
                }
                Action::Attack { .. } => -100.0,
                Action::Move { from, to } => {
                    let gain = to.rank_from(me) as f32 - from.rank_from(me) as f32;
                    1.0 + gain
                }
            };
            score += self.noise(2.0);
            if score > best.0 {
                best = (score, *action);
            }
        }
        best.1
    }

    /// Levels 2 and 3: the action with the best average evaluation over sampled worlds, after
    /// the action and the default defence.
    fn expected_value(
        &mut self,
        view: &View,
        legal: &[Action],
        naive: bool,
        worlds: usize,
        weights: &Weights,
    ) -> Action {
        let belief = Belief::new(view, naive);
        let me = view.viewer;
        let samples: Vec<Position> = (0..worlds).map(|_| belief.sample(&mut self.dice)).collect();
        let mut scores = vec![0f32; legal.len()];
        let mut events = Vec::new();
        for world in &samples {
            let before = evaluate(world, me, weights);
            for (i, action) in legal.iter().enumerate() {
                if !world.is_legal(action) {
                    continue;
                }
                let mut after = world.clone();
                events.clear();
                after.apply_unchecked(action, Defense::Auto, &mut events);
                scores[i] += evaluate(&after, me, weights) - before;
            }
        }
        let mut best = (f32::MIN, legal[0]);
        for (i, action) in legal.iter().enumerate() {
            let forward = match action {
                Action::Move { from, to } => (to.rank_from(me) as f32 - from.rank_from(me) as f32) * 0.05,
                _ => 0.0,
            };
            let score = scores[i] / worlds as f32 + forward + self.noise(0.1);
            if score > best.0 {
                best = (score, *action);
            }
        }
        best.1
    }

    /// Levels 4 and 5: determinized search over sampled worlds until the budget is spent.
    fn search(&mut self, view: &View, legal: &[Action], deadline: Option<Instant>, admiral: bool) -> Action {
        let me = view.viewer;
        let weights = if admiral { Weights::ADMIRAL } else { Weights::FULL };
        let belief = Belief::new(view, false);
        // Rank candidates cheaply first (one-ply expected value over a few worlds).
        let first: Vec<Position> = (0..8).map(|_| belief.sample(&mut self.dice)).collect();
        let mut events = Vec::new();
        let mut ranked: Vec<(f32, Action)> = legal
            .iter()
            .map(|action| {
                let mut total = 0.0;
                for world in &first {
                    if world.is_legal(action) {
                        let mut after = world.clone();
                        events.clear();
                        after.apply_unchecked(action, Defense::Auto, &mut events);
                        total += evaluate(&after, me, &weights);
                    }
                }
                (total / first.len() as f32 + self.noise(0.01), *action)
            })
            .collect();
        ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
        let width = if admiral { 16 } else { 10 };
        ranked.truncate(width);
        let mut totals = vec![0f32; ranked.len()];
        let mut counts = vec![0u32; ranked.len()];
        let max_worlds = match self.budget {
            Budget::Iterations(n) => n.max(1),
            Budget::Time(_) => u32::MAX,
        };
        let mut worlds = 0;
        'worlds: while worlds < max_worlds {
            let world = belief.sample(&mut self.dice);
            for (i, (_, action)) in ranked.iter().enumerate() {
                if deadline.is_some_and(|d| Instant::now() >= d) && worlds > 0 {
                    break 'worlds;
                }
                if !world.is_legal(action) {
                    continue;
                }
                let mut after = world.clone();
                events.clear();
                after.apply_unchecked(action, Defense::Auto, &mut events);
                totals[i] += reply_value(&after, me, &weights, &mut events);
                counts[i] += 1;
            }
            worlds += 1;
        }
        let mut best = (f32::MIN, ranked[0].1);
        for (i, (_, action)) in ranked.iter().enumerate() {
            if counts[i] > 0 {
                let score = totals[i] / counts[i] as f32;
                if score > best.0 {
                    best = (score, *action);
                }
            }
        }
        best.1
    }

    /// The defence group when one of its scale ships is attacked: the strongest (the first
    /// option) — partners die only if the group loses, and the strongest group loses least often.
    pub fn defend(&mut self, _view: &View, options: &[Partners]) -> Partners {
        options[0]
    }

    fn noise(&mut self, scale: f32) -> f32 {
        (self.dice.next_u64() >> 40) as f32 / (1u64 << 24) as f32 * scale
    }
}

/// The value for `me` after the opponent's best one-ply reply in this world (or the position
/// itself if the game is over).
fn reply_value(after: &Position, me: Side, weights: &Weights, events: &mut Vec<Event>) -> f32 {
    if after.outcome().is_some() {
        return evaluate(after, me, weights);
    }
    let mut replies = Vec::with_capacity(64);
    after.legal_actions_into(&mut replies);
    let mut worst = f32::MAX;
    for reply in &replies {
        let mut next = after.clone();
        events.clear();
        next.apply_unchecked(reply, Defense::Auto, events);
        worst = worst.min(evaluate(&next, me, weights));
    }
    if worst == f32::MAX {
        evaluate(after, me, weights)
    } else {
        worst
    }
}

impl Agent for Ai {
    fn name(&self) -> String {
        format!("level {}", self.level)
    }

    /// Uses the game's random source (seeded per game by the arena), so results do not depend
    /// on which games an agent played before.
    fn act(&mut self, seat: &Seat<'_>, legal: &[Action], dice: &mut Dice) -> Action {
        std::mem::swap(&mut self.dice, dice);
        let action = self.choose(&seat.view(), legal);
        std::mem::swap(&mut self.dice, dice);
        action
    }

    fn defend(&mut self, seat: &Seat<'_>, options: &[Partners], _dice: &mut Dice) -> Partners {
        Ai::defend(self, &seat.view(), options)
    }
}

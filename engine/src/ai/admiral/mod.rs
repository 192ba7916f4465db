//! The AI: five levels, each playing only from its own side's [`View`].
//!
//! | level | name | how it thinks |
//! |---|---|---|
//! | 1 | beginner | advances and attacks whatever it bumps into, alone; it weighs nothing, but does not send a ship against a marker it has seen is sure to beat it |
//! | 2 | greedy | expected material of each action over worlds drawn from the unseen counts, minus what an identified enemy unit would take back at once |
//! | 3 | reasoner | the same over 12 worlds drawn from a belief that uses every clue (moves, rows, tethers), with a positional evaluation that keeps its bases sealed |
//! | 4 | searcher | determinized search: every action ranked as level 3 ranks them, then the most promising ones in as many sampled worlds as the budget allows, followed by the exchange of attacks two deep, in worlds where every unidentified weapon that moved has its carrier beside it wherever one could stand; its setup is the bastion (bases on opposite flanks, the bomb kept back among its ships) |
//! | 5 | admiral | the searcher, wider, with the Admiral's evaluation (sealed bases, base hunting, armed weapons, ships kept in formation, and a siege of the enemy bases that tightens as the quiet-ply draw nears and as its lead grows; near the draw, a destruction weighed by what the draw would cost it), a belief that expects formations, reads the markers closing in on its seen aircraft as the battleships and raiders hunting it and identifies the markers the public record (losses, moves, markers moving alone) leaves a single kind, an exchange in which any enemy ship may strike what the enemy knows of ours (the seen aircraft, its carrier, the unit that has just attacked, the units the public record gives away) and the enemy may set off its own bomb, its seen aircraft counted at risk from the battleships and raiders a few steps beyond the exchange, weighed defence declarations, and the fortress with a bluff in its setup |
//!
//! Why determinized search: the hidden fleet makes exact search impossible, but worlds drawn
//! from a good belief capture what matters tactically (is that marker a mine, a base, a
//! battleship?), the search is anytime (one world more per loop), and it reuses the engine's
//! fast move generator. Its known weakness is strategy fusion: in each world both sides would
//! see through the fog. So inside the exchange each side attacks only where it would know
//! what it is doing ([`Threats`]); the action being chosen is still judged by its average over
//! all the worlds. The exchange is a quiescence search (attacks only, alpha-beta, biggest
//! targets first), so a move that walks into a known battleship or leaves a base open is seen
//! at once, and quiet moves cost almost nothing to look at.
//!
//! Against the 200-quiet-ply draw, the searchers value an attack that destroys an enemy unit
//! more as the count rises (level 5 by what the draw would cost it: more the further ahead it
//! is, nothing when well behind), level 5 draws its whole fleet towards the enemy bases harder,
//! and every level above 1 has a small preference for advancing.

pub mod agent;
mod belief;
mod bluff;
mod deduction;
mod deliberation;
mod eval;
mod threats;

use crate::shared::Rules;
use std::time::Instant;

pub use crate::shared::Budget;
pub use agent::{Agent, Forfeit, RandomAgent, Seat};
pub use belief::Belief;
pub use deliberation::{Candidate, Deliberation, Refinement};
use eval::evaluate_anchored;
pub use eval::{evaluate, value, Weights, WIN};
pub use threats::Threats;

use crate::admiral::action::Action;
use crate::admiral::autoplace::{auto_layout, Style};
use crate::admiral::event::Event;
use crate::admiral::formation::{group_strength, Partners};
use crate::admiral::layout::Layout;
use crate::admiral::position::{Position, QUIET_PLY_LIMIT};
use crate::admiral::resolve::Defense;
use crate::admiral::square::{Side, SquareSet};
use crate::admiral::unit::UnitKind;
use crate::admiral::view::{Cell, View};
use crate::shared::Dice;
use crate::shared::SetupPosition;

/// Worlds level 4 searches per decision with [`Budget::Fixed`]: about what 0.8 s of thinking
/// reached alone on the reference machine (p50 12,167 over 24 mid-game positions), a little
/// less so that the costly positions stay near 0.8 s too.
pub const LEVEL4_WORLDS: u32 = 10_000;

/// Worlds level 5 searches per decision with [`Budget::Fixed`]: about what 2.5 s of thinking
/// reached alone (p50 18,250, p10 14,897), so that the costly positions stay under 3 s.
pub const LEVEL5_WORLDS: u32 = 16_000;

/// An AI player of a given level (1–5).
#[derive(Clone, Debug)]
pub struct Ai {
    level: u8,
    budget: Budget,
    dice: Dice,
    /// Worlds searched for the last decision (levels 4–5), for tuning and benchmarks.
    last_worlds: u32,
}

impl Ai {
    /// An AI of `level` (clamped to 1–5) with its random seed and thinking budget.
    pub fn new(level: u8, seed: u64, budget: Budget) -> Ai {
        Ai { level: level.clamp(1, 5), budget, dice: Dice::new(seed), last_worlds: 0 }
    }

    /// The level (1–5).
    pub fn level(&self) -> u8 {
        self.level
    }

    /// How many sampled worlds the last decision searched (0 for levels 1–3).
    pub fn last_worlds(&self) -> u32 {
        self.last_worlds
    }

    /// A setup in this level's style: varied per seed, never one fixed pattern. The searchers
    /// keep their bases on opposite flanks. Level 4 keeps its bomb back among its ships (the
    /// bastion, [`Style::Bastion`]): its pocketed front-corner bomb was struck more often than
    /// it paid, 0.838 against 0.882–0.900 against `rulebook.py` (see doc/admiral-ai.md).
    /// Level 5 uses the fortress ([`Style::Fortress`]) and adds its bluff: the fireship
    /// escorted like the carrier on the other flank.
    pub fn layout(level: u8, seed: u64) -> Layout {
        let searchers = if level >= 5 { Style::Fortress } else { Style::Bastion };
        let mut layout = auto_layout(seed, Style::for_ai_level(level, seed, searchers));
        if level >= 5 {
            bluff::escort_fireship_like_carrier(&mut layout);
        }
        layout
    }

    /// Chooses one of `legal` (never empty) from the view alone.
    pub fn choose(&mut self, view: &View, legal: &[Action]) -> Action {
        self.decide(view, legal, None)
    }

    /// Chooses as [`Ai::choose`] does (the same action for the same seed and budget), and says
    /// what the search weighed: every legal action with its first-pass score, and the scores
    /// that decided for the ones it refined (nothing for levels 1–3, which do not search). For
    /// tracing a decision of a recorded game (`admiral-why`).
    pub fn deliberate(&mut self, view: &View, legal: &[Action]) -> Deliberation {
        let mut candidates = Vec::new();
        let chosen = self.decide(view, legal, Some(&mut candidates));
        let worlds = if candidates.is_empty() { 0 } else { self.last_worlds };
        Deliberation { chosen, worlds, candidates }
    }

    /// [`Ai::choose`], writing what the search weighed to `notes` when given.
    fn decide(&mut self, view: &View, legal: &[Action], notes: Option<&mut Vec<Candidate>>) -> Action {
        let deadline = match self.budget {
            Budget::Time(limit) => Some(Instant::now() + limit),
            Budget::Iterations(_) | Budget::Fixed => None,
        };
        let plan = match self.level {
            1 => return self.beginner(view, legal),
            2 => Plan::GREEDY,
            3 => Plan::REASONER,
            4 => Plan::SEARCHER,
            _ => Plan::ADMIRAL,
        };
        if plan.width == 0 {
            self.expected_value(view, legal, &plan)
        } else {
            self.search(view, legal, deadline, &plan, notes)
        }
    }

    /// Level 1: forward, and into whatever is in the way, alone. Like a beginner it weighs
    /// nothing and plans nothing, but it does not bump a second ship into a marker it has seen
    /// for what it is when that kind is sure to win (see [`sure_loss`]).
    fn beginner(&mut self, view: &View, legal: &[Action]) -> Action {
        let me = view.viewer;
        let mut best = (f32::MIN, legal[0]);
        for action in legal {
            let score = match *action {
                Action::Detonate { .. } => -100.0,
                Action::Attack { from, target, partners, .. } if partners.is_empty() => {
                    match (view.cell(from), view.cell(target)) {
                        (Cell::Own { kind }, Cell::Enemy { intel: Some(seen) }) if sure_loss(kind, seen) => {
                            -20.0
                        }
                        _ => 5.0,
                    }
                }
                Action::Attack { .. } => -100.0,
                Action::Move { from, to } => 1.0 + to.rank_from(me) as f32 - from.rank_from(me) as f32,
            } + self.noise(2.0);
            if score > best.0 {
                best = (score, *action);
            }
        }
        best.1
    }

    /// Levels 2 and 3: the action with the best average evaluation over sampled worlds, after
    /// the action, the default defence and the best immediate attack of an identified enemy
    /// unit.
    fn expected_value(&mut self, view: &View, legal: &[Action], plan: &Plan) -> Action {
        let (weights, worlds) = (&plan.weights, plan.worlds as usize);
        let belief = Belief::new(view, plan.naive);
        let me = view.viewer;
        let threats = Threats::identified(belief.known().iter().map(|(sq, _)| *sq).collect());
        let samples: Vec<Position> = (0..worlds).map(|_| belief.sample(&mut self.dice)).collect();
        let mut scores = vec![0f32; legal.len()];
        let mut bites = vec![0u32; legal.len()];
        let mut events = Vec::new();
        let mut exchange = Exchange::new(me, weights, view.quiet_plies);
        for world in &samples {
            let before = evaluate(world, me, weights);
            for (i, action) in legal.iter().enumerate() {
                if !world.is_legal(action) {
                    continue;
                }
                let after = played(world, action, Defense::Auto, &mut events);
                bites[i] += destroys(&events, me.opponent()) as u32;
                let value = exchange.value_after(&after, 1, &threats);
                scores[i] += value - before;
            }
        }
        let mut best = (f32::MIN, legal[0]);
        for (i, action) in legal.iter().enumerate() {
            let score = scores[i] / worlds as f32 + self.forward(me, action) + self.noise(0.1)
                - pointless(view, action, bites[i]);
            if score > best.0 {
                best = (score, *action);
            }
        }
        best.1
    }

    /// Levels 4 and 5: determinized search over sampled worlds until the budget is spent. Each
    /// candidate is scored in each world by a tactical search over the attacks that may follow
    /// (the opponent's best answer, then our best follow-up attack).
    /// With `notes`, every legal action is written there as the search saw it.
    fn search(
        &mut self,
        view: &View,
        legal: &[Action],
        deadline: Option<Instant>,
        plan: &Plan,
        notes: Option<&mut Vec<Candidate>>,
    ) -> Action {
        let me = view.viewer;
        let (weights, width) = (plan.weights, plan.width);
        let belief = if plan.shrewd { Belief::reading_hunters(view) } else { Belief::new(view, plan.naive) };
        let known: SquareSet = belief.known().iter().map(|(sq, _)| *sq).collect();
        let mut threats = Threats::identified(known);
        if plan.exposure {
            // Of what the enemy has seen of ours, only the aircraft (and so its carrier): with
            // every exposed unit, the exchange ran on in many more positions (level 5's p95
            // decision time 1.7 s -> 2.8 s) for no gain against level 4.
            // Also our ships and weapons the enemy can work out from the public record as surely
            // as if it had seen them (the last destroyer, seen moving alone): it knows what it
            // strikes (doc/admiral-ai.md, "What the public losses tell").
            threats = threats.exposing(seen_aircraft(view).or(deduction::own_units(view)));
        }
        // Rank every action first as level 3 would (one-ply expected value), over as many of
        // FIRST_PASS_WORLDS worlds as two thirds of the budget allow. At the arena's 20 ms a
        // third was too little: the pass saw fewer worlds than level 3 itself, dropped good
        // actions from the refinement, and level 4 scored 0.56-0.58 against level 3; at real
        // budgets (800 ms and 2.5 s) the pass takes about 10 ms either way.
        let started = Instant::now();
        let ranking_until = deadline.map(|d| started + d.saturating_duration_since(started) * 2 / 3);
        let mut events = Vec::new();
        let mut exchange = Exchange::new(me, &weights, view.quiet_plies);
        let mut first = vec![0f32; legal.len()];
        let mut first_bites = vec![0u32; legal.len()];
        let mut first_worlds = 0;
        // With stakes: our material lead, the same in every world (they differ only in where
        // the enemy's unidentified units stand), and how often each action destroys something.
        let mut lead = 0.0;
        while first_worlds < FIRST_PASS_WORLDS
            && !(first_worlds >= MIN_FIRST_PASS_WORLDS && ranking_until.is_some_and(|t| Instant::now() >= t))
        {
            let world = belief.sample_paired(&mut self.dice);
            if plan.stakes && first_worlds == 0 {
                lead = evaluate(&world, me, &Weights::MATERIAL);
            }
            for (i, action) in legal.iter().enumerate() {
                if world.is_legal(action) {
                    let after = played(&world, action, Defense::Auto, &mut events);
                    if plan.stakes {
                        first_bites[i] += destroys(&events, me.opponent()) as u32;
                    }
                    let known = threats.after(action, me, me);
                    first[i] += exchange.value_after(&after, 1, &known) - known.aircraft_at_risk(&after, me);
                }
            }
            first_worlds += 1;
        }
        // Against the quiet-ply draw: the nearer it comes, the more an attack that destroys
        // something is worth; only a destruction restarts the count. With stakes, the ranking
        // counts it too, or the attacks that would keep a won game alive never reach the
        // refinement.
        let pressure = draw_pressure(view.quiet_plies, plan.stakes.then_some(lead));
        let first_pressure = if plan.stakes { pressure } else { 0.0 };
        let mut ranked: Vec<(f32, Action)> = legal
            .iter()
            .enumerate()
            .map(|(i, action)| {
                let score = first[i] / first_worlds as f32 + self.forward(me, action) + self.noise(0.01);
                (score + first_pressure * first_bites[i] as f32 / first_worlds as f32, *action)
            })
            .collect();
        ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
        let unrefined = if notes.is_some() { ranked.split_off(width.min(ranked.len())) } else { Vec::new() };
        ranked.truncate(width);
        let mut totals = vec![0f32; ranked.len()];
        let mut counts = vec![0u32; ranked.len()];
        // Worlds in which the action destroys something (a reveal-only strike does not).
        let mut bites = vec![0u32; ranked.len()];
        let max_worlds = match self.budget {
            Budget::Iterations(n) => n.max(1),
            Budget::Fixed => plan.worlds,
            Budget::Time(_) => u32::MAX,
        };
        let mut worlds = 0;
        'worlds: while worlds < max_worlds {
            let world = belief.sample_paired(&mut self.dice);
            for (i, (_, action)) in ranked.iter().enumerate() {
                if deadline.is_some_and(|d| Instant::now() >= d) && worlds > 0 {
                    break 'worlds;
                }
                if !world.is_legal(action) {
                    continue;
                }
                let after = played(&world, action, Defense::Auto, &mut events);
                bites[i] += destroys(&events, me.opponent()) as u32;
                let known = threats.after(action, me, me);
                totals[i] +=
                    exchange.value_after(&after, EXCHANGE_DEPTH, &known) - known.aircraft_at_risk(&after, me);
                counts[i] += 1;
            }
            worlds += 1;
        }
        self.last_worlds = worlds;
        let mut best = (f32::MIN, ranked[0].1);
        let mut refined = Vec::with_capacity(if notes.is_some() { ranked.len() } else { 0 });
        for (i, (first_pass, action)) in ranked.iter().enumerate() {
            let mut refinement = None;
            if counts[i] > 0 {
                let score = totals[i] / counts[i] as f32
                    + pressure * bites[i] as f32 / counts[i] as f32
                    + self.forward(me, action)
                    - pointless(view, action, bites[i]);
                if score > best.0 {
                    best = (score, *action);
                }
                let destroys = bites[i] as f32 / counts[i] as f32;
                refinement = Some(Refinement { score, destroys, worlds: counts[i] });
            }
            if notes.is_some() {
                refined.push(Candidate { action: *action, first_pass: *first_pass, refined: refinement });
            }
        }
        if let Some(notes) = notes {
            let passed_over = unrefined.into_iter().map(|(first_pass, action)| Candidate {
                action,
                first_pass,
                refined: None,
            });
            *notes = refined.into_iter().chain(passed_over).collect();
        }
        best.1
    }

    /// The defence group when `attack` (its partners hidden) hits one of our scale ships.
    /// Levels 1–4 take the strongest group (the default policy: partners die only if the group
    /// loses). Level 5 weighs every option over sampled worlds, assuming the attacker declared
    /// its strongest group: when even the strongest group cannot win, it risks no partners, and
    /// it never shows more ships than it needs.
    pub fn defend(&mut self, view: &View, attack: &Action, options: &[Partners]) -> Partners {
        if self.level < 5 || options.len() < 2 {
            return options[0];
        }
        let me = view.viewer;
        let Action::Attack { from, via, target, .. } = *attack else {
            return options[0];
        };
        let belief = Belief::new(view, false);
        let mut totals = vec![0f32; options.len()];
        let mut legal = Vec::new();
        let mut events = Vec::new();
        for _ in 0..DEFENCE_WORLDS {
            let mut world = belief.sample_paired(&mut self.dice);
            world.set_to_move(me.opponent());
            world.legal_actions_into(&mut legal);
            let strongest = legal
                .iter()
                .filter(|a| matches!(**a, Action::Attack { from: f, via: v, target: t, .. } if (f, v, t) == (from, via, target)))
                .max_by_key(|a| attacker_strength(&world, a));
            // Worlds where the attacker is no scale ship contradict what we see: skip them.
            let Some(strongest) = strongest.filter(|a| attacker_strength(&world, a) > 0) else { continue };
            for (i, option) in options.iter().enumerate() {
                let after = played(&world, strongest, Defense::Group(*option), &mut events);
                // Fewer ships shown is worth a little, all else equal.
                totals[i] += evaluate(&after, me, &Weights::MATERIAL) - 0.1 * option.len() as f32;
            }
        }
        let best = (0..options.len()).max_by(|&a, &b| totals[a].total_cmp(&totals[b])).unwrap_or(0);
        options[best]
    }

    /// The small preference for advancing when nothing better is on offer (0.3 a row): without
    /// it, a cautious fleet waits for the quiet-ply draw.
    fn forward(&self, me: Side, action: &Action) -> f32 {
        match action {
            Action::Move { from, to } => (to.rank_from(me) as f32 - from.rank_from(me) as f32) * 0.3,
            _ => 0.0,
        }
    }

    fn noise(&mut self, scale: f32) -> f32 {
        (self.dice.next_u64() >> 40) as f32 / (1u64 << 24) as f32 * scale
    }
}

/// Whether a lone `attacker` striking a seen `target` is sure to be lost for nothing better
/// than a trade: a weaker ship against a stronger one, anything but a minesweeper against a
/// mine, anything against a stationary mine or a bomb.
fn sure_loss(attacker: UnitKind, target: UnitKind) -> bool {
    match target {
        UnitKind::Mine => attacker != UnitKind::Minesweeper,
        UnitKind::StationaryMine | UnitKind::AtomicBomb => true,
        _ => matches!((attacker.strength(), target.strength()), (Some(a), Some(t)) if a < t),
    }
}

/// What an attack that destroys an enemy unit is worth, on top of its exchange, with
/// `quiet_plies` of the draw's 200 gone: it restarts the count, and the pull grows with the
/// square of the count. Without a lead (levels 4 and below) it is [`DRAW_PRESSURE`] at the
/// draw; with our material `lead`, what the draw would cost us: [`DRAW_STAKE`] more per
/// point ahead, less per point behind, and nothing from 24 points behind, where a draw is
/// worth keeping.
fn draw_pressure(quiet_plies: u16, lead: Option<f32>) -> f32 {
    let stake = lead.map_or(DRAW_PRESSURE, |lead| (DRAW_PRESSURE + DRAW_STAKE * lead).max(0.0));
    (quiet_plies as f32 / QUIET_PLY_LIMIT as f32).powi(2) * stake
}

/// The searchers' worth of a destruction at the quiet-ply draw, whatever the score (see
/// [`draw_pressure`]).
const DRAW_PRESSURE: f32 = 12.0;

/// How much more a destruction is worth at the draw per point of material lead, at level 5
/// (see [`draw_pressure`]). Against `players/hunter.py`, on the same 160 repeatable games
/// (`--iterations 300`), 23 games went otherwise with it: 3 better, none worse, +0.013
/// (doc/admiral-ai.md).
const DRAW_STAKE: f32 = 0.5;

/// Whether `events` destroyed anything of `enemy`'s (losing a ship of our own on a mine is
/// no progress, though it restarts the quiet-ply count too).
fn destroys(events: &[Event], enemy: Side) -> bool {
    events.iter().any(|event| matches!(event, Event::Destroyed { side, .. } if *side == enemy))
}

/// The penalty for a strike at a marker already identified that destroyed nothing in any
/// sampled world (`bites` = 0), such as an aircraft over a known mine: it teaches nothing and
/// spends a ply the quiet-ply count goes on through (only a destruction restarts it, since
/// record format 2; before, such strikes kept stalled games alive for ever: in a traced
/// level-4-vs-3 arena game, level 3's aircraft struck the same known mine on the last quiet
/// ply 15 times between plies 3,000 and 6,000).
fn pointless(view: &View, action: &Action, bites: u32) -> f32 {
    match action.target().map(|target| view.cell(target)) {
        Some(Cell::Enemy { intel: Some(_) }) if bites == 0 => 1.0,
        _ => 0.0,
    }
}

/// Our aircraft the enemy has identified (it struck): what the enemy's ships go for, in the
/// exchange ([`Threats::exposing`]) and in level 5's belief ([`Belief::reading_hunters`]).
fn seen_aircraft(view: &View) -> SquareSet {
    view.exposed
        .iter()
        .copied()
        .filter(|&sq| view.cell(sq) == Cell::Own { kind: UnitKind::Aircraft })
        .collect()
}

/// How a level above 1 plays: the belief, the worlds, the evaluation and whether it searches.
#[derive(Copy, Clone, Debug)]
struct Plan {
    /// The belief reads only the unseen counts, none of the clues (moves, rows, tethers).
    naive: bool,
    /// The evaluation.
    weights: Weights,
    /// Worlds: levels 2 and 3 judge every action in exactly this many; the searchers search
    /// this many with [`Budget::Fixed`].
    worlds: u32,
    /// The searchers refine this many of the best-ranked actions; 0 for levels 2 and 3, which
    /// do not search.
    width: usize,
    /// Whether, in the exchange, any enemy unit may strike our aircraft once the enemy has
    /// seen it, the carrier beside it, and our unit that has just attacked, and set off its
    /// bomb with our units in the blast (see [`Threats::exposing`]), not only what we have
    /// identified.
    exposure: bool,
    /// Whether the belief reads the enemy's setup and moves: its unmoved markers expected in
    /// formations, and markers closing in on our seen aircraft read as its hunters
    /// ([`Belief::reading_hunters`]).
    shrewd: bool,
    /// Whether the pull of the quiet-ply draw on attacks that destroy something grows with the
    /// material lead and vanishes when well behind ([`draw_pressure`]), rather than being the
    /// same whatever the score.
    stakes: bool,
}

impl Plan {
    /// Level 2: the unseen counts alone, material only.
    const GREEDY: Plan = Plan {
        naive: true,
        weights: Weights::GREEDY,
        worlds: 12,
        width: 0,
        exposure: false,
        shrewd: false,
        stakes: false,
    };
    /// Level 3: every clue, the full evaluation. Twelve worlds, as many as level 2, space the
    /// ladder: against level 2, level 3 is as strong with 12 as with 24 (0.678 against 0.674
    /// over the same 400 arena games, seeds 2026 and 2027), but level 4 scores 0.661 against it
    /// over those seeds instead of about 0.63. Six were too few (0.585 against level 2).
    const REASONER: Plan = Plan {
        naive: false,
        weights: Weights::FULL,
        worlds: 12,
        width: 0,
        exposure: false,
        shrewd: false,
        stakes: false,
    };
    /// Level 4: the searcher.
    const SEARCHER: Plan = Plan {
        naive: false,
        weights: Weights::FULL,
        worlds: LEVEL4_WORLDS,
        width: 10,
        exposure: false,
        shrewd: false,
        stakes: false,
    };
    /// Level 5: the searcher, wider, with the Admiral's evaluation (and, apart from the plan,
    /// weighed defence declarations and the bluff in its setup).
    const ADMIRAL: Plan = Plan {
        naive: false,
        weights: Weights::ADMIRAL,
        worlds: LEVEL5_WORLDS,
        width: 16,
        exposure: true,
        shrewd: true,
        stakes: true,
    };
}

/// Worlds of the searchers' first pass, which ranks every legal action the way level 3 judges
/// them all, over twice as many worlds (so the refinement starts from at least level 3's
/// choice).
const FIRST_PASS_WORLDS: usize = 24;

/// The fewest worlds of the first pass, however short the budget.
const MIN_FIRST_PASS_WORLDS: usize = 4;

/// Attacks deep of the searchers' exchange: the opponent's answer, then our follow-up.
const EXCHANGE_DEPTH: u8 = 2;

/// Worlds level 5 samples to choose a defence group.
const DEFENCE_WORLDS: usize = 24;

/// `world` after `action` with `defense`, its events in `events` (cleared first): how every
/// searcher plays an action in a sampled world.
#[inline]
fn played(world: &Position, action: &Action, defense: Defense, events: &mut Vec<Event>) -> Position {
    let mut after = world.clone();
    events.clear();
    after.apply_unchecked(action, defense, events);
    after
}

/// The strength of the attacking group of `attack` in `world` (0 when the acting unit is no
/// scale ship there), judged after the move part.
fn attacker_strength(world: &Position, attack: &Action) -> u8 {
    let Action::Attack { from, partners, .. } = *attack else { return 0 };
    let Some(lead) = world.piece_at(from) else { return 0 };
    let mut kinds = vec![lead.kind];
    kinds.extend(partners.iter().filter_map(|sq| world.piece_at(sq).map(|p| p.kind)));
    group_strength(&kinds).unwrap_or(0)
}

/// The exchange of attacks that follows an action in a sampled world, seen from `me`'s seat:
/// a quiescence search with alpha-beta in which quiet moves are assumed to keep the evaluation
/// and attacks are tried, the biggest targets first. `me` attacks with anything; the opponent
/// only as the [`Threats`] allow.
struct Exchange<'a> {
    me: Side,
    weights: &'a Weights,
    /// The quiet-ply count where the decision is taken, at which every line's siege is judged
    /// (see [`evaluate_anchored`]).
    quiet_plies: u16,
    /// Scratch space for the events of the attacks tried.
    events: Vec<Event>,
}

impl<'a> Exchange<'a> {
    fn new(me: Side, weights: &'a Weights, quiet_plies: u16) -> Exchange<'a> {
        Exchange { me, weights, quiet_plies, events: Vec::new() }
    }

    /// The value for `me` just after its action (`after`): the opponent answers, then the
    /// exchange goes on `depth` attacks deep in all.
    fn value_after(&mut self, after: &Position, depth: u8, threats: &Threats) -> f32 {
        -self.tactical(after, -WIN * 2.0, WIN * 2.0, depth, threats)
    }

    /// The value of `position` for the side to move when both sides may either stop or attack,
    /// `depth` attacks deep.
    fn tactical(
        &mut self,
        position: &Position,
        mut alpha: f32,
        beta: f32,
        depth: u8,
        threats: &Threats,
    ) -> f32 {
        let (me, mover) = (self.me, position.to_move());
        let stand = evaluate_anchored(position, mover, self.weights, self.quiet_plies);
        if depth == 0 || position.outcome().is_some() || stand >= beta {
            return stand;
        }
        alpha = alpha.max(stand);
        let targets = threats.targets(position, mover, me);
        if !targets.any() {
            return alpha;
        }
        let mut actions = Vec::with_capacity(32);
        position.legal_attacks_into(&mut actions);
        let mut attacks: Vec<(f32, Action)> = actions
            .iter()
            .filter(|action| targets.allows(action))
            .filter_map(|action| match *action {
                Action::Attack { target, .. } => {
                    Some((position.piece_at(target).map_or(0.0, |p| value(p.kind)), *action))
                }
                Action::Detonate { .. } => Some((value(UnitKind::NavalBase), *action)),
                Action::Move { .. } => None,
            })
            .collect();
        attacks.sort_by(|a, b| b.0.total_cmp(&a.0));
        for (_, attack) in attacks {
            let next = played(position, &attack, Defense::Auto, &mut self.events);
            let known = threats.after(&attack, mover, me);
            let score = -self.tactical(&next, -beta, -alpha, depth - 1, &known);
            if score >= beta {
                return score;
            }
            alpha = alpha.max(score);
        }
        alpha
    }
}

impl Agent<Position> for Ai {
    fn name(&self) -> String {
        format!("level {}", self.level)
    }

    fn setup(&mut self, _side: Side, seed: u64, _opponent: &str) -> Result<Layout, Forfeit> {
        Ok(Ai::layout(self.level, seed))
    }

    /// Uses the game's random source (seeded per game by the arena), so results do not depend
    /// on which games an agent played before.
    fn act(&mut self, seat: &Seat<'_>, legal: &[Action], dice: &mut Dice) -> Result<Action, Forfeit> {
        std::mem::swap(&mut self.dice, dice);
        let action = self.choose(&seat.view(), legal);
        std::mem::swap(&mut self.dice, dice);
        Ok(action)
    }

    fn defend(
        &mut self,
        seat: &Seat<'_>,
        attack: &Action,
        options: &[Defense],
        dice: &mut Dice,
    ) -> Result<Defense, Forfeit> {
        let groups = agent::groups(options);
        if groups.is_empty() {
            return Ok(options[0]);
        }
        std::mem::swap(&mut self.dice, dice);
        let chosen = Ai::defend(self, &seat.view(), attack, &groups);
        std::mem::swap(&mut self.dice, dice);
        Ok(Defense::Group(chosen))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_draw_pulls_by_what_it_would_cost() {
        let at = |quiet: u16, lead: Option<f32>| draw_pressure(quiet, lead);
        // Nothing after a destruction; the square of the count as the draw nears.
        assert_eq!(at(0, None), 0.0);
        assert_eq!(at(QUIET_PLY_LIMIT, None), DRAW_PRESSURE);
        assert!((at(QUIET_PLY_LIMIT / 2, None) - DRAW_PRESSURE / 4.0).abs() < 1e-5);
        // Level 5: even material pulls as the other levels do, a lead harder (a lead of 48
        // triples the pull), a deficit less, and from 24 points behind not at all.
        assert_eq!(at(QUIET_PLY_LIMIT, Some(0.0)), DRAW_PRESSURE);
        assert_eq!(at(QUIET_PLY_LIMIT, Some(48.0)), 3.0 * DRAW_PRESSURE);
        assert!(at(150, Some(10.0)) > at(150, None) && at(150, Some(-10.0)) < at(150, None));
        assert_eq!(at(QUIET_PLY_LIMIT, Some(-24.0)), 0.0);
        assert_eq!(at(QUIET_PLY_LIMIT, Some(-80.0)), 0.0);
    }
}

//! The Stratego AI: five levels, each playing only from its own side's [`View`], built on the
//! same ideas as the Admiral AI ([`crate::ai`]).
//!
//! | level | how it thinks |
//! |---|---|
//! | 1 | advances and attacks whatever it bumps into; does not repeat an attack it saw fail |
//! | 2 | expected material of each action over worlds drawn from the unseen counts only |
//! | 3 | the same over worlds drawn from a belief that uses every clue (moved pieces are no bombs or flag, a long move is a scout, bombs and the flag stand at the back), with a positional evaluation |
//! | 4 | determinized search: for sampled worlds, each promising action against the opponent's best reply |
//! | 5 | the searcher, wider, with an evaluation that also weighs the flags' surroundings |
//!
//! Determinized search suits the hidden armies: a world drawn from a good belief answers the
//! tactical question (is that piece a bomb, the spy, the marshal?), the loop is anytime (one
//! world more per round until the [`Budget`] is spent), and it reuses the fast move generator.

use std::time::Instant;

use super::action::Action;
use super::autoplace::auto_layout;
use super::board::Sq;
use super::event::Event;
use super::layout::Layout;
use super::piece::{Piece, Rank, RANKS};
use super::position::{battle, Position, Repetition};
use super::view::{Cell, View};
use crate::ai::Budget;
use crate::autoplace::Style;
use crate::outcome::Status;
use crate::rng::Dice;
use crate::square::Side;

/// Score of a won game; everything else stays far below it.
pub const WIN: f32 = 10_000.0;

/// What a piece is worth in material (the flag's worth is the game itself).
pub fn value(rank: Rank) -> f32 {
    match rank {
        Rank::Spy => 3.0,
        Rank::Scout => 1.0,
        Rank::Miner => 2.2,
        Rank::Sergeant => 1.2,
        Rank::Lieutenant => 1.8,
        Rank::Captain => 2.6,
        Rank::Major => 3.6,
        Rank::Colonel => 5.0,
        Rank::General => 7.0,
        Rank::Marshal => 9.0,
        Rank::Bomb => 0.8,
        Rank::Flag => 0.0,
    }
}

/// Weights of the evaluation's positional terms.
#[derive(Copy, Clone, Debug)]
pub struct Weights {
    /// Reward for keeping pieces that can move (a side that cannot move loses), logarithmic.
    pub reserve: f32,
    /// Reward per piece for being far forward.
    pub advance: f32,
    /// Reward for own pieces near the enemy flag, penalty for enemy pieces near one's own.
    pub flag: f32,
}

impl Weights {
    /// Material only, plus the reserve.
    pub const GREEDY: Weights = Weights { reserve: 6.0, advance: 0.3, flag: 0.0 };
    /// Levels 3 and 4.
    pub const FULL: Weights = Weights { reserve: 6.0, advance: 0.2, flag: 0.5 };
    /// Level 5.
    pub const STRONG: Weights = Weights { reserve: 8.0, advance: 0.1, flag: 0.8 };
}

/// The evaluation of a full position for `me`.
pub fn evaluate(position: &Position, me: Side, weights: &Weights) -> f32 {
    match position.status() {
        Status::Ongoing => {}
        Status::Draw => return 0.0,
        status if status.winner() == Some(me) => return WIN,
        _ => return -WIN,
    }
    evaluate_material(position, me, weights)
}

/// The evaluation without the terminal test (the caller knows the game goes on).
fn evaluate_material(position: &Position, me: Side, weights: &Weights) -> f32 {
    let mut score = 0.0;
    let mut flags: [Option<Sq>; 2] = [None, None];
    for (sq, piece) in position.pieces() {
        let mut v = value(piece.rank);
        if piece.rank == Rank::Spy && position.count(piece.side.opponent(), Rank::Marshal) == 0 {
            v = 0.5;
        }
        if piece.rank == Rank::Flag {
            flags[piece.side.index()] = Some(sq);
        }
        if weights.advance > 0.0 && !piece.rank.is_immobile() && piece.rank != Rank::Spy {
            v += weights.advance * sq.rank_from(piece.side) as f32 / 9.0;
        }
        score += if piece.side == me { v } else { -v };
    }
    if weights.reserve > 0.0 {
        let movers = |side: Side| (position.mobile_of(side).len() as f32 + 1.0).ln();
        score += weights.reserve * (movers(me) - movers(me.opponent()));
    }
    if weights.flag > 0.0 {
        for side in Side::BOTH {
            let Some(flag) = flags[side.opponent().index()] else { continue };
            // Every mobile piece is drawn towards the enemy flag; the last few squares count most.
            let near: f32 = position
                .mobile_of(side)
                .iter()
                .map(|sq| {
                    let closeness = (18 - sq.distance(flag).min(18)) as f32 / 18.0;
                    closeness * closeness
                })
                .sum();
            score += weights.flag * if side == me { near } else { -near };
        }
    }
    score
}

/// What an AI believes about the enemy's unidentified pieces, from its own view only.
///
/// Each unidentified piece gets a weight for every kind: the number of that kind still unseen
/// (the army minus losses minus pieces already identified) times what the piece's history
/// allows: a piece that moved is no bomb or flag; the flag and bombs stand mostly at the back.
/// Worlds are sampled without replacement, so every sampled army has the right counts.
#[derive(Clone, Debug)]
pub struct Belief {
    me: Side,
    own: Vec<(Sq, Rank)>,
    known: Vec<(Sq, Rank)>,
    unknown: Vec<(Sq, [f32; RANKS])>,
    pool: [u8; RANKS],
    to_move: Side,
    quiet_plies: u16,
    repetition: [Repetition; 2],
}

impl Belief {
    /// The belief of `view.viewer`; `naive` ignores everything but the counts.
    pub fn new(view: &View, naive: bool) -> Belief {
        let me = view.viewer;
        let enemy = me.opponent();
        let moved: super::board::SqSet = view.moved_markers.iter().copied().collect();
        let (mut own, mut known, mut unknown_squares) = (Vec::new(), Vec::new(), Vec::new());
        for sq in Sq::all() {
            match view.cell(sq) {
                Cell::Own { rank } => own.push((sq, rank)),
                Cell::Enemy { intel: Some(rank) } => known.push((sq, rank)),
                Cell::Enemy { intel: None } => unknown_squares.push(sq),
                _ => {}
            }
        }
        let mut pool = [0u8; RANKS];
        for rank in Rank::ALL {
            let seen = known.iter().filter(|(_, r)| *r == rank).count() as u8;
            pool[rank.index()] =
                rank.army_count().saturating_sub(view.enemy_losses[rank.index()]).saturating_sub(seen);
        }
        let unknown = unknown_squares
            .into_iter()
            .map(|sq| {
                let mut weights = [1.0f32; RANKS];
                if !naive {
                    let depth = sq.rank_from(enemy) as usize;
                    if moved.contains(sq) || depth >= 4 {
                        weights[Rank::Bomb.index()] = 0.0;
                        weights[Rank::Flag.index()] = 0.0;
                    } else {
                        weights[Rank::Flag.index()] = [1.0, 0.3, 0.1, 0.03][depth];
                        weights[Rank::Bomb.index()] = [1.0, 1.0, 0.8, 0.4][depth];
                    }
                }
                (sq, weights)
            })
            .collect();
        Belief {
            me,
            own,
            known,
            unknown,
            pool,
            to_move: view.to_move,
            quiet_plies: view.quiet_plies,
            repetition: view.repetition,
        }
    }

    /// The side whose belief this is.
    pub fn me(&self) -> Side {
        self.me
    }

    /// The identified enemy pieces.
    pub fn known(&self) -> &[(Sq, Rank)] {
        &self.known
    }

    /// The probability that the enemy piece on `sq` is of `rank`.
    pub fn probability(&self, sq: Sq, rank: Rank) -> f32 {
        if let Some((_, r)) = self.known.iter().find(|(s, _)| *s == sq) {
            return if *r == rank { 1.0 } else { 0.0 };
        }
        let Some((_, weights)) = self.unknown.iter().find(|(s, _)| *s == sq) else { return 0.0 };
        let total: f32 = Rank::ALL.iter().map(|r| weights[r.index()] * self.pool[r.index()] as f32).sum();
        if total <= 0.0 {
            return 0.0;
        }
        weights[rank.index()] * self.pool[rank.index()] as f32 / total
    }

    /// A full position consistent with the view.
    pub fn sample(&self, dice: &mut Dice) -> Position {
        let enemy = self.me.opponent();
        let mut world = Position::empty(self.to_move);
        for &(sq, rank) in &self.own {
            world.put(sq, Piece::new(self.me, rank));
        }
        for &(sq, rank) in &self.known {
            world.put(sq, Piece::new(enemy, rank));
        }
        let mut pool = self.pool.map(|n| n as f32);
        let mut order: Vec<usize> = (0..self.unknown.len()).collect();
        dice.shuffle(&mut order);
        // Pieces that cannot be everything go first, so the kinds they allow are still there.
        order.sort_by_key(|&i| self.unknown[i].1.iter().filter(|w| **w >= 1.0).count());
        for i in order {
            let (sq, weights) = &self.unknown[i];
            let mut chances = [0f32; RANKS];
            let mut total = 0.0;
            for k in 0..RANKS {
                chances[k] = weights[k] * pool[k];
                total += chances[k];
            }
            if total <= 0.0 {
                for k in 0..RANKS {
                    chances[k] = weights[k] * Rank::ALL[k].army_count() as f32;
                    total += chances[k];
                }
            }
            let mut roll = (dice.next_u64() >> 11) as f32 / (1u64 << 53) as f32 * total;
            let mut chosen = chances.iter().rposition(|c| *c > 0.0).unwrap_or(0);
            for (k, chance) in chances.iter().enumerate() {
                if *chance > 0.0 && roll < *chance {
                    chosen = k;
                    break;
                }
                roll -= chance;
            }
            pool[chosen] = (pool[chosen] - 1.0).max(0.0);
            world.put(*sq, Piece::new(enemy, Rank::ALL[chosen]));
        }
        world.quiet_plies = self.quiet_plies;
        world.repetition = self.repetition;
        world
    }
}

/// A Stratego AI player of a given level (1–5).
#[derive(Clone, Debug)]
pub struct Ai {
    level: u8,
    budget: Budget,
    dice: Dice,
}

impl Ai {
    /// An AI of `level` (clamped to 1–5) with its seed and thinking budget.
    pub fn new(level: u8, seed: u64, budget: Budget) -> Ai {
        Ai { level: level.clamp(1, 5), budget, dice: Dice::new(seed) }
    }

    /// The level.
    pub fn level(&self) -> u8 {
        self.level
    }

    /// The thinking budget per decision.
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// A setup in this level's style, varied per seed.
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

    /// Level 1: forward and into whatever is in the way, except into a piece it has seen win.
    fn beginner(&mut self, view: &View, legal: &[Action]) -> Action {
        let me = view.viewer;
        let mut best = (f32::MIN, legal[0]);
        for action in legal {
            let mover = match view.cell(action.from) {
                Cell::Own { rank } => rank,
                _ => continue,
            };
            let mut score = if action.attack {
                match view.cell(action.to) {
                    Cell::Enemy { intel: Some(known) } if battle(mover, known) != Some(true) => -5.0,
                    _ => 5.0,
                }
            } else {
                1.0 + action.to.rank_from(me) as f32 - action.from.rank_from(me) as f32
            };
            score += self.noise(2.0);
            if score > best.0 {
                best = (score, *action);
            }
        }
        best.1
    }

    /// Levels 2 and 3: the best average evaluation over sampled worlds, one ply deep.
    fn expected_value(&mut self, view: &View, legal: &[Action], naive: bool, worlds: usize, weights: &Weights) -> Action {
        let belief = Belief::new(view, naive);
        let me = view.viewer;
        let samples: Vec<Position> = (0..worlds).map(|_| belief.sample(&mut self.dice)).collect();
        let mut scores = vec![0f32; legal.len()];
        let mut events = Vec::new();
        let mut replies = Vec::with_capacity(64);
        for world in &samples {
            let before = evaluate_material(world, me, weights);
            for (i, action) in legal.iter().enumerate() {
                let mut after = world.clone();
                events.clear();
                after.apply_unchecked(action, &mut events);
                scores[i] += capture_reply_value(&after, me, weights, &mut events, &mut replies) - before;
            }
        }
        let mut best = (f32::MIN, legal[0]);
        for (i, action) in legal.iter().enumerate() {
            let forward = Ai::forward(me, action);
            let probe = if naive { 0.0 } else { 0.8 };
            let score = scores[i] / worlds as f32 + forward + Ai::attack_bonus(view, action, probe) + self.noise(0.01);
            if score > best.0 {
                best = (score, *action);
            }
        }
        best.1
    }

    /// Levels 4 and 5: determinized search over sampled worlds until the budget is spent.
    ///
    /// Level 4 scores every legal action in as many worlds as the budget allows, against the
    /// opponent's best capture. Level 5 spends half its budget so, then searches its six best
    /// candidates a ply deeper in fresh worlds: the opponent's best reply of any kind and then
    /// its own best capture, so that exchanges are seen to their end.
    fn search(&mut self, view: &View, legal: &[Action], deadline: Option<Instant>, strong: bool) -> Action {
        let me = view.viewer;
        let weights = if strong { Weights::STRONG } else { Weights::FULL };
        let probe = if strong { 1.2 } else { 1.0 };
        let belief = Belief::new(view, false);
        let start = Instant::now();
        let (first_deadline, first_worlds) = match (deadline, self.budget) {
            (Some(d), _) if strong => (Some(start + (d - start) / 2), u32::MAX),
            (Some(d), _) => (Some(d), u32::MAX),
            (None, Budget::Iterations(n)) => (None, n.max(1)),
            (None, Budget::Time(_)) => (None, 24),
        };
        let mut events = Vec::new();
        let mut replies = Vec::with_capacity(64);
        let mut answers = Vec::with_capacity(64);
        let mut totals = vec![0f32; legal.len()];
        let mut worlds = 0u32;
        while worlds < first_worlds && (worlds < 8 || first_deadline.is_none_or(|d| Instant::now() < d)) {
            let world = belief.sample(&mut self.dice);
            for (i, action) in legal.iter().enumerate() {
                let mut after = world.clone();
                events.clear();
                after.apply_unchecked(action, &mut events);
                totals[i] += capture_reply_value(&after, me, &weights, &mut events, &mut replies);
            }
            worlds += 1;
        }
        let mut ranked: Vec<(f32, Action)> = legal
            .iter()
            .enumerate()
            .map(|(i, action)| {
                let score = totals[i] / worlds as f32
                    + Ai::forward(me, action)
                    + Ai::attack_bonus(view, action, probe)
                    + self.noise(0.01);
                (score, *action)
            })
            .collect();
        ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
        if !strong || ranked.len() == 1 {
            return ranked[0].1;
        }
        ranked.truncate(6);
        let second_worlds = match self.budget {
            Budget::Iterations(n) => (n / 2).max(1),
            Budget::Time(_) => u32::MAX,
        };
        let mut deep = vec![0f32; ranked.len()];
        let mut counts = vec![0u32; ranked.len()];
        let mut n = 0;
        'worlds: while n < second_worlds {
            let world = belief.sample(&mut self.dice);
            for (i, (_, action)) in ranked.iter().enumerate() {
                if n > 0 && deadline.is_some_and(|d| Instant::now() >= d) {
                    break 'worlds;
                }
                let mut after = world.clone();
                events.clear();
                after.apply_unchecked(action, &mut events);
                deep[i] += reply_then_capture(&after, me, &weights, &mut events, &mut replies, &mut answers);
                counts[i] += 1;
            }
            n += 1;
        }
        let mut best = (f32::MIN, ranked[0].1);
        for (i, (first, action)) in ranked.iter().enumerate() {
            if counts[i] > 0 {
                let score = 0.5 * first
                    + 0.5 * (deep[i] / counts[i] as f32 + Ai::forward(me, action) + Ai::attack_bonus(view, action, probe));
                if score > best.0 {
                    best = (score, *action);
                }
            }
        }
        best.1
    }

    /// A slight preference for moving forward when nothing else matters.
    fn forward(me: Side, action: &Action) -> f32 {
        if action.attack {
            0.0
        } else {
            (action.to.rank_from(me) as f32 - action.from.rank_from(me) as f32).clamp(-1.0, 1.0) * 0.05
        }
    }

    /// What an attack is worth beyond its material outcome: an attack on an unidentified piece
    /// reveals it (`probe`), and when the quiet-ply draw approaches, a side that is not behind
    /// wants attacks to keep the game alive.
    fn attack_bonus(view: &View, action: &Action, probe: f32) -> f32 {
        if !action.attack {
            return 0.0;
        }
        let mut bonus = 0.0;
        if matches!(view.cell(action.to), Cell::Enemy { intel: None }) {
            bonus += probe;
        }
        if view.quiet_plies >= 120 {
            let lost = |losses: &[u8; RANKS]| Rank::ALL.iter().map(|r| losses[r.index()] as f32 * value(*r)).sum::<f32>();
            if lost(&view.own_losses) <= lost(&view.enemy_losses) {
                bonus += (view.quiet_plies - 120) as f32 / 80.0 * 4.0;
            }
        }
        bonus
    }

    fn noise(&mut self, scale: f32) -> f32 {
        (self.dice.next_u64() >> 40) as f32 / (1u64 << 24) as f32 * scale
    }
}

/// The value for `me` after the opponent's best capture in this world (or a quiet move, which
/// is taken to change nothing): the expected-value levels' only look at the reply, which keeps
/// them from leaving pieces en prise.
fn capture_reply_value(after: &Position, me: Side, weights: &Weights, events: &mut Vec<Event>, replies: &mut Vec<Action>) -> f32 {
    if after.decided.is_some() {
        return evaluate(after, me, weights);
    }
    let mut worst = evaluate_material(after, me, weights);
    after.legal_actions_into(replies);
    for reply in replies.iter().filter(|r| r.attack) {
        let mut next = after.clone();
        events.clear();
        next.apply_unchecked(reply, events);
        worst = worst.min(evaluate(&next, me, weights));
    }
    worst
}

/// The value for `me` after the opponent's best reply and then our best capture (or quiet
/// move) in answer: exchanges are seen to their end.
fn reply_then_capture(
    after: &Position,
    me: Side,
    weights: &Weights,
    events: &mut Vec<Event>,
    replies: &mut Vec<Action>,
    answers: &mut Vec<Action>,
) -> f32 {
    if after.decided.is_some() {
        return evaluate(after, me, weights);
    }
    after.legal_actions_into(replies);
    let mut worst = f32::MAX;
    for reply in replies.iter() {
        let mut next = after.clone();
        events.clear();
        next.apply_unchecked(reply, events);
        let mut best = evaluate(&next, me, weights);
        if next.decided.is_none() {
            next.legal_actions_into(answers);
            for answer in answers.iter().filter(|a| a.attack) {
                let mut last = next.clone();
                events.clear();
                last.apply_unchecked(answer, events);
                best = best.max(evaluate(&last, me, weights));
            }
        }
        worst = worst.min(best);
    }
    if worst == f32::MAX {
        evaluate(after, me, weights)
    } else {
        worst
    }
}

/// The value for `me` after the opponent's best one-ply reply in this world.
#[allow(dead_code)]
fn reply_value(after: &Position, me: Side, weights: &Weights, events: &mut Vec<Event>, replies: &mut Vec<Action>) -> f32 {
    if after.outcome().is_some() {
        return evaluate(after, me, weights);
    }
    after.legal_actions_into(replies);
    let mut worst = f32::MAX;
    for reply in replies.iter() {
        let mut next = after.clone();
        events.clear();
        next.apply_unchecked(reply, events);
        let score = if next.decided.is_some() {
            evaluate(&next, me, weights)
        } else {
            evaluate_material(&next, me, weights)
        };
        worst = worst.min(score);
    }
    if worst == f32::MAX {
        evaluate(after, me, weights)
    } else {
        worst
    }
}


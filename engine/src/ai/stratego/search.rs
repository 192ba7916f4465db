//! The exchange of attacks that follows an action in a sampled world.
//!
//! A sampled world shows every hidden piece, so a search that let both sides play freely in it
//! would suffer from strategy fusion: each side would attack exactly the pieces that lose in
//! this world, as if it saw the other's army. The exchange is therefore a quiescence search
//! (attacks only, alpha-beta, the biggest targets first) with two limits:
//!
//! - the opponent's first answer may come from any of its pieces: its probes are common, and
//!   measured in the arena this caution beat letting only identified pieces answer (level 3
//!   against level 2: 0.58 against 0.47 over 100 games; letting its spy strike only a marshal
//!   it has identified made no measurable difference either). Any enemy piece may always take
//!   our flag;
//! - every later attack is between our pieces and enemy pieces identified by then (known
//!   before, or revealed in the exchange), so its outcome does not depend on the sample: we do
//!   not follow up by attacking exactly the unknown pieces that happen to be weak in this world.
//!   At levels 4 and 5 our miners may also strike unidentified pieces that never moved (see
//!   `Exchange::mined`), a strike whose outcome hardly depends on the sample.
//!
//! Our own action is scored over many worlds, so attacking an unknown piece is worth its
//! expected outcome.

use super::eval::{evaluate, value, Weights, WIN};
use crate::shared::Rules;
use crate::shared::SetupPosition;
use crate::shared::Side;
use crate::stratego::action::Action;
use crate::stratego::board::{Sq, SqSet};
use crate::stratego::event::Event;
use crate::stratego::piece::Rank;
use crate::stratego::position::Position;

/// What the exchange needs besides the position.
pub(super) struct Exchange<'a> {
    /// The side whose action is being judged.
    pub me: Side,
    /// The evaluation's weights.
    pub weights: &'a Weights,
    /// Scratch space for the events of applied actions.
    pub events: Vec<Event>,
    /// Scratch space for the attacks of every node on the current line of the search, each
    /// node's after its parent's (one buffer for the whole search instead of one per node).
    pub attacks: Vec<(f32, Sq, Sq)>,
    /// Enemy pieces that never moved and are not identified, which our miners may strike in the
    /// exchange (empty: we strike only identified pieces). A miner loses to few pieces that
    /// never move and wins on bombs and the flag, so the strike hardly depends on the sample,
    /// and it lets the exchange see a miner take a bomb and then the flag it walled in.
    pub mined: SqSet,
}

impl Exchange<'_> {
    /// The value for `me` of playing `action` in `world`, after the exchange (see
    /// [`Exchange::value_after`]).
    pub fn value_of(&mut self, world: &Position, action: &Action, known: SqSet, depth: u8) -> f32 {
        let mut after = world.clone();
        self.events.clear();
        after.apply_unchecked(action, &mut self.events);
        self.value_after(&after, action, known, depth)
    }

    /// The value for `me` of `after` (just after `action`, the opponent to move), once the
    /// exchange of attacks has run `depth` attacks deep (the opponent's first).
    ///
    /// `known` holds the enemy pieces identified before the action; an attacked piece is
    /// revealed by the attack, so a defender that survives `action` becomes known too.
    pub fn value_after(&mut self, after: &Position, action: &Action, known: SqSet, depth: u8) -> f32 {
        let mut known = known;
        if action.attack && after.piece_at(action.to).is_some_and(|p| p.side != self.me) {
            known.insert(action.to);
        }
        -self.search(after, -2.0 * WIN, 2.0 * WIN, depth, known, true)
    }

    /// Negamax with alpha-beta over attacks only, the side to move may also stand pat (a quiet
    /// move is taken to change nothing). Returns the value for the side to move.
    fn search(
        &mut self,
        position: &Position,
        mut alpha: f32,
        beta: f32,
        depth: u8,
        known: SqSet,
        first: bool,
    ) -> f32 {
        let mover = position.to_move();
        let mut stand = evaluate(position, mover, self.weights);
        if depth == 0 || position.counters.decided.is_some() || stand.abs() >= WIN {
            return stand;
        }
        // `first` on our move: the opponent's first answer is still to come, so standing pat
        // means passing to it.
        let waiting = first && mover == self.me;
        if waiting {
            let mut passed = position.clone();
            passed.set_to_move(mover.opponent());
            stand = -self.search(&passed, -beta, -alpha, depth, known, true);
        }
        if stand >= beta {
            return stand;
        }
        alpha = alpha.max(stand);
        // This node's attacks go after its parent's in the shared buffer, and are dropped
        // before it returns.
        let start = self.attacks.len();
        self.gather_attacks(position, known, first);
        self.attacks[start..].sort_by(|a, b| b.0.total_cmp(&a.0));
        let mut best = alpha;
        for k in start..self.attacks.len() {
            let (_, from, to) = self.attacks[k];
            let mut next = position.clone();
            self.events.clear();
            next.apply_unchecked(&Action::strike(from, to), &mut self.events);
            let mut next_known = known;
            next_known.remove(from);
            if next.piece_at(to).is_some_and(|p| p.side != self.me) {
                next_known.insert(to);
            }
            let score = -self.search(&next, -beta, -alpha, depth - 1, next_known, waiting);
            if score >= beta {
                best = score;
                break;
            }
            alpha = alpha.max(score);
            best = alpha;
        }
        self.attacks.truncate(start);
        best
    }

    /// Appends to `self.attacks` the attacks the side to move may make in the exchange (see the
    /// module documentation), each with the value of its target.
    fn gather_attacks(&mut self, position: &Position, known: SqSet, first: bool) {
        let mover = position.to_move();
        let targets = position.occupied_by(mover.opponent());
        for from in position.mobile_of(mover).iter() {
            let Some(piece) = position.piece_at(from) else { continue };
            if mover != self.me && !known.contains(from) && !first {
                // After the first answer, an unknown enemy piece only ever takes our flag.
                for to in from.neighbours() {
                    if position.piece_at(to).is_some_and(|p| p.side == self.me && p.kind == Rank::Flag) {
                        self.attacks.push((WIN, from, to));
                    }
                }
                continue;
            }
            for to in reach(position, from, piece.kind) {
                // We strike only what we have identified, or with a miner what may be a bomb.
                let sighted = known.contains(to) || (piece.kind == Rank::Miner && self.mined.contains(to));
                if !targets.contains(to) || (mover == self.me && !sighted) {
                    continue;
                }
                let target = position.piece_at(to).map_or(0.0, |p| value(p.kind));
                self.attacks.push((target, from, to));
            }
        }
    }
}

/// The squares a piece on `from` may attack: its neighbours, or for a scout the first piece
/// along each line of empty squares.
fn reach(position: &Position, from: Sq, rank: Rank) -> impl Iterator<Item = Sq> + '_ {
    (0..4).filter_map(move |d| {
        let mut sq = from.step(d)?;
        if rank == Rank::Scout {
            while position.piece_at(sq).is_none() {
                sq = sq.step(d)?;
            }
        }
        Some(sq)
    })
}

//! Levels 3 to 5's hunt for what they beat for sure: each quiet move is drawn towards the nearest
//! enemy piece the mover beats whatever it is.
//!
//! Such a strike cannot lose: an identified piece the mover beats, or an unknown one that the
//! belief says can be nothing stronger (the enemy's stronger pieces all identified elsewhere or
//! gone, and a piece that moved being no bomb). The exchange after an action sees a strike only
//! once the mover stands next to its target; this drive walks it there. It is how the rule list
//! that won the 2012 UCC competition takes most of its material: once a side's marshal is
//! identified, the other side's general strikes every piece of it that has moved, one after the
//! other (`doc/stratego-ai.md`, "Strikes that cannot lose").

use super::belief::Belief;
use crate::stratego::action::Action;
use crate::stratego::board::Sq;
use crate::stratego::piece::{Rank, RANKS};
use crate::stratego::position::battle;
use crate::stratego::view::{Cell, View};

/// The largest chance that a target beats, or ties with, the mover for it to count as prey.
const SURE: f32 = 0.05;

/// For each of our ranks on the board, the enemy pieces it beats for sure.
pub(super) struct Prey {
    targets: Vec<(Rank, Vec<Sq>)>,
}

impl Prey {
    /// The prey of every mobile rank of `view.viewer`'s, by `belief`.
    pub(super) fn new(view: &View, belief: &Belief) -> Prey {
        // What each enemy piece may be, read from the belief once for every rank of ours.
        let odds: Vec<(Sq, [f32; RANKS])> = view
            .enemy_markers()
            .map(|(sq, _)| (sq, Rank::ALL.map(|kind| belief.probability(sq, kind))))
            .collect();
        let mut targets: Vec<(Rank, Vec<Sq>)> = Vec::new();
        for (_, rank) in view.own_pieces() {
            if rank.is_immobile() || targets.iter().any(|(r, _)| *r == rank) {
                continue;
            }
            // What the target may be that does not lose to the mover (our marshal also fears
            // the spy, which strikes it back).
            let dangerous =
                |kind: Rank| battle(rank, kind) != Some(true) || (rank == Rank::Marshal && kind == Rank::Spy);
            let risk = |odds: &[f32; RANKS]| -> f32 {
                Rank::ALL.iter().filter(|&&kind| dangerous(kind)).map(|kind| odds[kind.index()]).sum()
            };
            let sure = odds.iter().filter(|(_, odds)| risk(odds) < SURE).map(|(sq, _)| *sq).collect();
            targets.push((rank, sure));
        }
        Prey { targets }
    }

    /// How much nearer a quiet `action` brings its mover to the nearest of its prey, in squares
    /// (−1 to 1; 0 for an attack or a mover with no prey).
    pub(super) fn drive(&self, view: &View, action: &Action) -> f32 {
        if action.attack {
            return 0.0;
        }
        let Cell::Own { kind: rank } = view.cell(action.from) else { return 0.0 };
        let Some((_, targets)) = self.targets.iter().find(|(r, _)| *r == rank) else { return 0.0 };
        closing_in(action, || targets.iter().copied())
    }
}

/// How much nearer `action` brings its mover to the nearest of the squares `targets` lists, in
/// squares, from −1 to 1 (0 without targets): the drives towards enemy pieces (`Ai::hunt`,
/// [`Prey::drive`]).
pub(super) fn closing_in<T: Iterator<Item = Sq>>(action: &Action, targets: impl Fn() -> T) -> f32 {
    let nearest = |from: Sq| targets().map(|sq| sq.distance(from)).min();
    match (nearest(action.from), nearest(action.to)) {
        (Some(before), Some(after)) => (f32::from(before) - f32::from(after)).clamp(-1.0, 1.0),
        _ => 0.0,
    }
}

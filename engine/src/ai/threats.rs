//! Which attacks the exchange search lets each side make in a sampled world.
//!
//! A sampled world guesses every unidentified marker, and a side that struck with every
//! guess as if it could see through the fog would make the search lie (strategy fusion):
//! each approach would look fatal, and every marker next to our ships would look like the
//! weak one we happen to hit. So in the exchange a side attacks only where it would know
//! what it is doing:
//! - the opponent strikes with units we have identified (their strength is known to us, so
//!   the world's guess is no guess), and, at level 5, with anything against our units it
//!   has identified and against our bases (any unit destroys a base, and bases are easy to
//!   guess): a hidden fireship beside our revealed battleship strikes. Level 4 leaves this
//!   out: with it, level 4 scored no better against level 3 in the arena (0.35 over 60
//!   games, against 0.45–0.50 without);
//! - we follow up only against enemy units we have identified, the attacker that has just
//!   struck us included (an attack reveals the attacker).
//!
//! The action being chosen is judged by its average over all the worlds, so it may strike an
//! unknown marker: that is a fair bet on the belief, not a peek.

use crate::action::Action;
use crate::position::Position;
use crate::square::{Side, SquareSet};
use crate::unit::UnitKind;
use crate::view::View;

/// What each side knows of the other, as far as the exchange search needs it.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Threats {
    /// Enemy units we have identified: they may attack anything, and we may attack them.
    identified: SquareSet,
    /// Our units the enemy may single out: anything of theirs may attack them.
    exposed: SquareSet,
}

impl Threats {
    /// Attacks by identified enemy units only (levels 2 to 4).
    pub fn identified(known: SquareSet) -> Threats {
        Threats { identified: known, exposed: SquareSet::EMPTY }
    }

    /// Attacks by identified enemy units, and by any enemy unit on our units it has
    /// identified and on our bases (level 5).
    pub fn identified_and_exposed(known: SquareSet, view: &View) -> Threats {
        let bases = view.own_units().filter(|(_, kind)| *kind == UnitKind::NavalBase).map(|(sq, _)| sq);
        Threats { identified: known, exposed: view.exposed.iter().copied().chain(bases).collect() }
    }

    /// Whether `side`'s `action` is an attack the exchange search may play, `me` being the
    /// side whose decision is searched.
    pub fn allows(&self, action: &Action, side: Side, me: Side) -> bool {
        match *action {
            Action::Move { .. } => false,
            Action::Attack { target, .. } if side == me => self.identified.contains(target),
            Action::Detonate { .. } if side == me => false,
            Action::Attack { from, target, .. } => {
                self.identified.contains(from) || self.exposed.contains(target)
            }
            Action::Detonate { at } => self.identified.contains(at),
        }
    }

    /// Whether `side` (to move in `position`) may have any attack the exchange allows: false
    /// when none of the units it may strike with or at is on the board, so the search can skip
    /// generating its attacks (the common case for level 4, whose opponent strikes only with
    /// identified units).
    pub fn may_attack(&self, position: &Position, side: Side, me: Side) -> bool {
        let theirs = position.occupied_by(side.opponent());
        if side == me {
            !self.identified.and(theirs).is_empty()
        } else {
            !self.identified.and(position.occupied_by(side)).is_empty()
                || !self.exposed.and(theirs).is_empty()
        }
    }

    /// What is known once `side` has played `action`: our exposed units stay exposed where
    /// they go, and an attack reveals the attacker (and its declared partners).
    pub fn after(&self, action: &Action, side: Side, me: Side) -> Threats {
        let mut next = *self;
        let revealed = if side == me { &mut next.exposed } else { &mut next.identified };
        match *action {
            Action::Move { from, to } => {
                if revealed.contains(from) {
                    revealed.remove(from);
                    revealed.insert(to);
                }
            }
            Action::Attack { from, via, partners, .. } => {
                revealed.remove(from);
                revealed.insert(via.unwrap_or(from));
                for partner in partners.iter() {
                    revealed.insert(partner);
                }
            }
            Action::Detonate { .. } => {}
        }
        next
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::square::Square;

    fn sq(text: &str) -> Square {
        Square::parse(text).unwrap()
    }
    fn act(text: &str) -> Action {
        Action::parse(text).unwrap()
    }
    fn set(squares: &[&str]) -> SquareSet {
        squares.iter().map(|s| sq(s)).collect()
    }

    const ME: Side = Side::South;
    const THEM: Side = Side::North;

    #[test]
    fn the_opponent_strikes_with_identified_units_or_at_exposed_ones() {
        let threats = Threats { identified: set(&["e7"]), exposed: set(&["c5"]) };
        assert!(threats.allows(&act("e7xe6"), THEM, ME), "an identified unit strikes anything");
        assert!(!threats.allows(&act("f7xf6"), THEM, ME), "a guessed marker does not strike a hidden unit");
        assert!(threats.allows(&act("c6xc5"), THEM, ME), "anything strikes a unit the enemy has seen");
        assert!(!threats.allows(&act("f7-f6"), THEM, ME), "moves are no attacks");
        assert!(threats.allows(&act("e7!"), THEM, ME) && !threats.allows(&act("f7!"), THEM, ME));
    }

    #[test]
    fn we_follow_up_only_against_identified_units() {
        let threats = Threats { identified: set(&["e7"]), exposed: SquareSet::EMPTY };
        assert!(threats.allows(&act("e6xe7"), ME, ME));
        assert!(!threats.allows(&act("f6xf7"), ME, ME), "the world's guess is no knowledge");
        assert!(!threats.allows(&act("f6!"), ME, ME));
    }

    #[test]
    fn attacks_reveal_the_attacker_and_exposure_follows_moves() {
        let threats = Threats { identified: SquareSet::EMPTY, exposed: set(&["c5"]) };
        let moved = threats.after(&act("c5-c6"), ME, ME);
        assert_eq!(moved.exposed, set(&["c6"]));
        let struck = threats.after(&act("d5-d6xd7(e6)"), ME, ME);
        assert_eq!(struck.exposed, set(&["c5", "d6", "e6"]));
        let theirs = threats.after(&act("f8-f7xf6"), THEM, ME);
        assert_eq!(theirs.identified, set(&["f7"]), "their attacker is revealed: we may strike back");
        assert!(theirs.allows(&act("f6xf7"), ME, ME));
    }
}

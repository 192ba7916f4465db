//! Which attacks the exchange search lets each side make in a sampled world.
//!
//! A sampled world guesses every unidentified marker, and a side that struck with every
//! guess as if it could see through the fog would make the search lie (strategy fusion):
//! each approach would look fatal, and every marker next to our ships would look like the
//! weak one we happen to hit. So in the exchange a side attacks only where it would know
//! what it is doing:
//! - the opponent strikes with units we have identified (their strength is known to us, so
//!   the world's guess is no guess). Level 5 used to let any hidden enemy unit strike our
//!   units the enemy had identified and our bases as well (a hidden fireship beside our
//!   revealed battleship strikes). It played better without: against level 4 in the arena,
//!   0.658 against 0.598 over the same 199 games of seed 2026, and 0.660 over 200 games of
//!   seed 2027. Level 4 had left it out for the same reason (0.35 against level 3 over 60
//!   games with it, 0.45–0.50 without);
//! - we follow up only against enemy units we have identified, the attacker that has just
//!   struck us included (an attack reveals the attacker).
//!
//! The action being chosen is judged by its average over all the worlds, so it may strike an
//! unknown marker: that is a fair bet on the belief, not a peek.

use crate::admiral::action::Action;
use crate::admiral::position::Position;
use crate::admiral::square::{Side, SquareSet};

/// The enemy units we have identified, as far as the exchange search needs them: they may
/// attack anything, and we may attack them.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Threats {
    identified: SquareSet,
}

impl Threats {
    /// The identified enemy units stand on `known`.
    pub fn identified(known: SquareSet) -> Threats {
        Threats { identified: known }
    }

    /// Whether `side`'s `action` is an attack the exchange search may play, `me` being the
    /// side whose decision is searched.
    pub fn allows(&self, action: &Action, side: Side, me: Side) -> bool {
        match *action {
            Action::Move { .. } => false,
            Action::Attack { target, .. } if side == me => self.identified.contains(target),
            Action::Detonate { .. } if side == me => false,
            Action::Attack { from, .. } => self.identified.contains(from),
            Action::Detonate { at } => self.identified.contains(at),
        }
    }

    /// Whether `side` (to move in `position`) may have any attack the exchange allows: false
    /// when no identified enemy unit is on the board (the common case), so the search can skip
    /// generating attacks.
    pub fn may_attack(&self, position: &Position, side: Side, me: Side) -> bool {
        let enemy = if side == me { side.opponent() } else { side };
        !self.identified.and(position.occupied_by(enemy)).is_empty()
    }

    /// What is known once `side` has played `action`: an enemy attack reveals the attacker
    /// (and its declared partners), and an identified enemy unit stays identified where it
    /// goes. Our own actions change nothing we know of the enemy.
    pub fn after(&self, action: &Action, side: Side, me: Side) -> Threats {
        let mut next = *self;
        if side == me {
            return next;
        }
        let revealed = &mut next.identified;
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
    use crate::admiral::unit::{Piece, UnitKind};
    use crate::ai::testing::admiral::{act, sq};
    use crate::shared::Rules;
    use crate::shared::SetupPosition;

    fn set(squares: &[&str]) -> SquareSet {
        squares.iter().map(|s| sq(s)).collect()
    }

    const ME: Side = Side::South;
    const THEM: Side = Side::North;

    #[test]
    fn the_opponent_strikes_only_with_identified_units() {
        let threats = Threats::identified(set(&["e7"]));
        assert!(threats.allows(&act("e7xe6"), THEM, ME), "an identified unit strikes anything");
        assert!(!threats.allows(&act("f7xf6"), THEM, ME), "a guessed marker does not strike");
        assert!(!threats.allows(&act("f7-f6"), THEM, ME), "moves are no attacks");
        assert!(threats.allows(&act("e7!"), THEM, ME) && !threats.allows(&act("f7!"), THEM, ME));
    }

    #[test]
    fn we_follow_up_only_against_identified_units() {
        let threats = Threats::identified(set(&["e7"]));
        assert!(threats.allows(&act("e6xe7"), ME, ME));
        assert!(!threats.allows(&act("f6xf7"), ME, ME), "the world's guess is no knowledge");
        assert!(!threats.allows(&act("f6!"), ME, ME));
    }

    #[test]
    fn attacks_reveal_the_attacker_and_identified_units_are_followed() {
        let threats = Threats::identified(set(&["e9"]));
        assert_eq!(threats.after(&act("e9-e8"), THEM, ME).identified, set(&["e8"]));
        let theirs = threats.after(&act("f8-f7xf6"), THEM, ME);
        assert_eq!(theirs.identified, set(&["e9", "f7"]), "their attacker is revealed: we may strike back");
        assert!(theirs.allows(&act("f6xf7"), ME, ME));
        assert_eq!(threats.after(&act("d5-d6xd7(e6)"), ME, ME), threats);
    }

    #[test]
    fn no_attack_is_looked_for_without_an_identified_enemy_unit_on_the_board() {
        let mut position = Position::empty(ME);
        position.put(sq("e6"), Piece::new(ME, UnitKind::Battleship));
        position.put(sq("e7"), Piece::new(THEM, UnitKind::Destroyer));
        for side in [ME, THEM] {
            assert!(!Threats::identified(SquareSet::EMPTY).may_attack(&position, side, ME));
            assert!(!Threats::identified(set(&["h9"])).may_attack(&position, side, ME));
            assert!(Threats::identified(set(&["e7"])).may_attack(&position, side, ME));
        }
    }
}

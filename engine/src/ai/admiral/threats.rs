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
//!   struck us included (an attack reveals the attacker);
//! - with exposure (level 5), any enemy unit may also strike what it knows of ours: our
//!   aircraft once it has been seen, the carrier beside it (which the marker there can only
//!   be), the unit of ours that has just attacked, and (level 5) our ships and weapons the
//!   public record gives away (`deduction`). The enemy knows its own units and
//!   what it strikes, so this is no peek through the fog. Rule-based programs ram a seen
//!   aircraft with a battleship or a raider and the marker beside it with anything, and
//!   without exposure level 5's exchange never saw that answer coming (doc/admiral-ai.md,
//!   "What the enemy knows of us");
//! - with exposure, the enemy may also set off its atomic bomb wherever the world puts it,
//!   when our units stand in the blast: the enemy always knows where its own bomb is. Without
//!   this the siege sailed next to unmoved markers in the enemy's second and third rows as if
//!   a bomb could only go off once we had identified it, and a level 4 that kept its bomb
//!   there held level 5 to 0.647 over 200 games; with it level 5 scored 0.735
//!   (doc/admiral-ai.md, "The bastion and the enemy's own bomb").
//!
//! Beyond the exchange, with exposure, a seen aircraft is also counted at risk from the enemy's
//! battleships and raiders a few steps off ([`Threats::aircraft_at_risk`]): by the time one is
//! within the exchange's two steps, the air group can no longer get away.
//!
//! The action being chosen is judged by its average over all the worlds, so it may strike an
//! unknown marker: that is a fair bet on the belief, not a peek.

use crate::admiral::action::Action;
use crate::admiral::position::{carrier_slot, Position};
use crate::admiral::resolve::blast_squares;
use crate::admiral::square::{Side, SquareSet};
use crate::admiral::unit::UnitKind;
use crate::ai::admiral::eval::value;
use crate::shared::SetupPosition;

/// The enemy units we have identified, as far as the exchange search needs them: they may
/// attack anything, and we may attack them. With exposure, also our own units the enemy has
/// identified: any enemy unit may strike those.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Threats {
    identified: SquareSet,
    /// Our units the enemy has identified, followed through our actions; `None` without
    /// exposure (see [`Threats::exposing`]).
    exposed: Option<SquareSet>,
}

impl Threats {
    /// The identified enemy units stand on `known`.
    pub fn identified(known: SquareSet) -> Threats {
        Threats { identified: known, exposed: None }
    }

    /// The same, and the enemy knows our units on `exposed`: any of its units, identified or
    /// not, may strike them (it knows its own units and what it strikes, so this is no peek
    /// through the fog), and our carrier beside an exposed aircraft, which it can only be.
    /// It may also set off its bomb, identified or not, when our units are in the blast.
    /// Our attacks in the exchange expose their attackers.
    pub fn exposing(self, exposed: SquareSet) -> Threats {
        Threats { exposed: Some(exposed), ..self }
    }

    /// What `side`, to move in `position`, may strike in the exchange, `me` being the side
    /// whose decision is searched: worked out once per position, for all of its attacks.
    pub fn targets(&self, position: &Position, side: Side, me: Side) -> Targets {
        let ours_known = match self.exposed {
            Some(exposed) if side != me => known_to_enemy(position, exposed, me),
            _ => SquareSet::EMPTY,
        };
        let enemy_units = position.occupied_by(me.opponent());
        // A contact attack may follow a move: two steps (an aircraft further out is not counted).
        let reach = ours_known.orthogonal_neighbours();
        let own_bomb = self.exposed.is_some() && side != me && bomb_blast_reaches(position, me);
        let any = own_bomb
            || !self.identified.and(enemy_units).is_empty()
            || !ours_known.is_empty() && !reach.or(reach.orthogonal_neighbours()).and(enemy_units).is_empty();
        Targets { identified: self.identified, ours_known, own_bomb, mine: side == me, any }
    }

    /// What is known once `side` has played `action`: an enemy attack reveals the attacker
    /// (and its declared partners), and an identified enemy unit stays identified where it
    /// goes. With exposure, the same holds for our units the enemy knows after our actions.
    pub fn after(&self, action: &Action, side: Side, me: Side) -> Threats {
        let mut next = *self;
        if side != me {
            next.identified = shown_after(next.identified, action);
        } else if let Some(exposed) = next.exposed {
            next.exposed = Some(shown_after(exposed, action));
        }
        next
    }

    /// What our seen aircraft (with exposure) stands to lose in `position` to the enemy's
    /// battleships and raiders beyond the exchange's horizon: the share of its worth in
    /// [`HUNTER_STEPS`] for each of them 3, 4 or 5 steps from it, at most all of it. One within
    /// two steps is the exchange's to count (it may move and strike at once), and whatever
    /// else a ship rams it with only sinks the ship.
    pub fn aircraft_at_risk(&self, position: &Position, me: Side) -> f32 {
        let Some(exposed) = self.exposed else { return 0.0 };
        let ships = position.contact[me.opponent()];
        let mut at_risk = 0.0;
        for aircraft in aircraft_among(position, exposed, me).iter() {
            let mut within = SquareSet::from_iter([aircraft]);
            for _ in 0..2 {
                within = within.or(within.orthogonal_neighbours());
            }
            let mut share = 0.0;
            for weight in HUNTER_STEPS {
                let next = within.or(within.orthogonal_neighbours());
                let ring = next.minus(within).and(ships).iter();
                let hunters = ring.filter(|&sq| position.piece_at(sq).is_some_and(|p| p.kind.is_anti_air()));
                share += weight * hunters.count() as f32;
                within = next;
            }
            at_risk += share.min(1.0) * value(UnitKind::Aircraft);
        }
        at_risk
    }
}

/// The share of a seen aircraft's worth at risk from each enemy battleship or raider 3, 4 and 5
/// steps away (see [`Threats::aircraft_at_risk`]): such a ship catches an aircraft that must
/// wait for its carrier at every step. Without this, level 5's exchange saw a hunter only once
/// it stood within two steps, when the air group could no longer get away: against
/// `players/hunter.py` its aircraft was shot down 91 times in 160 games, 78 with it, and it
/// scored 0.672 against 0.619 over the same games (0.635 against 0.592 over 240, with two
/// fresh seeds; doc/admiral-ai.md, "The hunted aircraft").
const HUNTER_STEPS: [f32; 3] = [0.4, 0.2, 0.1];

/// What one side may strike in the exchange in one position (see [`Threats::targets`]).
#[derive(Copy, Clone, Debug)]
pub struct Targets {
    /// The enemy units we have identified.
    identified: SquareSet,
    /// Our units the enemy can pick out (empty when we are to move, or without exposure).
    ours_known: SquareSet,
    /// Whether the enemy, to move, may set off its bomb wherever it stands (with exposure,
    /// when our units are in the blast).
    own_bomb: bool,
    /// Whether the side to move is ours.
    mine: bool,
    /// Whether any attack may be allowed (see [`Targets::any`]).
    any: bool,
}

impl Targets {
    /// Whether `action` is an attack the exchange search may play.
    pub fn allows(&self, action: &Action) -> bool {
        match *action {
            Action::Move { .. } => false,
            Action::Attack { target, .. } if self.mine => self.identified.contains(target),
            Action::Detonate { .. } if self.mine => false,
            Action::Attack { from, target, .. } => {
                self.identified.contains(from) || self.ours_known.contains(target)
            }
            Action::Detonate { at } => self.own_bomb || self.identified.contains(at),
        }
    }

    /// Whether the side may have any attack the exchange allows: false when no identified
    /// enemy unit is on the board (the common case), no enemy unit is two steps or less from
    /// one of ours it can pick out, and no enemy bomb may go off with our units in its blast,
    /// so the search can skip generating attacks.
    pub fn any(&self) -> bool {
        self.any
    }
}

/// Our units (`me`'s) in `position` the enemy can pick out: those on `exposed`, and the carrier
/// beside an exposed aircraft.
fn known_to_enemy(position: &Position, exposed: SquareSet, me: Side) -> SquareSet {
    let known = exposed.and(position.occupied_by(me));
    let aircraft = aircraft_among(position, known, me);
    let carriers =
        carrier_slot(UnitKind::Carrier).map_or(SquareSet::EMPTY, |slot| position.carriers[me][slot]);
    known.or(aircraft.touching().and(carriers))
}

/// `me`'s aircraft among the squares `shown` in `position`.
fn aircraft_among(position: &Position, shown: SquareSet, me: Side) -> SquareSet {
    let weapons = shown.and(position.weapons[me]).iter();
    weapons.filter(|&sq| position.piece_at(sq).is_some_and(|p| p.kind == UnitKind::Aircraft)).collect()
}

/// Whether an enemy atomic bomb (`me`'s opponent's) has one of our units in its blast.
fn bomb_blast_reaches(position: &Position, me: Side) -> bool {
    let them = me.opponent();
    if position.count(them, UnitKind::AtomicBomb) == 0 {
        return false;
    }
    let ours = position.occupied_by(me);
    position.occupied_by(them).iter().any(|sq| {
        position.piece_at(sq).is_some_and(|p| p.kind == UnitKind::AtomicBomb)
            && blast_squares(sq).any(|b| ours.contains(b))
    })
}

/// The acting side's units its opponent knows, `shown`, after its `action`: a known unit stays
/// known where it goes, and an attack shows the attacker (where it struck from) and its
/// declared partners.
fn shown_after(mut shown: SquareSet, action: &Action) -> SquareSet {
    match *action {
        Action::Move { from, to } => {
            if shown.contains(from) {
                shown.remove(from);
                shown.insert(to);
            }
        }
        Action::Attack { from, via, partners, .. } => {
            shown.remove(from);
            shown.insert(via.unwrap_or(from));
            for partner in partners.iter() {
                shown.insert(partner);
            }
        }
        Action::Detonate { .. } => {}
    }
    shown
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

    /// A board with nothing on it (no unit of ours to pick out).
    fn nowhere() -> Position {
        Position::empty(ME)
    }

    const ME: Side = Side::South;
    const THEM: Side = Side::North;

    #[test]
    fn the_opponent_strikes_only_with_identified_units() {
        let theirs = Threats::identified(set(&["e7"])).targets(&nowhere(), THEM, ME);
        assert!(theirs.allows(&act("e7xe6")), "an identified unit strikes anything");
        assert!(!theirs.allows(&act("f7xf6")), "a guessed marker does not strike");
        assert!(!theirs.allows(&act("f7-f6")), "moves are no attacks");
        assert!(theirs.allows(&act("e7!")) && !theirs.allows(&act("f7!")));
    }

    #[test]
    fn we_follow_up_only_against_identified_units() {
        let ours = Threats::identified(set(&["e7"])).targets(&nowhere(), ME, ME);
        assert!(ours.allows(&act("e6xe7")));
        assert!(!ours.allows(&act("f6xf7")), "the world's guess is no knowledge");
        assert!(!ours.allows(&act("f6!")));
    }

    #[test]
    fn attacks_reveal_the_attacker_and_identified_units_are_followed() {
        let threats = Threats::identified(set(&["e9"]));
        assert_eq!(threats.after(&act("e9-e8"), THEM, ME).identified, set(&["e8"]));
        let theirs = threats.after(&act("f8-f7xf6"), THEM, ME);
        assert_eq!(theirs.identified, set(&["e9", "f7"]), "their attacker is revealed: we may strike back");
        assert!(theirs.targets(&nowhere(), ME, ME).allows(&act("f6xf7")));
        assert_eq!(threats.after(&act("d5-d6xd7(e6)"), ME, ME), threats);
    }

    #[test]
    fn no_attack_is_looked_for_without_an_identified_enemy_unit_on_the_board() {
        let mut position = Position::empty(ME);
        position.put(sq("e6"), Piece::new(ME, UnitKind::Battleship));
        position.put(sq("e7"), Piece::new(THEM, UnitKind::Destroyer));
        for side in [ME, THEM] {
            assert!(!Threats::identified(SquareSet::EMPTY).targets(&position, side, ME).any());
            assert!(!Threats::identified(set(&["h9"])).targets(&position, side, ME).any());
            assert!(Threats::identified(set(&["e7"])).targets(&position, side, ME).any());
        }
    }

    #[test]
    fn with_exposure_any_enemy_unit_strikes_what_it_has_identified_and_the_carrier_beside_its_aircraft() {
        let mut position = Position::empty(ME);
        for (at, kind) in [("e6", UnitKind::Aircraft), ("f5", UnitKind::Carrier), ("h6", UnitKind::Cruiser)] {
            position.put(sq(at), Piece::new(ME, kind));
        }
        for at in ["e8", "g3", "h8"] {
            position.put(sq(at), Piece::new(THEM, UnitKind::Battleship));
        }
        let blind = Threats::identified(SquareSet::EMPTY);
        let seen = blind.exposing(set(&["e6"]));
        let (theirs_seen, theirs_blind) =
            (seen.targets(&position, THEM, ME), blind.targets(&position, THEM, ME));
        for (attack, known) in [("e8-e7xe6", "the exposed aircraft"), ("g3-g4xf5", "the carrier beside it")] {
            assert!(theirs_seen.allows(&act(attack)), "{known}");
            assert!(!theirs_blind.allows(&act(attack)), "{known}, unexposed");
        }
        assert!(!theirs_seen.allows(&act("h8-h7xh6")), "an unseen cruiser stays unseen");
        assert!(theirs_seen.any() && !theirs_blind.any());
        assert!(!seen.targets(&position, ME, ME).any(), "we still strike only what we have identified");
        let mut quiet = Position::empty(ME);
        quiet.put(sq("h6"), Piece::new(ME, UnitKind::Cruiser));
        quiet.put(sq("h9"), Piece::new(THEM, UnitKind::Battleship));
        let cruiser_seen = blind.exposing(set(&["h6"]));
        assert!(!cruiser_seen.targets(&quiet, THEM, ME).any(), "nothing within two steps of it");
        assert!(cruiser_seen.targets(&position, THEM, ME).any(), "a battleship two steps from it");
        // Our own strike shows the striker, and an exposed unit is followed where it goes.
        assert_eq!(
            blind.exposing(SquareSet::EMPTY).after(&act("h6-h7xh8"), ME, ME).exposed,
            Some(set(&["h7"]))
        );
        assert_eq!(seen.after(&act("e6-d6"), ME, ME).exposed, Some(set(&["d6"])));
        assert_eq!(blind.after(&act("h6-h7xh8"), ME, ME), blind, "without exposure, nothing is tracked");
    }

    #[test]
    fn with_exposure_the_enemy_may_set_off_its_unidentified_bomb_when_our_units_are_in_the_blast() {
        let mut position = Position::empty(ME);
        position.put(sq("e6"), Piece::new(ME, UnitKind::Cruiser));
        position.put(sq("e8"), Piece::new(THEM, UnitKind::AtomicBomb));
        position.put(sq("k8"), Piece::new(THEM, UnitKind::Destroyer));
        let blind = Threats::identified(SquareSet::EMPTY);
        let exposing = blind.exposing(SquareSet::EMPTY);
        let theirs = exposing.targets(&position, THEM, ME);
        assert!(theirs.any() && theirs.allows(&act("e8!")), "our cruiser is two squares from it");
        assert!(!theirs.allows(&act("k8-k7")) && !theirs.allows(&act("k8-j8xi8")), "only the bomb");
        assert!(
            !blind.targets(&position, THEM, ME).allows(&act("e8!")),
            "without exposure, only a known bomb"
        );
        assert!(!exposing.targets(&position, ME, ME).any(), "we still strike only what we have identified");
        let mut clear = position.clone();
        clear.remove(sq("e6"));
        clear.put(sq("e5"), Piece::new(ME, UnitKind::Cruiser));
        assert!(!exposing.targets(&clear, THEM, ME).any(), "three squares away: out of the blast");
    }

    #[test]
    fn a_seen_aircraft_is_at_risk_from_the_battleships_and_raiders_beyond_the_exchange() {
        let mut air_group = Position::empty(ME);
        air_group.put(sq("e6"), Piece::new(ME, UnitKind::Aircraft));
        air_group.put(sq("d5"), Piece::new(ME, UnitKind::Carrier));
        let seen = Threats::identified(SquareSet::EMPTY).exposing(set(&["e6"]));
        let risk = |threats: Threats, enemies: &[(&str, UnitKind)]| {
            let mut position = air_group.clone();
            for &(at, kind) in enemies {
                position.put(sq(at), Piece::new(THEM, kind));
            }
            threats.aircraft_at_risk(&position, ME) / value(UnitKind::Aircraft)
        };
        let near = |a: f32, b: f32| (a - b).abs() < 1e-6;
        assert!(near(risk(seen, &[("e9", UnitKind::Raider)]), 0.4), "three steps");
        assert!(near(risk(seen, &[("g8", UnitKind::Battleship)]), 0.2), "four steps");
        assert!(near(risk(seen, &[("a5", UnitKind::Raider)]), 0.1), "five steps");
        assert!(
            near(risk(seen, &[("e9", UnitKind::Raider), ("g8", UnitKind::Battleship)]), 0.6),
            "two hunters"
        );
        assert_eq!(risk(seen, &[("e8", UnitKind::Raider)]), 0.0, "two steps: the exchange's to count");
        assert_eq!(risk(seen, &[("e12", UnitKind::Raider)]), 0.0, "six steps");
        assert_eq!(risk(seen, &[("e9", UnitKind::Cruiser)]), 0.0, "a cruiser only sinks itself on it");
        assert_eq!(risk(Threats::identified(SquareSet::EMPTY), &[("e9", UnitKind::Raider)]), 0.0, "unseen");
        let closing_in = [("e9", UnitKind::Raider), ("f8", UnitKind::Raider), ("h6", UnitKind::Battleship)];
        assert_eq!(risk(seen, &closing_in), 1.0, "no more than the aircraft is worth");
    }
}

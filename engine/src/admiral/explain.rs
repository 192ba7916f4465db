//! Why an action is not legal: a specific reason for the player, computed from the mover's own
//! knowledge only (own units and where markers stand), so it never leaks hidden information.

use std::fmt;

use crate::admiral::action::Action;
use crate::admiral::movegen::{AIRCRAFT_RANGE, TORPEDO_RANGE};
use crate::admiral::position::Position;
use crate::admiral::square::Square;
use crate::admiral::unit::UnitKind;
use crate::shared::Rules;
use crate::shared::SetupPosition;

/// The reason an action was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// The game is over.
    GameOver,
    /// No unit on the square.
    NoUnit(Square),
    /// The unit belongs to the opponent.
    NotYours(Square),
    /// Naval bases and stationary mines never move.
    Immobile(UnitKind),
    /// Moves go one square up, down, left or right.
    NotOneStep(Square, Square),
    /// The destination is occupied.
    Occupied(Square),
    /// A tethered weapon away from its carrier.
    Tethered(UnitKind),
    /// This kind never attacks.
    CannotAttack(UnitKind),
    /// Nothing (or nothing of the enemy's) on the target square.
    NoEnemyThere(Square),
    /// Contact attacks reach orthogonally adjacent squares only.
    NotAdjacent(Square),
    /// Ranged attacks go along a row or column within range.
    OutOfRange(UnitKind, Square),
    /// A friendly unit blocks the torpedo's path.
    Blocked(Square),
    /// The aircraft needs its carrier adjacent, a torpedo a torpedo boat.
    NoCarrier(UnitKind),
    /// Partners that do not form a formation with the attacker.
    BadFormation,
    /// Only scale ships may declare partners.
    NoPartnersAllowed(UnitKind),
    /// Only the atomic bomb detonates.
    NotABomb(Square),
}

impl Illegal {
    /// The reason in English. (The bot's catalogue translates the variants.)
    pub fn message(&self) -> String {
        match self {
            Illegal::GameOver => "the game is over".into(),
            Illegal::NoUnit(sq) => format!("there is no unit of yours on {sq}"),
            Illegal::NotYours(sq) => format!("the unit on {sq} is not yours"),
            Illegal::Immobile(kind) => format!("a {} never moves", kind.name_en()),
            Illegal::NotOneStep(a, b) => {
                format!("{a}-{b}: units move one square up, down, left or right")
            }
            Illegal::Occupied(sq) => format!("{sq} is occupied"),
            Illegal::Tethered(kind) => format!(
                "a {} may only move while next to its {} (before or after the move)",
                kind.name_en(),
                kind.carrier().map_or("carrier", |c| c.name_en())
            ),
            Illegal::CannotAttack(kind) => format!("a {} never attacks", kind.name_en()),
            Illegal::NoEnemyThere(sq) => format!("there is no enemy unit on {sq}"),
            Illegal::NotAdjacent(sq) => format!("{sq} is not next to the attacker (contact attacks go up, down, left or right)"),
            Illegal::OutOfRange(kind, sq) => format!(
                "{sq} is out of the {}'s reach ({} squares along a row or column)",
                kind.name_en(),
                if *kind == UnitKind::Aircraft { "1–4" } else { "1–2" }
            ),
            Illegal::Blocked(sq) => format!("your own unit on {sq} is in the torpedo's way"),
            Illegal::NoCarrier(kind) => format!(
                "a {} can only strike while its {} is next to it",
                kind.name_en(),
                kind.carrier().map_or("carrier", |c| c.name_en())
            ),
            Illegal::BadFormation => "those partners do not form a formation with the attacker (see the strength table; members must be connected side by side)".into(),
            Illegal::NoPartnersAllowed(kind) => format!("a {} always attacks alone", kind.name_en()),
            Illegal::NotABomb(sq) => format!("only the atomic bomb detonates, and {sq} holds none of yours"),
        }
    }
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message())
    }
}

impl Position {
    /// Why `action` is not legal for the side to move, or `None` if it is legal.
    pub fn why_illegal(&self, action: &Action) -> Option<Illegal> {
        if self.is_legal(action) {
            return None;
        }
        if self.counters.decided.is_some() || !self.has_legal_action() {
            return Some(Illegal::GameOver);
        }
        let from = action.from();
        let Some(piece) = self.piece_at(from) else {
            return Some(match action {
                Action::Detonate { at } => Illegal::NotABomb(*at),
                _ => Illegal::NoUnit(from),
            });
        };
        if piece.side != self.to_move() {
            return Some(Illegal::NotYours(from));
        }
        let kind = piece.kind;
        if let Some(to) = action.step() {
            if kind.is_immobile() {
                return Some(Illegal::Immobile(kind));
            }
            if !from.is_orthogonal_to(to) {
                return Some(Illegal::NotOneStep(from, to));
            }
            if self.piece_at(to).is_some() {
                return Some(Illegal::Occupied(to));
            }
            if let Some(carrier) = kind.carrier() {
                if !self.has_adjacent(from, piece.side, carrier, None)
                    && !self.has_adjacent(to, piece.side, carrier, None)
                {
                    return Some(Illegal::Tethered(kind));
                }
            }
        }
        match *action {
            Action::Move { .. } => None,
            Action::Detonate { at } => Some(Illegal::NotABomb(at)),
            Action::Attack { target, partners, .. } => {
                let at = action.origin_of_attack();
                if matches!(
                    kind,
                    UnitKind::Carrier
                        | UnitKind::Mine
                        | UnitKind::StationaryMine
                        | UnitKind::NavalBase
                        | UnitKind::AtomicBomb
                ) {
                    return Some(Illegal::CannotAttack(kind));
                }
                if self.piece_at(target).is_none_or(|p| p.side == piece.side) {
                    return Some(Illegal::NoEnemyThere(target));
                }
                let (dc, dr) = (at.col().abs_diff(target.col()) as i8, at.row().abs_diff(target.row()) as i8);
                let aligned = dc == 0 || dr == 0;
                match kind {
                    UnitKind::Aircraft | UnitKind::Torpedo => {
                        let range = if kind == UnitKind::Aircraft { AIRCRAFT_RANGE } else { TORPEDO_RANGE };
                        if !aligned || dc + dr > range {
                            return Some(Illegal::OutOfRange(kind, target));
                        }
                        if !partners.is_empty() {
                            return Some(Illegal::NoPartnersAllowed(kind));
                        }
                        let carrier = kind.carrier().expect("weapons have carriers");
                        if !self.has_adjacent(at, piece.side, carrier, None) {
                            return Some(Illegal::NoCarrier(kind));
                        }
                        // The only remaining reason for a torpedo: something in the way.
                        let step = (
                            (target.col() as i8 - at.col() as i8).signum(),
                            (target.row() as i8 - at.row() as i8).signum(),
                        );
                        let between = at.offset(step.0, step.1).filter(|&sq| sq != target);
                        Some(between.map_or(Illegal::BadFormation, Illegal::Blocked))
                    }
                    _ => {
                        if !at.is_orthogonal_to(target) {
                            return Some(Illegal::NotAdjacent(target));
                        }
                        if !partners.is_empty() && !kind.is_scale_ship() {
                            return Some(Illegal::NoPartnersAllowed(kind));
                        }
                        Some(Illegal::BadFormation)
                    }
                }
            }
        }
    }
}

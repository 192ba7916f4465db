//! The position: which unit stands where, whose turn it is, and the counters the end rules need.

use std::fmt;

use crate::admiral::outcome::EndReason;
use crate::admiral::record::QuietRule;
use crate::admiral::square::{AdmiralBoard, Side, Square, SquareSet, SQUARES};
use crate::admiral::unit::{Piece, UnitKind, KINDS};
use crate::shared::game::debug_position;
use crate::shared::layout::SetupPosition;
use crate::shared::{BySide, Counters};

/// Consecutive plies without a destruction after which the game is drawn.
pub const QUIET_PLY_LIMIT: u16 = 200;

/// A position of Admiral: the board, the side to move and the quiet-ply counter.
///
/// Positions hold any units in any numbers (fixtures with a handful of units are normal); only
/// new games from layouts have full fleets.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) board: [Option<Piece>; SQUARES],
    pub(crate) occupied: BySide<SquareSet>,
    pub(crate) counts: BySide<[u8; KINDS]>,
    /// Per side: tethered weapons (AC, TP, MN), immobile units (NB, SM), contact attackers
    /// (scale ships and FS). Kept in step with the board for the fast move generator.
    pub(crate) weapons: BySide<SquareSet>,
    pub(crate) immobile: BySide<SquareSet>,
    pub(crate) contact: BySide<SquareSet>,
    /// Per side, the carriers of tethered weapons: CV, TB, DD (see [`carrier_slot`]).
    pub(crate) carriers: BySide<[SquareSet; 3]>,
    /// The side to move, the quiet plies and the result the last action decided.
    pub(crate) counters: Counters<EndReason>,
    /// What restarts the quiet plies: today's rule, or an old record's.
    pub(crate) quiet_rule: QuietRule,
}

impl Position {
    /// What restarts the count of quiet plies in this game.
    #[inline]
    pub fn quiet_rule(&self) -> QuietRule {
        self.quiet_rule
    }

    /// The squares holding `side`'s units, in square order.
    #[inline]
    pub fn occupied_by(&self, side: Side) -> SquareSet {
        self.occupied[side]
    }

    /// Every unit with its square, in square order.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        Square::all().filter_map(|sq| self.piece_at(sq).map(|p| (sq, p)))
    }

    /// How many units of `kind` `side` has on the board.
    #[inline]
    pub fn count(&self, side: Side, kind: UnitKind) -> usize {
        self.counts[side][kind.index()] as usize
    }

    /// The class set a kind belongs to, if any (see the fields' docs).
    #[inline]
    fn class_set(&mut self, kind: UnitKind, side: Side) -> Option<&mut SquareSet> {
        let i = side;
        if kind.carrier().is_some() {
            Some(&mut self.weapons[i])
        } else if kind.is_immobile() {
            Some(&mut self.immobile[i])
        } else if kind.is_scale_ship() || kind == UnitKind::Fireship {
            Some(&mut self.contact[i])
        } else {
            None
        }
    }

    /// True if `side` has a unit of kind `kind` on one of the eight squares around `sq`
    /// (`except` is treated as empty).
    #[inline]
    pub(crate) fn has_adjacent(
        &self,
        sq: Square,
        side: Side,
        kind: UnitKind,
        except: Option<Square>,
    ) -> bool {
        sq.surrounding().any(|n| Some(n) != except && self.board[n.index()] == Some(Piece::new(side, kind)))
    }
}

/// The slot of a weapon carrier kind in [`Position::carriers`]: CV 0, TB 1, DD 2.
#[inline]
pub(crate) fn carrier_slot(kind: UnitKind) -> Option<usize> {
    match kind {
        UnitKind::Carrier => Some(0),
        UnitKind::TorpedoBoat => Some(1),
        UnitKind::Destroyer => Some(2),
        _ => None,
    }
}

impl SetupPosition for Position {
    type Kind = UnitKind;

    /// The unit on a square.
    #[inline]
    fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// Puts a unit on a square (replacing whatever stood there). For building positions.
    fn put(&mut self, sq: Square, piece: Piece) {
        self.remove(sq);
        self.board[sq.index()] = Some(piece);
        self.occupied[piece.side].insert(sq);
        self.counts[piece.side][piece.kind.index()] += 1;
        if let Some(set) = self.class_set(piece.kind, piece.side) {
            set.insert(sq);
        }
        if let Some(slot) = carrier_slot(piece.kind) {
            self.carriers[piece.side][slot].insert(sq);
        }
    }

    /// Clears a square, returning what stood there.
    fn remove(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.board[sq.index()].take()?;
        self.occupied[piece.side].remove(sq);
        self.counts[piece.side][piece.kind.index()] -= 1;
        if let Some(set) = self.class_set(piece.kind, piece.side) {
            set.remove(sq);
        }
        if let Some(slot) = carrier_slot(piece.kind) {
            self.carriers[piece.side][slot].remove(sq);
        }
        Some(piece)
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        debug_position(self, f)
    }
}

/// Why position text could not be read.
pub type PositionTextError = crate::shared::grid::PositionTextError<AdmiralBoard>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shared::Rules;

    #[test]
    fn text_round_trip() {
        let mut pos = Position::empty(Side::South);
        pos.put(Square::parse("a1").unwrap(), Piece::new(Side::South, UnitKind::NavalBase));
        pos.put(Square::parse("n15").unwrap(), Piece::new(Side::North, UnitKind::Carrier));
        let text = pos.to_text();
        assert!(!text.ends_with('\n'));
        assert!(text.starts_with(". . . . . . . . . . . . . cv"));
        assert_eq!(Position::from_text(&text, Side::South).unwrap(), pos);
        let crlf = format!("\r\n\n{}\r\n\n", text.replace('\n', "\r\n").replace(' ', "   "));
        assert_eq!(Position::from_text(&crlf, Side::South).unwrap(), pos);
    }

    #[test]
    fn text_errors() {
        assert_eq!(Position::from_text("", Side::South), Err(PositionTextError::Rows(0)));
        let mut rows = vec![". . . . . . . . . . . . . ."; 15];
        rows[14] = ". . .";
        assert_eq!(
            Position::from_text(&rows.join("\n"), Side::South),
            Err(PositionTextError::Columns { row: 1, found: 3 })
        );
        rows[14] = ". . . . . . . . . . . . . Xx";
        assert!(matches!(
            Position::from_text(&rows.join("\n"), Side::South),
            Err(PositionTextError::Token { row: 1, column: 14, .. })
        ));
    }
}

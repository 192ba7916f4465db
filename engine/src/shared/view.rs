//! What both rulesets' views share: a board of cells as one side sees it (its own pieces, enemy
//! pieces with their remembered identities, squares with no piece), the text form a view's
//! JSON keeps it in, and the lists a player reads off it.

use serde::{Deserialize, Deserializer, Serializer};

use super::grid::{write_grid_text, Board, GridSquare};
use super::language::Language;
use super::piece::PieceKind;

/// A piece on a view's square, as the viewer sees it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Shown<K> {
    /// One of the viewer's own pieces, of this kind.
    Own(K),
    /// An enemy piece, with its remembered identity if any.
    Enemy(Option<K>),
}

/// One square of a ruleset's view.
pub trait ViewCell: Copy + PartialEq + 'static {
    /// The board the view shows.
    type Board: Board;
    /// The ruleset's kind of piece.
    type Kind: PieceKind;
    /// Every cell that holds no piece, with its board-text token. The first is the empty
    /// square (`.`), which a board is filled with before it is read.
    const BARE: &'static [(Self, &'static str)];

    /// The cell holding `piece`.
    fn holding(piece: Shown<Self::Kind>) -> Self;
    /// The piece on the cell, if any (none exactly for the cells of [`ViewCell::BARE`]).
    fn piece(self) -> Option<Shown<Self::Kind>>;
}

/// The viewer's own pieces on `cells` (indexed by square), with their squares, in square order.
pub fn own_pieces<C: ViewCell>(cells: &[C]) -> impl Iterator<Item = (GridSquare<C::Board>, C::Kind)> + '_ {
    GridSquare::all().filter_map(|sq| match cells[sq.index()].piece() {
        Some(Shown::Own(kind)) => Some((sq, kind)),
        _ => None,
    })
}

/// The enemy pieces on `cells` (indexed by square) with their remembered identities, in square
/// order.
pub fn enemy_pieces<C: ViewCell>(
    cells: &[C],
) -> impl Iterator<Item = (GridSquare<C::Board>, Option<C::Kind>)> + '_ {
    GridSquare::all().filter_map(|sq| match cells[sq.index()].piece() {
        Some(Shown::Enemy(intel)) => Some((sq, intel)),
        _ => None,
    })
}

/// The board of a view as text (`#[serde(with = "crate::shared::view::board_text")]` on its
/// cells): the position-text grid (top row first), each cell of [`ViewCell::BARE`] by its token,
/// the viewer's own pieces as upper-case codes and enemy pieces as `?`, or `?` followed by the
/// remembered code in lower case (`?cr`).
pub mod board_text {
    use super::*;

    /// The code a kind is written with in board text (the English one).
    fn code<K: PieceKind>(kind: K) -> &'static str {
        kind.code(Language::En)
    }

    /// Appends a cell's token.
    fn token<C: ViewCell>(cell: C, out: &mut String) {
        match cell.piece() {
            Some(Shown::Own(kind)) => out.push_str(code(kind)),
            Some(Shown::Enemy(intel)) => {
                out.push('?');
                if let Some(kind) = intel {
                    out.push_str(&code(kind).to_ascii_lowercase());
                }
            }
            None => {
                let bare = C::BARE.iter().find(|(bare, _)| *bare == cell);
                out.push_str(bare.expect("a cell with no piece is listed as bare").1);
            }
        }
    }

    /// Writes the cells as board text.
    pub fn serialize<C: ViewCell, S: Serializer>(cells: &[C], serializer: S) -> Result<S::Ok, S::Error> {
        serializer
            .serialize_str(&write_grid_text(|sq: GridSquare<C::Board>, out| token(cells[sq.index()], out)))
    }

    /// Reads board text: exactly one line per row; a row with fewer tokens than columns leaves
    /// the rest of it empty.
    pub fn deserialize<'de, C: ViewCell, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<C>, D::Error> {
        use serde::de::Error;
        let rows = C::Board::ROWS;
        let text = String::deserialize(deserializer)?;
        let mut cells = vec![C::BARE[0].0; C::Board::SQUARES];
        let lines: Vec<&str> = text.lines().collect();
        if lines.len() != rows as usize {
            return Err(D::Error::custom(format!("a view board has {rows} rows")));
        }
        let kind = |text: &str| {
            C::Kind::ALL
                .iter()
                .copied()
                .find(|&kind| code(kind).eq_ignore_ascii_case(text))
                .ok_or_else(|| D::Error::custom(format!("unknown code {text}")))
        };
        for (i, line) in lines.iter().enumerate() {
            let row = rows - 1 - i as u8;
            for (col, token) in line.split_whitespace().enumerate() {
                let sq = GridSquare::<C::Board>::new(col as u8, row)
                    .ok_or_else(|| D::Error::custom("too many columns"))?;
                let bare = C::BARE.iter().find(|(_, bare)| *bare == token);
                cells[sq.index()] = match (bare, token.strip_prefix('?')) {
                    (Some(&(cell, _)), _) => cell,
                    (None, Some("")) => C::holding(Shown::Enemy(None)),
                    (None, Some(code)) => C::holding(Shown::Enemy(Some(kind(code)?))),
                    (None, None) => C::holding(Shown::Own(kind(token)?)),
                };
            }
        }
        Ok(cells)
    }
}

//! The square arithmetic both boards share: a square of a rectangular grid, numbered
//! column-major (`a1` = 0, `a2` = 1, …), its column and row, the rows counted from either side,
//! the setup zones, and the `e3` notation. What differs between the boards (their size, the
//! depth of a setup zone) is a [`Board`]; what the rules do with the squares (neighbours,
//! lakes, square sets) stays with each ruleset.

use std::fmt;
use std::hash::Hash;
use std::marker::PhantomData;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::notation::{column_letter, deserialize_text, serialize_text};
use super::side::Side;

/// A board's size, and how its squares and position text are named in messages: a marker
/// type that [`GridSquare`] is built for.
pub trait Board:
    Copy + fmt::Debug + PartialEq + Eq + Hash + PartialOrd + Ord + Send + Sync + 'static
{
    /// Number of columns (`a`, `b`, …).
    const COLS: u8;
    /// Number of rows (`1`, `2`, …).
    const ROWS: u8;
    /// Rows of a setup zone, counted from each side's back row.
    const ZONE_ROWS: u8;
    /// How a square of this board is written, for the message about a string that is not one
    /// (`columns a–n, rows 1–15`).
    const SQUARE_HINT: &'static str;
    /// What a position on this board is called in the message about its rows (`a position`).
    const POSITION_NAME: &'static str;
    /// What a token of position text may be, for the message about one that is not
    /// (`` `.` or a unit code (…)``).
    const TOKEN_HINT: &'static str;
    /// Number of squares.
    const SQUARES: usize = Self::COLS as usize * Self::ROWS as usize;
}

/// A square of the board `B`.
///
/// The index is column-major (`a1` = 0, `a2` = 1, …, `b1` = `B::ROWS`, …), so the natural
/// ordering of squares is the rules' *square order*: by column from `a`, then by row from 1.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GridSquare<B: Board>(u8, PhantomData<B>);

impl<B: Board> GridSquare<B> {
    /// The square with this index, which the caller knows is on the board.
    #[inline]
    pub(crate) const fn at(index: u8) -> GridSquare<B> {
        GridSquare(index, PhantomData)
    }

    /// Builds a square from a 0-based column (0 = `a`) and a 0-based row (0 = row 1).
    #[inline]
    pub const fn new(col: u8, row: u8) -> Option<GridSquare<B>> {
        if col < B::COLS && row < B::ROWS {
            Some(GridSquare::at(col * B::ROWS + row))
        } else {
            None
        }
    }

    /// The square with this index (see the type's docs), if it is on the board.
    #[inline]
    pub const fn from_index(index: usize) -> Option<GridSquare<B>> {
        if index < B::SQUARES {
            Some(GridSquare::at(index as u8))
        } else {
            None
        }
    }

    /// Column-major index, `0..B::SQUARES`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0-based column (0 = `a`).
    #[inline]
    pub const fn col(self) -> u8 {
        self.0 / B::ROWS
    }

    /// 0-based row (0 = row 1).
    #[inline]
    pub const fn row(self) -> u8 {
        self.0 % B::ROWS
    }

    /// Every square in square order.
    pub fn all() -> impl Iterator<Item = GridSquare<B>> {
        (0..B::SQUARES as u8).map(GridSquare::at)
    }

    /// The row counted from `side`'s back row: 0 for that side's back row, `B::ROWS - 1` for
    /// the far one.
    #[inline]
    pub const fn rank_from(self, side: Side) -> u8 {
        match side {
            Side::South => self.row(),
            Side::North => B::ROWS - 1 - self.row(),
        }
    }

    /// True if this square lies in `side`'s setup zone (its `B::ZONE_ROWS` back rows).
    #[inline]
    pub const fn in_zone_of(self, side: Side) -> bool {
        self.rank_from(side) < B::ZONE_ROWS
    }

    /// The Manhattan distance: orthogonal steps from one square to the other.
    #[inline]
    pub fn distance(self, other: GridSquare<B>) -> u8 {
        self.col().abs_diff(other.col()) + self.row().abs_diff(other.row())
    }

    /// Parses a square, accepting upper case and Cyrillic look-alike column letters.
    pub fn parse(text: &str) -> Option<GridSquare<B>> {
        let mut chars = text.chars();
        let col = column_letter(chars.next()?)?;
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        if digits.starts_with('0') {
            return None;
        }
        let row: u8 = digits.parse().ok()?;
        GridSquare::new(col, row.checked_sub(1)?)
    }
}

impl<B: Board> fmt::Display for GridSquare<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.col()) as char, self.row() + 1)
    }
}

impl<B: Board> fmt::Debug for GridSquare<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The error for a string that is not a square.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{text}` is not a square ({hint})")]
pub struct ParseSquareError {
    /// The string, as given.
    pub text: String,
    /// How the board's squares are written.
    pub hint: &'static str,
}

impl<B: Board> FromStr for GridSquare<B> {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        GridSquare::parse(s.trim())
            .ok_or_else(|| ParseSquareError { text: s.to_string(), hint: B::SQUARE_HINT })
    }
}

impl<B: Board> Serialize for GridSquare<B> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serialize_text(self, serializer)
    }
}

impl<'de, B: Board> Deserialize<'de> for GridSquare<B> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserialize_text(deserializer)
    }
}

/// Why position text on board `B` could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionTextError<B: Board> {
    /// Wrong number of non-blank lines.
    #[error("{name} has {rows} rows (row {rows} first), found {0} non-blank lines", name = B::POSITION_NAME, rows = B::ROWS)]
    Rows(usize),
    /// A row with the wrong number of tokens.
    #[error("row {row} has {found} tokens, expected {cols} (columns a–{last})", cols = B::COLS, last = (b'a' + B::COLS - 1) as char)]
    Columns {
        /// 1-based row.
        row: u8,
        /// Tokens found.
        found: usize,
    },
    /// An unknown token.
    #[error("row {row}, column {column}: `{token}` is not {hint}", hint = B::TOKEN_HINT)]
    Token {
        /// 1-based row.
        row: u8,
        /// 1-based column (a = 1).
        column: usize,
        /// The token.
        token: String,
    },
    /// A piece placed on a lake (boards without lakes never give it).
    #[error("{square} is a lake: no piece can stand there")]
    Lake {
        /// The square.
        square: GridSquare<B>,
    },
}

impl<B: Board> PositionTextError<B> {
    /// The error for an unknown token on `sq`.
    pub fn token(sq: GridSquare<B>, token: &str) -> PositionTextError<B> {
        PositionTextError::Token {
            row: sq.row() + 1,
            column: sq.col() as usize + 1,
            token: token.to_string(),
        }
    }
}

/// Reads the grid of position text on board `B`: `B::ROWS` non-blank lines, the top row first,
/// of `B::COLS` tokens separated by any white space (CRLF and blank lines around are fine).
/// `read` takes each token with its square, row by row, and may refuse it; a wrong number of
/// lines or of tokens in a row is refused before any token of that row is read.
pub fn read_grid_text<B: Board>(
    text: &str,
    mut read: impl FnMut(GridSquare<B>, &str) -> Result<(), PositionTextError<B>>,
) -> Result<(), PositionTextError<B>> {
    let lines: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    if lines.len() != B::ROWS as usize {
        return Err(PositionTextError::Rows(lines.len()));
    }
    for (i, line) in lines.iter().enumerate() {
        let row = B::ROWS - 1 - i as u8;
        let tokens: Vec<&str> = line.split_whitespace().collect();
        if tokens.len() != B::COLS as usize {
            return Err(PositionTextError::Columns { row: row + 1, found: tokens.len() });
        }
        for (col, token) in tokens.iter().enumerate() {
            read(GridSquare::new(col as u8, row).expect("in range"), token)?;
        }
    }
    Ok(())
}

/// Writes the grid of position text on board `B` (no trailing newline): the top row first,
/// tokens separated by one space; `write` appends each square's token.
pub fn write_grid_text<B: Board>(mut write: impl FnMut(GridSquare<B>, &mut String)) -> String {
    let mut out = String::with_capacity(B::SQUARES * 3);
    for row in (0..B::ROWS).rev() {
        for col in 0..B::COLS {
            if col > 0 {
                out.push(' ');
            }
            write(GridSquare::new(col, row).expect("in range"), &mut out);
        }
        if row > 0 {
            out.push('\n');
        }
    }
    out
}

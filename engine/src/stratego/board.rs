//! Stratego board geometry: the 10×10 grid, its two lakes, squares and square sets.

use std::fmt;

pub use crate::shared::grid::{Board, GridSquare, ParseSquareError};

/// A string that is not a square of the Stratego board (the shared [`ParseSquareError`]).
pub type ParseSqError = ParseSquareError;

/// Number of columns (`a`..`j`).
pub const COLS: u8 = 10;
/// Number of rows (`1`..`10`).
pub const ROWS: u8 = 10;
/// Number of squares, lakes included.
pub const SQUARES: usize = 100;
/// Rows of a setup zone (South rows 1–4, North rows 7–10).
pub const ZONE_ROWS: u8 = 4;

/// The Stratego board: 10×10, with setup zones of four rows (see [`GridSquare`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StrategoBoard;

impl Board for StrategoBoard {
    const COLS: u8 = COLS;
    const ROWS: u8 = ROWS;
    const ZONE_ROWS: u8 = ZONE_ROWS;
    const SQUARE_HINT: &'static str = "columns a–j, rows 1–10";
    const POSITION_NAME: &'static str = "a Stratego position";
    const TOKEN_HINT: &'static str = "`.`, `~` (on a lake) or a piece code (SP SC MI SG LT CA MJ CO GE MA BO FL; upper case South, lower case North)";
}

/// A square of the Stratego board.
///
/// The index is column-major (`a1` = 0, `a2` = 1, …, `b1` = 10, …), so the natural order of
/// squares is *square order*: by column `a`→`j`, then by row 1→10, as on Admiral's board.
pub type Sq = GridSquare<StrategoBoard>;

/// The four directions a piece moves in, as (column, row) steps: up the rows (towards North),
/// down, left (towards `a`), right.
pub const DIRECTIONS: [(i8, i8); 4] = [(0, 1), (0, -1), (-1, 0), (1, 0)];

const NONE: u8 = u8::MAX;

/// `STEPS[d][sq]`: the neighbouring square in direction `d`, or `NONE` off the board or in a lake.
static STEPS: [[u8; SQUARES]; 4] = step_table();

const fn is_lake_index(index: usize) -> bool {
    let (col, row) = (index / ROWS as usize, index % ROWS as usize);
    (row == 4 || row == 5) && (col == 2 || col == 3 || col == 6 || col == 7)
}

const fn step_table() -> [[u8; SQUARES]; 4] {
    let mut table = [[NONE; SQUARES]; 4];
    let mut d = 0;
    while d < 4 {
        let mut index = 0;
        while index < SQUARES {
            let (col, row) = ((index / ROWS as usize) as i8, (index % ROWS as usize) as i8);
            let (c, r) = (col + DIRECTIONS[d].0, row + DIRECTIONS[d].1);
            if c >= 0 && c < COLS as i8 && r >= 0 && r < ROWS as i8 {
                let next = c as usize * ROWS as usize + r as usize;
                if !is_lake_index(next) && !is_lake_index(index) {
                    table[d][index] = next as u8;
                }
            }
            index += 1;
        }
        d += 1;
    }
    table
}

impl Sq {
    /// True for the eight lake squares (c5 d5 c6 d6, g5 h5 g6 h6).
    #[inline]
    pub const fn is_lake(self) -> bool {
        is_lake_index(self.index())
    }

    /// Every square a piece may stand on, in square order.
    pub fn land() -> impl Iterator<Item = Sq> {
        Sq::all().filter(|s| !s.is_lake())
    }

    /// The neighbour in direction `d` (an index into [`DIRECTIONS`]), if it is land on the board.
    #[inline]
    pub fn step(self, d: usize) -> Option<Sq> {
        let next = STEPS[d][self.index()];
        (next != NONE).then_some(Sq::at(next))
    }

    /// The land squares orthogonally next to this one.
    pub fn neighbours(self) -> impl Iterator<Item = Sq> {
        (0..4).filter_map(move |d| self.step(d))
    }
}

/// The squares of the first row and of the last (a flood fill must not wrap between columns).
const FIRST_ROW: u128 = row_bits(0);
const LAST_ROW: u128 = row_bits(ROWS as usize - 1);

/// Every square that is land.
const LAND_BITS: u128 = land_bits();

const fn row_bits(row: usize) -> u128 {
    let mut bits = 0u128;
    let mut index = row;
    while index < SQUARES {
        bits |= 1 << index;
        index += ROWS as usize;
    }
    bits
}

const fn land_bits() -> u128 {
    let mut bits = 0u128;
    let mut index = 0;
    while index < SQUARES {
        if !is_lake_index(index) {
            bits |= 1 << index;
        }
        index += 1;
    }
    bits
}

/// A set of squares as a 128-bit mask.
#[derive(Copy, Clone, Default, PartialEq, Eq, Hash)]
pub struct SqSet(u128);

impl SqSet {
    /// The empty set.
    pub const EMPTY: SqSet = SqSet(0);

    /// Adds a square.
    #[inline]
    pub fn insert(&mut self, sq: Sq) {
        self.0 |= 1 << sq.index();
    }

    /// Removes a square.
    #[inline]
    pub fn remove(&mut self, sq: Sq) {
        self.0 &= !(1 << sq.index());
    }

    /// True if the square is in the set.
    #[inline]
    pub fn contains(&self, sq: Sq) -> bool {
        self.0 >> sq.index() & 1 == 1
    }

    /// Number of squares.
    #[inline]
    pub fn len(&self) -> usize {
        self.0.count_ones() as usize
    }

    /// True if empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0 == 0
    }

    /// The set with every land square next to one of its squares added (a flood fill's step).
    #[inline]
    pub fn spread(self) -> SqSet {
        let bits = self.0;
        // Column-major: a row step is one bit (masked so that no step wraps between columns),
        // a column step is ten bits.
        let up = (bits << 1) & !FIRST_ROW;
        let down = (bits >> 1) & !LAST_ROW;
        SqSet((bits | up | down | bits << ROWS | bits >> ROWS) & LAND_BITS)
    }

    /// The squares in both sets.
    #[inline]
    pub fn and(self, other: SqSet) -> SqSet {
        SqSet(self.0 & other.0)
    }

    /// The squares in either set.
    #[inline]
    pub fn or(self, other: SqSet) -> SqSet {
        SqSet(self.0 | other.0)
    }

    /// The squares of this set that are not in `other`.
    #[inline]
    pub fn without(self, other: SqSet) -> SqSet {
        SqSet(self.0 & !other.0)
    }

    /// Every land square.
    pub const LAND: SqSet = SqSet(LAND_BITS);

    /// The squares in square order.
    pub fn iter(&self) -> impl Iterator<Item = Sq> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let i = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            Some(Sq::at(i))
        })
    }
}

impl FromIterator<Sq> for SqSet {
    fn from_iter<I: IntoIterator<Item = Sq>>(iter: I) -> SqSet {
        let mut set = SqSet::EMPTY;
        for sq in iter {
            set.insert(sq);
        }
        set
    }
}

impl fmt::Debug for SqSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spread_adds_exactly_the_land_neighbours() {
        for sq in Sq::land() {
            let one: SqSet = [sq].into_iter().collect();
            let expected: SqSet = sq.neighbours().chain([sq]).collect();
            assert_eq!(one.spread(), expected, "{sq}");
        }
        assert_eq!(SqSet::LAND.len(), 92);
        assert_eq!(SqSet::LAND.spread(), SqSet::LAND);
    }

    #[test]
    fn lakes_and_steps() {
        let lakes: Vec<String> = Sq::all().filter(|s| s.is_lake()).map(|s| s.to_string()).collect();
        assert_eq!(lakes, ["c5", "c6", "d5", "d6", "g5", "g6", "h5", "h6"]);
        let c4 = Sq::parse("c4").unwrap();
        assert_eq!(c4.step(0), None, "c5 is a lake");
        assert_eq!(Sq::parse("a10").unwrap().step(0), None);
        assert_eq!(Sq::parse("e5").unwrap().neighbours().count(), 3);
        assert_eq!(Sq::parse("J10").unwrap().to_string(), "j10");
        assert_eq!(Sq::parse("k1"), None);
        assert_eq!(Sq::parse("a11"), None);
        assert_eq!(Sq::land().count(), 92);
    }
}

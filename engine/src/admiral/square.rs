//! Admiral's board geometry: squares and the 14×15 grid (the sides are shared,
//! [`crate::shared::Side`]).

pub use crate::shared::grid::{Board, GridSquare, ParseSquareError};
pub use crate::shared::notation::column_letter;
pub use crate::shared::Side;

/// Number of columns (`a`..`n`).
pub const COLS: u8 = 14;
/// Number of rows (`1`..`15`).
pub const ROWS: u8 = 15;
/// Number of squares on the board.
pub const SQUARES: usize = COLS as usize * ROWS as usize;

/// Admiral's 14×15 board, with setup zones of five rows (see [`GridSquare`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AdmiralBoard;

impl Board for AdmiralBoard {
    const COLS: u8 = COLS;
    const ROWS: u8 = ROWS;
    const ZONE_ROWS: u8 = 5;
    const SQUARE_HINT: &'static str = "columns a–n, rows 1–15, e.g. e3";
    const POSITION_NAME: &'static str = "a position";
    const TOKEN_HINT: &'static str = "`.` or a unit code (CV BB CR RD DD PS TB CS MS SS AC TP MN SM FS AB NB; upper case South, lower case North)";
}

/// A square of Admiral's board.
///
/// The index is column-major (`a1` = 0, `a2` = 1, …, `a15` = 14, `b1` = 15, …), so the natural
/// ordering of squares is the rules' *square order*: by column `a`→`n`, then by row 1→15.
pub type Square = GridSquare<AdmiralBoard>;

/// The four orthogonal directions as (column, row) steps.
pub const ORTHOGONAL: [(i8, i8); 4] = [(0, 1), (0, -1), (-1, 0), (1, 0)];
/// The eight surrounding directions as (column, row) steps.
pub const SURROUNDING: [(i8, i8); 8] = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)];

/// Neighbour lists, computed at compile time so that move generation does no arithmetic.
static ORTHOGONAL_TABLE: [([Square; 4], u8); SQUARES] = neighbour_table(&ORTHOGONAL);
static SURROUNDING_TABLE: [([Square; 8], u8); SQUARES] = neighbour_table(&SURROUNDING);

const fn neighbour_table<const N: usize>(steps: &[(i8, i8); N]) -> [([Square; N], u8); SQUARES] {
    let mut table = [([Square::at(0); N], 0u8); SQUARES];
    let mut index = 0;
    while index < SQUARES {
        let (col, row) = ((index / ROWS as usize) as i8, (index % ROWS as usize) as i8);
        let mut k = 0;
        while k < N {
            let (c, r) = (col + steps[k].0, row + steps[k].1);
            if c >= 0 && c < COLS as i8 && r >= 0 && r < ROWS as i8 {
                let len = table[index].1 as usize;
                table[index].0[len] = Square::at(c as u8 * ROWS + r as u8);
                table[index].1 += 1;
            }
            k += 1;
        }
        index += 1;
    }
    table
}

impl Square {
    /// The square `steps` away in direction `(dc, dr)`, if still on the board.
    #[inline]
    pub fn offset(self, dc: i8, dr: i8) -> Option<Square> {
        let col = self.col() as i8 + dc;
        let row = self.row() as i8 + dr;
        if (0..COLS as i8).contains(&col) && (0..ROWS as i8).contains(&row) {
            Some(Square::at(col as u8 * ROWS + row as u8))
        } else {
            None
        }
    }

    /// Orthogonally adjacent squares on the board (in [`ORTHOGONAL`] order).
    #[inline]
    pub fn orthogonal(self) -> impl Iterator<Item = Square> {
        let (squares, len) = &ORTHOGONAL_TABLE[self.index()];
        squares[..*len as usize].iter().copied()
    }

    /// The (up to eight) surrounding squares on the board.
    #[inline]
    pub fn surrounding(self) -> impl Iterator<Item = Square> {
        let (squares, len) = &SURROUNDING_TABLE[self.index()];
        squares[..*len as usize].iter().copied()
    }

    /// True if `other` is one of the eight surrounding squares.
    #[inline]
    pub fn touches(self, other: Square) -> bool {
        self != other && self.col().abs_diff(other.col()) <= 1 && self.row().abs_diff(other.row()) <= 1
    }

    /// True if `other` is orthogonally adjacent.
    #[inline]
    pub fn is_orthogonal_to(self, other: Square) -> bool {
        self.distance(other) == 1
    }

    /// The same square seen from the other seat (rotated 180°).
    #[inline]
    pub const fn rotated(self) -> Square {
        Square::at((SQUARES - 1 - self.index()) as u8)
    }
}

/// A set of squares as a 256-bit mask, iterated in square order.
#[derive(Copy, Clone, Default, PartialEq, Eq, Hash, Debug)]
pub struct SquareSet([u64; 4]);

impl SquareSet {
    /// The empty set.
    pub const EMPTY: SquareSet = SquareSet([0; 4]);

    /// Adds a square.
    #[inline]
    pub fn insert(&mut self, sq: Square) {
        self.0[sq.index() >> 6] |= 1 << (sq.index() & 63);
    }

    /// Removes a square.
    #[inline]
    pub fn remove(&mut self, sq: Square) {
        self.0[sq.index() >> 6] &= !(1 << (sq.index() & 63));
    }

    /// True if the square is in the set.
    #[inline]
    pub fn contains(&self, sq: Square) -> bool {
        self.0[sq.index() >> 6] & (1 << (sq.index() & 63)) != 0
    }

    /// Number of squares in the set.
    #[inline]
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// True if the set has no square.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }

    /// Every square of the board.
    pub const ALL: SquareSet = SquareSet::board_mask();

    const fn board_mask() -> SquareSet {
        let mut words = [0u64; 4];
        let mut i = 0;
        while i < SQUARES {
            words[i >> 6] |= 1 << (i & 63);
            i += 1;
        }
        SquareSet(words)
    }

    /// The squares on a given 0-based row.
    const fn row_mask(row: u8) -> SquareSet {
        let mut words = [0u64; 4];
        let mut col = 0;
        while col < COLS {
            let i = (col * ROWS + row) as usize;
            words[i >> 6] |= 1 << (i & 63);
            col += 1;
        }
        SquareSet(words)
    }

    #[inline]
    fn shifted_up(self, n: u32) -> SquareSet {
        let w = self.0;
        SquareSet([
            w[0] << n,
            (w[1] << n) | (w[0] >> (64 - n)),
            (w[2] << n) | (w[1] >> (64 - n)),
            (w[3] << n) | (w[2] >> (64 - n)),
        ])
    }

    #[inline]
    fn shifted_down(self, n: u32) -> SquareSet {
        let w = self.0;
        SquareSet([
            (w[0] >> n) | (w[1] << (64 - n)),
            (w[1] >> n) | (w[2] << (64 - n)),
            (w[2] >> n) | (w[3] << (64 - n)),
            w[3] >> n,
        ])
    }

    /// The set moved one row north (row + 1); squares leaving the board are dropped.
    #[inline]
    pub fn step_north(self) -> SquareSet {
        self.shifted_up(1).and(SquareSet::NOT_FIRST_ROW)
    }

    /// The set moved one row south (row − 1).
    #[inline]
    pub fn step_south(self) -> SquareSet {
        self.shifted_down(1).and(SquareSet::NOT_LAST_ROW)
    }

    /// The set moved one column east (column + 1).
    #[inline]
    pub fn step_east(self) -> SquareSet {
        self.shifted_up(ROWS as u32).and(SquareSet::ALL)
    }

    /// The set moved one column west (column − 1).
    #[inline]
    pub fn step_west(self) -> SquareSet {
        self.shifted_down(ROWS as u32)
    }

    const NOT_FIRST_ROW: SquareSet = SquareSet::ALL.minus(SquareSet::row_mask(0));
    const NOT_LAST_ROW: SquareSet = SquareSet::ALL.minus(SquareSet::row_mask(ROWS - 1));

    /// The squares among the eight around at least one square of the set (the set itself
    /// excluded unless also next to another member).
    #[inline]
    pub fn touching(self) -> SquareSet {
        let column = self.or(self.step_north()).or(self.step_south());
        column.step_east().or(column.step_west()).or(self.step_north()).or(self.step_south())
    }

    /// The squares orthogonally adjacent to at least one square of the set (a few word
    /// operations: used to skip units that cannot attack).
    #[inline]
    pub fn orthogonal_neighbours(self) -> SquareSet {
        // Index = col * 15 + row: ±1 changes the row, ±15 the column.
        self.step_north().or(self.step_south()).or(self.step_east()).or(self.step_west())
    }

    /// Squares in both sets.
    #[inline]
    pub const fn and(self, other: SquareSet) -> SquareSet {
        SquareSet([
            self.0[0] & other.0[0],
            self.0[1] & other.0[1],
            self.0[2] & other.0[2],
            self.0[3] & other.0[3],
        ])
    }

    /// Squares in either set.
    #[inline]
    pub const fn or(self, other: SquareSet) -> SquareSet {
        SquareSet([
            self.0[0] | other.0[0],
            self.0[1] | other.0[1],
            self.0[2] | other.0[2],
            self.0[3] | other.0[3],
        ])
    }

    /// Squares of this set not in `other`.
    #[inline]
    pub const fn minus(self, other: SquareSet) -> SquareSet {
        SquareSet([
            self.0[0] & !other.0[0],
            self.0[1] & !other.0[1],
            self.0[2] & !other.0[2],
            self.0[3] & !other.0[3],
        ])
    }

    /// The squares in square order.
    #[inline]
    pub fn iter(&self) -> SquareSetIter {
        SquareSetIter { words: self.0, word: 0 }
    }
}

/// Iterator over a [`SquareSet`].
pub struct SquareSetIter {
    words: [u64; 4],
    word: usize,
}

impl Iterator for SquareSetIter {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        while self.word < 4 {
            let w = self.words[self.word];
            if w != 0 {
                self.words[self.word] = w & (w - 1);
                return Some(Square::at((self.word * 64 + w.trailing_zeros() as usize) as u8));
            }
            self.word += 1;
        }
        None
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Self {
        let mut set = SquareSet::EMPTY;
        for sq in iter {
            set.insert(sq);
        }
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_print_and_parse() {
        for sq in Square::all() {
            assert_eq!(Square::parse(&sq.to_string()), Some(sq));
        }
        assert_eq!(Square::parse("E3"), Square::parse("e3"));
        assert_eq!(Square::parse("Е3"), Square::parse("e3"), "Cyrillic Е");
        assert_eq!(Square::parse("н15").unwrap().to_string(), "h15");
        for bad in ["", "e", "e0", "e16", "o1", "e03", "3e", "e1x", "e-1"] {
            assert_eq!(Square::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn index_order_is_square_order() {
        let a2 = Square::parse("a2").unwrap();
        let a10 = Square::parse("a10").unwrap();
        let b1 = Square::parse("b1").unwrap();
        assert!(a2 < a10 && a10 < b1);
    }

    #[test]
    fn zones_and_rotation() {
        let e3 = Square::parse("e3").unwrap();
        assert!(e3.in_zone_of(Side::South) && !e3.in_zone_of(Side::North));
        assert_eq!(e3.rotated().to_string(), "j13");
        assert_eq!(e3.rotated().rotated(), e3);
        assert!(Square::parse("a11").unwrap().in_zone_of(Side::North));
        assert!(!Square::parse("a10").unwrap().in_zone_of(Side::North));
    }

    /// Checks, for every square alone in a set, that `of_set` gives the set of `of_square`.
    fn assert_set_op_matches_lists(of_set: fn(SquareSet) -> SquareSet, of_square: fn(Square) -> SquareSet) {
        for sq in Square::all() {
            let mut one = SquareSet::EMPTY;
            one.insert(sq);
            assert_eq!(of_set(one), of_square(sq), "{sq}");
        }
    }

    #[test]
    fn orthogonal_neighbours_of_a_set_match_the_neighbour_lists() {
        assert_set_op_matches_lists(SquareSet::orthogonal_neighbours, |sq| sq.orthogonal().collect());
    }

    #[test]
    fn touching_squares_of_a_set_match_the_surrounding_lists() {
        assert_set_op_matches_lists(SquareSet::touching, |sq| sq.surrounding().collect());
    }

    #[test]
    fn square_set_iterates_in_order() {
        let set: SquareSet = ["n15", "a1", "c7"].iter().map(|s| Square::parse(s).unwrap()).collect();
        let listed: Vec<String> = set.iter().map(|s| s.to_string()).collect();
        assert_eq!(listed, ["a1", "c7", "n15"]);
        assert_eq!(set.len(), 3);
    }
}

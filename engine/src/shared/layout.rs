//! A side's setup zone and the layout file format, for both rulesets.
//!
//! A layout is the owner's zone as the owner sees it: `depth` 0 is the front row (nearest the
//! enemy) and `file` 0 the leftmost column from the owner's seat, so the same layout works on
//! either seat. The file is plain text a person edits: one line a row, front row first, one
//! token a square (`.` for an empty one); `#` starts a comment; blank lines, a byte-order mark
//! and CRLF are ignored. Every problem is reported, located by line and column where it has one.
//!
//! What differs between the rulesets — the codes a file may use, the header written above the
//! grid, a kind that may not stand in some row and the words for that, the words for a token
//! that is no code — is a [`SetupKind`]; the reading, counting, checking and writing, and the
//! [`LayoutProblem`]s every layout file can have, are here.

use std::fmt;

use super::grid::{Board, GridSquare};
use super::language::Language;
use super::notation::shorten_quote;
use super::piece::{Piece, PieceKind};
use super::side::Side;

/// A ruleset's kind of piece as its setups place it.
pub trait SetupKind: PieceKind {
    /// The board the setup zones lie on (its columns are a zone's width, its zone rows a
    /// zone's depth).
    type Board: Board;
    /// What is wrong with a piece standing in a row it may not stand in (see
    /// [`SetupKind::misplaced`]); [`std::convert::Infallible`] where every row will do.
    type Misplacement: Misplacement;
    /// What the tokens of a whole file say about how to read each one (Stratego: classic or
    /// modern numbers); `()` when every token reads alone.
    type Numbering: Copy;

    /// How the tokens of a file (all of them, in file order) are to be read.
    fn numbering(tokens: &[&str]) -> Self::Numbering;
    /// Reads one token that is not `.`.
    fn read_code(token: &str, numbering: Self::Numbering) -> Option<Self>;
    /// The game's name as a layout file's header names it (`Admiral`; in Russian in the
    /// genitive, `Адмирала`).
    fn game_name(language: Language) -> &'static str;
    /// The header lines after the zone's size and the row order: the codes a file may use.
    fn header_codes(language: Language) -> &'static [&'static str];
    /// The width a code is padded to in the grid text, to line the columns up (0: none).
    fn code_width(language: Language) -> usize;
    /// The problem of this kind standing `depth` rows behind the front row, if it may not.
    fn misplaced(self, depth: usize) -> Option<Self::Misplacement> {
        let _ = depth;
        None
    }
    /// What a token that is no code is told, after the token itself: what it is not and what
    /// to use instead (`is not a piece (use . or …)`).
    fn not_a_code(language: Language) -> &'static str;
    /// Whether a count problem also says how many are missing or too many (Admiral's
    /// messages do; Stratego's have never said it).
    const COUNT_SAYS_DIFFERENCE: bool;
}

/// A ruleset's problem with a piece standing in a row it may not stand in.
pub trait Misplacement: Clone + fmt::Debug + PartialEq + Eq {
    /// The problem in words, in a language (without its location).
    fn describe(&self, language: Language) -> String;
}

/// No row is forbidden to any piece.
impl Misplacement for std::convert::Infallible {
    fn describe(&self, _: Language) -> String {
        match *self {}
    }
}

/// A ruleset's position as setups are placed on it and read back from it (see
/// [`Zone::place`] and [`Zone::from_position`]), and as tests edit it square by square.
pub trait SetupPosition {
    /// The kind of piece the ruleset's setups place.
    type Kind: SetupKind;
    /// The piece on a square.
    fn piece_at(&self, sq: GridSquare<<Self::Kind as SetupKind>::Board>) -> Option<Piece<Self::Kind>>;
    /// Puts a piece on a square (replacing whatever stood there).
    fn put(&mut self, sq: GridSquare<<Self::Kind as SetupKind>::Board>, piece: Piece<Self::Kind>);
    /// Clears a square, returning what stood there.
    fn remove(&mut self, sq: GridSquare<<Self::Kind as SetupKind>::Board>) -> Option<Piece<Self::Kind>>;
    /// The kind of `side`'s piece on a square, if one of `side`'s pieces stands there.
    fn kind_of(&self, sq: GridSquare<<Self::Kind as SetupKind>::Board>, side: Side) -> Option<Self::Kind> {
        self.piece_at(sq).filter(|p| p.side == side).map(|p| p.kind)
    }
}

/// What is wrong with a layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LayoutProblem<K: SetupKind> {
    /// A token that is neither `.` nor a code (as typed, shortened with … when long).
    UnknownCode(String),
    /// A row without exactly as many tokens as the zone is wide.
    Width {
        /// Tokens found.
        found: usize,
    },
    /// Not exactly as many rows as the zone is deep.
    Height {
        /// Rows found.
        found: usize,
    },
    /// A kind placed the wrong number of times.
    Count {
        /// The kind.
        kind: K,
        /// How many are placed.
        found: u8,
        /// How many an army has.
        expected: u8,
    },
    /// A piece in a row it may not stand in.
    Misplaced(K::Misplacement),
}

impl<K: SetupKind> LayoutProblem<K> {
    /// The problem in words, in a language (without its location).
    pub fn describe(&self, language: Language) -> String {
        let width = K::Board::COLS;
        let depth = K::Board::ZONE_ROWS;
        match (self, language) {
            (LayoutProblem::UnknownCode(code), Language::En) => {
                format!("`{code}` {}", K::not_a_code(language))
            }
            (LayoutProblem::UnknownCode(code), Language::Ru) => {
                format!("«{code}» — {}", K::not_a_code(language))
            }
            (LayoutProblem::Width { found }, Language::En) => {
                format!("{found} squares in this row, expected {width}")
            }
            (LayoutProblem::Width { found }, Language::Ru) => format!("в ряду {found} клеток, нужно {width}"),
            (LayoutProblem::Height { found }, Language::En) => format!("{found} rows, expected {depth}"),
            (LayoutProblem::Height { found }, Language::Ru) => format!("рядов {found}, нужно {depth}"),
            (LayoutProblem::Count { kind, found, expected }, _) => {
                let (code, name) = (kind.code(language), kind.name(language));
                let difference = if K::COUNT_SAYS_DIFFERENCE {
                    count_difference(*found, *expected, language)
                } else {
                    String::new()
                };
                match language {
                    Language::En => {
                        format!("{code} ({name}): {found} placed, expected {expected}{difference}")
                    }
                    Language::Ru => {
                        format!("{code} ({name}): расставлено {found}, нужно {expected}{difference}")
                    }
                }
            }
            (LayoutProblem::Misplaced(problem), _) => problem.describe(language),
        }
    }
}

/// How many are missing or too many, as a count problem's parenthesised tail.
fn count_difference(found: u8, expected: u8, language: Language) -> String {
    match (language, found < expected) {
        (Language::En, true) => format!(" ({} missing)", expected - found),
        (Language::En, false) => format!(" ({} too many)", found - expected),
        (Language::Ru, true) => format!(" (не хватает {})", expected - found),
        (Language::Ru, false) => format!(" (лишних {})", found - expected),
    }
}

/// One problem in a layout, located where possible.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LayoutError<P> {
    /// The file line (1-based), when the problem sits on one line.
    pub line: Option<usize>,
    /// The token's place in its row (1-based), when the problem is one token.
    pub column: Option<usize>,
    /// What is wrong.
    pub problem: P,
}

impl<K: SetupKind> LayoutError<LayoutProblem<K>> {
    /// The message in the given language, with its location.
    pub fn describe(&self, language: Language) -> String {
        let ru = language == Language::Ru;
        let place = match (self.line, self.column) {
            (Some(l), Some(c)) if ru => format!("строка {l}, столбец {c}: "),
            (Some(l), Some(c)) => format!("line {l}, column {c}: "),
            (Some(l), None) if ru => format!("строка {l}: "),
            (Some(l), None) => format!("line {l}: "),
            (None, Some(c)) if ru => format!("столбец {c}: "),
            (None, Some(c)) => format!("column {c}: "),
            (None, None) => String::new(),
        };
        format!("{place}{}", self.problem.describe(language))
    }
}

impl<K: SetupKind> fmt::Display for LayoutError<LayoutProblem<K>> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe(Language::En))
    }
}

impl<K: SetupKind> std::error::Error for LayoutError<LayoutProblem<K>> {}

/// All problems of a layout as one message, one per line.
pub fn describe_errors<K: SetupKind>(errors: &[LayoutError<LayoutProblem<K>>], language: Language) -> String {
    errors.iter().map(|e| e.describe(language)).collect::<Vec<_>>().join("\n")
}

/// A layout as the generic game reads, checks, places and records it (see
/// [`crate::shared::Rules`]).
pub trait LayoutFile: Sized {
    /// The kind of piece it places.
    type Kind: SetupKind;
    /// One problem with a layout.
    type Error;
    /// Reads a layout file and checks it as a complete setup.
    fn parse(text: &str) -> Result<Self, Vec<Self::Error>>;
    /// Checks a complete setup.
    fn validate(&self) -> Result<(), Vec<Self::Error>>;
    /// Puts the layout's pieces on `side`'s zone of a position.
    fn place<P: SetupPosition<Kind = Self::Kind>>(&self, side: Side, position: &mut P);
    /// Just the rows of codes, as stored in match records.
    fn grid_text(&self, language: Language) -> String;
    /// Every problem as one message, one per line.
    fn describe_errors(errors: &[Self::Error], language: Language) -> String;
}

impl<K: SetupKind, const DEPTH: usize, const WIDTH: usize> LayoutFile for Zone<K, DEPTH, WIDTH> {
    type Kind = K;
    type Error = LayoutError<LayoutProblem<K>>;

    fn parse(text: &str) -> Result<Self, Vec<Self::Error>> {
        Zone::parse(text)
    }

    fn validate(&self) -> Result<(), Vec<Self::Error>> {
        Zone::validate(self)
    }

    fn place<P: SetupPosition<Kind = K>>(&self, side: Side, position: &mut P) {
        Zone::place(self, side, position)
    }

    fn grid_text(&self, language: Language) -> String {
        Zone::grid_text(self, language)
    }

    fn describe_errors(errors: &[Self::Error], language: Language) -> String {
        describe_errors(errors, language)
    }
}

/// The problems a layout's problems are reported as.
type Errors<K> = Vec<LayoutError<LayoutProblem<K>>>;

/// A setup zone of `DEPTH` rows of `WIDTH` squares as its owner sees it (see the module docs).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Zone<K, const DEPTH: usize, const WIDTH: usize> {
    cells: [[Option<K>; WIDTH]; DEPTH],
}

impl<K: SetupKind, const DEPTH: usize, const WIDTH: usize> Default for Zone<K, DEPTH, WIDTH> {
    fn default() -> Self {
        Zone::empty()
    }
}

impl<K: SetupKind, const DEPTH: usize, const WIDTH: usize> Zone<K, DEPTH, WIDTH> {
    /// A layout with nothing placed.
    pub const fn empty() -> Self {
        Zone { cells: [[None; WIDTH]; DEPTH] }
    }

    /// The piece at a zone cell.
    pub fn get(&self, depth: usize, file: usize) -> Option<K> {
        self.cells[depth][file]
    }

    /// Places (or clears) a zone cell.
    pub fn set(&mut self, depth: usize, file: usize, kind: Option<K>) {
        self.cells[depth][file] = kind;
    }

    /// Swaps two zone cells.
    pub fn swap(&mut self, a: (usize, usize), b: (usize, usize)) {
        let first = self.cells[a.0][a.1];
        self.cells[a.0][a.1] = self.cells[b.0][b.1];
        self.cells[b.0][b.1] = first;
    }

    /// The board square of a zone cell for the given seat.
    pub fn square(side: Side, depth: usize, file: usize) -> GridSquare<K::Board> {
        let (col, row) = match side {
            Side::South => (file as u8, (DEPTH - 1 - depth) as u8),
            Side::North => ((WIDTH - 1 - file) as u8, (K::Board::ROWS as usize - DEPTH + depth) as u8),
        };
        GridSquare::new(col, row).expect("zone cell on the board")
    }

    /// The zone cell `(depth, file)` of a board square for the given seat, if in its zone.
    pub fn cell_of(side: Side, sq: GridSquare<K::Board>) -> Option<(usize, usize)> {
        if !sq.in_zone_of(side) {
            return None;
        }
        let depth = DEPTH - 1 - sq.rank_from(side) as usize;
        let file = match side {
            Side::South => sq.col() as usize,
            Side::North => WIDTH - 1 - sq.col() as usize,
        };
        Some((depth, file))
    }

    /// Every cell with its piece, front row first, left to right.
    pub fn cells(&self) -> impl Iterator<Item = ((usize, usize), Option<K>)> + '_ {
        (0..DEPTH).flat_map(move |d| (0..WIDTH).map(move |f| ((d, f), self.cells[d][f])))
    }

    /// Every placed piece with its board square for `side`, in [`Zone::cells`] order.
    pub fn placed(&self, side: Side) -> impl Iterator<Item = (GridSquare<K::Board>, K)> + '_ {
        self.cells().filter_map(move |((depth, file), kind)| {
            Some((Zone::<K, DEPTH, WIDTH>::square(side, depth, file), kind?))
        })
    }

    /// The layout of what `kind_at` says stands on each square of `side`'s zone.
    pub fn from_squares(side: Side, mut kind_at: impl FnMut(GridSquare<K::Board>) -> Option<K>) -> Self {
        let mut layout = Zone::empty();
        for depth in 0..DEPTH {
            for file in 0..WIDTH {
                layout.cells[depth][file] = kind_at(Zone::<K, DEPTH, WIDTH>::square(side, depth, file));
            }
        }
        layout
    }

    /// Puts the layout's pieces on `side`'s zone of a position.
    pub fn place<P: SetupPosition<Kind = K>>(&self, side: Side, position: &mut P) {
        for (sq, kind) in self.placed(side) {
            position.put(sq, Piece::new(side, kind));
        }
    }

    /// The layout of `side`'s pieces standing in its zone of a position.
    pub fn from_position<P: SetupPosition<Kind = K>>(side: Side, position: &P) -> Self {
        Zone::from_squares(side, |sq| position.kind_of(sq, side))
    }

    /// How many of each kind are placed, by [`PieceKind::index`] (`N` is the number of kinds).
    pub fn counts<const N: usize>(&self) -> [u8; N] {
        let mut counts = [0; N];
        for kind in self.cells.iter().flatten().flatten() {
            counts[kind.index()] += 1;
        }
        counts
    }

    /// How many of each kind a full army still lacks, by [`PieceKind::index`] (`N` is the number
    /// of kinds; a kind placed too often lacks none).
    pub fn missing_counts<const N: usize>(&self) -> [u8; N] {
        std::array::from_fn(|i| self.lacking(K::ALL[i]))
    }

    /// True if every piece of a full army is placed (and nothing more).
    pub fn is_complete(&self) -> bool {
        K::ALL.iter().all(|&kind| self.count_of(kind) == kind.army_count())
    }

    /// The pieces still to place for a full army, by kind in [`PieceKind::ALL`] order.
    pub fn missing(&self) -> Vec<(K, u8)> {
        K::ALL
            .iter()
            .filter_map(|&kind| {
                let missing = self.lacking(kind);
                (missing > 0).then_some((kind, missing))
            })
            .collect()
    }

    /// How many pieces of `kind` a full army still lacks (none when placed too often).
    fn lacking(&self, kind: K) -> u8 {
        kind.army_count().saturating_sub(self.count_of(kind))
    }

    /// How many pieces of `kind` are placed.
    pub fn count_of(&self, kind: K) -> u8 {
        self.cells.iter().flatten().filter(|&&cell| cell == Some(kind)).count() as u8
    }

    /// Checks a complete layout: exact army counts and every piece in a row it may stand in.
    pub fn validate(&self) -> Result<(), Errors<K>> {
        self.check(true)
    }

    /// Checks a partial layout: no kind over its count and every piece in a row it may stand in.
    pub fn validate_partial(&self) -> Result<(), Errors<K>> {
        self.check(false)
    }

    fn check(&self, complete: bool) -> Result<(), Errors<K>> {
        let mut counts = vec![0u8; K::ALL.len()];
        let mut errors = Vec::new();
        for ((depth, file), kind) in self.cells() {
            let Some(kind) = kind else { continue };
            counts[kind.index()] += 1;
            if let Some(misplaced) = kind.misplaced(depth) {
                errors.push(LayoutError {
                    line: None,
                    column: Some(file + 1),
                    problem: LayoutProblem::Misplaced(misplaced),
                });
            }
        }
        errors.extend(count_errors::<K>(&counts, complete));
        if errors.is_empty() {
            Ok(())
        } else {
            Err(errors)
        }
    }

    /// Reads a layout file and checks it as a complete setup. Every problem is reported.
    pub fn parse(text: &str) -> Result<Self, Errors<K>> {
        Zone::read(text, true)
    }

    /// Reads a layout file that may leave pieces unplaced (to be completed automatically).
    pub fn parse_partial(text: &str) -> Result<Self, Errors<K>> {
        Zone::read(text, false)
    }

    fn read(text: &str, complete: bool) -> Result<Self, Errors<K>> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let rows: Vec<(usize, Vec<&str>)> = text
            .lines()
            .enumerate()
            .filter_map(|(i, raw)| {
                let content = raw.split('#').next().unwrap_or("").trim();
                (!content.is_empty()).then(|| (i + 1, content.split_whitespace().collect()))
            })
            .collect();
        let tokens: Vec<&str> = rows.iter().flat_map(|(_, row)| row.iter().copied()).collect();
        let numbering = K::numbering(&tokens);
        let mut layout = Zone::empty();
        let mut errors = Vec::new();
        let mut counts = vec![0u8; K::ALL.len()];
        for (depth, (line, row)) in rows.iter().enumerate() {
            let line = Some(*line);
            if row.len() != WIDTH {
                errors.push(LayoutError {
                    line,
                    column: None,
                    problem: LayoutProblem::Width { found: row.len() },
                });
            }
            for (i, token) in row.iter().enumerate() {
                let column = Some(i + 1);
                let kind = if *token == "." {
                    None
                } else if let Some(kind) = K::read_code(token, numbering) {
                    Some(kind)
                } else {
                    let problem = LayoutProblem::UnknownCode(shorten_quote(token));
                    errors.push(LayoutError { line, column, problem });
                    continue;
                };
                if let Some(kind) = kind {
                    counts[kind.index()] = counts[kind.index()].saturating_add(1);
                    if let Some(misplaced) = kind.misplaced(depth) {
                        errors.push(LayoutError {
                            line,
                            column,
                            problem: LayoutProblem::Misplaced(misplaced),
                        });
                    }
                }
                if depth < DEPTH && i < WIDTH {
                    layout.cells[depth][i] = kind;
                }
            }
        }
        if rows.len() != DEPTH {
            errors.push(LayoutError {
                line: None,
                column: None,
                problem: LayoutProblem::Height { found: rows.len() },
            });
        }
        errors.extend(count_errors::<K>(&counts, complete));
        if errors.is_empty() {
            Ok(layout)
        } else {
            Err(errors)
        }
    }

    /// The layout file text, with a short explanatory header in the given language.
    pub fn to_text(&self, language: Language) -> String {
        let game = K::game_name(language);
        let mut out = match language {
            Language::En => format!(
                "# {game} layout: your {DEPTH}×{WIDTH} zone as you see it from your seat.\n\
                 # First line = front row (nearest the enemy), last line = back row.\n"
            ),
            Language::Ru => format!(
                "# Расстановка «{game}»: ваша зона {DEPTH}×{WIDTH} так, как вы её видите.\n\
                 # Первая строка — передний ряд (ближе к противнику), последняя — задний.\n"
            ),
        };
        for line in K::header_codes(language) {
            out.push_str(line);
            out.push('\n');
        }
        out.push_str(&self.grid_text(language));
        out
    }

    /// Just the rows of codes (no header), as stored in match records.
    pub fn grid_text(&self, language: Language) -> String {
        let mut out = String::new();
        let width = K::code_width(language);
        for row in &self.cells {
            let tokens: Vec<String> = row
                .iter()
                .map(|cell| {
                    let code = cell.map_or(".", |k| k.code(language));
                    format!("{code:<width$}")
                })
                .collect();
            out.push_str(tokens.join(" ").trim_end());
            out.push('\n');
        }
        out
    }
}

/// The count problems of `counts` (by [`PieceKind::index`]): any kind over its army count, and
/// for a `complete` layout any under it.
fn count_errors<K: SetupKind>(counts: &[u8], complete: bool) -> Errors<K> {
    K::ALL
        .iter()
        .copied()
        .filter(|k| {
            let found = counts[k.index()];
            found > k.army_count() || (complete && found < k.army_count())
        })
        .map(|kind| LayoutError {
            line: None,
            column: None,
            problem: LayoutProblem::Count { kind, found: counts[kind.index()], expected: kind.army_count() },
        })
        .collect()
}

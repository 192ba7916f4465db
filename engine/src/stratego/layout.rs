//! A side's Stratego setup (its 4×10 zone as its owner sees it) and the layout file format.
//!
//! The file is plain text a person edits: four lines of ten tokens, the first line being the
//! front row (nearest the enemy) and tokens running left to right from the owner's seat, so
//! one file works on either seat. Tokens are piece codes in English or Russian
//! (`MA GE CO MJ CA LT SG MI SC SP BO FL` / `МР ГН ПК МЙ КП ЛТ СЖ СП РЗ ШП БМ ФЛ`, any case),
//! `B` (bomb), `F` (flag), `S` (spy), or numbers. Numbers are modern (spy 1 … marshal 10) unless
//! the file is plainly in the classic numbering of older editions (marshal 1 … scout 9): no
//! `10` anywhere and more than one `9` (eight scouts). `.` leaves a square empty (only for
//! partial layouts); `#` starts a comment; blank lines, a byte-order mark and CRLF are ignored.

use std::fmt;

use super::board::{Sq, COLS, ZONE_ROWS};
use super::piece::{Piece, Rank, RANKS};
use super::position::Position;
use crate::shared::Language;
use crate::shared::Side;

/// Rows in a setup zone.
pub const DEPTH: usize = ZONE_ROWS as usize;
/// Columns in a setup zone.
pub const WIDTH: usize = COLS as usize;

/// A setup as its owner sees it: `depth` 0 is the front row (row 4 for South, row 7 for North),
/// `file` 0 the leftmost column from the owner's seat (`a` for South, `j` for North).
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Layout {
    cells: [[Option<Rank>; WIDTH]; DEPTH],
}

impl Layout {
    /// Nothing placed.
    pub const fn empty() -> Layout {
        Layout { cells: [[None; WIDTH]; DEPTH] }
    }

    /// The piece at a zone cell.
    pub fn get(&self, depth: usize, file: usize) -> Option<Rank> {
        self.cells[depth][file]
    }

    /// Places (or clears) a zone cell.
    pub fn set(&mut self, depth: usize, file: usize, rank: Option<Rank>) {
        self.cells[depth][file] = rank;
    }

    /// The board square of a zone cell for a seat.
    pub fn square(side: Side, depth: usize, file: usize) -> Sq {
        let (col, row) = match side {
            Side::South => (file as u8, (DEPTH - 1 - depth) as u8),
            Side::North => ((WIDTH - 1 - file) as u8, (6 + depth) as u8),
        };
        Sq::new(col, row).expect("zone cell on the board")
    }

    /// The zone cell `(depth, file)` of a square for a seat, if in its zone.
    pub fn cell_of(side: Side, sq: Sq) -> Option<(usize, usize)> {
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
    pub fn cells(&self) -> impl Iterator<Item = ((usize, usize), Option<Rank>)> + '_ {
        (0..DEPTH).flat_map(move |d| (0..WIDTH).map(move |f| ((d, f), self.cells[d][f])))
    }

    /// How many of each kind are placed.
    pub fn counts(&self) -> [u8; RANKS] {
        let mut counts = [0; RANKS];
        for rank in self.cells.iter().flatten().flatten() {
            counts[rank.index()] += 1;
        }
        counts
    }

    /// True if the full army is placed.
    pub fn is_complete(&self) -> bool {
        self.counts() == army_counts()
    }

    /// Checks a complete setup (exact army counts).
    pub fn validate(&self) -> Result<(), Vec<LayoutError>> {
        let errors = count_errors(&self.counts(), true);
        if errors.is_empty() {
            Ok(())
        } else {
            Err(errors)
        }
    }

    /// Checks a partial setup (no kind over its count).
    pub fn validate_partial(&self) -> Result<(), Vec<LayoutError>> {
        let errors = count_errors(&self.counts(), false);
        if errors.is_empty() {
            Ok(())
        } else {
            Err(errors)
        }
    }

    /// Puts the pieces on `side`'s zone of a position.
    pub fn place(&self, side: Side, position: &mut Position) {
        for ((depth, file), rank) in self.cells() {
            if let Some(rank) = rank {
                position.put(Layout::square(side, depth, file), Piece::new(side, rank));
            }
        }
    }

    /// The layout of `side`'s pieces standing in its zone.
    pub fn from_position(side: Side, position: &Position) -> Layout {
        let mut layout = Layout::empty();
        for depth in 0..DEPTH {
            for file in 0..WIDTH {
                let piece = position.piece_at(Layout::square(side, depth, file));
                layout.cells[depth][file] = piece.filter(|p| p.side == side).map(|p| p.rank);
            }
        }
        layout
    }

    /// Reads a layout file as a complete setup; every problem is reported.
    pub fn parse(text: &str) -> Result<Layout, Vec<LayoutError>> {
        Layout::read(text, true)
    }

    /// Reads a layout file that may leave squares empty (`.`), to be completed automatically.
    pub fn parse_partial(text: &str) -> Result<Layout, Vec<LayoutError>> {
        Layout::read(text, false)
    }

    fn read(text: &str, complete: bool) -> Result<Layout, Vec<LayoutError>> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let rows: Vec<(usize, Vec<&str>)> = text
            .lines()
            .enumerate()
            .filter_map(|(i, raw)| {
                let content = raw.split('#').next().unwrap_or("").trim();
                (!content.is_empty()).then(|| (i + 1, content.split_whitespace().collect()))
            })
            .collect();
        let tokens = || rows.iter().flat_map(|(_, t)| t.iter());
        let classic = !tokens().any(|t| *t == "10") && tokens().filter(|t| **t == "9").count() > 1;
        let mut layout = Layout::empty();
        let mut errors = Vec::new();
        let mut counts = [0u8; RANKS];
        for (depth, (line, row)) in rows.iter().enumerate() {
            if row.len() != WIDTH {
                errors.push(LayoutError {
                    line: Some(*line),
                    column: None,
                    problem: LayoutProblem::Width { found: row.len() },
                });
            }
            for (i, token) in row.iter().enumerate() {
                let rank = if *token == "." {
                    None
                } else if let Some(rank) = read_token(token, classic) {
                    Some(rank)
                } else {
                    errors.push(LayoutError {
                        line: Some(*line),
                        column: Some(i + 1),
                        problem: LayoutProblem::UnknownCode(crate::shared::notation::shorten_quote(token)),
                    });
                    continue;
                };
                if let Some(rank) = rank {
                    counts[rank.index()] = counts[rank.index()].saturating_add(1);
                }
                if depth < DEPTH && i < WIDTH {
                    layout.cells[depth][i] = rank;
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
        errors.extend(count_errors(&counts, complete));
        if errors.is_empty() {
            Ok(layout)
        } else {
            Err(errors)
        }
    }

    /// The layout file text with a short header in the given language.
    pub fn to_text(&self, language: Language) -> String {
        let header: &[&str] = match language {
            Language::En => &[
                "# Stratego layout: your 4×10 zone as you see it from your seat.",
                "# First line = front row (nearest the enemy), last line = back row.",
                "# Codes: MA GE CO MJ CA LT SG MI SC SP BO FL (or numbers: spy 1 ... marshal 10, B, F).",
            ],
            Language::Ru => &[
                "# Расстановка «Стратего»: ваша зона 4×10 так, как вы её видите.",
                "# Первая строка — передний ряд (ближе к противнику), последняя — задний.",
                "# Коды: МР ГН ПК МЙ КП ЛТ СЖ СП РЗ ШП БМ ФЛ (или английские).",
            ],
        };
        let mut out = String::new();
        for line in header {
            out.push_str(line);
            out.push('\n');
        }
        out.push_str(&self.grid_text(language));
        out
    }

    /// Just the four rows of codes (as stored in match records).
    pub fn grid_text(&self, language: Language) -> String {
        let mut out = String::new();
        for row in &self.cells {
            let tokens: Vec<&str> = row.iter().map(|cell| cell.map_or(".", |r| r.code(language))).collect();
            out.push_str(&tokens.join(" "));
            out.push('\n');
        }
        out
    }
}

fn read_token(token: &str, classic: bool) -> Option<Rank> {
    if let Some(rank) = Rank::from_code(token) {
        return Some(rank);
    }
    match token {
        "B" | "b" => return Some(Rank::Bomb),
        "F" | "f" => return Some(Rank::Flag),
        "S" | "s" => return Some(Rank::Spy),
        _ => {}
    }
    let n: u8 = token.parse().ok()?;
    if classic {
        Rank::from_classic_number(n)
    } else {
        Rank::from_number(n)
    }
}

/// The counts of a full army, by kind.
pub fn army_counts() -> [u8; RANKS] {
    Rank::ALL.map(|r| r.army_count())
}

fn count_errors(counts: &[u8; RANKS], complete: bool) -> Vec<LayoutError> {
    Rank::ALL
        .into_iter()
        .filter(|r| {
            let found = counts[r.index()];
            found > r.army_count() || (complete && found < r.army_count())
        })
        .map(|rank| LayoutError {
            line: None,
            column: None,
            problem: LayoutProblem::Count { rank, found: counts[rank.index()], expected: rank.army_count() },
        })
        .collect()
}

/// One problem in a Stratego layout, located where possible.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LayoutError {
    /// The file line (1-based), when the problem sits on one line.
    pub line: Option<usize>,
    /// The token's place in its row (1–10).
    pub column: Option<usize>,
    /// What is wrong.
    pub problem: LayoutProblem,
}

/// What is wrong with a Stratego layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LayoutProblem {
    /// A token that is not `.`, a code or a number (as typed, shortened with … when long).
    UnknownCode(String),
    /// A row without exactly 10 tokens.
    Width {
        /// Tokens found.
        found: usize,
    },
    /// Not exactly 4 rows.
    Height {
        /// Rows found.
        found: usize,
    },
    /// A kind placed the wrong number of times.
    Count {
        /// The kind.
        rank: Rank,
        /// Placed.
        found: u8,
        /// In an army.
        expected: u8,
    },
}

impl LayoutError {
    /// The message in a language, with its location.
    pub fn describe(&self, language: Language) -> String {
        let ru = language == Language::Ru;
        let place = match (self.line, self.column) {
            (Some(l), Some(c)) if ru => format!("строка {l}, столбец {c}: "),
            (Some(l), Some(c)) => format!("line {l}, column {c}: "),
            (Some(l), None) if ru => format!("строка {l}: "),
            (Some(l), None) => format!("line {l}: "),
            _ => String::new(),
        };
        let what = match (&self.problem, ru) {
            (LayoutProblem::UnknownCode(code), false) => format!(
                "`{code}` is not a piece (use . or MA GE CO MJ CA LT SG MI SC SP BO FL, or numbers spy 1 … marshal 10, B, F)"
            ),
            (LayoutProblem::UnknownCode(code), true) => {
                format!("«{code}» — не фигура (используйте . или МР ГН ПК МЙ КП ЛТ СЖ СП РЗ ШП БМ ФЛ)")
            }
            (LayoutProblem::Width { found }, false) => format!("{found} squares in this row, expected 10"),
            (LayoutProblem::Width { found }, true) => format!("в ряду {found} клеток, нужно 10"),
            (LayoutProblem::Height { found }, false) => format!("{found} rows, expected 4"),
            (LayoutProblem::Height { found }, true) => format!("рядов {found}, нужно 4"),
            (LayoutProblem::Count { rank, found, expected }, false) => {
                format!("{} ({}): {found} placed, expected {expected}", rank.code_en(), rank.name_en())
            }
            (LayoutProblem::Count { rank, found, expected }, true) => {
                format!("{} ({}): расставлено {found}, нужно {expected}", rank.code_ru(), rank.name_ru())
            }
        };
        format!("{place}{what}")
    }
}

impl fmt::Display for LayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe(Language::En))
    }
}

impl std::error::Error for LayoutError {}

/// All problems as one message, one per line.
pub fn describe_errors(errors: &[LayoutError], language: Language) -> String {
    errors.iter().map(|e| e.describe(language)).collect::<Vec<_>>().join("\n")
}

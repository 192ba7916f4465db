//! A side's setup (its 5×14 zone as its owner sees it) and the layout file format.

use std::fmt;

use crate::admiral::position::Position;
use crate::admiral::square::{Side, Square, COLS};
use crate::admiral::unit::{Language, Piece, UnitKind, KINDS};

/// Rows in a setup zone.
pub const ZONE_DEPTH: usize = 5;
/// Columns in a setup zone.
pub const ZONE_WIDTH: usize = COLS as usize;

/// A setup: the owner's zone as the owner sees it. `depth` 0 is the front row (row 5 for South,
/// row 11 for North); `file` 0 is the leftmost column from the owner's seat (`a` for South,
/// `n` for North). The same layout therefore works on either seat.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Layout {
    cells: [[Option<UnitKind>; ZONE_WIDTH]; ZONE_DEPTH],
}

impl Default for Layout {
    fn default() -> Self {
        Layout::empty()
    }
}

impl Layout {
    /// A layout with nothing placed.
    pub const fn empty() -> Layout {
        Layout { cells: [[None; ZONE_WIDTH]; ZONE_DEPTH] }
    }

    /// The unit at a zone cell.
    pub fn get(&self, depth: usize, file: usize) -> Option<UnitKind> {
        self.cells[depth][file]
    }

    /// Places (or clears) a zone cell.
    pub fn set(&mut self, depth: usize, file: usize, kind: Option<UnitKind>) {
        self.cells[depth][file] = kind;
    }

    /// Swaps two zone cells.
    pub fn swap(&mut self, a: (usize, usize), b: (usize, usize)) {
        let first = self.cells[a.0][a.1];
        self.cells[a.0][a.1] = self.cells[b.0][b.1];
        self.cells[b.0][b.1] = first;
    }

    /// The board square of a zone cell for the given seat.
    pub fn square(side: Side, depth: usize, file: usize) -> Square {
        let (col, row) = match side {
            Side::South => (file as u8, (ZONE_DEPTH - 1 - depth) as u8),
            Side::North => ((ZONE_WIDTH - 1 - file) as u8, (10 + depth) as u8),
        };
        Square::new(col, row).expect("zone cell on the board")
    }

    /// The zone cell `(depth, file)` of a board square for the given seat, if in its zone.
    pub fn cell_of(side: Side, sq: Square) -> Option<(usize, usize)> {
        if !sq.in_zone_of(side) {
            return None;
        }
        let depth = ZONE_DEPTH - 1 - sq.rank_from(side) as usize;
        let file = match side {
            Side::South => sq.col() as usize,
            Side::North => ZONE_WIDTH - 1 - sq.col() as usize,
        };
        Some((depth, file))
    }

    /// Every cell with its unit, front row first, left to right.
    pub fn cells(&self) -> impl Iterator<Item = ((usize, usize), Option<UnitKind>)> + '_ {
        (0..ZONE_DEPTH).flat_map(move |d| (0..ZONE_WIDTH).map(move |f| ((d, f), self.cells[d][f])))
    }

    /// How many units of each kind are placed (index = `UnitKind::index`).
    pub fn counts(&self) -> [u8; KINDS] {
        let mut counts = [0; KINDS];
        for kind in self.cells.iter().flatten().flatten() {
            counts[kind.index()] += 1;
        }
        counts
    }

    /// The units still to place for a full fleet, by kind.
    pub fn missing(&self) -> Vec<(UnitKind, u8)> {
        let counts = self.counts();
        UnitKind::ALL
            .into_iter()
            .filter_map(|k| {
                let missing = k.fleet_count().saturating_sub(counts[k.index()]);
                (missing > 0).then_some((k, missing))
            })
            .collect()
    }

    /// True if every unit of a full fleet is placed.
    pub fn is_complete(&self) -> bool {
        self.counts() == fleet_counts()
    }

    /// Checks a complete layout: exact fleet counts and no base in the front row.
    pub fn validate(&self) -> Result<(), Vec<LayoutError>> {
        let mut errors = self.placement_errors();
        errors.extend(count_errors(&self.counts(), true));
        if errors.is_empty() {
            Ok(())
        } else {
            Err(errors)
        }
    }

    /// Checks a partial layout: no kind over its count and no base in the front row.
    pub fn validate_partial(&self) -> Result<(), Vec<LayoutError>> {
        let mut errors = self.placement_errors();
        errors.extend(count_errors(&self.counts(), false));
        if errors.is_empty() {
            Ok(())
        } else {
            Err(errors)
        }
    }

    fn placement_errors(&self) -> Vec<LayoutError> {
        (0..ZONE_WIDTH)
            .filter(|&f| self.cells[0][f] == Some(UnitKind::NavalBase))
            .map(|f| LayoutError { line: None, column: Some(f + 1), problem: LayoutProblem::BaseInFrontRow })
            .collect()
    }

    /// Puts this layout's units on `side`'s zone of a position.
    pub fn place(&self, side: Side, position: &mut Position) {
        for ((depth, file), kind) in self.cells() {
            if let Some(kind) = kind {
                position.put(Layout::square(side, depth, file), Piece::new(side, kind));
            }
        }
    }

    /// The layout of `side`'s units standing in its zone.
    pub fn from_position(side: Side, position: &Position) -> Layout {
        let mut layout = Layout::empty();
        for depth in 0..ZONE_DEPTH {
            for file in 0..ZONE_WIDTH {
                let piece = position.piece_at(Layout::square(side, depth, file));
                layout.cells[depth][file] = piece.filter(|p| p.side == side).map(|p| p.kind);
            }
        }
        layout
    }

    /// Reads a layout file and checks it as a complete setup. Every problem is reported.
    pub fn parse(text: &str) -> Result<Layout, Vec<LayoutError>> {
        Layout::read(text, true)
    }

    /// Reads a layout file that may leave units unplaced (to be completed automatically).
    pub fn parse_partial(text: &str) -> Result<Layout, Vec<LayoutError>> {
        Layout::read(text, false)
    }

    fn read(text: &str, complete: bool) -> Result<Layout, Vec<LayoutError>> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut layout = Layout::empty();
        let mut errors = Vec::new();
        let mut counts = [0u8; KINDS];
        let mut rows = 0;
        for (index, raw) in text.lines().enumerate() {
            let line = index + 1;
            let content = raw.split('#').next().unwrap_or("").trim();
            if content.is_empty() {
                continue;
            }
            let depth = rows;
            rows += 1;
            let tokens: Vec<&str> = content.split_whitespace().collect();
            if tokens.len() != ZONE_WIDTH {
                errors.push(LayoutError {
                    line: Some(line),
                    column: None,
                    problem: LayoutProblem::Width { found: tokens.len() },
                });
            }
            for (i, token) in tokens.iter().enumerate() {
                let column = i + 1;
                let kind = if *token == "." {
                    None
                } else if let Some(kind) = UnitKind::from_code(token) {
                    Some(kind)
                } else {
                    errors.push(LayoutError {
                        line: Some(line),
                        column: Some(column),
                        problem: LayoutProblem::UnknownCode(crate::shared::notation::shorten_quote(token)),
                    });
                    continue;
                };
                if let Some(kind) = kind {
                    counts[kind.index()] = counts[kind.index()].saturating_add(1);
                    if depth == 0 && kind == UnitKind::NavalBase {
                        errors.push(LayoutError {
                            line: Some(line),
                            column: Some(column),
                            problem: LayoutProblem::BaseInFrontRow,
                        });
                    }
                }
                if depth < ZONE_DEPTH && i < ZONE_WIDTH {
                    layout.cells[depth][i] = kind;
                }
            }
        }
        if rows != ZONE_DEPTH {
            errors.push(LayoutError {
                line: None,
                column: None,
                problem: LayoutProblem::Height { found: rows },
            });
        }
        errors.extend(count_errors(&counts, complete));
        if errors.is_empty() {
            Ok(layout)
        } else {
            Err(errors)
        }
    }

    /// The layout file text, with a short explanatory header in the given language.
    pub fn to_text(&self, language: Language) -> String {
        let mut out = String::new();
        let header: &[&str] = match language {
            Language::En => &[
                "# Admiral layout: your 5×14 zone as you see it from your seat.",
                "# First line = front row (nearest the enemy), last line = back row.",
                "# One code per square, '.' = empty. Codes (English or Russian):",
                "# CV BB CR RD DD PS TB CS MS SS AC TP MN SM FS AB NB",
            ],
            Language::Ru => &[
                "# Расстановка «Адмирала»: ваша зона 5×14 так, как вы её видите.",
                "# Первая строка — передний ряд (ближе к противнику), последняя — задний.",
                "# Один код на клетку, '.' — пусто. Коды (русские или английские):",
                "# А Л КР Р ЭС СТ ТК КРПЛ ТР ПЛ С Т М СМ БР АБ ВМБ",
            ],
        };
        for line in header {
            out.push_str(line);
            out.push('\n');
        }
        out.push_str(&self.grid_text(language));
        out
    }

    /// Just the five rows of codes (no header), as stored in match records.
    pub fn grid_text(&self, language: Language) -> String {
        let mut out = String::new();
        let width = match language {
            Language::En => 2,
            Language::Ru => 4,
        };
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

/// The counts of a full fleet, by kind.
pub fn fleet_counts() -> [u8; KINDS] {
    UnitKind::ALL.map(|k| k.fleet_count())
}

fn count_errors(counts: &[u8; KINDS], complete: bool) -> Vec<LayoutError> {
    UnitKind::ALL
        .into_iter()
        .filter(|k| {
            let found = counts[k.index()];
            found > k.fleet_count() || (complete && found < k.fleet_count())
        })
        .map(|kind| LayoutError {
            line: None,
            column: None,
            problem: LayoutProblem::Count { kind, found: counts[kind.index()], expected: kind.fleet_count() },
        })
        .collect()
}

/// One problem in a layout, located where possible.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LayoutError {
    /// The file line (1-based), when the problem sits on one line.
    pub line: Option<usize>,
    /// The token's place in its row (1–14), when the problem is one token.
    pub column: Option<usize>,
    /// What is wrong.
    pub problem: LayoutProblem,
}

/// What is wrong with a layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LayoutProblem {
    /// A token that is neither `.` nor a unit code (as typed, shortened with … when long).
    UnknownCode(String),
    /// A row without exactly 14 tokens.
    Width {
        /// Tokens found.
        found: usize,
    },
    /// Not exactly 5 rows.
    Height {
        /// Rows found.
        found: usize,
    },
    /// A kind placed the wrong number of times.
    Count {
        /// The kind.
        kind: UnitKind,
        /// How many are placed.
        found: u8,
        /// How many a fleet has.
        expected: u8,
    },
    /// A naval base in the front row.
    BaseInFrontRow,
}

impl LayoutError {
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
        let what = match (&self.problem, ru) {
            (LayoutProblem::UnknownCode(code), false) => {
                format!("`{code}` is not a unit code (use . or one of CV BB CR RD DD PS TB CS MS SS AC TP MN SM FS AB NB)")
            }
            (LayoutProblem::UnknownCode(code), true) => {
                format!("«{code}» — не код единицы (используйте . или А Л КР Р ЭС СТ ТК КРПЛ ТР ПЛ С Т М СМ БР АБ ВМБ)")
            }
            (LayoutProblem::Width { found }, false) => {
                format!("{found} squares in this row, expected 14")
            }
            (LayoutProblem::Width { found }, true) => format!("в ряду {found} клеток, нужно 14"),
            (LayoutProblem::Height { found }, false) => format!("{found} rows, expected 5"),
            (LayoutProblem::Height { found }, true) => format!("рядов {found}, нужно 5"),
            (LayoutProblem::Count { kind, found, expected }, false) => format!(
                "{} ({}): {found} placed, expected {expected}{}",
                kind.code_en(),
                kind.name_en(),
                diff_en(*found, *expected)
            ),
            (LayoutProblem::Count { kind, found, expected }, true) => format!(
                "{} ({}): расставлено {found}, нужно {expected}{}",
                kind.code_ru(),
                kind.name_ru(),
                diff_ru(*found, *expected)
            ),
            (LayoutProblem::BaseInFrontRow, false) => "a naval base may not stand in the front row".into(),
            (LayoutProblem::BaseInFrontRow, true) => {
                "военно-морская база не может стоять в переднем ряду".into()
            }
        };
        format!("{place}{what}")
    }
}

fn diff_en(found: u8, expected: u8) -> String {
    if found < expected {
        format!(" ({} missing)", expected - found)
    } else {
        format!(" ({} too many)", found - expected)
    }
}

fn diff_ru(found: u8, expected: u8) -> String {
    if found < expected {
        format!(" (не хватает {})", expected - found)
    } else {
        format!(" (лишних {})", found - expected)
    }
}

impl fmt::Display for LayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe(Language::En))
    }
}

impl std::error::Error for LayoutError {}

/// All problems of a layout as one message, one per line.
pub fn describe_errors(errors: &[LayoutError], language: Language) -> String {
    errors.iter().map(|e| e.describe(language)).collect::<Vec<_>>().join("\n")
}

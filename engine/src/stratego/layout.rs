//! A side's Stratego setup (its 4×10 zone as its owner sees it) and the layout file format
//! (read, checked and written by the shared [`Zone`]; here are Stratego's codes and problems).
//!
//! The file is plain text a person edits: four lines of ten tokens, the first line being the
//! front row (nearest the enemy) and tokens running left to right from the owner's seat, so
//! one file works on either seat. Tokens are piece codes in English or Russian
//! (`MA GE CO MJ CA LT SG MI SC SP BO FL` / `МР ГН ПК МЙ КП ЛТ СЖ СП РЗ ШП БМ ФЛ`, any case),
//! `B` (bomb), `F` (flag), `S` (spy), or numbers. Numbers are modern (spy 1 … marshal 10) unless
//! the file is plainly in the classic numbering of older editions (marshal 1 … scout 9): no
//! `10` anywhere and more than one `9` (eight scouts). `.` leaves a square empty (only for
//! partial layouts); `#` starts a comment; blank lines, a byte-order mark and CRLF are ignored.

use super::board::{StrategoBoard, COLS, ZONE_ROWS};
use super::piece::Rank;
pub use crate::shared::layout::describe_errors;
use crate::shared::layout::{SetupKind, Zone};
use crate::shared::Language;

/// Rows in a setup zone.
pub const DEPTH: usize = ZONE_ROWS as usize;
/// Columns in a setup zone.
pub const WIDTH: usize = COLS as usize;

/// A setup as its owner sees it: `depth` 0 is the front row (row 4 for South, row 7 for North),
/// `file` 0 the leftmost column from the owner's seat (`a` for South, `j` for North).
pub type Layout = Zone<Rank, DEPTH, WIDTH>;

impl SetupKind for Rank {
    type Board = StrategoBoard;
    type Misplacement = std::convert::Infallible;
    /// Whether numbers are classic (marshal 1 … scout 9).
    type Numbering = bool;

    /// Classic numbering when no token is `10` and more than one is `9` (eight scouts).
    fn numbering(tokens: &[&str]) -> bool {
        !tokens.contains(&"10") && tokens.iter().filter(|t| **t == "9").count() > 1
    }

    fn read_code(token: &str, classic: bool) -> Option<Rank> {
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

    fn game_name(language: Language) -> &'static str {
        language.pick("Stratego", "Стратего")
    }

    fn header_codes(language: Language) -> &'static [&'static str] {
        language.pick(
            &["# Codes: MA GE CO MJ CA LT SG MI SC SP BO FL (or numbers: spy 1 ... marshal 10, B, F)."],
            &["# Коды: МР ГН ПК МЙ КП ЛТ СЖ СП РЗ ШП БМ ФЛ (или английские)."],
        )
    }

    /// Every code has two letters in both languages: nothing to line up.
    fn code_width(_: Language) -> usize {
        0
    }

    fn not_a_code(language: Language) -> &'static str {
        language.pick(
            "is not a piece (use . or MA GE CO MJ CA LT SG MI SC SP BO FL, or numbers spy 1 … marshal 10, B, F)",
            "не фигура (используйте . или МР ГН ПК МЙ КП ЛТ СЖ СП РЗ ШП БМ ФЛ)",
        )
    }

    const COUNT_SAYS_DIFFERENCE: bool = false;
}

/// One problem in a Stratego layout, located where possible.
pub type LayoutError = crate::shared::layout::LayoutError<LayoutProblem>;

/// What is wrong with a Stratego layout.
pub type LayoutProblem = crate::shared::layout::LayoutProblem<Rank>;

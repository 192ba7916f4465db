//! Stratego actions and their notation: `e4-e5` (a move), `e4xe5` (an attack), and for scouts
//! runs such as `b2-b5` or `b2xb7`.

use std::fmt;

use super::board::Sq;
use crate::shared::notation::{fold_marks, TypedNotation};

/// One turn: a piece goes from one square to another in a straight line, onto an empty square
/// or onto an enemy piece (an attack). Only scouts go further than one square.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Action {
    /// Where the piece stands.
    pub from: Sq,
    /// Where it goes (the attacked square for an attack).
    pub to: Sq,
    /// True if an enemy piece stands on `to`.
    pub attack: bool,
}

impl Action {
    /// A move onto an empty square.
    pub const fn step(from: Sq, to: Sq) -> Action {
        Action { from, to, attack: false }
    }

    /// An attack on the piece on `to`.
    pub const fn strike(from: Sq, to: Sq) -> Action {
        Action { from, to, attack: true }
    }

    /// Squares travelled (1 for every piece but a scout's longer runs).
    pub fn distance(&self) -> u8 {
        self.from.distance(self.to)
    }

    /// Parses typed notation: upper case and Cyrillic look-alike columns, `x X : × х Х` for the
    /// attack, `– — −` for the move, white space anywhere.
    ///
    /// Errors quote the player's own text as typed (see [`crate::shared::notation`]), shortened
    /// when long. A side with no square at all (`-e5`, `e4x`) is not of the form `e4-e5`.
    pub fn parse(text: &str) -> Result<Action, ParseActionError> {
        let typed = TypedNotation::clean(text, fold_marks);
        let cleaned = typed.cleaned();
        let form = || ParseActionError::Form(typed.whole());
        let mark = |m: char| cleaned.iter().position(|&c| c == m);
        let (split, attack) = match (mark('-'), mark('x')) {
            (Some(i), None) => (i, false),
            (None, Some(i)) => (i, true),
            _ => return Err(form()),
        };
        let square = |start: usize, end: usize| {
            if start == end {
                return Err(form());
            }
            let word: String = cleaned[start..end].iter().collect();
            Sq::parse(&word).ok_or_else(|| ParseActionError::Square(typed.token(start, end)))
        };
        let (from, to) = (square(0, split)?, square(split + 1, cleaned.len())?);
        if from.col() != to.col() && from.row() != to.row() || from == to {
            return Err(ParseActionError::NotStraight(typed.whole()));
        }
        Ok(Action { from, to, attack })
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}{}", self.from, if self.attack { 'x' } else { '-' }, self.to)
    }
}

// `Debug`, `FromStr` (`Action::parse`) and the JSON form are the notation.
crate::shared::notation::notation_traits!(Action, ParseActionError);

/// Text that is not a Stratego action. The texts it quotes are the player's own, as typed,
/// shortened with `…` past [`crate::shared::notation::QUOTE_LIMIT`] characters.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseActionError {
    /// Not of the form `e4-e5` or `e4xe5` (quoting the typed text).
    #[error("`{0}` is not an action: write a move as e4-e5 or an attack as e4xe5")]
    Form(String),
    /// A bad square (quoting its typed token).
    #[error("`{0}` is not a square (columns a–j, rows 1–10)")]
    Square(String),
    /// Squares not on one line (quoting the typed text).
    #[error("`{0}`: a piece moves in a straight line, along a row or a column")]
    NotStraight(String),
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shared::notation::{check_typed_quote, check_typed_texts, ELLIPSIS, QUOTE_LIMIT};

    #[test]
    fn notation_round_trips_and_is_lenient() {
        for text in ["e4-e5", "b2xb7", "j10-j9"] {
            assert_eq!(Action::parse(text).unwrap().to_string(), text);
        }
        assert_eq!(Action::parse(" E4 X e5 ").unwrap().to_string(), "e4xe5");
        assert_eq!(Action::parse("Е4–Е5").unwrap().to_string(), "e4-e5");
        assert!(matches!(Action::parse("e4-f5"), Err(ParseActionError::NotStraight(_))));
        assert!(matches!(Action::parse("e4"), Err(ParseActionError::Form(_))));
        assert!(matches!(Action::parse("e4-k4"), Err(ParseActionError::Square(_))));
    }

    /// The text an error quotes.
    fn quote(error: &ParseActionError) -> &str {
        match error {
            ParseActionError::Form(t) | ParseActionError::Square(t) | ParseActionError::NotStraight(t) => t,
        }
    }

    #[test]
    fn bad_squares_are_quoted_as_typed() {
        let bad = |text: &str| Err(ParseActionError::Square(text.to_string()));
        assert_eq!(Action::parse("zz99-a1"), bad("zz99"));
        assert_eq!(Action::parse("e4-k4"), bad("k4"));
        assert_eq!(Action::parse("e4 – K 4"), bad("K 4"), "as far as the parser read");
        assert_eq!(Action::parse("e4-e5-e6"), bad("e5-e6"));
        assert_eq!(Action::parse("e4;-e5"), bad("e4;"));
        let form = |text: &str| Err(ParseActionError::Form(text.to_string()));
        assert_eq!(Action::parse(" -e5 "), form("-e5"), "no square before the mark");
        assert_eq!(Action::parse("e4 x "), form("e4 x"), "no square after the mark");
    }

    #[test]
    fn long_text_is_quoted_shortened() {
        let garbage = "q#".repeat(250);
        for text in [garbage.clone(), format!("{garbage}-e5"), format!("e5x{garbage}")] {
            let error = Action::parse(&text).unwrap_err();
            let quoted = quote(&error);
            assert!(quoted.starts_with("q#q#") && quoted.ends_with(ELLIPSIS), "{quoted:?}");
            assert_eq!(quoted.chars().count(), QUOTE_LIMIT + 1);
        }
        let error = Action::parse(&format!("e4-f5{}", " ".repeat(300))).unwrap_err();
        assert_eq!(error, ParseActionError::NotStraight("e4-f5".into()));
        let error = Action::parse("  a1     -    b2  ").unwrap_err();
        assert_eq!(error, ParseActionError::NotStraight("a1     -    b2".into()));
        let error = Action::parse("   a1        -        b2").unwrap_err();
        assert_eq!(error, ParseActionError::NotStraight("a1        -     …".into()));
    }

    /// Every quote in a parse error is typed text, at most the limit and `…`.
    #[test]
    fn errors_quote_only_typed_text() {
        check_typed_texts("[a-lA-L0-9xX:×хХЕе–—− ;-]{0,30}", "[a-e0-9 x-]{10,200}", |text| {
            match Action::parse(text) {
                Err(error) => check_typed_quote(text, quote(&error)),
                Ok(_) => Ok(()),
            }
        });
    }
}

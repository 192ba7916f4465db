//! Stratego actions and their notation: `e4-e5` (a move), `e4xe5` (an attack), and for scouts
//! runs such as `b2-b5` or `b2xb7`.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::board::Sq;

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
    pub fn parse(text: &str) -> Result<Action, ParseActionError> {
        let cleaned: String = text
            .chars()
            .filter(|c| !c.is_whitespace())
            .map(|c| match c {
                'X' | ':' | '×' | 'х' | 'Х' => 'x',
                '–' | '—' | '−' => '-',
                c => c,
            })
            .collect();
        let (split, attack) = match (cleaned.find('-'), cleaned.find('x')) {
            (Some(i), None) => (i, false),
            (None, Some(i)) => (i, true),
            _ => return Err(ParseActionError::Form(text.trim().to_string())),
        };
        let (left, right) = (&cleaned[..split], &cleaned[split + 1..]);
        let square = |s: &str| Sq::parse(s).ok_or_else(|| ParseActionError::Square(s.to_string()));
        let (from, to) = (square(left)?, square(right)?);
        if from.col() != to.col() && from.row() != to.row() || from == to {
            return Err(ParseActionError::NotStraight(text.trim().to_string()));
        }
        Ok(Action { from, to, attack })
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}{}", self.from, if self.attack { 'x' } else { '-' }, self.to)
    }
}

impl fmt::Debug for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Action {
    type Err = ParseActionError;
    fn from_str(s: &str) -> Result<Action, ParseActionError> {
        Action::parse(s)
    }
}

impl Serialize for Action {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Action {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Action, D::Error> {
        let text = String::deserialize(deserializer)?;
        Action::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// Text that is not a Stratego action.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseActionError {
    /// Not of the form `e4-e5` or `e4xe5`.
    #[error("`{0}` is not an action: write a move as e4-e5 or an attack as e4xe5")]
    Form(String),
    /// A bad square.
    #[error("`{0}` is not a square (columns a–j, rows 1–10)")]
    Square(String),
    /// Squares not on one line.
    #[error("`{0}`: a piece moves in a straight line, along a row or a column")]
    NotStraight(String),
}

#[cfg(test)]
mod tests {
    use super::*;

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
}

//! Actions and their notation (`e3-e4`, `e3xe4(d3)`, `e3-e4xe5`, `f2!`).

use std::fmt;

use crate::admiral::formation::Partners;
use crate::admiral::square::{column_letter, Square};
use crate::shared::notation::{fold_marks, TypedNotation};

/// One turn's action by the side to move.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// A one-square orthogonal move onto an empty square.
    Move {
        /// Where the unit stands.
        from: Square,
        /// Where it goes.
        to: Square,
    },
    /// An attack, optionally after a one-square move (`via`), with declared partners.
    Attack {
        /// Where the acting unit stands before the action.
        from: Square,
        /// Where it moves first, for a move then attack.
        via: Option<Square>,
        /// The attacked square.
        target: Square,
        /// The attacker's declared formation partners (scale ships only).
        partners: Partners,
    },
    /// Detonating one's own atomic bomb (a whole turn).
    Detonate {
        /// Where the bomb stands.
        at: Square,
    },
}

impl Action {
    /// The square of the acting unit before the action.
    pub fn from(&self) -> Square {
        match *self {
            Action::Move { from, .. } | Action::Attack { from, .. } => from,
            Action::Detonate { at } => at,
        }
    }

    /// Where the acting unit stands once it has moved (its attack square, for attacks).
    pub fn origin_of_attack(&self) -> Square {
        match *self {
            Action::Move { to, .. } => to,
            Action::Attack { from, via, .. } => via.unwrap_or(from),
            Action::Detonate { at } => at,
        }
    }

    /// The attacked square, for attacks.
    pub fn target(&self) -> Option<Square> {
        match *self {
            Action::Attack { target, .. } => Some(target),
            _ => None,
        }
    }

    /// The square the unit moves to, for moves and moves then attacks.
    pub fn step(&self) -> Option<Square> {
        match *self {
            Action::Move { to, .. } => Some(to),
            Action::Attack { via, .. } => via,
            Action::Detonate { .. } => None,
        }
    }

    /// True if the action has an attack part (detonation included).
    pub fn is_aggressive(&self) -> bool {
        !matches!(self, Action::Move { .. })
    }

    /// The same action without declared partners: what the opponent learns of it when no
    /// battle of formations takes place.
    pub fn without_partners(&self) -> Action {
        match *self {
            Action::Attack { from, via, target, .. } => {
                Action::Attack { from, via, target, partners: Partners::NONE }
            }
            other => other,
        }
    }

    /// The declared partners (none for moves and detonations).
    pub fn partners(&self) -> Partners {
        match *self {
            Action::Attack { partners, .. } => partners,
            _ => Partners::NONE,
        }
    }

    /// Parses typed notation: upper case, Cyrillic look-alike columns, any of `x X : × х Х`
    /// for the attack, `–`/`—` for the move, white space anywhere and partners in any order.
    ///
    /// Errors quote the player's own text as typed (see [`crate::shared::notation`]), shortened
    /// when long, and count positions in characters of the typed text.
    pub fn parse(text: &str) -> Result<Action, ParseActionError> {
        let typed = clean(text)?;
        let mut reader = Reader { typed: &typed, pos: 0 };
        let from = reader.square()?;
        let action = match reader.next() {
            Some('!') => {
                reader.end()?;
                return Ok(Action::Detonate { at: from });
            }
            Some('-') => {
                let to = reader.square()?;
                match reader.next() {
                    None => return Ok(Action::Move { from, to }),
                    Some('x') => {
                        let target = reader.square()?;
                        let partners = reader.partners()?;
                        Action::Attack { from, via: Some(to), target, partners }
                    }
                    Some(_) => return Err(reader.unexpected()),
                }
            }
            Some('x') => {
                let target = reader.square()?;
                let partners = reader.partners()?;
                Action::Attack { from, via: None, target, partners }
            }
            Some(_) => return Err(reader.unexpected()),
            None => return Err(reader.incomplete()),
        };
        reader.end()?;
        Ok(action)
    }
}

/// Reads a formation as the notation writes it after an attack's target: a square, then its
/// partners in parentheses (`d10`, `d10(e10)`, `d10(c10,e10)`), as leniently as [`Action::parse`]
/// (the arena's outside programs declare their defence groups so).
pub fn parse_group(text: &str) -> Result<(Square, Partners), ParseActionError> {
    let typed = clean(text)?;
    let mut reader = Reader { typed: &typed, pos: 0 };
    let square = reader.square()?;
    let partners = reader.partners()?;
    reader.end()?;
    Ok((square, partners))
}

/// A formation as the notation writes it: `d10`, `d10(e10)`, `d10(c10,e10)`.
pub fn group_text(square: Square, partners: &Partners) -> String {
    format!("{square}{}", PartnerList(partners))
}

/// Typed notation with the marks folded (`;` read as `,`); nothing typed is an error.
fn clean(text: &str) -> Result<TypedNotation, ParseActionError> {
    let typed = TypedNotation::clean(text, |c| match c {
        ';' => ',',
        c => fold_marks(c),
    });
    if typed.cleaned().is_empty() {
        return Err(ParseActionError::Empty);
    }
    Ok(typed)
}

/// Partners in parentheses, comma-separated; nothing when there are none.
struct PartnerList<'a>(&'a Partners);

impl fmt::Display for PartnerList<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return Ok(());
        }
        f.write_str("(")?;
        for (i, p) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{p}")?;
        }
        f.write_str(")")
    }
}

/// Reads cleaned notation one character at a time; its errors quote the typed text.
struct Reader<'a> {
    typed: &'a TypedNotation,
    pos: usize,
}

impl Reader<'_> {
    fn next(&mut self) -> Option<char> {
        let c = self.peek();
        self.pos += 1;
        c
    }

    fn peek(&self) -> Option<char> {
        self.typed.cleaned().get(self.pos).copied()
    }

    fn square(&mut self) -> Result<Square, ParseActionError> {
        let start = self.pos;
        let Some(letter) = self.next() else {
            return Err(self.incomplete());
        };
        if column_letter(letter).is_none() {
            return Err(ParseActionError::BadSquare(self.typed.token(start, self.pos)));
        }
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        let word: String = self.typed.cleaned()[start..self.pos].iter().collect();
        Square::parse(&word).ok_or_else(|| ParseActionError::BadSquare(self.typed.token(start, self.pos)))
    }

    fn partners(&mut self) -> Result<Partners, ParseActionError> {
        if self.peek() != Some('(') {
            return Ok(Partners::NONE);
        }
        self.pos += 1;
        let mut squares = Vec::new();
        loop {
            squares.push(self.square()?);
            match self.next() {
                Some(',') => continue,
                Some(')') => break,
                Some(_) => return Err(self.unexpected()),
                None => return Err(self.incomplete()),
            }
        }
        Partners::new(&squares).ok_or(ParseActionError::BadPartners)
    }

    fn end(&mut self) -> Result<(), ParseActionError> {
        match self.next() {
            None => Ok(()),
            Some(_) => Err(self.unexpected()),
        }
    }

    /// The character just read was not expected: quoted as typed, at its typed position.
    fn unexpected(&self) -> ParseActionError {
        let index = self.pos - 1;
        ParseActionError::Unexpected { found: self.typed.typed_char(index), at: self.typed.position(index) }
    }

    /// The text stopped in the middle of an action.
    fn incomplete(&self) -> ParseActionError {
        ParseActionError::Incomplete(self.typed.whole())
    }
}

/// Why a typed action could not be read. The texts it quotes are the player's own, as typed,
/// shortened with `…` past [`crate::shared::notation::QUOTE_LIMIT`] characters.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseActionError {
    /// Nothing was typed.
    #[error("no action given: type e.g. e3-e4 (move), e3xe4 (attack) or f2! (detonate)")]
    Empty,
    /// The text stops in the middle of an action (quoting the typed text).
    #[error("`{0}` is incomplete: e.g. e3-e4, e3xe4, e3-e4xe5, e3xe4(d3) or f2!")]
    Incomplete(String),
    /// A square is malformed or off the board (quoting its typed token).
    #[error("`{0}` is not a square (columns a–n, rows 1–15)")]
    BadSquare(String),
    /// An unexpected character.
    #[error(
        "unexpected `{found}` at position {at}: write moves as e3-e4, attacks as e3xe4, detonations as f2!"
    )]
    Unexpected {
        /// The character, as typed.
        found: char,
        /// Its 1-based position in the typed text, counted in characters.
        at: usize,
    },
    /// More than two partners, or one square twice.
    #[error("a formation has at most two partners, each on a different square")]
    BadPartners,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Move { from, to } => write!(f, "{from}-{to}"),
            Action::Detonate { at } => write!(f, "{at}!"),
            Action::Attack { from, via, target, partners } => {
                write!(f, "{from}")?;
                if let Some(via) = via {
                    write!(f, "-{via}")?;
                }
                write!(f, "x{target}{}", PartnerList(&partners))
            }
        }
    }
}

// `Debug`, `FromStr` (`Action::parse`) and the JSON form are the notation.
crate::shared::notation::notation_traits!(Action, ParseActionError);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shared::notation::{check_typed_quote, check_typed_texts, ELLIPSIS, QUOTE_LIMIT};
    use proptest::prop_assert_eq;

    fn round_trip(text: &str) -> String {
        Action::parse(text).unwrap().to_string()
    }

    #[test]
    fn canonical_forms() {
        for text in ["e3-e4", "e3xe4", "e3-e4xe5", "e3xe4(d3,e2)", "e3-e4xe5(d4)", "f2!", "n15-n14"] {
            assert_eq!(round_trip(text), text);
        }
    }

    #[test]
    fn lenient_input() {
        assert_eq!(round_trip("E3 X E4"), "e3xe4");
        assert_eq!(round_trip("e3:e4"), "e3xe4");
        assert_eq!(round_trip("e3×e4"), "e3xe4");
        assert_eq!(round_trip("е3хе4"), "e3xe4", "Cyrillic е and х");
        assert_eq!(round_trip("e3xe4(e2, d3)"), "e3xe4(d3,e2)", "partners sorted");
        assert_eq!(round_trip("e3–e4"), "e3-e4", "en dash");
        assert_eq!(round_trip(" F2 ! "), "f2!");
    }

    #[test]
    fn bad_input_is_explained() {
        assert_eq!(Action::parse(""), Err(ParseActionError::Empty));
        assert!(matches!(Action::parse("e3"), Err(ParseActionError::Incomplete(_))));
        assert!(matches!(Action::parse("e3-e16"), Err(ParseActionError::BadSquare(_))));
        assert!(matches!(Action::parse("z3-e4"), Err(ParseActionError::BadSquare(_))));
        assert!(matches!(Action::parse("e3xe4(d3,d3)"), Err(ParseActionError::BadPartners)));
        assert!(matches!(Action::parse("e3xe4(a1,a2,a3)"), Err(ParseActionError::BadPartners)));
        assert!(matches!(Action::parse("e3-e4-e5"), Err(ParseActionError::Unexpected { .. })));
        assert!(matches!(Action::parse("e3!x"), Err(ParseActionError::Unexpected { .. })));
    }

    /// The text an error quotes, if it quotes any.
    fn quote(error: &ParseActionError) -> Option<&str> {
        match error {
            ParseActionError::Incomplete(t) | ParseActionError::BadSquare(t) => Some(t),
            _ => None,
        }
    }

    #[test]
    fn bad_squares_are_quoted_as_typed() {
        let bad = |text: &str| ParseActionError::BadSquare(text.to_string());
        assert_eq!(Action::parse("zz99"), Err(bad("zz99")));
        assert_eq!(Action::parse("e3-zz99"), Err(bad("zz99")));
        assert_eq!(Action::parse("e3-E16"), Err(bad("E16")));
        assert_eq!(Action::parse("e3 – E1 6"), Err(bad("E1 6")), "as far as the parser read");
        assert_eq!(Action::parse("e3xe4(d3, d33)"), Err(bad("d33")));
        assert_eq!(Action::parse("e3--e4"), Err(bad("-")), "a delimiter where a square belongs");
        let injection = "'; DROP TABLE matches; --";
        let error = Action::parse(injection).unwrap_err();
        let quoted = quote(&error).unwrap();
        assert!(injection.contains(quoted), "{quoted:?} is not typed text");
        assert!(!error.to_string().contains("',D"));
    }

    #[test]
    fn long_text_is_quoted_shortened() {
        let error = Action::parse(&"a".repeat(2000)).unwrap_err();
        let quoted = quote(&error).unwrap();
        assert!(quoted.starts_with("aaaa") && quoted.ends_with(ELLIPSIS), "{quoted:?}");
        assert_eq!(quoted.chars().count(), QUOTE_LIMIT + 1);
        let error = Action::parse(&format!("e3-e4 x {}", "(".repeat(100))).unwrap_err();
        assert_eq!(error, ParseActionError::BadSquare("(".into()));
        let incomplete = format!("  {}e3xe4(d3,  ", " ".repeat(40));
        let error = Action::parse(&incomplete).unwrap_err();
        assert_eq!(error, ParseActionError::Incomplete("e3xe4(d3,".into()), "trimmed as typed");
        let error = Action::parse("e3xe4(a1, a2, a3, a4, a5, a6, a7,").unwrap_err();
        assert_eq!(error, ParseActionError::Incomplete("e3xe4(a1, a2, a3…".into()));
    }

    #[test]
    fn unexpected_characters_are_placed_in_the_typed_text() {
        let unexpected = |found, at| Err(ParseActionError::Unexpected { found, at });
        assert_eq!(Action::parse("e3-e4-e5"), unexpected('-', 6));
        assert_eq!(Action::parse("  e3 - e4 – e5"), unexpected('–', 11), "white space counted");
        assert_eq!(Action::parse("е3 ! x"), unexpected('x', 6), "characters, not bytes");
        assert_eq!(Action::parse("e3 - e4 ;"), unexpected(';', 9), "`;` as typed, not `,`");
    }

    /// Every quote in a parse error is typed text, at most the limit and `…`, and every
    /// unexpected character is typed where the error says.
    #[test]
    fn errors_quote_only_typed_text() {
        check_typed_texts("[a-pA-P0-9xX:×хХЕе–—− ()!,;'-]{0,40}", "[a-e0-9 (x-]{10,200}", |text| {
            if let Err(error) = Action::parse(text) {
                if let Some(quoted) = quote(&error) {
                    check_typed_quote(text, quoted)?;
                }
                if let ParseActionError::Unexpected { found, at } = error {
                    prop_assert_eq!(text.chars().nth(at - 1), Some(found));
                }
            }
            Ok(())
        });
    }
}

//! Reading and quoting typed notation, for both rulesets: column letters as people type them,
//! and a player's typed notation quoted back in parse errors.
//!
//! The parsers read a *cleaned* copy of what was typed (white space dropped, look-alike marks
//! folded), but an error must quote what the player actually typed: never the cleaned copy, and
//! never a whole paragraph. `TypedNotation` keeps, for each cleaned character, where it stands
//! in the typed text, so that an error can quote the typed token; [`shorten_quote`] cuts a long
//! quote down to [`QUOTE_LIMIT`] characters and `…`. Squares and actions are stored as their
//! notation too: [`serialize_text`] and [`deserialize_text`] (for actions through
//! `notation_traits!`, which also makes their `Debug` and `FromStr` the notation).

use std::fmt;
use std::str::FromStr;

use serde::Deserialize;

/// The most characters of typed text an error quotes; a longer quote keeps this many and ends
/// with [`ELLIPSIS`].
pub const QUOTE_LIMIT: usize = 16;

/// The mark that ends a shortened quote.
pub const ELLIPSIS: char = '…';

/// `text` as it is if it has at most [`QUOTE_LIMIT`] characters; otherwise its first
/// [`QUOTE_LIMIT`] characters followed by [`ELLIPSIS`].
pub fn shorten_quote(text: &str) -> String {
    match text.char_indices().nth(QUOTE_LIMIT) {
        None => text.to_string(),
        Some((cut, _)) => format!("{}{ELLIPSIS}", &text[..cut]),
    }
}

/// The marks both rulesets accept in typed notation, folded to their plain forms: `x X : × х Х`
/// to `x` (the attack) and `– — −` to `-` (the move). Every other character is left as it is.
pub(crate) fn fold_marks(c: char) -> char {
    match c {
        'X' | ':' | '×' | 'х' | 'Х' => 'x',
        '–' | '—' | '−' => '-',
        c => c,
    }
}

/// True for a character that ends a typed square: white space and the notation's delimiters,
/// i.e. the move dashes `- – — −`, the attack marks `x X : × х Х`, `( ) , ;` and `!`.
///
/// The Cyrillic `х`/`Х` count as attack marks, not letters: unlike А В С Е Н К М they look like
/// no column letter, and the parsers read them as the attack.
fn ends_token(c: char) -> bool {
    c.is_whitespace() || matches!(fold_marks(c), '-' | 'x' | '(' | ')' | ',' | ';' | '!')
}

/// Typed notation with its cleaned copy: what the parsers read, and where each cleaned character
/// was typed, so that errors quote the player's own text.
pub(crate) struct TypedNotation {
    /// The text as typed.
    typed: Vec<char>,
    /// The cleaned copy: white space dropped, every other character passed through the fold.
    cleaned: Vec<char>,
    /// For each cleaned character, the index of the typed character it came from.
    origin: Vec<usize>,
}

impl TypedNotation {
    /// Cleans `text`: drops white space and maps every other character through `fold`.
    pub(crate) fn clean(text: &str, fold: impl Fn(char) -> char) -> TypedNotation {
        let typed: Vec<char> = text.chars().collect();
        let (origin, cleaned) =
            typed.iter().enumerate().filter(|(_, c)| !c.is_whitespace()).map(|(i, &c)| (i, fold(c))).unzip();
        TypedNotation { typed, cleaned, origin }
    }

    /// The cleaned characters.
    pub(crate) fn cleaned(&self) -> &[char] {
        &self.cleaned
    }

    /// The typed character behind the cleaned character at `index`.
    pub(crate) fn typed_char(&self, index: usize) -> char {
        self.typed[self.origin[index]]
    }

    /// The 1-based position, in characters of the typed text, of the cleaned character at `index`.
    pub(crate) fn position(&self, index: usize) -> usize {
        self.origin[index] + 1
    }

    /// The whole typed text without surrounding white space, shortened for quoting.
    pub(crate) fn whole(&self) -> String {
        let typed: String = self.typed.iter().collect();
        shorten_quote(typed.trim())
    }

    /// The typed token of a square the parser read from the cleaned characters `start..end`,
    /// shortened for quoting.
    ///
    /// The token starts at the square's first typed character and runs until white space or a
    /// delimiter (see [`ends_token`]); a square that starts with a delimiter is that one character.
    /// It always reaches at least as far as what the parser read (`e1 6` read as `e16` is quoted
    /// whole, not as `e1`).
    pub(crate) fn token(&self, start: usize, end: usize) -> String {
        let Some(&first) = self.origin.get(start) else {
            return String::new();
        };
        let mut stop = first + 1;
        if !ends_token(self.typed[first]) {
            while self.typed.get(stop).is_some_and(|&c| !ends_token(c)) {
                stop += 1;
            }
        }
        if end > start {
            stop = stop.max(self.origin[end - 1] + 1);
        }
        shorten_quote(&self.typed[first..stop].iter().collect::<String>())
    }
}

/// Whether `quoted` is what an error may quote of `typed`: a piece of the typed text, at most
/// [`QUOTE_LIMIT`] characters, perhaps followed by [`ELLIPSIS`] (both games' property tests).
/// Maps a typed column letter to a 0-based column: `a`..`n` in either case, and the Cyrillic
/// letters that look like Latin ones (А В С Е Н К М), since people switch keyboards.
pub fn column_letter(c: char) -> Option<u8> {
    let latin = match c {
        'А' | 'а' => 'a',
        'В' | 'в' => 'b',
        'С' | 'с' => 'c',
        'Е' | 'е' => 'e',
        'Н' | 'н' => 'h',
        'К' | 'к' => 'k',
        'М' | 'м' => 'm',
        c => c.to_ascii_lowercase(),
    };
    if ('a'..='n').contains(&latin) {
        Some(latin as u8 - b'a')
    } else {
        None
    }
}

/// Serializes a value as its text (`Display`); the pair of [`deserialize_text`], for the types
/// whose JSON form is their notation (squares, actions).
pub fn serialize_text<T: fmt::Display, S: serde::Serializer>(
    value: &T,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.collect_str(value)
}

/// Reads a value from its text (`FromStr`), the parse error becoming the deserializer's.
pub fn deserialize_text<'de, T, D>(deserializer: D) -> Result<T, D::Error>
where
    T: FromStr,
    T::Err: fmt::Display,
    D: serde::Deserializer<'de>,
{
    let text = String::deserialize(deserializer)?;
    text.parse().map_err(serde::de::Error::custom)
}

/// Gives a notation type (one with `Display` and an inherent `parse(&str) -> Result<Self, E>`,
/// such as both rulesets' actions) the traits through which its notation is its identity:
/// `Debug` shows the notation, `FromStr` is `parse`, and its JSON form is the notation as a
/// string (see [`serialize_text`] and [`deserialize_text`]).
macro_rules! notation_traits {
    ($type:ty, $error:ty) => {
        impl ::std::fmt::Debug for $type {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                ::std::fmt::Display::fmt(self, f)
            }
        }

        impl ::std::str::FromStr for $type {
            type Err = $error;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                <$type>::parse(s)
            }
        }

        impl ::serde::Serialize for $type {
            fn serialize<S: ::serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                $crate::shared::notation::serialize_text(self, serializer)
            }
        }

        impl<'de> ::serde::Deserialize<'de> for $type {
            fn deserialize<D: ::serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                $crate::shared::notation::deserialize_text(deserializer)
            }
        }
    };
}
pub(crate) use notation_traits;

#[cfg(test)]
pub(crate) fn is_typed_quote(typed: &str, quoted: &str) -> bool {
    let kept = quoted.strip_suffix(ELLIPSIS).unwrap_or(quoted);
    typed.contains(kept) && kept.chars().count() <= QUOTE_LIMIT
}

/// Both parsers' property test of their errors' quotes: runs `check` on 512 typed texts — any
/// text at all, short strings of the notation's own characters (`notation`, a regex) and long
/// ones (`long`, a regex) — and panics with the smallest text it fails on.
#[cfg(test)]
pub(crate) fn check_typed_texts(
    notation: &'static str,
    long: &'static str,
    check: impl Fn(&str) -> Result<(), proptest::test_runner::TestCaseError>,
) {
    use proptest::prelude::*;
    use proptest::test_runner::{Config, TestRunner};
    let texts = prop_oneof![any::<String>(), notation, long];
    let config = Config { cases: 512, failure_persistence: None, ..Config::default() };
    if let Err(failure) = TestRunner::new(config).run(&texts, |text| check(&text)) {
        panic!("{failure}");
    }
}

/// The property-test check that a parse error's quote is typed text (see [`is_typed_quote`]).
#[cfg(test)]
pub(crate) fn check_typed_quote(
    typed: &str,
    quoted: &str,
) -> Result<(), proptest::test_runner::TestCaseError> {
    proptest::prop_assert!(is_typed_quote(typed, quoted), "{:?} quotes {:?}", typed, quoted);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_text_is_quoted_as_it_is() {
        assert_eq!(shorten_quote(""), "");
        assert_eq!(shorten_quote("zz99"), "zz99");
        assert_eq!(shorten_quote(&"é".repeat(QUOTE_LIMIT)), "é".repeat(QUOTE_LIMIT));
    }

    #[test]
    fn long_text_keeps_the_limit_and_an_ellipsis() {
        let quote = shorten_quote(&"ж".repeat(QUOTE_LIMIT + 1));
        assert_eq!(quote, format!("{}…", "ж".repeat(QUOTE_LIMIT)));
        assert_eq!(quote.chars().count(), QUOTE_LIMIT + 1);
    }

    #[test]
    fn tokens_are_typed_text_up_to_a_delimiter() {
        let typed = TypedNotation::clean(" e3 – E16;x", fold_marks);
        assert_eq!(typed.cleaned().iter().collect::<String>(), "e3-E16;x");
        assert_eq!(typed.token(0, 1), "e3");
        assert_eq!(typed.token(3, 4), "E16");
        assert_eq!(typed.token(2, 3), "–");
        assert_eq!(typed.position(2), 5);
        assert_eq!(typed.typed_char(2), '–');
        let spaced = TypedNotation::clean("e1 6", fold_marks);
        assert_eq!(spaced.token(0, 3), "e1 6", "reaches as far as the parser read");
    }
}

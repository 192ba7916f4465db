//! What both rulesets' kinds of piece (Admiral's unit kinds, Stratego's ranks) have in common
//! for the texts that name them: a fixed list, an index, codes in both languages and the number
//! in a full army; and the position-text token both games write a piece as (the English code,
//! upper case for South, lower case for North).

use std::fmt;
use std::hash::Hash;

use serde::{Deserialize, Serialize};

use super::language::Language;
use super::side::Side;

/// A ruleset's kind of piece, as the shared text formats read and write it.
pub trait PieceKind: Copy + Eq + Hash + fmt::Debug + Send + Sync + 'static {
    /// Every kind, in index order.
    const ALL: &'static [Self];
    /// The kind's place in [`PieceKind::ALL`] (and in per-kind counts).
    fn index(self) -> usize;
    /// The code in a language (`CR`, `КР`; `MA`, `МР`).
    fn code(self, language: Language) -> &'static str;
    /// The name in a language, lower case (`cruiser`, `крейсер`).
    fn name(self, language: Language) -> &'static str;
    /// How many of this kind a full army (fleet) has.
    fn army_count(self) -> u8;
}

/// How many of each kind a full army has, by [`PieceKind::index`] (`N` is the number of kinds).
pub fn army_counts<K: PieceKind, const N: usize>() -> [u8; N] {
    std::array::from_fn(|i| K::ALL[i].army_count())
}

/// The position-text token of a `side`'s piece of `kind`: the English code, upper case for
/// South, lower case for North.
pub fn piece_token<K: PieceKind>(side: Side, kind: K) -> String {
    let code = kind.code(Language::En);
    match side {
        Side::South => code.to_string(),
        Side::North => code.to_ascii_lowercase(),
    }
}

/// A piece on the board: its kind and owner.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Piece<K> {
    /// What the piece is.
    pub kind: K,
    /// Who owns it.
    pub side: Side,
}

impl<K: PieceKind> Piece<K> {
    /// A piece of `kind` owned by `side`.
    pub const fn new(side: Side, kind: K) -> Piece<K> {
        Piece { kind, side }
    }

    /// The position-text token: the English code, upper case for South, lower case for North.
    pub fn token(self) -> String {
        piece_token(self.side, self.kind)
    }

    /// Parses a position-text token (`CR` South, `cr` North).
    pub fn from_token(token: &str) -> Option<Piece<K>> {
        read_piece_token(token).map(|(side, kind)| Piece::new(side, kind))
    }
}

/// Reads a position-text token (`CR` South, `cr` North; mixed case is no token).
pub fn read_piece_token<K: PieceKind>(token: &str) -> Option<(Side, K)> {
    let kind = K::ALL.iter().copied().find(|k| k.code(Language::En).eq_ignore_ascii_case(token))?;
    Side::BOTH.into_iter().find(|&side| piece_token(side, kind) == token).map(|side| (side, kind))
}

/// The shared face of a kind enum that has inherent `const fn`s `index`, `code_en`, `code_ru`,
/// `name_en`, `name_ru` and its army count (named by `army_count`), written once for both
/// rulesets: inherent `code` and `name` by language, [`PieceKind`], and `Display` as the
/// English code.
macro_rules! piece_kind {
    ($kind:ident, army_count = $count:ident) => {
        impl $kind {
            /// The code in a language.
            pub const fn code(self, language: $crate::shared::Language) -> &'static str {
                match language {
                    $crate::shared::Language::En => self.code_en(),
                    $crate::shared::Language::Ru => self.code_ru(),
                }
            }

            /// The name in a language, lower case.
            pub const fn name(self, language: $crate::shared::Language) -> &'static str {
                match language {
                    $crate::shared::Language::En => self.name_en(),
                    $crate::shared::Language::Ru => self.name_ru(),
                }
            }
        }

        impl $crate::shared::piece::PieceKind for $kind {
            const ALL: &'static [$kind] = &$kind::ALL;

            fn index(self) -> usize {
                $kind::index(self)
            }

            fn code(self, language: $crate::shared::Language) -> &'static str {
                $kind::code(self, language)
            }

            fn name(self, language: $crate::shared::Language) -> &'static str {
                $kind::name(self, language)
            }

            fn army_count(self) -> u8 {
                $kind::$count(self)
            }
        }

        impl std::fmt::Display for $kind {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.code_en())
            }
        }
    };
}
pub(crate) use piece_kind;

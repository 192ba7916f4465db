//! What both rulesets' kinds of piece (Admiral's unit kinds, Stratego's ranks) have in common
//! for the texts that name them: a fixed list, an index, codes in both languages and the number
//! in a full army; and the position-text token both games write a piece as (the English code,
//! upper case for South, lower case for North).

use std::fmt;
use std::hash::Hash;

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

/// Reads a position-text token (`CR` South, `cr` North; mixed case is no token).
pub fn read_piece_token<K: PieceKind>(token: &str) -> Option<(Side, K)> {
    let kind = K::ALL.iter().copied().find(|k| k.code(Language::En).eq_ignore_ascii_case(token))?;
    Side::BOTH.into_iter().find(|&side| piece_token(side, kind) == token).map(|side| (side, kind))
}

//! The two players, and data kept once per player.

use std::fmt;
use std::ops::{Index, IndexMut};

use serde::{Deserialize, Serialize};

/// One of the two players. South sits at the low rows (1–5 in Admiral, 1–4 in Stratego) and
/// moves first.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The player whose back row is row 1.
    South,
    /// The player whose back row is row 15.
    North,
}

impl Side {
    /// Both sides, South first.
    pub const BOTH: [Side; 2] = [Side::South, Side::North];

    /// The other side.
    #[inline]
    pub const fn opponent(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

    /// 0 for South, 1 for North (the order of [`Side::BOTH`] and of [`BySide`]).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Lower-case English name, as used by the referee protocol.
    pub const fn name(self) -> &'static str {
        match self {
            Side::South => "south",
            Side::North => "north",
        }
    }

    /// Parses `south` / `north` (any case).
    pub fn from_name(name: &str) -> Option<Side> {
        Side::BOTH.into_iter().find(|side| side.name().eq_ignore_ascii_case(name))
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One value per side, indexed by [`Side`] (like shakmaty's `ByColor`): the type of per-side
/// data (occupied squares, losses, memories) instead of a `[T; 2]` indexed by a number.
///
/// It is a two-element array underneath, so indexing compiles to what `array[side as usize]`
/// did (the index is known to be 0 or 1: no bounds check), and it serialises as the array
/// `[south, north]` it replaces.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
#[repr(transparent)]
pub struct BySide<T>([T; 2]);

impl<T> BySide<T> {
    /// South's and North's values.
    #[inline]
    pub const fn new(south: T, north: T) -> BySide<T> {
        BySide([south, north])
    }

    /// The value of each side computed from the side.
    #[inline]
    pub fn from_fn(mut f: impl FnMut(Side) -> T) -> BySide<T> {
        BySide::new(f(Side::South), f(Side::North))
    }

    /// South's value.
    #[inline]
    pub const fn south(&self) -> &T {
        &self.0[0]
    }

    /// North's value.
    #[inline]
    pub const fn north(&self) -> &T {
        &self.0[1]
    }

    /// Each side's value transformed by `f`.
    #[inline]
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> BySide<U> {
        BySide(self.0.map(f))
    }

    /// References to both values.
    #[inline]
    pub const fn as_ref(&self) -> BySide<&T> {
        BySide([&self.0[0], &self.0[1]])
    }

    /// The values, South first.
    #[inline]
    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.0.iter()
    }

    /// The values mutably, South first.
    #[inline]
    pub fn iter_mut(&mut self) -> std::slice::IterMut<'_, T> {
        self.0.iter_mut()
    }

    /// The values as the array `[south, north]`.
    #[inline]
    pub fn into_array(self) -> [T; 2] {
        self.0
    }
}

impl<T: Copy> BySide<T> {
    /// The same value for both sides.
    #[inline]
    pub const fn splat(value: T) -> BySide<T> {
        BySide([value, value])
    }
}

impl<T> Index<Side> for BySide<T> {
    type Output = T;

    #[inline]
    fn index(&self, side: Side) -> &T {
        &self.0[side.index()]
    }
}

impl<T> IndexMut<Side> for BySide<T> {
    #[inline]
    fn index_mut(&mut self, side: Side) -> &mut T {
        &mut self.0[side.index()]
    }
}

impl<T> From<[T; 2]> for BySide<T> {
    /// `[south, north]`.
    #[inline]
    fn from(values: [T; 2]) -> BySide<T> {
        BySide(values)
    }
}

impl<T> From<BySide<T>> for [T; 2] {
    /// `[south, north]`.
    #[inline]
    fn from(values: BySide<T>) -> [T; 2] {
        values.0
    }
}

impl<T> IntoIterator for BySide<T> {
    type Item = T;
    type IntoIter = std::array::IntoIter<T, 2>;

    /// The values, South first.
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl<'a, T> IntoIterator for &'a BySide<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indexed_by_side() {
        let mut counts = BySide::new(1, 2);
        counts[Side::North] += 5;
        assert_eq!((counts[Side::South], counts[Side::North]), (1, 7));
        assert_eq!(counts.map(|c| c * 2).into_array(), [2, 14]);
        assert_eq!(BySide::from_fn(Side::index).into_array(), [0, 1]);
        assert_eq!(serde_json::to_string(&counts).unwrap(), "[1,7]");
        assert_eq!(std::mem::size_of::<BySide<u64>>(), std::mem::size_of::<[u64; 2]>());
    }
}

//! Formations: groups of scale ships that fight as one, and the strength table.

use serde::{Deserialize, Serialize};

use crate::admiral::square::Square;
use crate::admiral::unit::UnitKind;

/// The strength table: a formation's composition (kinds sorted in table order) and its rank.
/// Every row has a different strength, so two groups tie only with the same composition.
pub const STRENGTH_TABLE: [(&[UnitKind], u8); 21] = {
    use UnitKind::*;
    [
        (&[Battleship, Battleship], 21),
        (&[Cruiser, Cruiser, Cruiser], 20),
        (&[Raider, Raider, Destroyer], 19),
        (&[Cruiser, Cruiser], 18),
        (&[CruiserSubmarine, Submarine, Submarine], 17),
        (&[Submarine, Submarine, Submarine], 16),
        (&[Battleship], 15),
        (&[Raider, Raider], 14),
        (&[Destroyer, Destroyer, Destroyer], 13),
        (&[Raider, Destroyer], 12),
        (&[Destroyer, Destroyer], 11),
        (&[CruiserSubmarine, Submarine], 10),
        (&[Submarine, Submarine], 9),
        (&[Raider], 8),
        (&[Cruiser], 7),
        (&[CruiserSubmarine], 6),
        (&[Destroyer], 5),
        (&[Submarine], 4),
        (&[TorpedoBoat], 3),
        (&[PatrolShip], 2),
        (&[Minesweeper], 1),
    ]
};

/// The strength of a group of scale ships, if its composition is a row of the table.
pub fn group_strength(kinds: &[UnitKind]) -> Option<u8> {
    match *kinds {
        [a] => a.strength(),
        [a, b] => pair_strength(a, b),
        [a, b, c] => trio_strength(a, b, c),
        _ => None,
    }
}

/// Strength of a two-ship formation (the hot path of move generation; agrees with the table).
#[inline]
pub(crate) const fn pair_strength(a: UnitKind, b: UnitKind) -> Option<u8> {
    use UnitKind::*;
    // The two kinds in table order (`Ord::min` is no `const fn`).
    let (low, high) = if a.index() <= b.index() { (a, b) } else { (b, a) };
    match (low, high) {
        (Battleship, Battleship) => Some(21),
        (Cruiser, Cruiser) => Some(18),
        (Raider, Raider) => Some(14),
        (Raider, Destroyer) => Some(12),
        (Destroyer, Destroyer) => Some(11),
        (CruiserSubmarine, Submarine) => Some(10),
        (Submarine, Submarine) => Some(9),
        _ => None,
    }
}

/// Strength of a three-ship formation (agrees with the table).
#[inline]
pub(crate) fn trio_strength(a: UnitKind, b: UnitKind, c: UnitKind) -> Option<u8> {
    use UnitKind::*;
    let mut k = [a, b, c];
    k.sort_unstable();
    match k {
        [Cruiser, Cruiser, Cruiser] => Some(20),
        [Raider, Raider, Destroyer] => Some(19),
        [CruiserSubmarine, Submarine, Submarine] => Some(17),
        [Submarine, Submarine, Submarine] => Some(16),
        [Destroyer, Destroyer, Destroyer] => Some(13),
        _ => None,
    }
}

/// True if a ship of this kind can belong to a formation of two or three (a quick filter).
#[inline]
pub(crate) fn can_team(kind: UnitKind) -> bool {
    matches!(
        kind,
        UnitKind::Battleship
            | UnitKind::Cruiser
            | UnitKind::Raider
            | UnitKind::Destroyer
            | UnitKind::CruiserSubmarine
            | UnitKind::Submarine
    )
}

/// Up to `N` values in fixed slots, filled from the first with no gap: the `Copy`,
/// allocation-free list that [`Partners`] and [`Group`] are (the move generator builds them by
/// the thousand).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Slots<T, const N: usize>([Option<T>; N]);

impl<T: Copy, const N: usize> Slots<T, N> {
    /// The values, in slot order.
    pub fn iter(&self) -> impl Iterator<Item = T> + '_ {
        self.0.iter().flatten().copied()
    }

    /// Number of values (0–`N`).
    pub fn len(&self) -> usize {
        self.0.iter().flatten().count()
    }

    /// True if there are no values (never for a [`Group`], which has a leader).
    pub fn is_empty(&self) -> bool {
        self.0[0].is_none()
    }
}

/// Up to two extra squares declared with an attack or a defence, kept in square order.
pub type Partners = Slots<Square, 2>;

impl Partners {
    /// No partners: the unit fights alone.
    pub const NONE: Partners = Slots([None, None]);

    /// Builds a partner list (at most two squares); the squares are sorted.
    pub fn new(squares: &[Square]) -> Option<Partners> {
        match *squares {
            [] => Some(Partners::NONE),
            [a] => Some(Slots([Some(a), None])),
            [a, b] if a != b => Some(Slots([Some(a.min(b)), Some(a.max(b))])),
            _ => None,
        }
    }

    /// True if `sq` is one of the partners.
    pub fn contains(&self, sq: Square) -> bool {
        self.iter().any(|p| p == sq)
    }
}

impl Default for Partners {
    fn default() -> Partners {
        Partners::NONE
    }
}

/// A unit and where it stood: the building block of events and groups.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Placed {
    /// What the unit is.
    pub kind: UnitKind,
    /// Where it stood.
    pub square: Square,
}

/// A declared group of one to three units (the acting or target unit first).
pub type Group = Slots<Placed, 3>;

impl Group {
    /// A group from its members (one to three); the first is the acting or target unit.
    pub fn new(members: &[Placed]) -> Group {
        let mut group = Slots([None; 3]);
        for (slot, member) in group.0.iter_mut().zip(members) {
            *slot = Some(*member);
        }
        group
    }

    /// The members, leader first.
    pub fn members(&self) -> impl Iterator<Item = Placed> + '_ {
        self.iter()
    }

    /// The group's strength on the 1–21 scale (0 if not a valid composition).
    pub fn strength(&self) -> u8 {
        let mut kinds = [UnitKind::Carrier; 3];
        let mut n = 0;
        for member in self.members() {
            kinds[n] = member.kind;
            n += 1;
        }
        group_strength(&kinds[..n]).unwrap_or(0)
    }
}

impl Serialize for Group {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.members())
    }
}

impl<'de> Deserialize<'de> for Group {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let members = Vec::<Placed>::deserialize(deserializer)?;
        if members.is_empty() || members.len() > 3 {
            return Err(serde::de::Error::custom("a group has one to three members"));
        }
        Ok(Group::new(&members))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use UnitKind::*;

    #[test]
    fn strength_table_ranks_are_distinct_and_complete() {
        let mut ranks: Vec<u8> = STRENGTH_TABLE.iter().map(|r| r.1).collect();
        ranks.sort_unstable();
        assert_eq!(ranks, (1..=21).collect::<Vec<u8>>());
        for (composition, _) in STRENGTH_TABLE {
            assert!(composition.windows(2).all(|w| w[0] <= w[1]), "sorted: {composition:?}");
        }
    }

    #[test]
    fn fast_lookups_agree_with_the_table() {
        let table = |kinds: &[UnitKind]| {
            let mut sorted = kinds.to_vec();
            sorted.sort_unstable();
            STRENGTH_TABLE.iter().find(|(c, _)| *c == sorted.as_slice()).map(|r| r.1)
        };
        for a in UnitKind::ALL {
            assert_eq!(group_strength(&[a]), table(&[a]), "{a:?}");
            for b in UnitKind::ALL {
                assert_eq!(group_strength(&[a, b]), table(&[a, b]), "{a:?} {b:?}");
                for c in UnitKind::ALL {
                    assert_eq!(group_strength(&[a, b, c]), table(&[a, b, c]));
                }
            }
        }
    }

    #[test]
    fn single_ship_strengths_match_the_fleet_table() {
        for kind in UnitKind::ALL.into_iter().filter(|k| k.is_scale_ship()) {
            assert_eq!(group_strength(&[kind]), kind.strength());
        }
    }

    #[test]
    fn order_of_members_does_not_matter() {
        assert_eq!(group_strength(&[Destroyer, Raider, Raider]), Some(19));
        assert_eq!(group_strength(&[Submarine, CruiserSubmarine, Submarine]), Some(17));
        assert_eq!(group_strength(&[Destroyer, Raider]), Some(12));
    }

    #[test]
    fn invalid_compositions_have_no_strength() {
        assert_eq!(group_strength(&[Battleship, Cruiser]), None);
        assert_eq!(group_strength(&[PatrolShip, PatrolShip]), None);
        assert_eq!(group_strength(&[Battleship, Battleship, Battleship]), None);
        assert_eq!(group_strength(&[Carrier]), None);
        assert_eq!(group_strength(&[]), None);
    }
}

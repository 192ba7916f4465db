//! The career's tables (`career.md` as data): the notional tonnage of each unit kind, the 19
//! ranks, the 13 awards, and the pure look-ups over them (rank of a points total, degree of a
//! count, progress to the next degree).

use admiral_engine::lessons;
use admiral_engine::UnitKind;
use serde::{Deserialize, Serialize};

/// The summed strength of a full fleet's scale ships (2×15 + 6×7 + 2×8 + 6×5 + 6×2 + 6×3 + 6
/// + 6×1 + 6×4).
pub const FLEET_STRENGTH: u32 = 184;

/// Notional tonnage of a unit kind in tonnes; weapons, mines, the bomb and bases have none.
pub fn tonnage(kind: UnitKind) -> u32 {
    use UnitKind::*;
    match kind {
        Carrier => 40_000,
        Battleship => 45_000,
        Raider => 14_000,
        Cruiser => 10_000,
        CruiserSubmarine => 3_500,
        Destroyer => 2_500,
        Submarine => 1_200,
        PatrolShip => 1_200,
        Minesweeper => 700,
        Fireship => 2_000,
        TorpedoBoat => 50,
        Aircraft => 10,
        _ => 0,
    }
}

/// The 19 ranks: (Russian, English, points needed).
pub const RANKS: [(&str, &str, u32); 19] = [
    ("Матрос", "Seaman", 0),
    ("Старший матрос", "Senior Seaman", 100),
    ("Старшина 2 статьи", "Petty Officer 2nd Class", 250),
    ("Старшина 1 статьи", "Petty Officer 1st Class", 500),
    ("Главный старшина", "Chief Petty Officer", 800),
    ("Главный корабельный старшина", "Master Chief Petty Officer", 1_200),
    ("Мичман", "Warrant Officer", 1_700),
    ("Старший мичман", "Senior Warrant Officer", 2_300),
    ("Младший лейтенант", "Ensign", 3_000),
    ("Лейтенант", "Sub-Lieutenant", 3_800),
    ("Старший лейтенант", "Lieutenant", 4_700),
    ("Капитан-лейтенант", "Lieutenant Commander", 5_700),
    ("Капитан 3 ранга", "Commander", 6_800),
    ("Капитан 2 ранга", "Captain 2nd Rank", 8_000),
    ("Капитан 1 ранга", "Captain", 9_500),
    ("Контр-адмирал", "Rear Admiral", 11_000),
    ("Вице-адмирал", "Vice Admiral", 13_000),
    ("Адмирал", "Admiral", 15_500),
    ("Адмирал флота", "Fleet Admiral", 18_500),
];

/// The rank index (0-based into [`RANKS`]) for accumulated points.
pub fn rank_of(points: u32) -> usize {
    RANKS.iter().rposition(|r| points >= r.2).unwrap_or(0)
}

/// Where an award stands on the personal file.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AwardKind {
    /// A combat medal (left column).
    Medal,
    /// A combat order (left column).
    Order,
    /// A qualification badge for a career (right column).
    Badge,
}

/// One award of `career.md`: what it counts and the counts of degrees III, II and I.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Award {
    /// Stable key (stored in the `awards` table; the catalogue has `award-<key>` and
    /// `award-<key>-counts`).
    pub key: &'static str,
    /// Medal, order or badge.
    pub kind: AwardKind,
    /// The counts needed for degrees III, II and I.
    pub thresholds: [u64; 3],
}

impl Award {
    /// True for medals and orders (the left column of the personal file).
    pub fn is_combat(&self) -> bool {
        self.kind != AwardKind::Badge
    }
}

/// The badge of the guided lessons (`/admiral learn`): it counts lessons passed, not matches.
pub const SCHOOL: &str = "school";

/// The awards, in the order of `career.md` (the card's emblem index): its twelve, then the
/// lessons' badge (degree III after three lessons, II after as many as Admiral's path has, I
/// after as many as both paths have).
pub const AWARDS: [Award; 13] = [
    Award { key: "torpedo_strike", kind: AwardKind::Medal, thresholds: [1, 10, 50] },
    Award { key: "submariner", kind: AwardKind::Medal, thresholds: [3, 25, 100] },
    Award { key: "naval_aviation", kind: AwardKind::Medal, thresholds: [2, 15, 60] },
    Award { key: "mine_warfare", kind: AwardKind::Medal, thresholds: [3, 25, 100] },
    Award { key: "atomic_strike", kind: AwardKind::Medal, thresholds: [5, 30, 120] },
    Award { key: "base_raider", kind: AwardKind::Order, thresholds: [1, 10, 40] },
    Award { key: "base_defender", kind: AwardKind::Order, thresholds: [1, 10, 40] },
    Award { key: "squadron", kind: AwardKind::Order, thresholds: [3, 30, 120] },
    Award { key: "veteran", kind: AwardKind::Badge, thresholds: [10, 50, 200] },
    Award { key: "victor", kind: AwardKind::Badge, thresholds: [5, 25, 100] },
    Award { key: "tonnage", kind: AwardKind::Badge, thresholds: [500_000, 5_000_000, 20_000_000] },
    Award { key: "admirals_match", kind: AwardKind::Badge, thresholds: [1, 10, 50] },
    Award {
        key: SCHOOL,
        kind: AwardKind::Badge,
        thresholds: [3, lessons::ADMIRAL_LESSONS, lessons::ADMIRAL_LESSONS + lessons::STRATEGO_LESSONS],
    },
];

/// The award with this key.
pub fn award(key: &str) -> Option<&'static Award> {
    AWARDS.iter().find(|a| a.key == key)
}

/// The degree reached by a count: 0 none, 3 = III, 2 = II, 1 = I.
pub fn degree_for(thresholds: [u64; 3], count: u64) -> u8 {
    match thresholds.iter().rposition(|t| count >= *t) {
        None => 0,
        Some(i) => 3 - i as u8,
    }
}

/// How far a player is with one award: the degree held and what the next one takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AwardProgress {
    /// The award.
    pub award: &'static Award,
    /// The counter so far.
    pub count: u64,
    /// The degree held (0 none, 3 = III, 2 = II, 1 = I).
    pub degree: u8,
    /// The next degree and the count it takes (`None` once degree I is held).
    pub next: Option<(u8, u64)>,
}

impl AwardProgress {
    /// The progress of `count` towards the next degree of `award`.
    pub fn of(award: &'static Award, count: u64) -> AwardProgress {
        let degree = degree_for(award.thresholds, count);
        let next = match degree {
            0 => Some((3, award.thresholds[0])),
            3 => Some((2, award.thresholds[1])),
            2 => Some((1, award.thresholds[2])),
            _ => None,
        };
        AwardProgress { award, count, degree, next }
    }

    /// What is still missing for the next degree (0 once degree I is held).
    pub fn remaining(&self) -> u64 {
        self.next.map_or(0, |(_, need)| need.saturating_sub(self.count))
    }

    /// The share of the next degree's count reached, 0.0–1.0 (1.0 once degree I is held).
    pub fn fraction(&self) -> f32 {
        match self.next {
            Some((_, need)) => (self.count as f32 / need.max(1) as f32).min(1.0),
            None => 1.0,
        }
    }
}

/// The degree's Roman numeral ("" for none).
pub fn roman(degree: u8) -> &'static str {
    match degree {
        1 => "I",
        2 => "II",
        3 => "III",
        _ => "",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_and_degrees() {
        assert_eq!(rank_of(0), 0);
        assert_eq!(rank_of(99), 0);
        assert_eq!(rank_of(100), 1);
        assert_eq!(rank_of(18_499), 17);
        assert_eq!(rank_of(18_500), 18);
        assert_eq!(rank_of(u32::MAX), 18);
        assert_eq!(degree_for([1, 10, 50], 0), 0);
        assert_eq!(degree_for([1, 10, 50], 1), 3);
        assert_eq!(degree_for([1, 10, 50], 9), 3);
        assert_eq!(degree_for([1, 10, 50], 10), 2);
        assert_eq!(degree_for([1, 10, 50], 50), 1);
        assert!(RANKS.windows(2).all(|w| w[0].2 < w[1].2), "ranks ascend");
    }

    #[test]
    fn progress_to_the_next_degree() {
        let torpedo = award("torpedo_strike").unwrap();
        let p = AwardProgress::of(torpedo, 0);
        assert_eq!((p.degree, p.next, p.remaining()), (0, Some((3, 1)), 1));
        let p = AwardProgress::of(torpedo, 4);
        assert_eq!((p.degree, p.next, p.remaining()), (3, Some((2, 10)), 6));
        assert!((p.fraction() - 0.4).abs() < 1e-6);
        let p = AwardProgress::of(torpedo, 50);
        assert_eq!((p.degree, p.next, p.remaining(), p.fraction()), (1, None, 0, 1.0));
    }

    #[test]
    fn tonnage_table() {
        assert_eq!(tonnage(UnitKind::Battleship), 45_000);
        assert_eq!(tonnage(UnitKind::Aircraft), 10);
        for none in [UnitKind::NavalBase, UnitKind::Mine, UnitKind::AtomicBomb, UnitKind::Torpedo] {
            assert_eq!(tonnage(none), 0);
        }
    }

    #[test]
    fn fleet_strength_is_184() {
        let total: u32 = UnitKind::ALL
            .iter()
            .filter_map(|k| k.strength().map(|s| s as u32 * k.fleet_count() as u32))
            .sum();
        assert_eq!(total, FLEET_STRENGTH);
    }

    #[test]
    fn eight_combat_awards_then_five_badges() {
        assert_eq!(AWARDS.iter().filter(|a| a.is_combat()).count(), 8);
        assert!(AWARDS[..8].iter().all(Award::is_combat), "medals and orders come first");
        for a in AWARDS {
            assert!(a.thresholds[0] < a.thresholds[1] && a.thresholds[1] < a.thresholds[2], "{}", a.key);
        }
    }
}

//! The seventeen kinds of unit and their fixed properties.
use serde::{Deserialize, Serialize};

use crate::shared::piece::piece_kind;
pub use crate::shared::Language;

/// A kind of unit. The order is the order of the rules' fleet table.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[repr(u8)]
pub enum UnitKind {
    /// Aircraft carrier: moves, never attacks; carries the aircraft.
    #[serde(rename = "CV")]
    Carrier,
    /// Battleship, strength 15; anti-air.
    #[serde(rename = "BB")]
    Battleship,
    /// Cruiser, strength 7.
    #[serde(rename = "CR")]
    Cruiser,
    /// Raider, strength 8; anti-air.
    #[serde(rename = "RD")]
    Raider,
    /// Destroyer, strength 5; carries mines.
    #[serde(rename = "DD")]
    Destroyer,
    /// Patrol ship, strength 2.
    #[serde(rename = "PS")]
    PatrolShip,
    /// Torpedo boat, strength 3; carries torpedoes.
    #[serde(rename = "TB")]
    TorpedoBoat,
    /// Cruiser submarine, strength 6.
    #[serde(rename = "CS")]
    CruiserSubmarine,
    /// Minesweeper, strength 1; clears mines.
    #[serde(rename = "MS")]
    Minesweeper,
    /// Submarine, strength 4.
    #[serde(rename = "SS")]
    Submarine,
    /// Aircraft: ranged attack 1–4 squares while its carrier is adjacent.
    #[serde(rename = "AC")]
    Aircraft,
    /// Torpedo: single-use ranged attack 1–2 squares while a torpedo boat is adjacent.
    #[serde(rename = "TP")]
    Torpedo,
    /// Mine: moves with a destroyer; sinks whatever strikes it.
    #[serde(rename = "MN")]
    Mine,
    /// Stationary mine: never moves; sinks whatever strikes it, minesweepers included.
    #[serde(rename = "SM")]
    StationaryMine,
    /// Fireship: a suicide attacker.
    #[serde(rename = "FS")]
    Fireship,
    /// Atomic bomb: destroys everything in a 5×5 square when detonated or struck.
    #[serde(rename = "AB")]
    AtomicBomb,
    /// Naval base: never moves; lose both and the game is lost.
    #[serde(rename = "NB")]
    NavalBase,
}

/// Number of unit kinds.
pub const KINDS: usize = 17;

/// Number of units in a full fleet.
pub const FLEET_SIZE: usize = 58;

impl UnitKind {
    /// Every kind in table order.
    pub const ALL: [UnitKind; KINDS] = [
        UnitKind::Carrier,
        UnitKind::Battleship,
        UnitKind::Cruiser,
        UnitKind::Raider,
        UnitKind::Destroyer,
        UnitKind::PatrolShip,
        UnitKind::TorpedoBoat,
        UnitKind::CruiserSubmarine,
        UnitKind::Minesweeper,
        UnitKind::Submarine,
        UnitKind::Aircraft,
        UnitKind::Torpedo,
        UnitKind::Mine,
        UnitKind::StationaryMine,
        UnitKind::Fireship,
        UnitKind::AtomicBomb,
        UnitKind::NavalBase,
    ];

    /// Position in [`UnitKind::ALL`].
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The English code (`CV`, `BB`, …).
    pub const fn code_en(self) -> &'static str {
        const CODES: [&str; KINDS] = [
            "CV", "BB", "CR", "RD", "DD", "PS", "TB", "CS", "MS", "SS", "AC", "TP", "MN", "SM", "FS", "AB",
            "NB",
        ];
        CODES[self as usize]
    }

    /// The Russian code (`А`, `Л`, `КР`, …).
    pub const fn code_ru(self) -> &'static str {
        const CODES: [&str; KINDS] = [
            "А", "Л", "КР", "Р", "ЭС", "СТ", "ТК", "КРПЛ", "ТР", "ПЛ", "С", "Т", "М", "СМ", "БР", "АБ", "ВМБ",
        ];
        CODES[self as usize]
    }

    /// The English name, lower case ("aircraft carrier").
    pub const fn name_en(self) -> &'static str {
        const NAMES: [&str; KINDS] = [
            "aircraft carrier",
            "battleship",
            "cruiser",
            "raider",
            "destroyer",
            "patrol ship",
            "torpedo boat",
            "cruiser submarine",
            "minesweeper",
            "submarine",
            "aircraft",
            "torpedo",
            "mine",
            "stationary mine",
            "fireship",
            "atomic bomb",
            "naval base",
        ];
        NAMES[self as usize]
    }

    /// The Russian name, lower case ("авианосец").
    pub const fn name_ru(self) -> &'static str {
        const NAMES: [&str; KINDS] = [
            "авианосец",
            "линкор",
            "крейсер",
            "рейдер",
            "эсминец",
            "сторожевой корабль",
            "торпедный катер",
            "крейсерская подводная лодка",
            "тральщик",
            "подводная лодка",
            "самолёт",
            "торпеда",
            "мина",
            "стационарная мина",
            "брандер",
            "атомная бомба",
            "военно-морская база",
        ];
        NAMES[self as usize]
    }

    /// Parses an English or Russian code, case-insensitively (`cr`, `КР`, `кр`).
    pub fn from_code(code: &str) -> Option<UnitKind> {
        let upper = code.trim().to_uppercase();
        // People mix keyboards: accept Latin look-alikes inside Russian codes too.
        let cyrillic: String = upper
            .chars()
            .map(|c| match c {
                'A' => 'А',
                'B' => 'В',
                'C' => 'С',
                'E' => 'Е',
                'H' => 'Н',
                'K' => 'К',
                'M' => 'М',
                'O' => 'О',
                'P' => 'Р',
                'T' => 'Т',
                'X' => 'Х',
                c => c,
            })
            .collect();
        UnitKind::ALL
            .into_iter()
            .find(|k| k.code_en() == upper)
            .or_else(|| UnitKind::ALL.into_iter().find(|k| k.code_ru() == upper))
            .or_else(|| UnitKind::ALL.into_iter().find(|k| k.code_ru() == cyrillic))
    }

    /// How many of this kind a full fleet has.
    pub const fn fleet_count(self) -> u8 {
        const COUNTS: [u8; KINDS] = [1, 2, 6, 2, 6, 6, 6, 1, 6, 6, 1, 4, 6, 1, 1, 1, 2];
        COUNTS[self as usize]
    }

    /// The strength of a scale ship fighting alone, `None` for every other kind.
    pub const fn strength(self) -> Option<u8> {
        match self {
            UnitKind::Battleship => Some(15),
            UnitKind::Cruiser => Some(7),
            UnitKind::Raider => Some(8),
            UnitKind::Destroyer => Some(5),
            UnitKind::PatrolShip => Some(2),
            UnitKind::TorpedoBoat => Some(3),
            UnitKind::CruiserSubmarine => Some(6),
            UnitKind::Minesweeper => Some(1),
            UnitKind::Submarine => Some(4),
            _ => None,
        }
    }

    /// The ten ship classes (CV and the nine scale ships).
    #[inline]
    pub const fn is_ship(self) -> bool {
        (self as u8) <= UnitKind::Submarine as u8
    }

    /// The nine ships that have a strength and can form formations.
    #[inline]
    pub const fn is_scale_ship(self) -> bool {
        self.is_ship() && !matches!(self, UnitKind::Carrier)
    }

    /// True for kinds that never move (naval base, stationary mine).
    #[inline]
    pub const fn is_immobile(self) -> bool {
        matches!(self, UnitKind::NavalBase | UnitKind::StationaryMine)
    }

    /// For a tethered weapon, the kind that carries it (AC→CV, TP→TB, MN→DD).
    #[inline]
    pub const fn carrier(self) -> Option<UnitKind> {
        match self {
            UnitKind::Aircraft => Some(UnitKind::Carrier),
            UnitKind::Torpedo => Some(UnitKind::TorpedoBoat),
            UnitKind::Mine => Some(UnitKind::Destroyer),
            _ => None,
        }
    }

    /// True for the ships whose guns bring down aircraft (battleship, raider).
    #[inline]
    pub const fn is_anti_air(self) -> bool {
        matches!(self, UnitKind::Battleship | UnitKind::Raider)
    }
}

piece_kind!(UnitKind, army_count = fleet_count);

/// A unit on the board: its kind and owner.
pub type Piece = crate::shared::piece::Piece<UnitKind>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shared::Side;

    #[test]
    fn fleet_has_58_units() {
        let total: usize = UnitKind::ALL.iter().map(|k| k.fleet_count() as usize).sum();
        assert_eq!(total, FLEET_SIZE);
    }

    #[test]
    fn codes_round_trip_in_both_languages() {
        for kind in UnitKind::ALL {
            assert_eq!(UnitKind::from_code(kind.code_en()), Some(kind));
            assert_eq!(UnitKind::from_code(kind.code_ru()), Some(kind));
            assert_eq!(UnitKind::from_code(&kind.code_ru().to_lowercase()), Some(kind));
            assert_eq!(UnitKind::from_code(&kind.code_en().to_lowercase()), Some(kind));
        }
        // Latin look-alikes typed for a Russian code.
        assert_eq!(UnitKind::from_code("KP"), Some(UnitKind::Cruiser));
        assert_eq!(UnitKind::from_code("XX"), None);
    }

    #[test]
    fn ship_classes() {
        let ships: Vec<_> = UnitKind::ALL.into_iter().filter(|k| k.is_ship()).collect();
        assert_eq!(ships.len(), 10);
        let scale: Vec<_> = UnitKind::ALL.into_iter().filter(|k| k.is_scale_ship()).collect();
        assert_eq!(scale.len(), 9);
        assert!(scale.iter().all(|k| k.strength().is_some()));
    }

    #[test]
    fn tokens() {
        assert_eq!(Piece::from_token("CR"), Some(Piece::new(Side::South, UnitKind::Cruiser)));
        assert_eq!(Piece::from_token("cr"), Some(Piece::new(Side::North, UnitKind::Cruiser)));
        assert_eq!(Piece::from_token("Cr"), None);
    }
}

//! The twelve kinds of Stratego piece (modern numbering: higher is stronger).
use serde::{Deserialize, Serialize};

use crate::shared::piece::piece_kind;

/// A kind of piece, weakest first (the order of the piece table, spy to marshal, then the two
/// immobile pieces).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[repr(u8)]
pub enum Rank {
    /// Spy (1): wins when it attacks the marshal; loses to any attack.
    #[serde(rename = "SP")]
    Spy,
    /// Scout (2): moves any number of empty squares in a line.
    #[serde(rename = "SC")]
    Scout,
    /// Miner (3): defuses bombs.
    #[serde(rename = "MI")]
    Miner,
    /// Sergeant (4).
    #[serde(rename = "SG")]
    Sergeant,
    /// Lieutenant (5).
    #[serde(rename = "LT")]
    Lieutenant,
    /// Captain (6).
    #[serde(rename = "CA")]
    Captain,
    /// Major (7).
    #[serde(rename = "MJ")]
    Major,
    /// Colonel (8).
    #[serde(rename = "CO")]
    Colonel,
    /// General (9).
    #[serde(rename = "GE")]
    General,
    /// Marshal (10), the strongest; dies to the spy's attack.
    #[serde(rename = "MA")]
    Marshal,
    /// Bomb: never moves; removes any attacker but a miner.
    #[serde(rename = "BO")]
    Bomb,
    /// Flag: never moves; attacking it wins the game.
    #[serde(rename = "FL")]
    Flag,
}

/// Number of piece kinds.
pub const RANKS: usize = 12;
/// Pieces a side sets up.
pub const ARMY_SIZE: usize = 40;

impl Rank {
    /// Every kind, table order (spy … marshal, bomb, flag).
    pub const ALL: [Rank; RANKS] = [
        Rank::Spy,
        Rank::Scout,
        Rank::Miner,
        Rank::Sergeant,
        Rank::Lieutenant,
        Rank::Captain,
        Rank::Major,
        Rank::Colonel,
        Rank::General,
        Rank::Marshal,
        Rank::Bomb,
        Rank::Flag,
    ];

    /// Position in [`Rank::ALL`].
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The modern number (spy 1 … marshal 10); `None` for bomb and flag.
    pub const fn number(self) -> Option<u8> {
        match self {
            Rank::Bomb | Rank::Flag => None,
            other => Some(other as u8 + 1),
        }
    }

    /// The classic number of older editions (marshal 1 … scout 9, spy has none).
    pub const fn classic_number(self) -> Option<u8> {
        match self {
            Rank::Bomb | Rank::Flag | Rank::Spy => None,
            other => Some(11 - (other as u8 + 1)),
        }
    }

    /// The piece with this modern number (1–10).
    pub const fn from_number(n: u8) -> Option<Rank> {
        if n >= 1 && n <= 10 {
            Some(Rank::ALL[n as usize - 1])
        } else {
            None
        }
    }

    /// The piece with this classic number (1 marshal … 9 scout).
    pub const fn from_classic_number(n: u8) -> Option<Rank> {
        if n >= 1 && n <= 9 {
            Some(Rank::ALL[10 - n as usize])
        } else {
            None
        }
    }

    /// How many of this kind a side sets up.
    pub const fn army_count(self) -> u8 {
        const COUNTS: [u8; RANKS] = [1, 8, 5, 4, 4, 4, 3, 2, 1, 1, 6, 1];
        COUNTS[self as usize]
    }

    /// True for bomb and flag, which never move.
    #[inline]
    pub const fn is_immobile(self) -> bool {
        matches!(self, Rank::Bomb | Rank::Flag)
    }

    /// The fighting strength (spy 1 … marshal 10; bomb 11 and flag 0, which only matter in
    /// the special cases).
    #[inline]
    pub const fn strength(self) -> u8 {
        match self {
            Rank::Bomb => 11,
            Rank::Flag => 0,
            other => other as u8 + 1,
        }
    }

    /// The English code: `SP SC MI SG LT CA MJ CO GE MA BO FL`.
    pub const fn code_en(self) -> &'static str {
        const CODES: [&str; RANKS] = ["SP", "SC", "MI", "SG", "LT", "CA", "MJ", "CO", "GE", "MA", "BO", "FL"];
        CODES[self as usize]
    }

    /// The Russian code: `ШП РЗ СП СЖ ЛТ КП МЙ ПК ГН МР БМ ФЛ`.
    pub const fn code_ru(self) -> &'static str {
        const CODES: [&str; RANKS] = ["ШП", "РЗ", "СП", "СЖ", "ЛТ", "КП", "МЙ", "ПК", "ГН", "МР", "БМ", "ФЛ"];
        CODES[self as usize]
    }

    /// The English name, lower case.
    pub const fn name_en(self) -> &'static str {
        const NAMES: [&str; RANKS] = [
            "spy",
            "scout",
            "miner",
            "sergeant",
            "lieutenant",
            "captain",
            "major",
            "colonel",
            "general",
            "marshal",
            "bomb",
            "flag",
        ];
        NAMES[self as usize]
    }

    /// The Russian name, lower case.
    pub const fn name_ru(self) -> &'static str {
        const NAMES: [&str; RANKS] = [
            "шпион",
            "разведчик",
            "сапёр",
            "сержант",
            "лейтенант",
            "капитан",
            "майор",
            "полковник",
            "генерал",
            "маршал",
            "бомба",
            "флаг",
        ];
        NAMES[self as usize]
    }

    /// Reads a code in either language, any case (`MA`, `ma`, `МР`).
    pub fn from_code(code: &str) -> Option<Rank> {
        let upper = code.to_uppercase();
        Rank::ALL.into_iter().find(|r| r.code_en() == upper || r.code_ru() == upper)
    }
}

piece_kind!(Rank, army_count = army_count);

/// A piece on the board: its rank and owner.
pub type Piece = crate::shared::piece::Piece<Rank>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shared::Side;

    #[test]
    fn army_and_numbers() {
        let total: u32 = Rank::ALL.iter().map(|r| r.army_count() as u32).sum();
        assert_eq!(total as usize, ARMY_SIZE);
        for rank in Rank::ALL {
            assert_eq!(Rank::from_code(rank.code_en()), Some(rank));
            assert_eq!(Rank::from_code(rank.code_ru()), Some(rank));
            if let Some(n) = rank.number() {
                assert_eq!(Rank::from_number(n), Some(rank));
            }
            if let Some(n) = rank.classic_number() {
                assert_eq!(Rank::from_classic_number(n), Some(rank));
            }
        }
        assert_eq!(Rank::Marshal.classic_number(), Some(1));
        assert_eq!(Rank::Scout.classic_number(), Some(9));
        assert_eq!(Piece::from_token("ma"), Some(Piece::new(Side::North, Rank::Marshal)));
        assert_eq!(Piece::from_token("Ma"), None);
    }
}

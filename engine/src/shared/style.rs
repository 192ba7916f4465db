//! The character of a generated setup, for either ruleset.

use serde::{Deserialize, Serialize};

/// The character of a generated setup, so that AI levels (and players pressing "auto-generate
/// again") get different kinds of plans, in either ruleset. The descriptions are Admiral's
/// ([`crate::admiral::autoplace`]); Stratego's auto-placement ([`crate::stratego::autoplace`]) reads
/// each style its own way. Every style obeys every rule of the ruleset's plan.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Style {
    /// The middle road: four to six mines at the bases, strike groups one or two rows behind
    /// the screen, the carrier in the fourth row.
    #[default]
    Balanced,
    /// Built to strike first: only four mines at the bases (the others go forward with their
    /// destroyers), strike groups right behind the screen, bomb and fireship in the front rows,
    /// more gaps up front for a quick advance.
    Aggressive,
    /// Built to hold: all six mines and the stationary mine around the bases, strike groups
    /// deeper, carrier in the rear, gaps in the rear rows for regrouping.
    Defensive,
    /// A different character every seed: one of the other styles with its settings shaken
    /// (base placement, mine count, depths, where the gaps go), for the widest variety.
    Varied,
    /// The defensive plan hardened against the two blows that end most games between
    /// searching AIs: the bases on opposite flanks in the back row (a ship that breaks through
    /// to one cannot take the other two plies later), and the bomb in a front corner with empty
    /// squares around it, so that an enemy who strikes it loses more in the blast than we do.
    Fortress,
    /// The fortress's bases with the defensive plan's bomb, kept back in the second or third
    /// row among the ships it may be set off against. For the same seed its bases stand where
    /// the fortress's do.
    Bastion,
}

impl Style {
    /// Every style.
    pub const ALL: [Style; 6] = [
        Style::Balanced,
        Style::Aggressive,
        Style::Defensive,
        Style::Varied,
        Style::Fortress,
        Style::Bastion,
    ];

    /// The style of an AI level's own setups (either ruleset): varied at level 1, balanced at 2,
    /// balanced or defensive by seed at 3, and `searchers` for the searching levels 4 and 5.
    pub fn for_ai_level(level: u8, seed: u64, searchers: Style) -> Style {
        match level {
            1 => Style::Varied,
            2 => Style::Balanced,
            3 => [Style::Balanced, Style::Defensive][(seed % 2) as usize],
            _ => searchers,
        }
    }

    /// What a style mixes into the seed of its dice. The bastion shares the fortress's, so that
    /// the two draw the same plan up to the bomb.
    pub(crate) fn salt(self) -> u64 {
        let dice = match self {
            Style::Bastion => Style::Fortress,
            other => other,
        };
        (dice as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
}

//! The seam between the rulesets the engine knows.
//!
//! Admiral (the crate root's [`crate::Position`], [`crate::Game`], …) and classic Stratego
//! ([`crate::stratego`]) are separate module trees with the same shape: a position with its
//! text format, actions and their notation, layouts and auto-placement, a game with its record
//! and per-side views, an AI with levels 1–5 and an arena. Code that serves both (the referee,
//! the arena binary, the service) picks the tree once, from a [`Ruleset`], instead of testing
//! the ruleset everywhere.

use std::fmt;

use serde::{Deserialize, Serialize};

/// Which game's rules a match follows.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Ruleset {
    /// Admiral, the naval hidden-fleet game (14×15 board, 58 units a side).
    #[default]
    Admiral,
    /// Classic Stratego (10×10 board with two lakes, 40 pieces a side).
    Stratego,
}

impl Ruleset {
    /// Every ruleset.
    pub const ALL: [Ruleset; 2] = [Ruleset::Admiral, Ruleset::Stratego];

    /// The protocol and record name: `admiral` or `stratego`.
    pub const fn name(self) -> &'static str {
        match self {
            Ruleset::Admiral => "admiral",
            Ruleset::Stratego => "stratego",
        }
    }

    /// Parses a ruleset name (any case, surrounding white space ignored).
    pub fn from_name(name: &str) -> Option<Ruleset> {
        Ruleset::ALL.into_iter().find(|ruleset| ruleset.name().eq_ignore_ascii_case(name.trim()))
    }
}

impl fmt::Display for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for ruleset in Ruleset::ALL {
            assert_eq!(Ruleset::from_name(ruleset.name()), Some(ruleset));
            assert_eq!(serde_json::to_string(&ruleset).unwrap(), format!("\"{ruleset}\""));
        }
        assert_eq!(Ruleset::from_name(" Stratego "), Some(Ruleset::Stratego));
        assert_eq!(Ruleset::from_name("chess"), None);
        assert_eq!(Ruleset::default(), Ruleset::Admiral);
    }
}

//! Match records, for either ruleset: how a game started, every turn, and how a player ended
//! it, enough to replay it.

use serde::{Deserialize, Serialize};

use super::side::Side;

/// Everything needed to replay a match, serialisable (JSON in the store and in downloads):
/// turns of a ruleset's own kind `T` (Admiral's [`crate::Turn`], Stratego's actions) and
/// endings with its own reasons `R`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(bound(deserialize = "T: Deserialize<'de>, R: Deserialize<'de>"))]
pub struct Record<T, R> {
    /// The record format version (the ruleset's `RECORD_FORMAT`).
    pub format: u32,
    /// The ruleset's name ([`crate::Ruleset::name`]): `admiral` or `stratego`.
    pub ruleset: String,
    /// Whether views show remembered identities of enemy pieces.
    pub intel: bool,
    /// How the game started.
    pub start: Start,
    /// Every turn in order.
    pub turns: Vec<T>,
    /// A resignation, timeout or forfeit that ended the game, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ending: Option<Ending<R>>,
    /// The sides let off the ruleset's repetition rule (Stratego's two-square rule): only an
    /// outside program in the arena, written for a manager without that rule
    /// (`admiral-arena --ucc-no-two-square`). A replay lets them off before each of their
    /// turns, as the arena did. Absent (and empty) in every match a player plays.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub waived: Vec<Side>,
}

impl<T, R> Record<T, R> {
    /// The record of a match of `ruleset` (its name) in record format `format`, started from
    /// `start`, before any turn.
    pub fn started(format: u32, ruleset: impl Into<String>, intel: bool, start: Start) -> Record<T, R> {
        Record {
            format,
            ruleset: ruleset.into(),
            intel,
            start,
            turns: Vec::new(),
            ending: None,
            waived: Vec::new(),
        }
    }
}

/// How a recorded game started.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "from", rename_all = "snake_case")]
pub enum Start {
    /// A new game from both layouts (layout file grids); South moves first.
    Layouts {
        /// South's layout grid.
        south: String,
        /// North's layout grid.
        north: String,
    },
    /// A loaded position.
    Position {
        /// Position text.
        position: String,
        /// The side to move.
        to_move: Side,
    },
}

/// A game ended by a player rather than by the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ending<R> {
    /// The side that resigned, ran out of time or forfeited.
    pub side: Side,
    /// Why (resignation, timeout, forfeit).
    pub reason: R,
}

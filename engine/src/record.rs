//! Match records: how a game started plus every action and defence, enough to replay it.

use serde::{Deserialize, Serialize};

use crate::action::Action;
use crate::outcome::EndReason;
use crate::square::{Side, Square};

/// The current record format. Readers accept this version and refuse newer ones.
pub const RECORD_FORMAT: u32 = 1;

/// Everything needed to replay a match, serialisable (JSON in the store and in downloads).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// The record format version ([`RECORD_FORMAT`]).
    pub format: u32,
    /// The ruleset, `admiral`.
    pub ruleset: String,
    /// Whether the match shows remembered identities of enemy markers.
    pub intel: bool,
    /// How the game started.
    pub start: Start,
    /// Every action in order, with the defence declared where a battle took place.
    pub turns: Vec<Turn>,
    /// A resignation or timeout that ended the game, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ending: Option<Ending>,
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

/// One recorded action.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    /// The action in canonical notation.
    pub action: Action,
    /// The defender's partner squares, when the action started a battle of scale ships.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defense: Option<Vec<Square>>,
}

/// A game ended by a player rather than by the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ending {
    /// The side that resigned or ran out of time.
    pub side: Side,
    /// [`EndReason::Resignation`] or [`EndReason::Timeout`].
    pub reason: EndReason,
}

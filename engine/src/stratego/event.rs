//! What happens on a Stratego board, as a flat stream of events per action, and how a game
//! stands or why it ended.

use serde::{Deserialize, Serialize};

use super::board::Sq;
use super::piece::Rank;
use crate::shared::SeenEvent;
use crate::shared::Side;

/// A piece with its square, as revealed in an attack.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Placed {
    /// What it is.
    pub rank: Rank,
    /// Where it stood.
    pub square: Sq,
}

/// One thing that happened during an action.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// A piece moved onto an empty square. `rank` is `None` when the viewer may not know it.
    Moved {
        /// Owner.
        side: Side,
        /// What moved, if the viewer may know.
        rank: Option<Rank>,
        /// From.
        from: Sq,
        /// To.
        to: Sq,
    },
    /// An attack: both pieces are revealed to both players.
    Attacked {
        /// The attacking side.
        side: Side,
        /// The attacker, on the square it started from.
        attacker: Placed,
        /// The attacked piece.
        defender: Placed,
        /// The side whose piece survived; `None` when both were removed.
        winner: Option<Side>,
    },
    /// A piece was removed from the board (revealed to both).
    Destroyed {
        /// Owner.
        side: Side,
        /// What it was.
        rank: Rank,
        /// Where it stood.
        square: Sq,
    },
    /// The game ended.
    Ended {
        /// Result and reason.
        outcome: Outcome,
    },
}

impl SeenEvent for Event {
    type Kind = Rank;

    fn moved_kind(&mut self) -> Option<(Side, &mut Option<Rank>)> {
        let Event::Moved { side, rank, .. } = self else { return None };
        Some((*side, rank))
    }
}

/// Why a Stratego game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// The winner attacked the loser's flag.
    FlagCaptured,
    /// 200 consecutive plies without an attack.
    QuietPlies,
    /// The side to move could not move.
    NoLegalMove,
    /// A player resigned.
    Resignation,
    /// A player's clock ran out (or an outside program did not answer in time).
    Timeout,
    /// An outside program answered with something that is not a legal move.
    Forfeit,
}

/// A finished Stratego game: the result and the reason.
pub type Outcome = crate::shared::Outcome<EndReason>;

//! Admiral's match records: the shared [`crate::shared::Record`] with Admiral's turns (an
//! action and the defence declared) and end reasons.

use serde::{Deserialize, Serialize};

use crate::admiral::action::Action;
use crate::admiral::outcome::EndReason;
use crate::admiral::square::Square;

pub use crate::shared::Start;

/// The current record format. Readers accept this version and refuse newer ones.
pub const RECORD_FORMAT: u32 = 1;

/// Everything needed to replay an Admiral match; its `ruleset` is `admiral`.
pub type Record = crate::shared::Record<Turn, EndReason>;

/// A game ended by a player rather than by the board: [`EndReason::Resignation`] or
/// [`EndReason::Timeout`].
pub type Ending = crate::shared::Ending<EndReason>;

/// One recorded action.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    /// The action in canonical notation.
    pub action: Action,
    /// The defender's partner squares, when the action started a battle of scale ships.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defense: Option<Vec<Square>>,
}

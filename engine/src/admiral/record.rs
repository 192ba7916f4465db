//! Admiral's match records: the shared [`crate::shared::Record`] with Admiral's turns (an
//! action and the defence declared) and end reasons.

use serde::{Deserialize, Serialize};

use crate::admiral::action::Action;
use crate::admiral::outcome::EndReason;
use crate::admiral::square::Square;

pub use crate::shared::Start;

/// The current record format, which is also the version of the rules a record was played
/// under. Readers accept this version and older ones (replayed under their own rules, see
/// [`QuietRule`]) and refuse newer ones.
///
/// - 1: the first rules.
/// - 2 (2026-12-02): only an action that destroys a unit restarts the 200-ply count.
pub const RECORD_FORMAT: u32 = 2;

/// Which actions restart the count of quiet plies (the house rule against endless games).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum QuietRule {
    /// Since record format 2: only an action that destroys at least one unit.
    #[default]
    Destruction,
    /// Record format 1: any action with an attack part, a reveal-only strike included (an
    /// aircraft striking a known mine every few dozen plies kept such games alive forever).
    AnyAttack,
}

impl QuietRule {
    /// The rule records of `format` were played under.
    pub fn of_format(format: u32) -> QuietRule {
        if format < 2 {
            QuietRule::AnyAttack
        } else {
            QuietRule::Destruction
        }
    }

    /// Whether an action restarts the count: `aggressive` if it had an attack part,
    /// `destroyed` if it destroyed a unit.
    pub fn restarts(self, aggressive: bool, destroyed: bool) -> bool {
        match self {
            QuietRule::Destruction => destroyed,
            QuietRule::AnyAttack => aggressive,
        }
    }
}

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

//! How an Admiral game stands and why it ended.

use serde::{Deserialize, Serialize};

pub use crate::shared::Status;

/// Why a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// The loser's last naval base was destroyed.
    BasesDestroyed,
    /// One action destroyed the last base of both sides.
    AllBasesDestroyed,
    /// 200 consecutive plies without a unit destroyed (rules version 1: without an attack).
    QuietPlies,
    /// The side to move had no legal action.
    NoLegalAction,
    /// A player resigned.
    Resignation,
    /// A player's clock ran out.
    Timeout,
    /// Stratego: the winner attacked the loser's flag (the service reports Stratego results
    /// with this type too).
    FlagCaptured,
    /// An outside program lost by what it answered: no legal action, layout or defence, or no
    /// answer at all (it crashed or closed its output).
    Forfeit,
}

/// A finished Admiral game: the result and the reason.
pub type Outcome = crate::shared::Outcome<EndReason>;

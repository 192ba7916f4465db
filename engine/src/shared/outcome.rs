//! How a game stands and how a finished game ended, for either ruleset.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::side::Side;

/// The state of a game as the referee reports it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// The game goes on.
    Ongoing,
    /// South has won.
    SouthWins,
    /// North has won.
    NorthWins,
    /// Neither side won.
    Draw,
}

impl Status {
    /// The status in which `side` has won.
    pub const fn win_for(side: Side) -> Status {
        match side {
            Side::South => Status::SouthWins,
            Side::North => Status::NorthWins,
        }
    }

    /// The winner, if any.
    pub const fn winner(self) -> Option<Side> {
        match self {
            Status::SouthWins => Some(Side::South),
            Status::NorthWins => Some(Side::North),
            _ => None,
        }
    }

    /// The protocol name (`ongoing`, `south_wins`, `north_wins`, `draw`).
    pub const fn name(self) -> &'static str {
        match self {
            Status::Ongoing => "ongoing",
            Status::SouthWins => "south_wins",
            Status::NorthWins => "north_wins",
            Status::Draw => "draw",
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A finished game: the result and the reason, of a ruleset's own reasons `R` (Admiral's
/// [`crate::EndReason`], Stratego's [`crate::stratego::EndReason`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Outcome<R> {
    /// Who won, or a draw.
    pub status: Status,
    /// Why the game ended.
    pub reason: R,
}

impl<R> Outcome<R> {
    /// A position's result, judged in both rulesets' order: the result its last action
    /// `decided`, else — when the side `to_move` has no legal action (`can_act` says) — a win for
    /// the other side for the reason `stuck`; `None` while the game goes on.
    pub fn judge(
        decided: Option<Outcome<R>>,
        to_move: Side,
        can_act: impl FnOnce() -> bool,
        stuck: R,
    ) -> Option<Outcome<R>> {
        if decided.is_some() {
            return decided;
        }
        (!can_act()).then(|| Outcome { status: Status::win_for(to_move.opponent()), reason: stuck })
    }
}

impl Status {
    /// The status of a result: `ongoing` while there is none.
    pub fn of<R>(outcome: Option<Outcome<R>>) -> Status {
        outcome.map_or(Status::Ongoing, |o| o.status)
    }
}

//! What both AIs' evaluations share: the score of a game the board has decided.

use crate::shared::{Side, Status};

/// Score of a won game; everything else stays far below it.
pub const WIN: f32 = 10_000.0;

/// The score of a decided game for `me` ([`WIN`], `-WIN` or 0 for a draw), or `None` while it
/// is ongoing: the first thing an evaluation looks at.
#[inline]
pub fn decided_score(status: Status, me: Side) -> Option<f32> {
    match status {
        Status::Ongoing => None,
        Status::Draw => Some(0.0),
        status if status.winner() == Some(me) => Some(WIN),
        _ => Some(-WIN),
    }
}

/// The score for `me` of a game that a side left without movers has lost, though the board
/// says so only on that side's turn, or `None` when both sides can still move. When both are
/// stuck, the side to move is the one that loses. `stranded` tells whether a side can no
/// longer move anything.
#[inline]
pub fn stranded_score(me: Side, to_move: Side, stranded: impl Fn(Side) -> bool) -> Option<f32> {
    let loser = if stranded(to_move) {
        to_move
    } else if stranded(to_move.opponent()) {
        to_move.opponent()
    } else {
        return None;
    };
    Some(if loser == me { -WIN } else { WIN })
}

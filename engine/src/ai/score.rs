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

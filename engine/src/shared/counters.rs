//! The counters a position of either ruleset keeps beside its board: the side to move, the
//! quiet plies towards the draw, and the result the last action decided.

use super::outcome::Outcome;
use super::side::Side;

/// What both rulesets' positions count beside their boards, with `R` the ruleset's end reason.
/// Each position embeds one; the [`Rules`](super::Rules) trait reads it for the side to move,
/// the quiet plies and the result, once for both rulesets.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Counters<R> {
    /// The side to move.
    pub(crate) to_move: Side,
    /// Consecutive plies since the quiet-ply count last restarted (the ruleset says on what).
    pub(crate) quiet_plies: u16,
    /// The result the last action decided (a base or the flag taken, the quiet-ply draw), if
    /// any. A side to move without a legal action is judged apart, only when asked: finding
    /// out costs a move generation.
    pub(crate) decided: Option<Outcome<R>>,
}

impl<R> Counters<R> {
    /// The counters of a fresh board with `to_move` to move.
    pub const fn new(to_move: Side) -> Counters<R> {
        Counters { to_move, quiet_plies: 0, decided: None }
    }

    /// Clears what a loaded position starts a game without: the quiet plies and the decided
    /// result (the side to move stays).
    pub fn restart(&mut self) {
        self.quiet_plies = 0;
        self.decided = None;
    }
}

/// The [`Rules`](super::Rules) accessors of a position that keeps its [`Counters`] in a field
/// named `counters`, written once for both rulesets' `impl Rules` (inlined: the AI reads the
/// side to move and the decided result at every node).
macro_rules! counters_in_field {
    () => {
        #[inline]
        fn counters(&self) -> &$crate::shared::Counters<Self::EndReason> {
            &self.counters
        }

        #[inline]
        fn counters_mut(&mut self) -> &mut $crate::shared::Counters<Self::EndReason> {
            &mut self.counters
        }
    };
}
pub(crate) use counters_in_field;

//! A Stratego match: the shared [`crate::shared::Game`] over Stratego's [`Position`], with
//! Stratego's own game methods.

use super::action::Action;
use super::event::{EndReason, Event};
use super::position::{PlayError, Position};
use crate::shared::Side;

/// The current Stratego record format.
pub const RECORD_FORMAT: u32 = 1;

/// Everything needed to replay a Stratego match (JSON in the store and in downloads): every
/// action in canonical notation; its `ruleset` is `stratego`.
pub type Record = crate::shared::Record<Action, EndReason>;

/// A game ended by a player rather than by the board (resignation, timeout or forfeit).
pub type Ending = crate::shared::Ending<EndReason>;

/// Why a Stratego match could not be set up or replayed.
pub type GameError = crate::shared::GameError<Position>;

/// A Stratego match.
pub type Game = crate::shared::Game<Position>;

impl Game {
    /// Plays an action of the side to move and returns the full events (server side). The
    /// separator may be either; the record keeps the canonical form. Nothing changes on error.
    pub fn play(&mut self, action: &Action) -> Result<Vec<Event>, PlayError> {
        self.play_with(action, ())
    }

    /// Clears `side`'s standing under the two-square rule, so that its next move is not refused
    /// by it. Only the arena uses this, for outside programs written for the 2012 UCC manager,
    /// which had no such rule (`admiral-arena --ucc-no-two-square`); a game played with it
    /// cannot be replayed from its record.
    pub fn waive_two_square(&mut self, side: Side) {
        self.position_mut().repetition[side] = Default::default();
    }
}

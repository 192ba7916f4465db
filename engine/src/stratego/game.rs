//! A Stratego match: the shared [`crate::shared::Game`] over Stratego's [`Position`], with
//! Stratego's own game methods.

use super::action::Action;
use super::event::{EndReason, Event};
use super::position::{PlayError, Position};

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
}

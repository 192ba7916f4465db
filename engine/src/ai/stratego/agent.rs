//! Players of Stratego games as the arena drives them: the shared [`Agent`] shape
//! ([`crate::shared::agent`]) as Stratego fills it in, what an agent may look at ([`Seat`]), how it
//! may forfeit, and the random player. The AI implements it ([`super::Ai`]), as does an outside
//! program (the arena's `ucc:` players); the arena ([`crate::stratego::arena`]) plays agents
//! against each other.

use crate::stratego::event::EndReason;
use crate::stratego::position::Position;

pub use crate::shared::{Agent, RandomAgent};

/// What an agent may look at: its own side's knowledge of a Stratego game.
pub type Seat<'a> = crate::shared::Seat<'a, Position>;

/// Why a Stratego agent lost without the board deciding ([`EndReason::Forfeit`],
/// [`EndReason::Timeout`] or [`EndReason::Resignation`]).
pub type Forfeit = crate::shared::Forfeit<EndReason>;

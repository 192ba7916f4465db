//! Players of Admiral games as the arena and the bot drive them: the shared [`Agent`] shape
//! ([`crate::shared::agent`]) as Admiral fills it in (its reply is the defence, [`Defense`]),
//! what an agent may look at ([`Seat`]), how it may forfeit, and the random player. The AI
//! implements it ([`super::Ai`]), as does an outside program (the arena's `cmd:` players); the
//! arena ([`crate::arena`]) plays agents against each other.

use crate::admiral::formation::Partners;
use crate::admiral::outcome::EndReason;
use crate::admiral::position::Position;

pub use crate::admiral::resolve::Defense;
pub use crate::shared::{Agent, RandomAgent};

/// What an agent may look at when it decides: its own side's knowledge of an Admiral game.
pub type Seat<'a> = crate::shared::Seat<'a, Position>;

/// Why an Admiral agent lost without the board deciding ([`EndReason::Forfeit`],
/// [`EndReason::Timeout`] or [`EndReason::Resignation`]).
pub type Forfeit = crate::shared::Forfeit<EndReason>;

/// The groups among defence options (the arena offers only groups, from
/// [`crate::Game::defense_options`]), in their order.
pub fn groups(options: &[Defense]) -> Vec<Partners> {
    options
        .iter()
        .filter_map(|d| match d {
            Defense::Group(partners) => Some(*partners),
            Defense::Auto => None,
        })
        .collect()
}

//! Players of Stratego games as the arena drives them: the [`Agent`] trait, what an agent may
//! look at ([`Seat`]), how it may forfeit, and the random player. The AI implements it
//! ([`super::Ai`]), as does an outside program ([`crate::stratego::ucc`]); the arena
//! ([`crate::stratego::arena`]) plays agents against each other.

use crate::shared::{Dice, Side, Style};
use crate::stratego::action::Action;
use crate::stratego::autoplace::auto_layout;
use crate::stratego::event::{EndReason, Event};
use crate::stratego::layout::Layout;
use crate::stratego::position::Position;

/// What an agent may look at: its own side's knowledge of a Stratego game.
pub type Seat<'a> = crate::shared::Seat<'a, Position>;

/// Why an agent lost without the board deciding: an answer that is no legal move, silence,
/// or resignation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Forfeit {
    /// [`EndReason::Forfeit`], [`EndReason::Timeout`] or [`EndReason::Resignation`].
    pub reason: EndReason,
    /// What happened, for the report.
    pub detail: String,
}

/// A player of arena games.
pub trait Agent: Send {
    /// A short name for reports (and for the protocol's `OPPONENT` field).
    fn name(&self) -> String;

    /// The setup for a game on `side` (seeded per game), against `opponent`.
    fn setup(&mut self, side: Side, seed: u64, opponent: &str) -> Result<Layout, Forfeit>;

    /// Chooses one of `legal` (never empty) for the side to move; an outside program may
    /// answer something else, which the arena treats as a forfeit.
    fn act(&mut self, seat: &Seat<'_>, legal: &[Action], dice: &mut Dice) -> Result<Action, Forfeit>;

    /// Sees every action's full events as they happen, its own and the opponent's (an outside
    /// program is sent the protocol's result line). The default ignores them.
    fn observe(&mut self, _seat: &Seat<'_>, _action: &Action, _events: &[Event]) {}

    /// The game is over (an outside program is told `QUIT`).
    fn finish(&mut self, _seat: &Seat<'_>) {}

    /// Whether the two-square rule binds this player (see [`crate::stratego::Game::waive_two_square`]); only an
    /// outside program written for the 2012 manager may be let off.
    fn held_to_two_square(&self) -> bool {
        true
    }
}

/// Picks uniformly among the legal actions; sets up with the balanced auto-placement.
#[derive(Default)]
pub struct RandomAgent;

impl Agent for RandomAgent {
    fn name(&self) -> String {
        "random".into()
    }

    fn setup(&mut self, _side: Side, seed: u64, _opponent: &str) -> Result<Layout, Forfeit> {
        Ok(auto_layout(seed, Style::Balanced))
    }

    fn act(&mut self, _seat: &Seat<'_>, legal: &[Action], dice: &mut Dice) -> Result<Action, Forfeit> {
        Ok(legal[dice.below(legal.len())])
    }
}

//! Players of Admiral games as the arena and the bot drive them: the [`Agent`] trait, what an
//! agent may look at ([`Seat`]), and the random player. The AI implements it
//! ([`super::Ai`]); the arena ([`crate::arena`]) plays agents against each other.

use crate::admiral::action::Action;
use crate::admiral::formation::Partners;
use crate::admiral::position::Position;
use crate::shared::Dice;

/// What an agent may look at when it decides: its own side's knowledge of an Admiral game.
pub type Seat<'a> = crate::shared::Seat<'a, Position>;

/// A player of arena games: random, an AI level, or an outside program.
pub trait Agent: Send {
    /// A short name for reports.
    fn name(&self) -> String;

    /// Chooses one of `legal` (never empty) for the side to move.
    fn act(&mut self, seat: &Seat<'_>, legal: &[Action], dice: &mut Dice) -> Action;

    /// Chooses a defence group when `attack` (partners hidden) hits one of its scale ships
    /// with a scale ship (`options` in default-policy order, never empty). The default takes
    /// the first.
    fn defend(
        &mut self,
        _seat: &Seat<'_>,
        _attack: &Action,
        options: &[Partners],
        _dice: &mut Dice,
    ) -> Partners {
        options[0]
    }
}

/// Picks uniformly among the legal actions.
#[derive(Default)]
pub struct RandomAgent;

impl Agent for RandomAgent {
    fn name(&self) -> String {
        "random".into()
    }

    fn act(&mut self, _seat: &Seat<'_>, legal: &[Action], dice: &mut Dice) -> Action {
        legal[dice.below(legal.len())]
    }
}

//! Players of Admiral games as the arena and the bot drive them: the [`Agent`] trait, what an
//! agent may look at ([`Seat`]), and the random player. The AI implements it
//! ([`super::Ai`]); the arena ([`crate::arena`]) plays agents against each other.

use crate::admiral::action::Action;
use crate::admiral::formation::Partners;
use crate::admiral::game::Game;
use crate::admiral::view::View;
use crate::shared::{Dice, Side};

/// What an agent may look at when it decides: its own side's knowledge, nothing more.
pub struct Seat<'a> {
    game: &'a Game,
    side: Side,
}

impl<'a> Seat<'a> {
    /// The seat of `side` in `game`.
    pub fn new(game: &'a Game, side: Side) -> Seat<'a> {
        Seat { game, side }
    }

    /// Which side the agent plays.
    pub fn side(&self) -> Side {
        self.side
    }

    /// The side's view (with its full memory of revealed enemy units, whatever the intel
    /// setting: an AI is expected to remember).
    pub fn view(&self) -> View {
        self.game.view_remembering(self.side)
    }

    /// The legal actions when it is this side's turn (they depend only on own units and where
    /// markers stand, which the side sees).
    pub fn legal_actions(&self) -> Vec<Action> {
        if self.game.to_move() == self.side {
            self.game.legal_actions()
        } else {
            Vec::new()
        }
    }
}

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

//! The one shape of a player of either ruleset, as the arena (and the bot's AI) drive it: the
//! [`Agent`] trait over the ruleset's [`Rules`], and [`Forfeit`], how an agent may lose without
//! the board deciding. Each ruleset's AI implements it (beside the AI, in its `agent` module,
//! with the random player), as do the arena's outside programs.

use super::dice::Dice;
use super::game::{Rules, Seat};
use super::side::Side;
use super::style::Style;

/// Why an agent lost without the board deciding: an answer that is no legal move, layout or
/// defence, silence, a program that went away, or resignation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Forfeit<R> {
    /// The ruleset's end reason: forfeit, timeout or resignation.
    pub reason: R,
    /// What happened, for the report.
    pub detail: String,
}

/// A ruleset's forfeit.
pub type ForfeitOf<P> = Forfeit<<P as Rules>::EndReason>;

/// A player of arena games of the ruleset `P`: random, an AI level, or an outside program.
pub trait Agent<P: Rules>: Send {
    /// A short name for reports (and for an outside program's opponent field).
    fn name(&self) -> String;

    /// The setup for a game on `side` (seeded per game), against `opponent`.
    fn setup(&mut self, side: Side, seed: u64, opponent: &str) -> Result<P::Layout, ForfeitOf<P>>;

    /// Chooses one of `legal` (never empty) for the side to move; an outside program may
    /// answer something else, which the arena treats as a forfeit.
    fn act(
        &mut self,
        seat: &Seat<'_, P>,
        legal: &[P::Action],
        dice: &mut Dice,
    ) -> Result<P::Action, ForfeitOf<P>>;

    /// Chooses the reply to `attack` (its undeclared partners hidden) when the ruleset lets the
    /// side not moving choose: Admiral's defence group, asked only when a scale ship attacks
    /// one of its scale ships and it has more than one group; `options` are in default-policy
    /// order and never empty. The default takes the first.
    fn defend(
        &mut self,
        _seat: &Seat<'_, P>,
        _attack: &P::Action,
        options: &[P::Reply],
        _dice: &mut Dice,
    ) -> Result<P::Reply, ForfeitOf<P>> {
        Ok(options[0])
    }

    /// Sees every action's full events as they happen, its own and the opponent's (a Stratego
    /// outside program is sent the protocol's result line). The default ignores them.
    fn observe(&mut self, _seat: &Seat<'_, P>, _action: &P::Action, _events: &[P::Event]) {}

    /// The game is over (an outside program is told the result).
    fn finish(&mut self, _seat: &Seat<'_, P>) {}

    /// Whether the two-square rule binds this player (Stratego; see
    /// [`crate::shared::Game::waive_repetition`]); only an outside program written for the 2012
    /// manager may be let off.
    fn held_to_two_square(&self) -> bool {
        true
    }
}

/// The random player of either ruleset: picks uniformly among the legal actions, sets up with
/// the balanced auto-placement and defends by the default policy.
#[derive(Default)]
pub struct RandomAgent;

impl<P: Rules> Agent<P> for RandomAgent {
    fn name(&self) -> String {
        "random".into()
    }

    fn setup(&mut self, _side: Side, seed: u64, _opponent: &str) -> Result<P::Layout, ForfeitOf<P>> {
        Ok(P::auto_layout(seed, Style::Balanced))
    }

    fn act(
        &mut self,
        _seat: &Seat<'_, P>,
        legal: &[P::Action],
        dice: &mut Dice,
    ) -> Result<P::Action, ForfeitOf<P>> {
        Ok(legal[dice.below(legal.len())])
    }
}

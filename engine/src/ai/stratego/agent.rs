//! Players of Stratego games as the arena drives them: the shared [`Agent`] shape
//! ([`crate::shared::agent`]) as Stratego fills it in, what an agent may look at ([`Seat`]), how it
//! may forfeit, and the random player. The AI implements it ([`super::Ai`]), as does an outside
//! program (the arena's `ucc:` players); the arena ([`crate::stratego::arena`]) plays agents
//! against each other.

use crate::shared::{Dice, Side, Style};
use crate::stratego::action::Action;
use crate::stratego::autoplace::auto_layout;
use crate::stratego::event::EndReason;
use crate::stratego::layout::Layout;
use crate::stratego::position::Position;

pub use crate::shared::Agent;

/// What an agent may look at: its own side's knowledge of a Stratego game.
pub type Seat<'a> = crate::shared::Seat<'a, Position>;

/// Why a Stratego agent lost without the board deciding ([`EndReason::Forfeit`],
/// [`EndReason::Timeout`] or [`EndReason::Resignation`]).
pub type Forfeit = crate::shared::Forfeit<EndReason>;

/// Picks uniformly among the legal actions; sets up with the balanced auto-placement.
#[derive(Default)]
pub struct RandomAgent;

impl Agent<Position> for RandomAgent {
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

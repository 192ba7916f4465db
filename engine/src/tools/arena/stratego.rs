//! Playing many Stratego games between two agents: AI levels, random play, or outside
//! programs (the arena binary's `ucc:` players), for measuring strength and speed. The report
//! is Admiral's [`Summary`](crate::shared::Summary), so both rulesets print the same line.

pub use super::play_game;
use super::{ArenaRules, Ending};
pub use crate::ai::stratego::agent::{Agent, Forfeit, RandomAgent, Seat};
use crate::shared::summary::GameResult;
use crate::shared::SetupPosition;
use crate::shared::Side;
use crate::stratego::action::Action;
use crate::stratego::event::EndReason;
use crate::stratego::game::{Game, Record};
use crate::stratego::position::Position;

/// One game's result and how it ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The result as Admiral's arena counts it.
    pub result: GameResult,
    /// Why it ended (`None` for a game stopped at the ply cap).
    pub reason: Option<EndReason>,
    /// What a forfeiting agent did wrong, if one did (after `a: ` or `b: `).
    pub forfeit: Option<String>,
    /// The game's record, to replay it (`None` when a setup failed; an outside program let off
    /// the two-square rule may have made moves a replay refuses).
    pub record: Option<Record>,
}

impl ArenaRules for Position {
    type Played = Played;

    fn played(ending: Ending<Position>, _a_is_south: bool) -> Played {
        Played {
            result: ending.result,
            reason: ending.reason,
            forfeit: ending.forfeit,
            record: ending.game.map(Game::into_record),
        }
    }

    const FORFEIT: EndReason = EndReason::Forfeit;

    fn before_act(game: &mut Game, side: Side, agent: &dyn Agent<Position>) {
        if !agent.held_to_two_square() {
            game.waive_repetition(side);
        }
    }

    /// The legal move with the answer's squares; naming the rule broken otherwise, as a player
    /// typing the move would be told.
    fn legal_choice(game: &Game, legal: &[Action], action: Action) -> Result<Action, String> {
        legal.iter().find(|l| l.from == action.from && l.to == action.to).copied().ok_or_else(|| {
            let position = game.position();
            let attack = position.piece_at(action.to).is_some_and(|p| p.side != game.to_move());
            let why = position
                .why_illegal(&Action { attack, ..action })
                .unwrap_or_else(|| "not a legal action".into());
            format!("illegal move {action}: {why}")
        })
    }

    /// Stratego has no replies.
    fn reply_options(_: &Game, _: &Action) -> Option<(Action, Vec<()>)> {
        None
    }

    fn reply_allowed(_: &[()], _: &()) -> bool {
        true
    }
}

//! Playing many Admiral games between two agents (AI levels, random play, outside programs),
//! for measuring strength and speed. The game loop, the report, and the driver that plays a run
//! on threads are shared with Stratego ([`crate::shared::summary`]).

pub use super::play_game;
use super::{ArenaRules, Ending};
use crate::admiral::action::Action;
use crate::admiral::game::Game;
use crate::admiral::outcome::EndReason;
use crate::admiral::position::Position;
use crate::admiral::record::Record;
use crate::admiral::resolve::Defense;
pub use crate::ai::admiral::agent::{Agent, Forfeit, RandomAgent, Seat};
use crate::ai::value;
pub use crate::shared::summary::{game_seed, wilson_interval, GameResult, Progress, Summary, ARENA_PLY_CAP};
use crate::shared::Side;

/// One arena game in detail.
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    /// The result.
    pub result: GameResult,
    /// Why it ended (`None`: stopped at [`ARENA_PLY_CAP`]).
    pub reason: Option<EndReason>,
    /// `a`'s material minus `b`'s at the end, by the AI's unit values ([`crate::ai::value`]):
    /// who was ahead when a game ended in a draw (0 when a setup failed).
    pub a_lead: f32,
    /// What a forfeiting agent did wrong, if one did (after `a: ` or `b: `).
    pub forfeit: Option<String>,
    /// The game's record, to replay it (`None` when a setup failed).
    pub record: Option<Record>,
}

impl ArenaRules for Position {
    type Played = Played;

    /// Adds `a`'s lead in material at the end.
    fn played(ending: Ending<Position>, a_is_south: bool) -> Played {
        let a_side = if a_is_south { Side::South } else { Side::North };
        let a_lead: f32 = ending.game.as_ref().map_or(0.0, |game| {
            game.position()
                .pieces()
                .map(|(_, piece)| if piece.side == a_side { value(piece.kind) } else { -value(piece.kind) })
                .sum()
        });
        Played {
            result: ending.result,
            reason: ending.reason,
            a_lead,
            forfeit: ending.forfeit,
            record: ending.game.map(Game::into_record),
        }
    }

    const FORFEIT: EndReason = EndReason::Forfeit;

    /// The answer itself, when legal; otherwise the rule it breaks.
    fn legal_choice(game: &Game, _legal: &[Action], action: Action) -> Result<Action, String> {
        match game.position().why_illegal(&action) {
            None => Ok(action),
            Some(why) => Err(format!("illegal action {action}: {why}")),
        }
    }

    /// The defence groups, when a scale ship attacks a scale ship that has more than one; the
    /// defender sees the attack without its undeclared partners.
    fn reply_options(game: &Game, action: &Action) -> Option<(Action, Vec<Defense>)> {
        let options = game.defense_options(action).filter(|options| options.len() > 1)?;
        Some((action.without_partners(), options.into_iter().map(Defense::Group).collect()))
    }

    fn reply_allowed(options: &[Defense], reply: &Defense) -> bool {
        options.contains(reply)
    }
}

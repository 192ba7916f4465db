//! Playing many Admiral games between two agents, for measuring strength and speed. The
//! report, and the driver that plays a run on threads, are shared with Stratego
//! ([`crate::shared::summary`]).

use crate::admiral::game::Game;
use crate::admiral::layout::Layout;
use crate::admiral::outcome::EndReason;
use crate::admiral::resolve::Defense;
pub use crate::ai::admiral::agent::{Agent, RandomAgent, Seat};
use crate::ai::value;
pub use crate::shared::summary::{game_seed, wilson_interval, GameResult, Progress, Summary, ARENA_PLY_CAP};
use crate::shared::{Dice, Side};

/// One arena game in detail.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Played {
    /// The result.
    pub result: GameResult,
    /// Why it ended (`None`: stopped at [`ARENA_PLY_CAP`]).
    pub reason: Option<EndReason>,
    /// `a`'s material minus `b`'s at the end, by the AI's unit values ([`crate::ai::value`]):
    /// who was ahead when a game ended in a draw.
    pub a_lead: f32,
}

/// Plays one game between two agents from the given layouts. `a` sits South if `a_is_south`.
pub fn play_game(
    a: &mut dyn Agent,
    b: &mut dyn Agent,
    south: &Layout,
    north: &Layout,
    a_is_south: bool,
    seed: u64,
) -> Played {
    let mut game = Game::new(south, north, true).expect("arena layouts are legal");
    let mut dice = Dice::new(seed);
    while game.outcome().is_none() && game.ply() < ARENA_PLY_CAP {
        let side = game.to_move();
        let legal = game.legal_actions();
        let a_moves = (side == Side::South) == a_is_south;
        let seat = Seat::new(&game, side);
        let action = if a_moves { a.act(&seat, &legal, &mut dice) } else { b.act(&seat, &legal, &mut dice) };
        let defense = match game.defense_options(&action) {
            Some(options) if options.len() > 1 => {
                let seat = Seat::new(&game, side.opponent());
                let chosen = if a_moves {
                    b.defend(&seat, &action.without_partners(), &options, &mut dice)
                } else {
                    a.defend(&seat, &action.without_partners(), &options, &mut dice)
                };
                Defense::Group(chosen)
            }
            _ => Defense::Auto,
        };
        game.play(&action, defense).expect("agents choose legal actions");
    }
    let a_side = if a_is_south { Side::South } else { Side::North };
    let a_lead: f32 = game
        .position()
        .pieces()
        .map(|(_, piece)| if piece.side == a_side { value(piece.kind) } else { -value(piece.kind) })
        .sum();
    let (result, reason) = super::ending(&game, a_is_south);
    Played { result, reason, a_lead }
}

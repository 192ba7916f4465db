//! Playing many games between two agents, for measuring strength and speed: one module per
//! ruleset ([`admiral`], re-exported as `crate::arena`; [`stratego`], re-exported as
//! `crate::stratego::arena`), each playing one game with its `play_game`; a run of them is
//! driven, and reported, by the shared [`Summary::run_games`](crate::shared::Summary::run_games).

pub mod admiral;
pub mod stratego;

use crate::shared::summary::GameResult;
use crate::shared::{Game, Rules};

/// How an arena game of either ruleset ended: its result (with `a`'s seat) and why (`None`:
/// stopped at the arena's ply cap).
fn ending<P: Rules>(game: &Game<P>, a_is_south: bool) -> (GameResult, Option<P::EndReason>) {
    let result = GameResult { a_was_south: a_is_south, status: game.status(), plies: game.ply() };
    (result, game.outcome().map(|o| o.reason))
}

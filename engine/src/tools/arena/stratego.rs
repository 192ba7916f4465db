//! Playing many Stratego games between two agents: AI levels, random play, or outside
//! programs (the arena binary's `ucc:` players), for measuring strength and speed. The report
//! is Admiral's [`Summary`](crate::shared::Summary), so both rulesets print the same line.

pub use crate::ai::stratego::agent::{Agent, Forfeit, RandomAgent, Seat};
use crate::shared::summary::{GameResult, ARENA_PLY_CAP};
use crate::shared::Dice;
use crate::shared::Side;
use crate::shared::Status;
use crate::stratego::action::Action;
use crate::stratego::event::EndReason;
use crate::stratego::game::Game;

/// One game's result and how it ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The result as Admiral's arena counts it.
    pub result: GameResult,
    /// Why it ended (`None` for a game stopped at the ply cap).
    pub reason: Option<EndReason>,
    /// What a forfeiting agent did wrong, if one did.
    pub forfeit: Option<String>,
}

/// Plays one game; `a` sits South if `a_is_south`. A setup an agent cannot give loses the game
/// at ply 0 (both failing: a draw).
pub fn play_game(a: &mut dyn Agent, b: &mut dyn Agent, a_is_south: bool, seed: u64) -> Played {
    let (a_side, b_side) = if a_is_south { (Side::South, Side::North) } else { (Side::North, Side::South) };
    let (a_name, b_name) = (a.name(), b.name());
    let a_layout = a.setup(a_side, seed, &b_name);
    let b_layout = b.setup(b_side, seed ^ 0x5bd1_e995, &a_name);
    let setups = match (a_layout, b_layout) {
        (Ok(x), Ok(y)) => Ok(if a_is_south { (x, y) } else { (y, x) }),
        (Err(e), Ok(_)) => Err((Status::win_for(b_side), e)),
        (Ok(_), Err(e)) => Err((Status::win_for(a_side), e)),
        (Err(e), Err(_)) => Err((Status::Draw, e)),
    };
    let (south, north) = match setups {
        Ok(layouts) => layouts,
        Err((status, forfeit)) => {
            return Played {
                result: GameResult { a_was_south: a_is_south, status, plies: 0 },
                reason: Some(forfeit.reason),
                forfeit: Some(forfeit.detail),
            }
        }
    };
    let mut game = Game::new(&south, &north, true).expect("agents' layouts are complete");
    let mut dice = Dice::new(seed);
    let mut forfeit = None;
    while game.outcome().is_none() && game.ply() < ARENA_PLY_CAP {
        let side = game.to_move();
        let a_moves = side == a_side;
        let agent: &mut dyn Agent = if a_moves { &mut *a } else { &mut *b };
        if !agent.held_to_two_square() {
            game.waive_two_square(side);
        }
        let legal = game.legal_actions();
        let seat = Seat::new(&game, side);
        let chosen = agent.act(&seat, &legal, &mut dice).and_then(|action| {
            legal.iter().find(|l| l.from == action.from && l.to == action.to).copied().ok_or_else(|| {
                // Name the rule broken, as a player typing the move would be told.
                let position = game.position();
                let attack = position.piece_at(action.to).is_some_and(|p| p.side != side);
                let why = position
                    .why_illegal(&Action { attack, ..action })
                    .unwrap_or_else(|| "not a legal action".into());
                Forfeit { reason: EndReason::Forfeit, detail: format!("illegal move {action}: {why}") }
            })
        });
        match chosen {
            Ok(action) => {
                let events = game.play(&action).expect("legal actions play");
                a.observe(&Seat::new(&game, a_side), &action, &events);
                b.observe(&Seat::new(&game, b_side), &action, &events);
            }
            Err(f) => {
                game.end_by(side, f.reason);
                forfeit = Some(format!("{}: {}", if a_moves { "a" } else { "b" }, f.detail));
            }
        }
    }
    a.finish(&Seat::new(&game, a_side));
    b.finish(&Seat::new(&game, b_side));
    let (result, reason) = super::ending(&game, a_is_south);
    Played { result, reason, forfeit }
}

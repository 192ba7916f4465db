//! AI players behind a small abstraction keyed by level, run off the async runtime.
//!
//! The levels are the engine's [`Ai`]; each decision is seeded from the match seed and the ply
//! and, in real play, does a fixed amount of work ([`Budget::Fixed`]): a replay reproduces what
//! the AI chose, and a busy bot makes the player wait instead of making the AI weaker.

use std::time::Duration;

use admiral_engine::ai::{Ai, Budget};
use admiral_engine::arena::{Agent, Seat};
use admiral_engine::{Action, Defense, Dice, Game, Position, Side};

/// An AI opponent of a given level (1–5).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct AiPlayer {
    /// The level, 1 (weakest) to 5 (strongest).
    pub level: u8,
    /// How much it thinks per decision.
    pub budget: Budget,
}

impl AiPlayer {
    /// The player of `level` (clamped to 1–5) with its real-play budget, a fixed amount of work.
    pub fn new(level: u8) -> AiPlayer {
        let level = level.clamp(1, 5);
        AiPlayer { level, budget: Budget::for_level(level) }
    }

    /// The same level with another budget (tests and load runs think for a few milliseconds).
    pub fn with_budget(self, budget: Budget) -> AiPlayer {
        AiPlayer { budget, ..self }
    }

    /// The shortest time between asking an Admiral AI for its move and its answer. Levels 4
    /// and 5 do a fixed amount of work whose duration depends on their own position, which the
    /// player must not learn from a timing: their answers are held back to a floor above the
    /// slowest decision measured alone (p95 targets 1 s and 3 s; max 0.83 s and 2.84 s,
    /// doc/admiral-ai.md). Other budgets (tests, load runs) and levels answer at once.
    pub fn admiral_answer_floor(&self) -> Duration {
        match (self.budget, self.level) {
            (Budget::Fixed, 4) => Duration::from_secs(1),
            (Budget::Fixed, 5) => Duration::from_secs(3),
            _ => Duration::ZERO,
        }
    }

    /// The agent playing this level.
    pub fn agent(&self) -> Box<dyn Agent<Position>> {
        Box::new(Ai::new(self.level, 0, self.budget))
    }

    /// The seed of the decision at `ply` of a match seeded `seed` (replays reproduce).
    pub fn decision_seed(seed: u64, ply: u32) -> u64 {
        seed ^ (ply as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    /// Chooses the action of `side` (which must be to move). Blocking: call it from
    /// `spawn_blocking`. `None` if there is no legal action.
    pub fn choose(&self, game: &Game, side: Side, seed: u64) -> Option<Action> {
        let legal = game.legal_actions();
        if legal.is_empty() || game.to_move() != side {
            return None;
        }
        let mut dice = Dice::new(AiPlayer::decision_seed(seed, game.ply()));
        let mut agent = self.agent();
        agent.act(&Seat::new(game, side), &legal, &mut dice).ok()
    }

    /// The AI's defence when `action` attacks one of its scale ships.
    pub fn defend(&self, game: &Game, action: &Action, seed: u64) -> Defense {
        match game.defense_options(action) {
            Some(options) if options.len() > 1 => {
                let side = game.to_move().opponent();
                let mut dice = Dice::new(AiPlayer::decision_seed(seed, game.ply()) ^ 1);
                let options: Vec<Defense> = options.into_iter().map(Defense::Group).collect();
                let seat = Seat::new(game, side);
                // The AI never forfeits; the default policy stands in if it ever did.
                self.agent()
                    .defend(&seat, &action.without_partners(), &options, &mut dice)
                    .unwrap_or_default()
            }
            _ => Defense::Auto,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_admiral_searchers_real_play_answers_are_held_back() {
        assert_eq!(AiPlayer::new(5).admiral_answer_floor(), Duration::from_secs(3));
        assert_eq!(AiPlayer::new(4).admiral_answer_floor(), Duration::from_secs(1));
        assert_eq!(AiPlayer::new(3).admiral_answer_floor(), Duration::ZERO);
        let quick = AiPlayer::new(5).with_budget(Budget::Iterations(10));
        assert_eq!(quick.admiral_answer_floor(), Duration::ZERO);
    }
}

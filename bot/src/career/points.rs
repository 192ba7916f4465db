//! The points of one rated match, with the working shown to the player.

use admiral_engine::{Game, Outcome, Side, Status};
use serde::{Deserialize, Serialize};

use super::deeds::bases_on_board;
use super::scale::FLEET_STRENGTH;

/// Bonus for keeping both bases.
pub const BASES_BONUS: f64 = 50.0;
/// Bonus for a win.
pub const WIN_BONUS: f64 = 100.0;

/// The points of one player for one match: each term and the factors, so that the summary
/// can show the working.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PointsBreakdown {
    /// Surviving scale-ship strength as a share of 184, ×100.
    pub fleet_kept: f64,
    /// Enemy tonnage destroyed / 1,000.
    pub tonnage_sunk: f64,
    /// 50 if both own bases survived.
    pub bases: f64,
    /// 100 for a win.
    pub win_bonus: f64,
    /// 1 for a win, 0.5 for a draw, 0.25 for a loss.
    pub result_factor: f64,
    /// 0.2–1.0 against AI levels 1–5, 1 against a person.
    pub opponent_factor: f64,
    /// The AI's level when the opponent was the AI.
    #[serde(default)]
    pub ai_level: Option<u8>,
    /// The total, rounded: (fleet kept + tonnage + bases + win) × result × opponent.
    pub total: u32,
    /// Rank index before the match.
    pub rank_before: usize,
    /// Rank index after.
    pub rank_after: usize,
    /// Accumulated points after.
    pub points_after: u32,
}

impl PointsBreakdown {
    /// The sum of the terms before the factors.
    pub fn subtotal(&self) -> f64 {
        self.fleet_kept + self.tonnage_sunk + self.bases + self.win_bonus
    }

    /// True if the match raised the player's rank.
    pub fn promoted(&self) -> bool {
        self.rank_after > self.rank_before
    }
}

/// The factors of AI levels 1–5.
pub const AI_FACTORS: [f64; 5] = [0.2, 0.4, 0.6, 0.8, 1.0];

/// The opponent factor: AI level 1–5 → 0.2 / 0.4 / 0.6 / 0.8 / 1.0; a person → 1.
pub fn opponent_factor(ai_level: Option<u8>) -> f64 {
    match ai_level {
        Some(level) => AI_FACTORS[level.clamp(1, 5) as usize - 1],
        None => 1.0,
    }
}

/// The points of `me` for a finished game (rank fields are filled in by the ledger).
/// `tonnage_sunk` is the notional tonnage of the enemy units `me` destroyed
/// ([`super::deeds::Deeds::tonnage_sunk`]).
pub fn points(
    game: &Game,
    me: Side,
    outcome: Outcome,
    ai_level: Option<u8>,
    tonnage_sunk: u64,
) -> PointsBreakdown {
    let kept: u32 = game
        .position()
        .pieces()
        .filter(|(_, p)| p.side == me)
        .filter_map(|(_, p)| p.kind.strength().map(u32::from))
        .sum();
    let fleet_kept = kept.min(FLEET_STRENGTH) as f64 / FLEET_STRENGTH as f64 * 100.0;
    let tonnage_sunk = tonnage_sunk as f64 / 1000.0;
    let bases = if bases_on_board(game, me) >= 2 { BASES_BONUS } else { 0.0 };
    let (win_bonus, result_factor) = match outcome.status {
        s if s.winner() == Some(me) => (WIN_BONUS, 1.0),
        Status::Draw => (0.0, 0.5),
        _ => (0.0, 0.25),
    };
    let opponent_factor = opponent_factor(ai_level);
    let total = ((fleet_kept + tonnage_sunk + bases + win_bonus) * result_factor * opponent_factor)
        .round()
        .max(0.0) as u32;
    PointsBreakdown {
        fleet_kept,
        tonnage_sunk,
        bases,
        win_bonus,
        result_factor,
        opponent_factor,
        ai_level,
        total,
        rank_before: 0,
        rank_after: 0,
        points_after: 0,
    }
}

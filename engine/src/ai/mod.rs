//! The AI players, one tree per ruleset: [`admiral`] and [`stratego`]. Each plays only from
//! its own side's view, has levels 1–5, and implements the arena's `Agent` for its ruleset (the
//! one shape of both, [`crate::shared::Agent`]; its ruleset's random player and forfeit are beside
//! it, in its `agent` module, so that the AI and the arena both use them and neither imports the
//! other back).
//!
//! Admiral's AI is also re-exported here, at the paths it always had (`ai::Ai`, `ai::Budget`,
//! …).

pub mod admiral;
mod score;
pub mod stratego;
#[cfg(test)]
mod testing;

pub use admiral::*;

//! The AI players, one tree per ruleset: [`admiral`] and [`stratego`]. Each plays only from
//! its own side's view, has levels 1–5, and implements its ruleset's arena `Agent` (declared
//! beside it, in its `agent` module, so that the AI and the arena both use the trait and
//! neither imports the other back).
//!
//! Admiral's AI is also re-exported here, at the paths it always had (`ai::Ai`, `ai::Budget`,
//! …).

pub mod admiral;
mod score;
pub mod stratego;

pub use admiral::*;

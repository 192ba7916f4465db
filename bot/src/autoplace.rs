//! Auto-placement for the service: the engine's linked auto-placement behind the two
//! functions the service calls (seed in, legal complete layout out; deterministic).

use admiral_engine::ai::Ai;
use admiral_engine::{Layout, Style};

/// A complete legal layout from a seed: the engine's balanced linked auto-placement.
pub fn auto_layout(seed: u64) -> Layout {
    admiral_engine::auto_layout(seed, Style::Balanced)
}

/// An AI seat's layout, in the style of its level (varied per game).
pub fn ai_layout(level: u8, seed: u64) -> Layout {
    Ai::layout(level, seed)
}

/// Completes a partial layout into a legal complete one around the placed units. The service
/// only stores partial layouts that passed `validate_partial`, so the engine accepts them; a
/// fresh plan stands in should that ever not hold.
pub fn complete_layout(partial: &Layout, seed: u64) -> Layout {
    admiral_engine::complete_layout(partial, seed).unwrap_or_else(|_| auto_layout(seed))
}

//! How much an AI may think per decision, in either ruleset.

use std::time::Duration;

/// How much an AI may think per decision.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Budget {
    /// A wall-clock limit per decision (the arena's short budgets; always respected). What it
    /// buys depends on the machine and on everything else running on it.
    Time(Duration),
    /// A fixed number of sampled worlds (deterministic, time-independent).
    Iterations(u32),
    /// The level's own real-play amount of work, never cut by a clock: the same decisions on
    /// any machine and under any load, only slower when the machine is busy. Admiral's levels
    /// 4 and 5 search `ai::LEVEL4_WORLDS` and `ai::LEVEL5_WORLDS` worlds; the other levels, and
    /// every Stratego level, do what their plan asks for.
    Fixed,
}

impl Budget {
    /// The real-play budget of a level: [`Budget::Fixed`]. Alone on the 2-core reference
    /// machine an Admiral decision then takes about 0.7 s at level 4 and 2.2 s at level 5
    /// (p95 targets 1 s and 3 s); `cargo bench -p admiral-engine --bench work` measures it.
    pub fn for_level(_level: u8) -> Budget {
        Budget::Fixed
    }
}

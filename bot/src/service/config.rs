//! The service's tunables.

use admiral_engine::ai::Budget;

use crate::clock::DAY_MS;

/// Tunables.
#[derive(Clone, Debug)]
pub struct ServiceConfig {
    /// How long a challenge stays open (24 h).
    pub challenge_ttl_ms: i64,
    /// Whether AI turns are started automatically (tests may drive them by hand).
    pub auto_ai: bool,
    /// The budget of every AI decision, overriding each level's real-play one (tests and load
    /// runs think for a few milliseconds; `None` in production: each level's fixed work).
    pub ai_budget: Option<Budget>,
    /// How many AI searches this process runs at once (each takes a core); AI turns beyond
    /// that wait their turn in a queue, and their players are told the AI is busy.
    pub ai_searches: usize,
}

impl ServiceConfig {
    /// The defaults, but every AI decision thinks for `time` of wall clock instead of its
    /// level's fixed work (load runs, the crash test's workers).
    pub fn with_ai_time(time: std::time::Duration) -> ServiceConfig {
        ServiceConfig { ai_budget: Some(Budget::Time(time)), ..ServiceConfig::default() }
    }

    /// One search per core: a search never shares its core, so a decision's wait grows with
    /// the queue while its thinking stays the same.
    pub fn default_ai_searches() -> usize {
        std::thread::available_parallelism().map_or(2, |n| n.get())
    }
}

impl Default for ServiceConfig {
    fn default() -> Self {
        ServiceConfig {
            challenge_ttl_ms: DAY_MS,
            auto_ai: true,
            ai_budget: None,
            ai_searches: ServiceConfig::default_ai_searches(),
        }
    }
}

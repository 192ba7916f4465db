//! The service: the narrow interface the Discord adapter (and the tests) call.
//!
//! Every accepted change is one SQLite transaction that appends to the match record, updates
//! state and clocks, (re)arms timers and queues notifications, and only then is anyone told.
//! Writes to one match are serialised by a per-match async mutex, with a `version` column
//! checked in every UPDATE as a second line of defence. Submissions carry an idempotency key
//! (the Discord interaction id): a repeated key returns the stored result instead of applying
//! twice. Actions carry the ply they were made for; a stale one is refused.
//!
//! Files: `state.rs` (the [`Service`] handle, its shared core, a loaded match), `loading.rs`
//! (reading a match and replaying its record), `lifecycle.rs` (start and recovery),
//! `challenge.rs`, `setup.rs`, `play.rs` (the writes, one transaction each), `lessons.rs` (guided
//! lessons, each try a match), `queries.rs`,
//! `players.rs`, `careers.rs`, `lookups.rs` (reads for the front ends), `ai_turns.rs` and
//! `ai_queue.rs` (the AI's turns as durable jobs), `scheduler.rs` (timers and workers),
//! `rules.rs` (the seam to the engine's two rulesets), `config.rs`, `encoding.rs`, and
//! `prelude.rs` (the imports those files share). This file only declares them: none of them
//! imports it.

mod ai_queue;
mod ai_turns;
mod careers;
mod challenge;
mod config;
mod encoding;
mod lessons;
mod lifecycle;
mod loading;
mod lookups;
mod play;
mod players;
mod prelude;
mod queries;
pub mod rules;
mod scheduler;
mod setup;
mod state;

pub use ai_queue::AiStats;
pub use ai_turns::AI_CLAIM_MS;
pub use careers::RecomputeSummary;
pub use config::ServiceConfig;
pub use lessons::{LessonOpened, PathStanding};
pub use loading::{record_from_events, replay_from_store};
pub use rules::{MatchGame, MatchLayout, Move, MoveAnswer, PlayerView};
pub use state::{Service, Workers};

pub use crate::model::{
    lang_code, lang_of, ActResult, DefencePolicy, MatchSettings, MatchStatus, MatchSummary, Opponent, Origin,
    Profile,
};

//! # admiral-e2e
//!
//! End-to-end tests of the real `admiral-bot` binary against a fake Discord on loopback.
//!
//! - [`fake`]: the fake Discord (REST with axum, gateway with websockets): records every call,
//!   validates pictures, refuses DMs for chosen users, injects interactions.
//! - [`bot`]: the bot binary as a child process (found through cargo, SIGKILL, restart).
//! - [`player`]: scripted players ("Alice challenges Bob", "Bob accepts", …).
//! - [`cast`]: the usual start of a scenario (the fake, Alice and Bob, the bot).
//! - [`game`]: playing a match out through the autocomplete lists.
//!
//! The scenarios are in `tests/*.rs`; the load run is `tests/load.rs`.

#![warn(missing_docs)]
// The fake writes large JSON objects with serde_json::json!.
#![recursion_limit = "256"]

pub mod bot;
pub mod cast;
pub mod fake;
pub mod game;
pub mod player;

//! The Stratego integration tests, as one test binary: the rules, properties of random games,
//! the AI, the referee protocol, and the UCC protocol and its arena players.

#[path = "../common/mod.rs"]
mod common;
mod support;

mod ai;
mod properties;
mod referee;
mod rules;
mod ucc;

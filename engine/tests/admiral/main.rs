//! Admiral's integration tests, as one test binary: the rules (movement, encounters,
//! formations, endings, layout files), properties of random games, the AI, and the arena and
//! referee binaries.

#[path = "../common/mod.rs"]
mod common;
mod support;

mod ai;
mod ai_behaviour;
mod arena;
mod encounters;
mod endings;
mod formations;
mod layouts;
mod movement;
mod player_protocol;
mod properties;
mod referee;

//! Playing many games between two agents, for measuring strength and speed: one module per
//! ruleset ([`admiral`], re-exported as `crate::arena`; [`stratego`], re-exported as
//! `crate::stratego::arena`), over the shared report and run driver
//! ([`crate::shared::summary`]).

pub mod admiral;
pub mod stratego;

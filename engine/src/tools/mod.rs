//! The programs' libraries, for both rulesets: the arena that plays agents against each other
//! ([`arena`]), the referee protocol ([`referee`]) and the UCC 2012 Stratego protocol adapter
//! ([`ucc`]). They use the rulesets, the shared game and the AI; nothing in those uses them.

pub mod arena;
pub mod referee;
pub mod ucc;

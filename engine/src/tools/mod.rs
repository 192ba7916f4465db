//! The programs' libraries, for both rulesets: the arena that plays agents against each other
//! ([`arena`]), the referee protocol ([`referee`]), the UCC 2012 Stratego protocol adapter
//! ([`ucc`]) and the binaries' command lines ([`flags`]). They use the rulesets, the shared game and the AI; nothing in those uses them.

pub mod arena;
pub mod flags;
pub mod referee;
pub mod ucc;

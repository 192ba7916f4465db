//! The programs' libraries, for both rulesets: the arena that plays agents against each other
//! ([`arena`]), the calibration of level 5's belief against recorded games ([`calibration`]),
//! the referee protocol ([`referee`]), the UCC 2012 Stratego protocol adapter
//! ([`ucc`]), a recorded decision traced again ([`why`]) and the binaries' command lines
//! ([`flags`]). They use the rulesets, the shared game and the AI; nothing in those uses them.

pub mod arena;
pub mod calibration;
pub mod flags;
pub mod referee;
pub mod ucc;
pub mod why;

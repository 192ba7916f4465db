//! A match in play, in either ruleset: `/admiral move` (and the move modal, the defence menu),
//! `/admiral board`, `/admiral matches`, `/admiral resign`, and the board messages.

pub mod board;
pub mod command;
pub mod events;
pub mod matches;
pub mod moves;
pub mod resign;
pub mod view;

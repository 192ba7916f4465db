//! Careers: `/admiral profile` (card and award menu), `/admiral leaderboard`, `/admiral
//! replay`, and the career part of the end of a match.

pub mod command;
pub mod handler;
pub mod match_end;
pub mod ranks;
pub mod replay;
pub mod view;

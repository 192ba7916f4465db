//! `/admiral layouts …` and "save as…": the user's saved layouts.

pub mod command;
pub mod handler;

//! `/admiral rules`: the unit atlas and the rules of both games.

pub mod command;
pub mod handler;

//! `/admiral settings`: the defence policy and the language.

pub mod command;
pub mod handler;

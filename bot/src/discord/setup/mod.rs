//! `/admiral setup …` and the setup buttons: placing the fleet before a match starts.

pub mod command;
pub mod handler;
pub mod view;

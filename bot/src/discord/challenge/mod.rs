//! `/admiral challenge`, `/admiral ai` and the Accept / Decline buttons.

pub mod command;
pub mod handler;
pub mod view;

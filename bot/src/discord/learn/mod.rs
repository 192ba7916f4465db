//! `/admiral learn`: guided lessons by DM, and the buttons under a lesson's end (next, try
//! again, skip).

pub mod command;
pub mod handler;
pub mod view;

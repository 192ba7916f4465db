//! Bot.

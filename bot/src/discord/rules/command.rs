//! `/admiral rules` (poise).

#![allow(missing_docs)] // poise generates the command constructors

use super::handler;
use crate::discord::slash::{answer, Audience};
use crate::discord::{Context, Error};

/// The units and rules.
#[poise::command(slash_command)]
pub async fn rules(ctx: Context<'_>, unit: Option<String>) -> Result<(), Error> {
    answer(ctx, Audience::Asker, |_, w| async move { handler::rules(&w, unit.as_deref()) }).await
}

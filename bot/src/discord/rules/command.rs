//! `/admiral rules` (poise).

#![allow(missing_docs)] // poise generates the command constructors

use super::handler;
use crate::discord::slash::{send, who};
use crate::discord::{Context, Error};

/// The units and rules.
#[poise::command(slash_command)]
pub async fn rules(ctx: Context<'_>, unit: Option<String>) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let w = who(ctx).await;
    send(ctx, &w, handler::rules(&w, unit.as_deref())).await
}

//! `/admiral layouts …`: list, show, save, delete (poise).

#![allow(missing_docs)] // poise generates the command constructors

use poise::serenity_prelude as serenity;

use super::handler;
use crate::discord::refusal::{Reason, Refusal};
use crate::discord::slash::{ac_match, read_text, respond, send, who};
use crate::discord::{Context, Error};
use crate::ids::MatchId;

/// Your saved layouts.
#[poise::command(slash_command, subcommands("list", "show", "save", "delete"), subcommand_required)]
pub async fn layouts(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Autocomplete of saved layout names (here and in `/admiral setup layout`).
pub async fn ac_layout(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let w = who(ctx).await;
    respond(handler::layout_choices(ctx.data(), &w, partial).await)
}

/// List saved layouts.
#[poise::command(slash_command)]
pub async fn list(ctx: Context<'_>) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let w = who(ctx).await;
    send(ctx, &w, handler::layouts_list(ctx.data(), &w).await).await
}

/// Show a saved layout.
#[poise::command(slash_command)]
pub async fn show(ctx: Context<'_>, #[autocomplete = "ac_layout"] name: String) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let w = who(ctx).await;
    send(ctx, &w, handler::layouts_show(ctx.data(), &w, &name).await).await
}

/// Save a layout (a file, or your current setup).
#[poise::command(slash_command)]
pub async fn save(
    ctx: Context<'_>,
    name: String,
    file: Option<serenity::Attachment>,
    #[rename = "match"]
    #[autocomplete = "ac_match"]
    match_: Option<String>,
) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let w = who(ctx).await;
    let text = match &file {
        Some(f) => match read_text(f).await {
            Ok(t) => Some(t),
            Err(e) => return send(ctx, &w, Err(Refusal::Adapter(Reason::File(e)))).await,
        },
        None => None,
    };
    let m = match_.as_deref().and_then(|s| s.trim().trim_start_matches('#').parse::<i64>().ok()).map(MatchId);
    send(ctx, &w, handler::save_layout(ctx.data(), &w, &name, text.as_deref(), m).await).await
}

/// Delete a saved layout.
#[poise::command(slash_command)]
pub async fn delete(ctx: Context<'_>, #[autocomplete = "ac_layout"] name: String) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let w = who(ctx).await;
    send(ctx, &w, handler::layouts_delete(ctx.data(), &w, &name).await).await
}

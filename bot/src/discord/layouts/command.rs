//! `/admiral layouts …`: list, show, save, delete (poise).

#![allow(missing_docs)] // poise generates the command constructors

use poise::serenity_prelude as serenity;

use super::handler;
use crate::discord::refusal::{Reason, Refusal};
use crate::discord::slash::{ac_match, answer, read_text, respond, who, Audience};
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
    answer(ctx, Audience::Asker, |app, w| async move { handler::layouts_list(&app, &w).await }).await
}

/// Show a saved layout.
#[poise::command(slash_command)]
pub async fn show(ctx: Context<'_>, #[autocomplete = "ac_layout"] name: String) -> Result<(), Error> {
    answer(ctx, Audience::Asker, |app, w| async move { handler::layouts_show(&app, &w, &name).await }).await
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
    answer(ctx, Audience::Asker, |app, w| async move {
        let text = match &file {
            Some(f) => Some(read_text(f).await.map_err(|e| Refusal::Adapter(Reason::File(e)))?),
            None => None,
        };
        let m =
            match_.as_deref().and_then(|s| s.trim().trim_start_matches('#').parse::<i64>().ok()).map(MatchId);
        handler::save_layout(&app, &w, &name, text.as_deref(), m).await
    })
    .await
}

/// Delete a saved layout.
#[poise::command(slash_command)]
pub async fn delete(ctx: Context<'_>, #[autocomplete = "ac_layout"] name: String) -> Result<(), Error> {
    answer(ctx, Audience::Asker, |app, w| async move { handler::layouts_delete(&app, &w, &name).await }).await
}

//! `/admiral setup …`: auto, upload, layout, swap, fill, ready (poise).

#![allow(missing_docs)] // poise generates the command constructors

use poise::serenity_prelude as serenity;

use super::handler::{setup as handle, SetupOp};
use crate::discord::layouts::command::ac_layout;
use crate::discord::refusal::{Handled, Reason, Refusal};
use crate::discord::slash::{ac_match, match_command, on_match, read_text, send, who};
use crate::discord::{App, Context, Error, Who};
use crate::ids::MatchId;

/// Set up your fleet.
#[poise::command(
    slash_command,
    subcommands("auto", "upload", "layout", "swap", "fill", "ready"),
    subcommand_required
)]
pub async fn setup(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

async fn run(ctx: Context<'_>, given: Option<String>, op: SetupOp) -> Result<(), Error> {
    on_match(ctx, given, |app, w, id| async move { handle(&app, &w, id, op).await }).await
}

match_command! {
    /// Generate a new layout.
    auto => auto_layout
}

/// Upload a layout file.
#[poise::command(slash_command)]
pub async fn upload(
    ctx: Context<'_>,
    file: serenity::Attachment,
    #[rename = "match"]
    #[autocomplete = "ac_match"]
    match_: Option<String>,
) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    match read_text(&file).await {
        Ok(text) => run(ctx, match_, SetupOp::Upload(text)).await,
        Err(e) => {
            let w = who(ctx).await;
            send(ctx, &w, Err(Refusal::Adapter(Reason::File(e)))).await
        }
    }
}

/// Use a saved layout.
#[poise::command(slash_command)]
pub async fn layout(
    ctx: Context<'_>,
    #[autocomplete = "ac_layout"] name: String,
    #[rename = "match"]
    #[autocomplete = "ac_match"]
    match_: Option<String>,
) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    run(ctx, match_, SetupOp::Saved(name)).await
}

/// Swap two squares of your zone.
#[poise::command(slash_command)]
pub async fn swap(
    ctx: Context<'_>,
    a: String,
    b: String,
    #[rename = "match"]
    #[autocomplete = "ac_match"]
    match_: Option<String>,
) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    run(ctx, match_, SetupOp::Swap(a, b)).await
}

match_command! {
    /// Fill the empty places automatically.
    fill => fill_layout
}

match_command! {
    /// Declare ready.
    ready => declare_ready
}

async fn auto_layout(app: &App, w: &Who, id: MatchId) -> Handled {
    handle(app, w, id, SetupOp::Auto).await
}

async fn fill_layout(app: &App, w: &Who, id: MatchId) -> Handled {
    handle(app, w, id, SetupOp::Complete).await
}

async fn declare_ready(app: &App, w: &Who, id: MatchId) -> Handled {
    handle(app, w, id, SetupOp::Ready).await
}

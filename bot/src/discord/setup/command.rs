//! `/admiral setup …`: auto, upload, layout, swap, fill, ready (poise).

#![allow(missing_docs)] // poise generates the command constructors

use poise::serenity_prelude as serenity;

use super::handler::{setup as handle, SetupOp};
use crate::discord::layouts::command::ac_layout;
use crate::discord::refusal::{Reason, Refusal};
use crate::discord::slash::{ac_match, match_command, on_match, read_text, send, who};
use crate::discord::{Context, Error};

/// Set up your fleet.
#[poise::command(
    slash_command,
    subcommands("auto", "upload", "layout", "swap", "fill", "ready"),
    subcommand_required
)]
pub async fn setup(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

match_command! {
    /// Generate a new layout.
    auto() => |app, w, id| handle(&app, &w, id, SetupOp::Auto)
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
        Ok(text) => {
            let op = SetupOp::Upload(text);
            on_match(ctx, match_, |app, w, id| async move { handle(&app, &w, id, op).await }).await
        }
        Err(e) => {
            let w = who(ctx).await;
            send(ctx, &w, Err(Refusal::Adapter(Reason::File(e)))).await
        }
    }
}

match_command! {
    /// Use a saved layout.
    layout(#[autocomplete = "ac_layout"] name: String)
        => |app, w, id| handle(&app, &w, id, SetupOp::Saved(name))
}

match_command! {
    /// Swap two squares of your zone.
    swap(a: String, b: String) => |app, w, id| handle(&app, &w, id, SetupOp::Swap(a, b))
}

match_command! {
    /// Fill the empty places automatically.
    fill() => |app, w, id| handle(&app, &w, id, SetupOp::Complete)
}

match_command! {
    /// Declare ready.
    ready() => |app, w, id| handle(&app, &w, id, SetupOp::Ready)
}

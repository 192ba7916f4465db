//! `/admiral move`, `/admiral board`, `/admiral matches`, `/admiral resign` (poise).

#![allow(missing_docs)] // poise generates the command constructors

use poise::serenity_prelude as serenity;

use super::{board as board_view, matches as match_list, moves, resign as resignation};
use crate::discord::slash::{ac_match, match_command, on_match, option_str, respond, send, who};
use crate::discord::{Context, Error};

async fn ac_action(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let w = who(ctx).await;
    let given = option_str(ctx, "match");
    respond(moves::action_choices(ctx.data(), &w, given.as_deref(), partial).await)
}

/// Make a move.
#[poise::command(slash_command, rename = "move")]
pub async fn move_(
    ctx: Context<'_>,
    #[autocomplete = "ac_action"] action: String,
    #[rename = "match"]
    #[autocomplete = "ac_match"]
    match_: Option<String>,
) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    on_match(ctx, match_, |app, w, id| async move { moves::play(&app, &w, id, &action, None).await }).await
}

match_command! {
    /// Show my board.
    board => board_view::board
}

/// My matches.
#[poise::command(slash_command)]
pub async fn matches(ctx: Context<'_>) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let w = who(ctx).await;
    send(ctx, &w, match_list::matches(ctx.data(), &w).await).await
}

match_command! {
    /// Resign a match.
    resign => resignation::resign_ask
}

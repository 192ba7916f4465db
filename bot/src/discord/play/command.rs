//! `/admiral move`, `/admiral board`, `/admiral matches`, `/admiral resign` (poise).

#![allow(missing_docs)] // poise generates the command constructors

use poise::serenity_prelude as serenity;

use super::{board as board_view, matches as match_list, moves, resign as resignation};
use crate::discord::slash::{ac_match, answer, match_command, option_str, respond, who, Audience};
use crate::discord::{Context, Error};

async fn ac_action(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let w = who(ctx).await;
    let given = option_str(ctx, "match");
    respond(moves::action_choices(ctx.data(), &w, given.as_deref(), partial).await)
}

match_command! {
    /// Make a move.
    move_ as "move" (#[autocomplete = "ac_action"] action: String)
        => |app, w, id| moves::play(&app, &w, id, &action, None)
}

match_command! {
    /// Show my board.
    board => board_view::board
}

/// My matches.
#[poise::command(slash_command)]
pub async fn matches(ctx: Context<'_>) -> Result<(), Error> {
    answer(ctx, Audience::Asker, |app, w| async move { match_list::matches(&app, &w).await }).await
}

match_command! {
    /// Resign a match.
    resign => resignation::resign_ask
}

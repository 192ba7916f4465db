//! `/admiral profile`, `/admiral leaderboard`, `/admiral replay`.

#![allow(missing_docs)] // poise generates the command constructors

use poise::serenity_prelude as serenity;

use super::{respond, send, who};
use crate::discord::handlers;
use crate::discord::i18n::tr;
use crate::discord::ui::Reply;
use crate::discord::{Context, Error};
use crate::ids::{MatchId, UserId};

/// A player's service record.
#[poise::command(slash_command)]
pub async fn profile(ctx: Context<'_>, user: Option<serenity::User>) -> Result<(), Error> {
    ctx.defer().await?;
    let w = who(ctx).await;
    let target = user.unwrap_or_else(|| ctx.author().clone());
    let name = target.global_name.clone().unwrap_or_else(|| target.name.clone());
    send(ctx, &handlers::profile(ctx.data(), &w, UserId(target.id.get()), &name).await).await
}

/// The best players of this server.
#[poise::command(slash_command)]
pub async fn leaderboard(ctx: Context<'_>) -> Result<(), Error> {
    ctx.defer().await?;
    let w = who(ctx).await;
    send(ctx, &handlers::leaderboard(ctx.data(), &w).await).await
}

async fn ac_finished(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let w = who(ctx).await;
    respond(handlers::finished_choices(ctx.data(), &w, partial).await)
}

/// The record of a finished match.
#[poise::command(slash_command)]
pub async fn replay(
    ctx: Context<'_>,
    #[rename = "match"]
    #[autocomplete = "ac_finished"]
    match_: Option<String>,
) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let w = who(ctx).await;
    let id = match match_.as_deref().map(|s| s.trim().trim_start_matches('#').parse::<i64>()) {
        Some(Ok(i)) if i > 0 => Some(MatchId(i)),
        Some(_) => None,
        None => handlers::last_finished(ctx.data(), w.user).await,
    };
    match id {
        Some(id) => send(ctx, &handlers::replay(ctx.data(), &w, id).await).await,
        None => send(ctx, &Reply::private(format!("⚠️ {}", tr!(w.lang, "err-no-finished")))).await,
    }
}

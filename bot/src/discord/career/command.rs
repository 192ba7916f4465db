//! `/admiral profile`, `/admiral leaderboard`, `/admiral replay` (poise).

#![allow(missing_docs)] // poise generates the command constructors

use poise::serenity_prelude as serenity;

use super::{handler, replay as record};
use crate::discord::refusal::{Reason, Refusal};
use crate::discord::slash::{answer, respond, who, Audience};
use crate::discord::which_match::parse_match_id;
use crate::discord::{Context, Error};
use crate::ids::UserId;

/// A player's service record.
#[poise::command(slash_command)]
pub async fn profile(ctx: Context<'_>, user: Option<serenity::User>) -> Result<(), Error> {
    let target = user.unwrap_or_else(|| ctx.author().clone());
    let name = target.global_name.clone().unwrap_or_else(|| target.name.clone());
    answer(ctx, Audience::Channel, |app, w| async move {
        handler::profile(&app, &w, UserId(target.id.get()), &name).await
    })
    .await
}

/// The best players of this server.
#[poise::command(slash_command)]
pub async fn leaderboard(ctx: Context<'_>) -> Result<(), Error> {
    answer(ctx, Audience::Channel, |app, w| async move { handler::leaderboard(&app, &w).await }).await
}

async fn ac_finished(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let w = who(ctx).await;
    respond(record::finished_choices(ctx.data(), &w, partial).await)
}

/// The record of a finished match.
#[poise::command(slash_command)]
pub async fn replay(
    ctx: Context<'_>,
    #[rename = "match"]
    #[autocomplete = "ac_finished"]
    match_: Option<String>,
) -> Result<(), Error> {
    answer(ctx, Audience::Asker, |app, w| async move {
        let id = match match_.as_deref() {
            Some(given) => parse_match_id(given),
            None => record::last_finished(&app, w.user).await,
        };
        match id {
            Some(id) => record::replay(&app, &w, id).await,
            None => Err(Refusal::Adapter(Reason::NoFinished)),
        }
    })
    .await
}

//! `/admiral learn` (poise).

#![allow(missing_docs)] // poise generates the command constructors

use poise::serenity_prelude as serenity;

use super::handler;
use crate::discord::challenge::command::RulesetChoice;
use crate::discord::slash::{answer, respond, who, Audience};
use crate::discord::{Context, Error};

pub async fn ac_lesson(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let w = who(ctx).await;
    respond(handler::lesson_choices(ctx.data(), &w, partial).await)
}

/// Learn to play: short lessons by DM.
#[poise::command(slash_command)]
pub async fn learn(
    ctx: Context<'_>,
    ruleset: Option<RulesetChoice>,
    #[autocomplete = "ac_lesson"] lesson: Option<String>,
) -> Result<(), Error> {
    answer(ctx, Audience::Asker, |app, w| async move {
        handler::learn(&app, &w, ruleset.map(RulesetChoice::ruleset), lesson.as_deref()).await
    })
    .await
}

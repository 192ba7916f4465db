//! `/admiral learn` (poise).

#![allow(missing_docs)] // poise generates the command constructors

use super::handler;
use crate::discord::challenge::command::RulesetChoice;
use crate::discord::slash::{answer, Audience};
use crate::discord::{Context, Error};

/// Learn to play: short lessons by DM.
#[poise::command(slash_command)]
pub async fn learn(ctx: Context<'_>, ruleset: Option<RulesetChoice>) -> Result<(), Error> {
    answer(ctx, Audience::Asker, |app, w| async move {
        handler::learn(&app, &w, ruleset.map(RulesetChoice::ruleset)).await
    })
    .await
}

//! `/admiral settings`, `/admiral rules`.

#![allow(missing_docs)] // poise generates the command constructors

use crate::discord::handlers::{self, LangChoice};
use crate::discord::{Context, Error};
use crate::service::DefencePolicy;

use super::{send, who};

/// Defence policies.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum PolicyChoice {
    /// Strongest group automatically.
    #[name = "auto"]
    Auto,
    /// Ask me by DM.
    #[name = "ask"]
    Ask,
}

/// Languages.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum LanguageChoice {
    /// Follow Discord.
    #[name = "discord"]
    Auto,
    /// English.
    #[name = "english"]
    En,
    /// Russian.
    #[name = "russian"]
    Ru,
}

/// Your settings.
#[poise::command(slash_command)]
pub async fn settings(
    ctx: Context<'_>,
    defence: Option<PolicyChoice>,
    language: Option<LanguageChoice>,
) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let w = who(ctx).await;
    let policy = defence.map(|d| match d {
        PolicyChoice::Auto => DefencePolicy::Auto,
        PolicyChoice::Ask => DefencePolicy::Ask,
    });
    let lang = language.map(|l| match l {
        LanguageChoice::Auto => LangChoice::Auto,
        LanguageChoice::En => LangChoice::En,
        LanguageChoice::Ru => LangChoice::Ru,
    });
    send(ctx, &handlers::settings(ctx.data(), &w, policy, lang).await).await
}

/// The units and rules.
#[poise::command(slash_command)]
pub async fn rules(ctx: Context<'_>, unit: Option<String>) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let w = who(ctx).await;
    send(ctx, &handlers::rules(&w, unit.as_deref())).await
}

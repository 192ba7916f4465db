//! `/admiral settings` (poise).

#![allow(missing_docs)] // poise generates the command constructors

use super::handler::{self, LangChoice};
use crate::discord::slash::{answer, Audience};
use crate::discord::{Context, Error};
use crate::service::DefencePolicy;

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
    let policy = defence.map(|d| match d {
        PolicyChoice::Auto => DefencePolicy::Auto,
        PolicyChoice::Ask => DefencePolicy::Ask,
    });
    let lang = language.map(|l| match l {
        LanguageChoice::Auto => LangChoice::Auto,
        LanguageChoice::En => LangChoice::En,
        LanguageChoice::Ru => LangChoice::Ru,
    });
    answer(ctx, Audience::Asker, |app, w| async move { handler::settings(&app, &w, policy, lang).await })
        .await
}

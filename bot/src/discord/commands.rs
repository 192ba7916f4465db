//! The `/admiral` command and the list of its subcommands, each declared in its command
//! group's `command.rs` (poise). Descriptions and option texts come from the catalogue
//! ([`localise`]).

#![allow(missing_docs)] // poise generates the command constructors

use std::sync::Arc;

use super::{career, challenge, i18n, layouts, learn, play, prefs, rules, setup};
use super::{App, Context, Error};

/// Admiral: naval hidden-fleet strategy by DM.
#[poise::command(
    slash_command,
    subcommands(
        "challenge::command::challenge",
        "challenge::command::ai",
        "career::command::profile",
        "career::command::leaderboard",
        "setup::command::setup",
        "play::command::move_",
        "play::command::board",
        "play::command::matches",
        "play::command::resign",
        "layouts::command::layouts",
        "prefs::command::settings",
        "rules::command::rules",
        "learn::command::learn",
        "career::command::replay"
    ),
    subcommand_required,
    install_context = "Guild|User",
    interaction_context = "Guild|BotDm|PrivateChannel"
)]
pub async fn admiral(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Every command of the bot (one: `/admiral`), localised from the catalogue.
pub fn all() -> Vec<poise::Command<Arc<App>, Error>> {
    let mut cmds = vec![admiral()];
    let missing = localise(&mut cmds);
    for key in missing {
        tracing::warn!(key, "missing command text in the catalogue");
    }
    cmds
}

/// Sets every description (English default, Russian localisation) of commands, options and
/// choices, and the Russian names of commands and options, from the catalogue; returns the keys
/// missing in either language. Discord sends the English names in interactions whatever the
/// client's language, so the handlers only ever see those.
pub fn localise(cmds: &mut [poise::Command<Arc<App>, Error>]) -> Vec<String> {
    let mut missing = Vec::new();
    for c in cmds {
        localise_one(c, "cmd", &mut missing);
    }
    missing
}

fn text_or_missing(key: &str, missing: &mut Vec<String>) -> Option<(String, String)> {
    match (i18n::lookup(admiral_engine::Language::En, key), i18n::lookup(admiral_engine::Language::Ru, key)) {
        (Some(en), Some(ru)) => Some((en.to_string(), ru.to_string())),
        _ => {
            missing.push(key.to_string());
            None
        }
    }
}

/// The Russian name of a command or option named `name` in English.
fn russian_name(name: &str, missing: &mut Vec<String>) -> Option<String> {
    text_or_missing(&format!("name-{name}"), missing).map(|(_, ru)| ru)
}

fn localise_one(c: &mut poise::Command<Arc<App>, Error>, prefix: &str, missing: &mut Vec<String>) {
    let key = format!("{prefix}-{}", c.name);
    if let Some((en, ru)) = text_or_missing(&key, missing) {
        c.description = Some(en.into());
        c.description_localizations = vec![("ru".into(), ru.into())].into();
    }
    if let Some(ru) = russian_name(&c.name, missing) {
        c.name_localizations = vec![("ru".into(), ru.into())].into();
    }
    for p in &mut c.parameters {
        if let Some(ru) = russian_name(&p.name, missing) {
            p.name_localizations = vec![("ru".into(), ru.into())].into();
        }
        let pkey = format!("{key}--{}", p.name);
        if let Some((en, ru)) = text_or_missing(&pkey, missing) {
            p.description = Some(en.into());
            p.description_localizations = vec![("ru".into(), ru.into())].into();
        }
        let mut choices = p.choices.to_vec();
        for ch in &mut choices {
            // Fluent keys are letters, digits, `-` and `_`: "live 10+5" is `choice-live-10-5`.
            let ckey = format!("choice-{}", ch.name.to_lowercase().replace([' ', '+'], "-"));
            if let Some((en, ru)) = text_or_missing(&ckey, missing) {
                ch.name = en.into();
                ch.localizations = vec![("ru".into(), ru.into())].into();
            }
        }
        p.choices = choices.into();
    }
    for s in &mut c.subcommands {
        localise_one(s, &key, missing);
    }
}

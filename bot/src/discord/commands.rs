//! The `/admiral` command and its subcommands (poise). Each function only acknowledges
//! (defers), builds a [`Who`], calls a handler and sends its reply; the decisions live in
//! [`super::handlers`]. Descriptions and option texts come from the catalogue ([`localise`]).

#![allow(missing_docs)] // poise generates the command constructors

pub mod career;
pub mod layouts;
pub mod play;
pub mod prefs;
pub mod setup;

use std::sync::Arc;

use poise::serenity_prelude as serenity;

use super::autocomplete::Choice;
use super::handlers;
use super::i18n;
use super::ui::{self, Reply};
use super::upload::{self, FileProblem};
use super::{App, Context, Error, Locales, Who};
use crate::ids::{MatchId, UserId};

/// Admiral: naval hidden-fleet strategy by DM.
#[poise::command(
    slash_command,
    subcommands(
        "play::challenge",
        "play::ai",
        "career::profile",
        "career::leaderboard",
        "setup::setup",
        "play::move_",
        "play::board",
        "play::matches",
        "play::resign",
        "layouts::layouts",
        "prefs::settings",
        "prefs::rules",
        "career::replay"
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

/// Who is asking (remembers their display name for pictures).
pub async fn who(ctx: Context<'_>) -> Who {
    let app = ctx.data();
    let author = ctx.author();
    app.remember_name(
        UserId(author.id.get()),
        &author.global_name.clone().unwrap_or_else(|| author.name.clone()),
    );
    let guild_locale = match ctx {
        poise::Context::Application(a) => a.interaction.guild_locale.as_deref(),
        poise::Context::Prefix(_) => None,
    };
    let locales = Locales {
        user: ctx.locale(),
        guild_locale,
        guild: ctx.guild_id().map(|g| g.get()),
        channel: Some(ctx.channel_id().get()),
    };
    app.who(UserId(author.id.get()), locales, ctx.id().to_string()).await
}

/// Sends a handler's reply (pictures rendered off the runtime).
pub async fn send(ctx: Context<'_>, r: &Reply) -> Result<(), Error> {
    let files = ui::attachments(&ctx.data().renderer, r).await;
    ctx.send(ui::create_reply(r, files)).await?;
    Ok(())
}

/// Resolves the `match` option or answers why it cannot.
pub async fn pick(ctx: Context<'_>, w: &Who, given: Option<&str>) -> Result<Option<MatchId>, Error> {
    match handlers::pick_match(ctx.data(), w, given).await {
        Ok(id) => Ok(Some(id)),
        Err(r) => {
            send(ctx, &r).await?;
            Ok(None)
        }
    }
}

/// The value of another option of the command being completed (e.g. `match` while typing
/// the action), searched through subcommands.
pub fn option_str(ctx: Context<'_>, name: &str) -> Option<String> {
    fn find(opts: &[serenity::CommandDataOption], name: &str) -> Option<String> {
        for o in opts {
            match &o.value {
                serenity::CommandDataOptionValue::SubCommand(inner)
                | serenity::CommandDataOptionValue::SubCommandGroup(inner) => {
                    if let Some(v) = find(inner, name) {
                        return Some(v);
                    }
                }
                serenity::CommandDataOptionValue::String(s) if o.name == name => return Some(s.clone()),
                serenity::CommandDataOptionValue::Autocomplete { value, .. } if o.name == name => {
                    return Some(value.clone())
                }
                _ => {}
            }
        }
        None
    }
    match ctx {
        poise::Context::Application(a) => find(&a.interaction.data.options, name),
        _ => None,
    }
}

/// Choices as poise's response.
pub fn respond(choices: Vec<Choice>) -> serenity::CreateAutocompleteResponse {
    serenity::CreateAutocompleteResponse::new().set_choices(
        choices
            .into_iter()
            .take(25)
            .map(|(label, value)| {
                serenity::AutocompleteChoice::new(ui::clip(&label, 100), ui::clip(&value, 100))
            })
            .collect(),
    )
}

/// Autocomplete of the `match` option.
pub async fn ac_match(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let w = who(ctx).await;
    respond(handlers::match_choices(ctx.data(), &w, partial).await)
}

/// Reads an uploaded layout file: refused before the download when Discord says it is too
/// large, then decoded (see [`crate::discord::upload`]).
pub async fn read_text(att: &serenity::Attachment) -> Result<String, FileProblem> {
    if u64::from(att.size) > upload::MAX_BYTES {
        return Err(FileProblem::TooLarge { size: att.size.into() });
    }
    let bytes = att.download().await.map_err(|e| FileProblem::Download(e.to_string()))?;
    upload::decode(&bytes)
}

//! The Discord adapter: poise commands, buttons, modals, select menus, autocomplete and DM
//! delivery in front of the [`crate::Service`].
//!
//! One folder per command group, each holding its poise command(s) (`command.rs`), its
//! decisions (`handler.rs`, or one file per decision) and what it shows (`view.rs`):
//! - [`challenge`]: `/admiral challenge`, `/admiral ai`, the Accept / Decline buttons.
//! - [`setup`]: `/admiral setup …` and the setup buttons.
//! - [`play`]: a match in play, in either ruleset: `/admiral move` ([`play::moves`], one path
//!   for both rulesets), `/admiral board` ([`play::board`]), `/admiral matches`,
//!   `/admiral resign`; the board of either ruleset ([`play::view`]) and the words
//!   for what happened ([`play::events`]).
//! - [`layouts`]: `/admiral layouts …` and "save as…".
//! - [`career`]: `/admiral profile`, `/admiral leaderboard`, `/admiral replay`, and the career
//!   part of the end of a match.
//! - [`prefs`]: `/admiral settings`; [`rules`]: `/admiral rules`.
//!
//! Handlers are plain async functions over the service ([`App`] + [`Who`] in,
//! `Result<`[`ui::Reply`]`, `[`refusal::Refusal`]`>` out): no Discord types, no network, so the
//! unit tests call them with a recording delivery. A [`refusal::Refusal`] wraps the service's
//! refusal or an adapter-level reason; [`refusal::Refusal::reply`] is the one place it becomes
//! text.
//!
//! Shared by the groups: [`commands`] (the `/admiral` command, the list of subcommands and
//! their localisation), [`slash`] (who is asking, sending an answer, the `match` option),
//! [`components`] (which group answers a button, select menu or modal), [`interactions`]
//! (their serenity wiring: acknowledge within 3 s, call, answer), [`notices`] (the message for
//! each notification), [`which_match`] (the match a command is about), [`texts`] (words
//! several groups use), [`autocomplete`], [`ui`] (plain reply data and the serenity builders),
//! [`cid`] (custom ids), [`i18n`] (the catalogue, English and Russian), [`upload`], and
//! [`delivery`], which implements [`crate::Delivery`]: notifications become DMs and channel
//! messages; a 50007 answer becomes `DmClosed` ([`probe`] gates the retries).

pub mod autocomplete;
pub mod career;
pub mod challenge;
pub mod cid;
pub mod commands;
pub mod components;
pub mod delivery;
pub mod i18n;
pub mod interactions;
pub mod layouts;
pub mod learn;
pub mod notices;
pub mod play;
pub mod prefs;
pub mod probe;
pub mod refusal;
pub mod rules;
pub mod setup;
pub mod slash;
pub mod texts;
pub mod ui;
pub mod upload;
pub mod which_match;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use admiral_engine::Language;
use admiral_render::Renderer;

use crate::ids::UserId;
use crate::service::{Origin, Service};

/// What every handler needs: the service, the renderer and small caches.
pub struct App {
    /// The service.
    pub service: Service,
    /// Shared picture renderer.
    pub renderer: Arc<Renderer>,
    names: Mutex<HashMap<UserId, String>>,
    probes: probe::ProbeGate,
}

/// Who is asking, from where, in which language, and the idempotency key (interaction id).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Who {
    /// The user.
    pub user: UserId,
    /// The language of the answer.
    pub lang: Language,
    /// Where it was asked: the server, if any; its channel, for public notices (none in DMs:
    /// there is no public channel); the server's language (Discord's `guild_locale`), for
    /// messages everyone there reads.
    pub origin: Origin,
    /// The interaction id.
    pub key: String,
}

/// Where an interaction came from and the locales Discord sent with it.
#[derive(Copy, Clone, Debug, Default)]
pub struct Locales<'a> {
    /// The user's client locale.
    pub user: Option<&'a str>,
    /// The server's preferred locale (only in servers).
    pub guild_locale: Option<&'a str>,
    /// The server, if any.
    pub guild: Option<u64>,
    /// The channel.
    pub channel: Option<u64>,
}

/// The language of a Discord locale (`ru` → Russian, anything else English).
pub fn locale_language(locale: Option<&str>) -> Option<Language> {
    locale.map(|l| if l.to_ascii_lowercase().starts_with("ru") { Language::Ru } else { Language::En })
}

impl App {
    /// The adapter over a started service: builds the renderer (fonts, sprites) once.
    pub async fn new(service: Service) -> Result<Arc<App>, crate::ServiceError> {
        // The adapter's own tables come with the migrations (0002_discord_adapter.sql).
        let renderer = tokio::task::spawn_blocking(Renderer::new).await.unwrap_or_else(|_| Renderer::new());
        Ok(Arc::new(App {
            service,
            renderer: Arc::new(renderer),
            names: Mutex::new(HashMap::new()),
            probes: probe::ProbeGate::new(),
        }))
    }

    /// The language for a user: their explicit setting, else their Discord locale (which is
    /// then stored so that DMs follow it), else what is stored. Read from the store every
    /// time, not cached: another process may have changed it.
    pub async fn language_for(&self, user: UserId, locale: Option<&str>) -> Language {
        let from_locale = locale_language(locale);
        let stored_lang = self.service.stored_language(user).await.ok().flatten();
        let explicit = self.service.explicit_language(user).await.unwrap_or(false);
        let lang = match (explicit, stored_lang, from_locale) {
            (true, Some(s), _) => s,
            (_, s, Some(l)) => {
                if s != Some(l) {
                    if let Err(e) = self.service.set_language(user, l).await {
                        tracing::warn!(error = %e, "could not store the user's language");
                    }
                }
                l
            }
            (_, Some(s), None) => s,
            _ => Language::En,
        };
        lang
    }

    /// Sets or clears the explicit language choice.
    pub async fn set_explicit_language(
        &self,
        user: UserId,
        lang: Option<Language>,
    ) -> Result<(), crate::ServiceError> {
        if let Some(l) = lang {
            self.service.set_language(user, l).await?;
        }
        self.service.set_explicit_language(user, lang.is_some()).await?;
        Ok(())
    }

    /// Builds a [`Who`].
    pub async fn who(&self, user: UserId, locales: Locales<'_>, key: impl Into<String>) -> Who {
        Who {
            user,
            lang: self.language_for(user, locales.user).await,
            origin: Origin {
                guild: locales.guild,
                channel: locales.guild.and(locales.channel),
                language: locales.guild.and(locale_language(locales.guild_locale)),
            },
            key: key.into(),
        }
    }

    /// Remembers a user's display name (for pictures and lists).
    pub fn remember_name(&self, user: UserId, name: &str) {
        if let Ok(mut names) = self.names.lock() {
            names.insert(user, name.chars().take(32).collect());
        }
    }

    /// A remembered display name.
    pub fn name_of(&self, user: UserId) -> Option<String> {
        self.names.lock().ok().and_then(|n| n.get(&user).cloned())
    }

    /// The gate that decides which closed-DM probes may be sent.
    pub fn probes(&self) -> &probe::ProbeGate {
        &self.probes
    }
}

/// The poise error type.
pub type Error = Box<dyn std::error::Error + Send + Sync>;
/// The poise context.
pub type Context<'a> = poise::Context<'a, Arc<App>, Error>;

//! Buttons, select menus and modal submits (poise handles slash commands and autocomplete).
//! Each interaction is acknowledged first (a deferred update or a deferred ephemeral reply,
//! chosen from the custom id alone), then handled, then answered; a modal is opened directly.
//! Nothing here panics on a malformed payload: unknown ids get an ephemeral explanation.

use std::sync::Arc;

use poise::serenity_prelude as serenity;

use super::cid::Cid;
use super::components::{self, ack_kind};
use super::i18n::tr;
use super::refusal::{Reason, Refusal};
use super::ui::{self, Answer, Reply};
use super::{App, Error, Locales, Who};
use crate::ids::UserId;

/// The framework's event handler.
pub async fn on_event(
    ctx: &serenity::Context,
    event: &serenity::FullEvent,
    app: &Arc<App>,
) -> Result<(), Error> {
    match event {
        serenity::FullEvent::Ready { data_about_bot } => {
            tracing::info!(user = %data_about_bot.user.name, guilds = data_about_bot.guilds.len(), "connected to Discord");
        }
        serenity::FullEvent::InteractionCreate { interaction } => {
            match interaction {
                serenity::Interaction::Component(ci) => {
                    if let Err(e) = component(ctx, app, ci).await {
                        tracing::warn!(error = %e, id = %ci.data.custom_id, "component interaction failed");
                    }
                }
                serenity::Interaction::Modal(mi) => {
                    if let Err(e) = modal(ctx, app, mi).await {
                        tracing::warn!(error = %e, id = %mi.data.custom_id, "modal submit failed");
                    }
                }
                _ => {}
            }
            probe_after(ctx, app, interaction).await;
        }
        _ => {}
    }
    Ok(())
}

/// A closed-DM player who acts (a command, a button, a modal; poise has already answered a
/// command by the time the event reaches here) may have reopened their DMs: try one DM in the
/// background, so that their next turn comes by DM again. Autocomplete never probes.
async fn probe_after(ctx: &serenity::Context, app: &Arc<App>, interaction: &serenity::Interaction) {
    let (user, locale) = match interaction {
        serenity::Interaction::Command(c) => (&c.user, &c.locale),
        serenity::Interaction::Component(c) => (&c.user, &c.locale),
        serenity::Interaction::Modal(m) => (&m.user, &m.locale),
        _ => return,
    };
    let (user, locale) = (UserId(user.id.get()), locale.clone());
    let (http, app) = (ctx.http.clone(), app.clone());
    // Most players' DMs are open: the check and the language wait for the background task.
    tokio::spawn(async move { super::delivery::probe_dm(&http, &app, user, &locale).await });
}

fn display_name(u: &serenity::User) -> String {
    u.global_name.clone().unwrap_or_else(|| u.name.clone())
}

async fn who_of(
    app: &App,
    user: &serenity::User,
    locales: (&str, Option<&str>),
    guild: Option<serenity::GuildId>,
    channel: serenity::ChannelId,
    id: u64,
) -> Who {
    app.remember_name(UserId(user.id.get()), &display_name(user));
    let (locale, guild_locale) = locales;
    let locales = Locales {
        user: Some(locale),
        guild_locale,
        guild: guild.map(|g| g.get()),
        channel: Some(channel.get()),
    };
    app.who(UserId(user.id.get()), locales, id.to_string()).await
}

async fn component(
    ctx: &serenity::Context,
    app: &Arc<App>,
    ci: &serenity::ComponentInteraction,
) -> Result<(), serenity::Error> {
    let http = &ctx.http;
    let who = who_of(
        app,
        &ci.user,
        (&ci.locale, ci.guild_locale.as_deref()),
        ci.guild_id,
        ci.channel_id,
        ci.id.get(),
    )
    .await;
    let Some(cid) = Cid::parse(&ci.data.custom_id) else {
        let r = Refusal::Adapter(Reason::Malformed).reply(who.lang);
        return ci
            .create_response(
                http,
                serenity::CreateInteractionResponse::Message(ui::response_message(&r, vec![])),
            )
            .await;
    };
    let value = match &ci.data.kind {
        serenity::ComponentInteractionDataKind::StringSelect { values } => values.first().cloned(),
        _ => None,
    };
    match ack_kind(&cid) {
        None => {
            // Opens a modal: must be the first response (the checks are fast, no rendering).
            match components::component(app, &who, &cid, value.as_deref()).await {
                Answer::Modal(m) => {
                    ci.create_response(http, serenity::CreateInteractionResponse::Modal(ui::modal(&m))).await
                }
                Answer::Reply(r) | Answer::Update(r) => {
                    let files = ui::attachments(&app.renderer, &r).await;
                    let r = Reply { ephemeral: true, ..r };
                    ci.create_response(
                        http,
                        serenity::CreateInteractionResponse::Message(ui::response_message(&r, files)),
                    )
                    .await
                }
            }
        }
        Some(true) => {
            ci.create_response(http, serenity::CreateInteractionResponse::Acknowledge).await?;
            match components::component(app, &who, &cid, value.as_deref()).await {
                Answer::Update(r) => {
                    let files = ui::attachments(&app.renderer, &r).await;
                    ci.edit_response(http, ui::edit_response(&r, files)).await.map(|_| ())
                }
                Answer::Reply(r) => {
                    let files = ui::attachments(&app.renderer, &r).await;
                    ci.create_followup(http, ui::followup(&Reply { ephemeral: true, ..r }, files))
                        .await
                        .map(|_| ())
                }
                Answer::Modal(_) => Ok(()),
            }
        }
        Some(false) => {
            ci.defer_ephemeral(http).await?;
            match components::component(app, &who, &cid, value.as_deref()).await {
                Answer::Reply(r) | Answer::Update(r) => {
                    let files = ui::attachments(&app.renderer, &r).await;
                    ci.edit_response(http, ui::edit_response(&r, files)).await.map(|_| ())
                }
                Answer::Modal(_) => Ok(()),
            }
        }
    }
}

fn modal_text(mi: &serenity::ModalInteraction) -> Option<String> {
    mi.data.components.iter().flat_map(|row| row.components.iter()).find_map(|c| match c {
        serenity::ActionRowComponent::InputText(t) => t.value.clone(),
        _ => None,
    })
}

async fn modal(
    ctx: &serenity::Context,
    app: &Arc<App>,
    mi: &serenity::ModalInteraction,
) -> Result<(), serenity::Error> {
    let http = &ctx.http;
    let who = who_of(
        app,
        &mi.user,
        (&mi.locale, mi.guild_locale.as_deref()),
        mi.guild_id,
        mi.channel_id,
        mi.id.get(),
    )
    .await;
    mi.defer_ephemeral(http).await?;
    let r = match Cid::parse(&mi.data.custom_id) {
        Some(cid @ (Cid::ActModal(..) | Cid::SaveModal(_))) => {
            let text = modal_text(mi).unwrap_or_default();
            match components::component(app, &who, &cid, Some(&text)).await {
                Answer::Reply(r) | Answer::Update(r) => r,
                Answer::Modal(_) => Reply::private(tr!(who.lang, "err-malformed")),
            }
        }
        _ => Refusal::Adapter(Reason::Malformed).reply(who.lang),
    };
    let files = ui::attachments(&app.renderer, &r).await;
    mi.edit_response(http, ui::edit_response(&r, files)).await.map(|_| ())
}

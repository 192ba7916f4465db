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
            answer(ctx, app, interaction).await;
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

/// Answers a button press or a modal submit (poise answers commands and autocomplete), logging
/// a failure.
async fn answer(ctx: &serenity::Context, app: &Arc<App>, interaction: &serenity::Interaction) {
    let Some(who) = who_of(app, interaction).await else { return };
    match interaction {
        serenity::Interaction::Component(ci) => {
            if let Err(e) = component(ctx, app, who, ci).await {
                tracing::warn!(error = %e, id = %ci.data.custom_id, "component interaction failed");
            }
        }
        serenity::Interaction::Modal(mi) => {
            if let Err(e) = modal(ctx, app, who, mi).await {
                tracing::warn!(error = %e, id = %mi.data.custom_id, "modal submit failed");
            }
        }
        _ => {}
    }
}

fn display_name(u: &serenity::User) -> String {
    u.global_name.clone().unwrap_or_else(|| u.name.clone())
}

/// Who presses a button or submits a modal, from where, in which language (remembering their
/// display name for pictures); `None` for the other interactions.
async fn who_of(app: &App, interaction: &serenity::Interaction) -> Option<Who> {
    let (user, locale, channel) = match interaction {
        serenity::Interaction::Component(c) => (&c.user, &c.locale, c.channel_id),
        serenity::Interaction::Modal(m) => (&m.user, &m.locale, m.channel_id),
        _ => return None,
    };
    app.remember_name(UserId(user.id.get()), &display_name(user));
    let locales = Locales {
        user: Some(locale),
        guild_locale: interaction.guild_locale(),
        guild: interaction.guild_id().map(|g| g.get()),
        channel: Some(channel.get()),
    };
    Some(app.who(UserId(user.id.get()), locales, interaction.id().get().to_string()).await)
}

async fn component(
    ctx: &serenity::Context,
    app: &Arc<App>,
    who: Who,
    ci: &serenity::ComponentInteraction,
) -> Result<(), serenity::Error> {
    let http = &ctx.http;
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
    who: Who,
    mi: &serenity::ModalInteraction,
) -> Result<(), serenity::Error> {
    let http = &ctx.http;
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

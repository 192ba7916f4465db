//! [`crate::Delivery`] over Discord: notifications become DMs and channel messages. The
//! notification id is the message nonce (with `enforce_nonce`), so a redelivery after a crash
//! is absorbed by Discord. A refused DM (403, code 50007) is reported as
//! [`DeliveryError::DmClosed`]: the outbox remembers it and posts the public fallback.

use std::sync::Arc;

use poise::serenity_prelude as serenity;

use super::challenge::handler::challenge_parties;
use super::challenge::view::expired_challenge_text;
use super::notices::{notice_reply, NoticeCtx};
use super::texts::opponent_plain;
use super::ui;
use super::which_match::name_of_opponent;
use super::App;
use crate::ids::UserId;
use crate::model::PlayerView;
use crate::notify::{Notice, Notification, Recipient};
use crate::outbox::{BoxFuture, Delivery, DeliveryError};
use crate::store::discord::ChallengeMessage;

/// Discord's "Cannot send messages to this user".
pub const DM_CLOSED: isize = 50007;

/// Delivers notifications through Discord's HTTP API.
pub struct DiscordDelivery {
    http: Arc<serenity::Http>,
    app: Arc<App>,
}

impl DiscordDelivery {
    /// A delivery over this HTTP client.
    pub fn new(http: Arc<serenity::Http>, app: Arc<App>) -> DiscordDelivery {
        DiscordDelivery { http, app }
    }
}

/// The Discord JSON error code of a failed request, if any.
pub fn error_code(e: &serenity::Error) -> Option<isize> {
    match e {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) => Some(r.error.code),
        _ => None,
    }
}

/// Maps a send failure: 50007 means closed DMs, the rest is retried.
pub fn classify(e: &serenity::Error) -> DeliveryError {
    match error_code(e) {
        Some(DM_CLOSED) => DeliveryError::DmClosed,
        _ => DeliveryError::Transient(e.to_string()),
    }
}

fn user_id(u: UserId) -> Option<serenity::UserId> {
    (u.0 != 0).then(|| serenity::UserId::new(u.0))
}

fn channel_id(c: u64) -> Option<serenity::ChannelId> {
    (c != 0).then(|| serenity::ChannelId::new(c))
}

/// Sends a DM; `Err(DmClosed)` on 50007.
pub async fn send_dm(
    http: &serenity::Http,
    user: UserId,
    msg: serenity::CreateMessage,
) -> Result<serenity::Message, DeliveryError> {
    let uid = user_id(user).ok_or_else(|| DeliveryError::Transient("user id 0".into()))?;
    let channel = uid.create_dm_channel(http).await.map_err(|e| classify(&e))?;
    channel.id.send_message(http, msg).await.map_err(|e| classify(&e))
}

/// Tries a short DM to a user whose DMs were found closed, when they act (see
/// [`super::probe`] for when that is allowed); when it gets through, clears the flag so that
/// their boards and turns come by DM again.
pub async fn probe_dm(http: &serenity::Http, app: &App, user: UserId, locale: &str) {
    if !app.service.dm_closed(user).await.unwrap_or(false) {
        return;
    }
    let Some(probe) = app.probes().begin(user, std::time::Instant::now()) else { return };
    let lang = app.language_for(user, Some(locale)).await;
    let msg = serenity::CreateMessage::new().content(super::i18n::tr!(lang, "dms-work-again"));
    let delivered = send_dm(http, user, msg).await.is_ok();
    app.probes().finish(probe, delivered, std::time::Instant::now());
    if delivered {
        if let Err(e) = app.service.set_dm_open(user).await {
            tracing::warn!(error = %e, "could not clear the closed-DM flag");
        }
    }
}

impl DiscordDelivery {
    async fn context(&self, n: &Notification) -> NoticeCtx {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_millis() as i64)
            .ok();
        let mut ctx = NoticeCtx { now_ms: now, ..NoticeCtx::default() };
        let (Recipient::User { user }, Some(m)) = (&n.recipient, n.match_id) else { return ctx };
        let wants_view = matches!(n.notice, Notice::DefenceRequested { .. });
        let wants_name = !n.notice.pictures().is_empty();
        if wants_view {
            ctx.view = self.app.service.view(*user, m).await.and_then(PlayerView::into_admiral).ok();
        }
        if wants_name {
            if let Ok(list) = self.app.service.my_matches(*user).await {
                if let Some(s) = list.iter().find(|s| s.id == m) {
                    let name = name_of_opponent(&self.app, &s.opponent);
                    ctx.opponent_name = Some(opponent_plain(&s.opponent, n.language, name.as_deref()));
                }
            }
        }
        ctx
    }

    async fn deliver_one(&self, n: &Notification) -> Result<(), DeliveryError> {
        let ctx = self.context(n).await;
        let reply = notice_reply(n, &ctx);
        let files = ui::attachments(&self.app.renderer, &reply).await;
        let nonce = serenity::Nonce::String(format!("adm{}", n.id.0));
        let msg = ui::create_message(&reply, files).nonce(nonce).enforce_nonce(true);
        match n.recipient {
            Recipient::User { user } => {
                send_dm(&self.http, user, msg).await?;
                if self.app.service.dm_closed(user).await.unwrap_or(false) {
                    let _ = self.app.service.set_dm_open(user).await;
                }
                if let Notice::ChallengeExpired { challenge } = n.notice {
                    self.update_expired_challenge(challenge, n.language).await;
                }
            }
            Recipient::Channel { channel, .. } => {
                let cid =
                    channel_id(channel).ok_or_else(|| DeliveryError::Transient("channel id 0".into()))?;
                let sent = cid
                    .send_message(&self.http, msg)
                    .await
                    .map_err(|e| DeliveryError::Transient(e.to_string()))?;
                if let Notice::ChallengeIssued { challenge, .. } = n.notice {
                    let at = ChallengeMessage { channel, message: sent.id.get() };
                    let _ = self.app.service.remember_challenge_message(challenge, at).await;
                }
            }
        }
        Ok(())
    }

    /// An expired challenge's public message says so and loses its buttons.
    async fn update_expired_challenge(
        &self,
        challenge: crate::ids::ChallengeId,
        lang: admiral_engine::Language,
    ) {
        let Ok(Some(ChallengeMessage { channel, message })) =
            self.app.service.challenge_message(challenge).await
        else {
            return;
        };
        let Some((from, to, public)) = challenge_parties(&self.app, challenge).await else {
            return;
        };
        let (Some(ch), true) = (channel_id(channel), message != 0) else { return };
        let text = expired_challenge_text(from, to, public.unwrap_or(lang));
        let edit = serenity::EditMessage::new()
            .content(text)
            .components(Vec::new())
            .allowed_mentions(serenity::CreateAllowedMentions::new());
        if let Err(e) = ch.edit_message(&self.http, serenity::MessageId::new(message), edit).await {
            tracing::warn!(error = %e, "could not update an expired challenge message");
        }
    }
}

impl Delivery for DiscordDelivery {
    fn deliver<'a>(&'a self, n: &'a Notification) -> BoxFuture<'a, Result<(), DeliveryError>> {
        Box::pin(self.deliver_one(n))
    }
}

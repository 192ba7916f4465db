//! Helpers of the adapter tests: the adapter over a harness's service, who is asking, and
//! what a refusal looks like.

use std::sync::Arc;

use admiral_bot::discord::ui::Reply;
use admiral_bot::discord::{App, Who};
use admiral_bot::service::Origin;
use admiral_bot::UserId;
use admiral_engine::Language;

use super::{Harness, CHANNEL, GUILD};

pub const EN: Language = Language::En;
pub const RU: Language = Language::Ru;

pub async fn app(h: &Harness) -> Arc<App> {
    App::new(h.svc.clone()).await.expect("adapter tables")
}

pub fn who(user: UserId, lang: Language, key: &str) -> Who {
    Who { user, lang, origin: Origin::in_channel(GUILD, CHANNEL), key: key.to_string() }
}

pub fn is_refusal(r: &Reply) -> bool {
    r.ephemeral && r.text.starts_with("⚠️")
}

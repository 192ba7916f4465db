//! `/admiral settings`: the defence policy and the language.

use admiral_engine::Language;

use crate::discord::i18n::tr;
use crate::discord::refusal::Handled;
use crate::discord::ui::Reply;
use crate::discord::{App, Who};
use crate::service::DefencePolicy;

/// The language setting of `/admiral settings`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LangChoice {
    /// Follow the Discord locale.
    Auto,
    /// English.
    En,
    /// Russian.
    Ru,
}

/// `/admiral settings`.
pub async fn settings(
    app: &App,
    who: &Who,
    policy: Option<DefencePolicy>,
    lang: Option<LangChoice>,
) -> Handled {
    let mut l = who.lang;
    if let Some(p) = policy {
        app.service.set_defence_policy(who.user, p).await?;
    }
    if let Some(c) = lang {
        let explicit = match c {
            LangChoice::Auto => None,
            LangChoice::En => Some(Language::En),
            LangChoice::Ru => Some(Language::Ru),
        };
        app.set_explicit_language(who.user, explicit).await?;
        if let Some(x) = explicit {
            l = x;
        }
    }
    let stored = app.service.stored_defence_policy(who.user).await.ok().flatten();
    let policy_text =
        if stored == Some(DefencePolicy::Ask) { tr!(l, "policy-ask") } else { tr!(l, "policy-auto") };
    let lang_text = match lang {
        Some(LangChoice::Auto) => tr!(l, "lang-auto"),
        _ => tr!(l, "lang-name"),
    };
    let head =
        if policy.is_some() || lang.is_some() { tr!(l, "settings-saved") } else { tr!(l, "settings-head") };
    Ok(Reply::private(format!(
        "{head}\n{}\n{}",
        tr!(l, "settings-policy", policy = policy_text),
        tr!(l, "settings-lang", lang = lang_text)
    )))
}

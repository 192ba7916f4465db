//! `/admiral challenge`, `/admiral ai` and the Accept / Decline buttons.

use admiral_engine::{Language, Ruleset, Side};

use super::view::settings_text;
use crate::clock::TimeControl;
use crate::discord::i18n::tr;
use crate::discord::refusal::{Answered, Handled, Reason};
use crate::discord::setup::view::{setup_pic, setup_rows};
use crate::discord::texts::mention;
use crate::discord::ui::{Answer, Reply};
use crate::discord::{App, Who};
use crate::ids::{ChallengeId, UserId};
use crate::service::MatchSettings;

/// The time control chosen with a command.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Clock {
    /// No clock.
    #[default]
    Untimed,
    /// Days per move (1–14).
    Days(u32),
    /// Minutes + seconds of increment.
    Live(u32, u32),
}

impl Clock {
    /// Parses `untimed`, `3d`, `10+5`, `15m` (what the time-control option accepts).
    pub fn parse(s: &str) -> Option<Clock> {
        let s = s.trim().to_lowercase();
        if s.is_empty() || s == "untimed" || s == "none" || s == "-" {
            return Some(Clock::Untimed);
        }
        if let Some(d) = s.strip_suffix('d') {
            return d.trim().parse().ok().map(Clock::Days);
        }
        if let Some((m, i)) = s.split_once('+') {
            return Some(Clock::Live(m.trim().parse().ok()?, i.trim().parse().ok()?));
        }
        if let Some(m) = s.strip_suffix('m') {
            return m.trim().parse().ok().map(|m| Clock::Live(m, 0));
        }
        None
    }

    fn time_control(self) -> TimeControl {
        match self {
            Clock::Untimed => TimeControl::Untimed,
            Clock::Days(d) => TimeControl::Correspondence { days_per_move: d },
            Clock::Live(m, i) => TimeControl::Live { total_secs: m.saturating_mul(60), increment_secs: i },
        }
    }
}

/// Options of `/admiral challenge`.
#[derive(Clone, Debug, Default)]
pub struct ChallengeOptions {
    /// The time control.
    pub clock: Clock,
    /// Intel on (default) or off.
    pub intel: Option<bool>,
    /// Ruleset name (default admiral).
    pub ruleset: Option<String>,
    /// Rated (default) or not.
    pub rated: Option<bool>,
}

fn settings_of(o: &ChallengeOptions) -> MatchSettings {
    MatchSettings {
        ruleset: o.ruleset.clone().unwrap_or_else(|| "admiral".into()),
        time_control: o.clock.time_control(),
        intel: o.intel.unwrap_or(true),
        rated: o.rated.unwrap_or(true),
        ..MatchSettings::default()
    }
}

/// `/admiral challenge`.
pub async fn challenge(
    app: &App,
    who: &Who,
    opponent: UserId,
    opponent_is_bot: bool,
    o: &ChallengeOptions,
) -> Handled {
    let l = who.lang;
    let settings = settings_of(o);
    if Ruleset::from_name(&settings.ruleset) == Some(Ruleset::Stratego) && o.rated == Some(true) {
        // Asked for explicitly, a rated Stratego match is a contradiction, not a default to
        // override silently.
        return Err(Reason::StrategoRated.into());
    }
    app.service.challenge(who.user, opponent, opponent_is_bot, settings.clone(), who.origin).await?;
    let key = if who.origin.channel.is_some() { "challenge-sent" } else { "challenge-sent-dm" };
    Ok(Reply::private(tr!(l, key, to = mention(opponent), settings = settings_text(&settings, l))))
}

/// A challenge's two players and the language of its public message (the one it was posted
/// in, so the update that replaces it reads the same way).
pub async fn challenge_parties(app: &App, c: ChallengeId) -> Option<(UserId, UserId, Option<Language>)> {
    let parties = app.service.challenge_parties(c).await.ok().flatten()?;
    Some((parties.challenger, parties.challenged, parties.public_language))
}

/// The challenge message after an answer, worded by `text` from the language of the public
/// message and the two players' mentions.
async fn answered(
    app: &App,
    who: &Who,
    c: ChallengeId,
    text: impl Fn(Language, String, String) -> String,
) -> Answer {
    let (from, to, public) = challenge_parties(app, c).await.unwrap_or((who.user, who.user, None));
    Answer::Update(Reply::text(text(public.unwrap_or(who.lang), mention(from), mention(to))))
}

/// The Accept button: only the challenged player; the challenge message updates itself.
pub async fn accept(app: &App, who: &Who, c: ChallengeId) -> Answered {
    let id = app.service.accept(who.user, c).await?;
    Ok(answered(app, who, c, |l, from, to| {
        tr!(l, "challenge-accepted-public", from = from, to = to, id = id.0)
    })
    .await)
}

/// The Decline button.
pub async fn decline(app: &App, who: &Who, c: ChallengeId) -> Answered {
    app.service.decline(who.user, c).await?;
    Ok(answered(app, who, c, |l, from, to| tr!(l, "challenge-declined-public", from = from, to = to)).await)
}

/// `/admiral ai`.
pub async fn ai(app: &App, who: &Who, level: u8, clock: Clock) -> Handled {
    ai_with_ruleset(app, who, level, clock, None).await
}

/// `/admiral ai` with its `ruleset` option (`admiral` by default, or `stratego`).
pub async fn ai_with_ruleset(
    app: &App,
    who: &Who,
    level: u8,
    clock: Clock,
    ruleset: Option<&str>,
) -> Handled {
    let l = who.lang;
    let settings = MatchSettings {
        time_control: clock.time_control(),
        ruleset: ruleset.unwrap_or("admiral").to_string(),
        ..MatchSettings::default()
    };
    let id = app.service.start_ai(who.user, level, settings, who.origin).await?;
    let mut r = Reply::private(tr!(l, "ai-started", id = id.0, level = level));
    if app.service.dm_closed(who.user).await.unwrap_or(false) {
        // DMs closed: the setup comes here instead.
        if let Ok(text) = app.service.layout_file(who.user, id).await {
            r.pictures.push(setup_pic(&text, Side::South, l));
            r.rows = setup_rows(id, l);
        }
    }
    Ok(r)
}

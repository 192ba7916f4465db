//! Which match a command is about (the `match` option, else the one waiting on the user,
//! else their only match), the opponent's name in it, and the autocomplete of the option.

use super::autocomplete::{self, Choice};
use super::i18n::tr;
use super::refusal::{Reason, Refusal};
use super::texts::opponent_plain;
use super::{App, Who};
use crate::ids::MatchId;
use crate::service::{MatchSummary, Opponent};

/// A match id as typed (`12` or `#12`).
pub fn parse_match_id(s: &str) -> Option<MatchId> {
    s.trim().trim_start_matches('#').parse::<i64>().ok().filter(|i| *i > 0).map(MatchId)
}

/// Finds the match a command is about: the one given, else the one waiting on the user,
/// else their only match.
pub async fn pick_match(app: &App, who: &Who, given: Option<&str>) -> Result<MatchId, Refusal> {
    if let Some(g) = given.filter(|g| !g.trim().is_empty()) {
        return parse_match_id(g).ok_or_else(|| Reason::BadMatch(g.trim().to_string()).into());
    }
    let list = app.service.my_matches(who.user).await?;
    let waiting: Vec<&MatchSummary> = list.iter().filter(|m| m.waiting_on_me).collect();
    match (waiting.as_slice(), list.as_slice()) {
        (_, []) => Err(Reason::NoMatches.into()),
        ([one], _) => Ok(one.id),
        (_, [only]) => Ok(only.id),
        _ => Err(Reason::WhichMatch(list.iter().map(|m| m.id).collect()).into()),
    }
}

/// The display name of a player we have seen (none for the AI).
pub fn name_of_opponent(app: &App, o: &Opponent) -> Option<String> {
    match *o {
        Opponent::Human { user } => app.name_of(user),
        Opponent::Ai { .. } => None,
    }
}

/// The opponent's name for pictures in one of the user's matches in setup or play
/// ("opponent" once the match is over).
pub async fn opponent_name(app: &App, who: &Who, id: MatchId) -> String {
    let l = who.lang;
    let list = app.service.my_matches(who.user).await.unwrap_or_default();
    match list.iter().find(|m| m.id == id) {
        Some(m) => opponent_plain(&m.opponent, l, name_of_opponent(app, &m.opponent).as_deref()),
        None => tr!(l, "opponent"),
    }
}

/// Autocomplete of the `match` option.
pub async fn match_choices(app: &App, who: &Who, typed: &str) -> Vec<Choice> {
    let list = app.service.my_matches(who.user).await.unwrap_or_default();
    let name_of = |m: &MatchSummary| name_of_opponent(app, &m.opponent);
    autocomplete::match_choices(list, &name_of, typed, who.lang)
}

//! Words that several command groups use: mentions, Discord timestamps, sides, opponents,
//! unit names and how a match ended. Pure functions, in the reader's language.

use admiral_engine::{EndReason, Language, Outcome, Side, UnitKind};

use super::i18n::{tr, UnitName};
use crate::ids::UserId;
use crate::service::{MatchStatus, MatchSummary, Opponent};

/// A Discord mention.
pub fn mention(u: UserId) -> String {
    format!("<@{}>", u.0)
}

/// A Discord timestamp shown relative to now ("in 3 hours").
pub fn when(ms: i64) -> String {
    format!("<t:{}:R>", ms.div_euclid(1000))
}

/// The side's name.
pub fn side_name(side: Side, l: Language) -> String {
    match side {
        Side::South => tr!(l, "side-south"),
        Side::North => tr!(l, "side-north"),
    }
}

/// The opponent as text in a message (a mention or the AI's level).
pub fn opponent_text(o: &Opponent, l: Language) -> String {
    match o {
        Opponent::Human { user } => mention(*user),
        Opponent::Ai { level } => tr!(l, "ai-name", level = level),
    }
}

/// The opponent's name for pictures (no mention syntax).
pub fn opponent_plain(o: &Opponent, l: Language, name: Option<&str>) -> String {
    match (o, name) {
        (Opponent::Ai { level }, _) => tr!(l, "ai-name", level = level),
        (Opponent::Human { .. }, Some(n)) => n.to_string(),
        (Opponent::Human { .. }, None) => tr!(l, "opponent"),
    }
}

/// Whose turn it is in one of the user's matches, in a few words.
pub fn match_state(m: &MatchSummary, l: Language) -> String {
    match (m.status, m.waiting_on_me) {
        (MatchStatus::Setup, true) => tr!(l, "ms-setup-you"),
        (MatchStatus::Setup, false) => tr!(l, "ms-setup-them"),
        (_, true) => tr!(l, "ms-your-move"),
        (_, false) => tr!(l, "ms-their-move"),
    }
}

/// A unit's name in the reader's language (from the catalogue, see [`UnitName`]).
pub fn unit(k: UnitKind, l: Language) -> String {
    UnitName::Admiral(k).name(l)
}

/// The outcome from a viewer's seat (or neutrally).
pub fn outcome_headline(o: &Outcome, viewer: Option<Side>, l: Language) -> String {
    match (o.status.winner(), viewer) {
        (None, _) => tr!(l, "result-draw"),
        (Some(w), Some(v)) if w == v => tr!(l, "result-win"),
        (Some(_), Some(_)) => tr!(l, "result-loss"),
        (Some(w), None) => tr!(l, "result-side-wins", side = side_name(w, l)),
    }
}

/// Why the match ended.
pub fn reason_text(r: EndReason, l: Language) -> String {
    match r {
        EndReason::BasesDestroyed => tr!(l, "reason-bases"),
        EndReason::AllBasesDestroyed => tr!(l, "reason-all-bases"),
        EndReason::QuietPlies => tr!(l, "reason-quiet"),
        EndReason::NoLegalAction => tr!(l, "reason-no-action"),
        EndReason::Resignation => tr!(l, "reason-resigned"),
        EndReason::Timeout => tr!(l, "reason-timeout"),
        EndReason::FlagCaptured => tr!(l, "reason-flag"),
        EndReason::Forfeit => tr!(l, "reason-forfeit"),
    }
}

/// "The match ended: `headline` (`reason`)", the first line of both rulesets' game-over DM.
pub fn match_ended(id: crate::ids::MatchId, outcome: &Outcome, viewer: Side, l: Language) -> String {
    tr!(
        l,
        "match-ended",
        id = id.0,
        headline = outcome_headline(outcome, Some(viewer), l),
        reason = reason_text(outcome.reason, l)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mentions_and_timestamps() {
        assert_eq!(mention(UserId(5)), "<@5>");
        assert_eq!(when(61_999), "<t:61:R>");
    }
}

//! How a challenge reads: the game and its settings in words, the public challenge message.

use admiral_engine::{Language, Ruleset};

use crate::clock::TimeControl;
use crate::discord::cid::Cid;
use crate::discord::i18n::tr;
use crate::discord::texts::{mention, when};
use crate::discord::ui::{Comp, Reply, Style};
use crate::ids::{ChallengeId, UserId};
use crate::service::MatchSettings;

/// The time control in words.
pub fn tc_text(tc: &TimeControl, l: Language) -> String {
    match *tc {
        TimeControl::Untimed => tr!(l, "tc-untimed"),
        TimeControl::Correspondence { days_per_move } => tr!(l, "tc-days", days = days_per_move),
        TimeControl::Live { total_secs, increment_secs } => {
            tr!(l, "tc-live", minutes = total_secs / 60, increment = increment_secs)
        }
    }
}

/// The name of a match's game, as the players know it.
pub fn game_name(s: &MatchSettings, l: Language) -> String {
    match Ruleset::from_name(&s.ruleset) {
        Some(Ruleset::Stratego) => tr!(l, "game-stratego"),
        _ => tr!(l, "game-admiral"),
    }
}

/// The settings of a match in one line, starting with the game, in that game's own words
/// ("intel" is Admiral's; Stratego speaks of revealed pieces and is never rated).
pub fn settings_text(s: &MatchSettings, l: Language) -> String {
    let stratego = Ruleset::from_name(&s.ruleset) == Some(Ruleset::Stratego);
    let memory = match (stratego, s.intel) {
        (false, true) => tr!(l, "intel-on"),
        (false, false) => tr!(l, "intel-off"),
        (true, true) => tr!(l, "revealed-marked"),
        (true, false) => tr!(l, "revealed-unmarked"),
    };
    format!(
        "{} · {} · {} · {}",
        game_name(s, l),
        tc_text(&s.time_control, l),
        memory,
        if s.rated && !stratego { tr!(l, "rated") } else { tr!(l, "unrated") }
    )
}

/// The public challenge message: who challenges whom to what, until when, with the Accept and
/// Decline buttons (pinging only the challenged player).
pub fn issued(
    challenge: ChallengeId,
    from: UserId,
    to: UserId,
    settings: &MatchSettings,
    expires_at: i64,
    l: Language,
) -> Reply {
    let text = tr!(
        l,
        "challenge-issued",
        from = mention(from),
        to = mention(to),
        game = game_name(settings, l),
        settings = settings_text(settings, l),
        expires = when(expires_at)
    );
    let rows = vec![vec![
        Comp::button(Cid::Accept(challenge).encode(), tr!(l, "btn-accept"), Style::Success),
        Comp::button(Cid::Decline(challenge).encode(), tr!(l, "btn-decline"), Style::Danger),
    ]];
    Reply { text, rows, ping: vec![to], ..Reply::default() }
}

/// The text of an expired challenge message.
pub fn expired_challenge_text(from: UserId, to: UserId, l: Language) -> String {
    tr!(l, "challenge-expired-public", from = mention(from), to = mention(to))
}

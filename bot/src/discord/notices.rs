//! The message for each notification the service queues (a DM or a public channel message):
//! one match over the notices, each built from its group's view (challenge, setup, play,
//! career).

use admiral_engine::{Cell, Side, View};

use super::career::match_end::{end_of_match, game_over_pic};
use super::challenge::view as challenge_view;
use super::i18n::{tr, UnitName};
use super::learn::view as learn;
use super::play::view::{board_notice, board_pic, board_row, defence_rows};
use super::setup::view::{setup_pic, setup_rows};
use super::texts::{match_ended, mention, opponent_text, reason_text, side_name, when};
use super::ui::Reply;
use crate::ids::MatchId;
use crate::notify::{Notice, Notification, Recipient};

/// Extra context the delivery looks up for a notification (all from the recipient's seat).
#[derive(Clone, Debug, Default)]
pub struct NoticeCtx {
    /// The opponent's display name for pictures.
    pub opponent_name: Option<String>,
    /// The recipient's current view (for the defence menu).
    pub view: Option<View>,
    /// Now (Unix ms), to show the time left on the board; `None` shows no clock.
    pub now_ms: Option<i64>,
}

/// The message for a notification.
pub fn notice_reply(n: &Notification, ctx: &NoticeCtx) -> Reply {
    let l = n.language;
    let m = n.match_id.unwrap_or(MatchId(0));
    let opp = ctx.opponent_name.clone().unwrap_or_else(|| tr!(l, "opponent"));
    let mut r = Reply::default();
    match &n.notice {
        Notice::ChallengeIssued { challenge, from, to, settings, expires_at } => {
            r = challenge_view::issued(*challenge, *from, *to, settings, *expires_at, l);
        }
        Notice::ChallengeAnswered { accepted: true, match_id, .. } => {
            r.text = tr!(l, "challenge-accepted-dm", id = match_id.unwrap_or(m).0);
        }
        Notice::ChallengeAnswered { accepted: false, .. } => r.text = tr!(l, "challenge-declined-dm"),
        Notice::ChallengeExpired { .. } => r.text = tr!(l, "challenge-expired-dm"),
        Notice::SetupOpened { side, opponent, grid, deadline } => {
            r.text = tr!(
                l,
                "setup-opened",
                id = m.0,
                opponent = opponent_text(opponent, l),
                side = side_name(*side, l)
            );
            if let Some(d) = deadline {
                r.push_line(&tr!(l, "setup-deadline", when = when(*d)));
            }
            r.pictures.push(setup_pic(grid, *side, l));
            r.rows = setup_rows(m, l);
        }
        Notice::SetupReminder { deadline } => {
            r.text = tr!(l, "setup-reminder", id = m.0, when = when(*deadline));
            r.rows = setup_rows(m, l);
        }
        Notice::SetupFilled { side, grid } => {
            r.text = tr!(l, "setup-filled", id = m.0);
            r.pictures.push(setup_pic(grid, *side, l));
        }
        Notice::OpponentReady => r.text = tr!(l, "opponent-ready", id = m.0),
        Notice::AiBusy { ahead, eta_secs: None } => r.text = tr!(l, "ai-busy", id = m.0, ahead = ahead),
        Notice::AiBusy { ahead, eta_secs: Some(eta) } => {
            r.text = tr!(l, "ai-busy-eta", id = m.0, ahead = ahead, seconds = eta)
        }
        Notice::Board { view, deadline } => r = board_notice(m, view, *deadline, ctx.now_ms, &opp, l),
        Notice::DefenceRequested { attack, options, deadline } => {
            let target = attack.target().unwrap_or(attack.from());
            let own = ctx.view.as_ref().and_then(|v| match v.cell(target) {
                Cell::Own { kind } => Some(kind),
                _ => None,
            });
            r.text = tr!(
                l,
                "defence-requested",
                id = m.0,
                unit = own.map_or(UnitName::Unknown, UnitName::Admiral),
                at = target,
                from = attack.origin_of_attack(),
                when = when(*deadline)
            );
            if let Some(v) = &ctx.view {
                r.rows = defence_rows(m, v, target, options, l);
            }
        }
        Notice::AwaitingDefence { deadline } => {
            r.text = tr!(l, "awaiting-defence", id = m.0, when = when(*deadline))
        }
        Notice::MoveReminder { deadline } => {
            r.text = tr!(l, "move-reminder", id = m.0, when = when(*deadline));
            r.rows = board_row(m, l);
        }
        Notice::MatchEnded { view, outcome, points, awards, unrated, standing } => {
            r.text = match_ended(m, outcome, view.viewer(), l);
            // The career and the replay are Admiral's; other rulesets' matches are unrated.
            match view.admiral() {
                Some(v) => {
                    r.text.push('\n');
                    r.text.push_str(&end_of_match(points.as_ref(), awards, *unrated, l));
                    r.push_line(&tr!(l, "replay-hint", id = m.0));
                    r.pictures.push(game_over_pic(v, outcome, points.as_ref(), awards, *standing, l));
                }
                None => {
                    r.push_line(&view.describe(l));
                    r.push_line(&tr!(l, "stratego-unrated"));
                }
            }
            r.pictures.push(board_pic(view, l, &opp));
        }
        Notice::LessonBrief { lesson } => r = learn::brief(m, lesson, l),
        Notice::LessonEnded { lesson, view, failure, next } => {
            r = learn::ended(m, lesson, view, failure.as_deref(), next.as_deref(), l)
        }
        Notice::PublicResult { south, north, outcome } => {
            let (s, no) = (opponent_text(south, l), opponent_text(north, l));
            let reason = reason_text(outcome.reason, l);
            r.text = match outcome.status.winner() {
                Some(w) => {
                    let (winner, loser) = if w == Side::South { (s, no) } else { (no, s) };
                    tr!(l, "public-win", id = m.0, winner = winner, loser = loser, reason = reason)
                }
                None => tr!(l, "public-draw", id = m.0, a = s, b = no, reason = reason),
            };
        }
        Notice::DmFallback { user } => {
            r.text = tr!(l, "dm-fallback", user = mention(*user), id = m.0);
            r.ping = vec![*user];
        }
    }
    if let Recipient::User { .. } = n.recipient {
        r.ephemeral = false;
    }
    r
}

#[cfg(test)]
mod tests;

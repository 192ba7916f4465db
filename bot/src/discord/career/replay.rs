//! `/admiral replay`: after the match, the full record (move list, record file, replay
//! picture), and the autocomplete of finished matches.

use admiral_engine::Side;

use crate::discord::autocomplete::Choice;
use crate::discord::i18n::tr;
use crate::discord::refusal::{Handled, Reason};
use crate::discord::texts::{opponent_plain, outcome_headline};
use crate::discord::ui::{Pic, Reply};
use crate::discord::which_match::{name_of_opponent, opponent_name};
use crate::discord::{App, Who};
use crate::ids::{MatchId, UserId};
use crate::service::{MatchStatus, Opponent};
use crate::store::matches::MatchSeats;

/// `/admiral replay`: after the match, the full record (move list and record file).
pub async fn replay(app: &App, who: &Who, id: MatchId) -> Handled {
    let l = who.lang;
    app.service.view(who.user, id).await?.into_admiral()?;
    let not_finished = || Reason::ReplayNotFinished(id);
    if app.service.status(id).await?.0 != MatchStatus::Finished {
        return Err(not_finished().into());
    }
    let record = app.service.record(id).await?.ok_or_else(not_finished)?;
    let mut moves = String::new();
    for (i, turn) in record.turns.iter().enumerate() {
        let t = serde_json::to_value(turn).unwrap_or_default();
        let action =
            t.get("action").and_then(|a| a.as_str()).map(str::to_string).unwrap_or_else(|| t.to_string());
        if i % 2 == 0 {
            moves.push_str(&format!("{}. {action}", i / 2 + 1));
        } else {
            moves.push_str(&format!(" {action}\n"));
        }
    }
    let mut r = Reply::private(tr!(l, "replay-head", id = id.0, plies = record.turns.len()));
    let seat = app.service.view(who.user, id).await.map(|v| v.viewer()).unwrap_or(Side::South);
    let (south, north) = seat_names(app, who, id, seat).await;
    let result = match app.service.status(id).await {
        Ok((_, _, Some(o))) => outcome_headline(&o, None, l),
        _ => String::new(),
    };
    r.pictures.push(Pic::Replay {
        record: Box::new(record.clone()),
        labels: admiral_render::ReplayLabels {
            language: l,
            seat,
            south,
            north,
            ply_label: tr!(l, "ply-label"),
            result,
        },
    });
    r.files.push((format!("match-{}-moves.txt", id.0), moves.into_bytes()));
    r.files.push((
        format!("match-{}-record.json", id.0),
        serde_json::to_vec_pretty(&record).unwrap_or_default(),
    ));
    Ok(r)
}

/// The user's most recently finished match.
pub async fn last_finished(app: &App, user: UserId) -> Option<MatchId> {
    app.service.last_finished_match(user).await.ok().flatten()
}

/// The opponent of `user` in a finished match, from its seats.
fn opponent_in(seats: &MatchSeats, user: UserId) -> Opponent {
    let other = if seats.south == Some(user) { seats.north } else { seats.south };
    match (other, seats.ai_level) {
        (Some(user), _) => Opponent::Human { user },
        (None, level) => Opponent::Ai { level: level.unwrap_or(1) },
    }
}

/// The names of South and North for a replay, from the viewer's seat.
async fn seat_names(app: &App, who: &Who, id: MatchId, seat: Side) -> (String, String) {
    let me = app.name_of(who.user).unwrap_or_else(|| tr!(who.lang, "you"));
    let opp = opponent_name(app, who, id).await;
    let opp = if opp == tr!(who.lang, "opponent") {
        // Finished matches are no longer in `my_matches`: look the seat up in the store.
        match app.service.match_seats(id).await.ok().flatten() {
            Some(MatchSeats { south, north, ai_level, .. }) => {
                let other = if seat == Side::South { north } else { south };
                match (other, ai_level) {
                    (Some(u), _) => app.name_of(u).unwrap_or(opp),
                    (None, Some(level)) => tr!(who.lang, "ai-name", level = level),
                    _ => opp,
                }
            }
            None => opp,
        }
    } else {
        opp
    };
    if seat == Side::South {
        (me, opp)
    } else {
        (opp, me)
    }
}

/// Autocomplete of `/admiral replay`'s match: the user's finished matches, newest first.
pub async fn finished_choices(app: &App, who: &Who, typed: &str) -> Vec<Choice> {
    let rows = app.service.finished_matches(who.user, 100).await.unwrap_or_default();
    let q = typed.trim().trim_start_matches('#');
    rows.into_iter()
        .filter(|m| q.is_empty() || m.id.0.to_string().starts_with(q))
        .take(25)
        .map(|seats| {
            let opp = opponent_in(&seats, who.user);
            let name = name_of_opponent(app, &opp);
            let vs = tr!(who.lang, "vs", name = opponent_plain(&opp, who.lang, name.as_deref()));
            (format!("#{} · {vs}", seats.id.0), seats.id.0.to_string())
        })
        .collect()
}

//! `/admiral board` and the "show my board" button: the board of either ruleset (or the setup
//! preview) with what happened last and the ways to act, only for the user.

use admiral_engine::{Status, View};

use super::view::{defence_rows, turn_rows};
use crate::discord::i18n::tr;
use crate::discord::notices::{notice_reply, NoticeCtx};
use crate::discord::refusal::Handled;
use crate::discord::setup::handler::setup_reply;
use crate::discord::texts::when;
use crate::discord::ui::{Pic, Reply};
use crate::discord::which_match::opponent_name;
use crate::discord::{App, Who};
use crate::ids::MatchId;
use crate::notify::Notice;
use crate::service::MatchStatus;

/// `/admiral board` and the "show my board" button.
pub async fn board(app: &App, who: &Who, id: MatchId) -> Handled {
    let l = who.lang;
    let (status, _, _) = app.service.status(id).await?;
    if status == MatchStatus::Setup {
        let text = app.service.layout_file(who.user, id).await?;
        return Ok(setup_reply(app, who, id, &text, tr!(l, "setup-board", id = id.0)).await);
    }
    let view = app.service.view(who.user, id).await?;
    let mut r = Reply::private(format!("**#{}** · {}", id.0, view.status(l)));
    r.push_line(&view.describe(l));
    r.pictures = view.pictures(l, &opponent_name(app, who, id).await, None);
    // Defence declarations and the closed-DM pick-up of the career's cards are Admiral's.
    let defence = match view.admiral() {
        Some(v) => defence_asked(app, who, id, v, &mut r).await,
        None => false,
    };
    if !defence && view.my_turn() {
        r.push_line(&view.turn_hint(l));
        r.rows = turn_rows(id, view.ply(), l);
    }
    match view.admiral() {
        Some(v) => closed_dms(app, who, id, v, &mut r).await,
        None if !view.ongoing() => r.push_line(&tr!(l, "stratego-unrated")),
        None => {}
    }
    Ok(r)
}

/// An Admiral attack waiting for the user's defence: says so with the defence menu.
async fn defence_asked(app: &App, who: &Who, id: MatchId, view: &View, r: &mut Reply) -> bool {
    let Ok(Some((attack, options, deadline))) = app.service.pending_defence(who.user, id).await else {
        return false;
    };
    r.push_line(&tr!(who.lang, "defence-pending", when = when(deadline)));
    r.rows = defence_rows(id, view, attack.target().unwrap_or(attack.from()), &options, who.lang);
    true
}

/// A user whose DMs are closed reads here what the DMs would have carried: a note, and at the
/// end the game-over card with the points.
async fn closed_dms(app: &App, who: &Who, id: MatchId, view: &View, r: &mut Reply) {
    if !app.service.dm_closed(who.user).await.unwrap_or(false) {
        return;
    }
    r.push_line(&tr!(who.lang, "dm-closed-note"));
    if view.status == Status::Ongoing {
        return;
    }
    let held = app.service.held_notices(who.user).await.unwrap_or_default();
    if let Some(n) =
        held.iter().rev().find(|n| n.match_id == Some(id) && matches!(n.notice, Notice::MatchEnded { .. }))
    {
        let ended = notice_reply(n, &NoticeCtx::default());
        r.pictures.retain(|p| !matches!(p, Pic::Board { .. }));
        r.pictures.splice(0..0, ended.pictures);
        r.text = format!("{}\n{}", ended.text, r.text);
    }
}

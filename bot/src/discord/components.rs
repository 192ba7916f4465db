//! Buttons, select menus and modal submits, decoded ([`Cid`]): how each is acknowledged, and
//! which command group's handler answers it. No Discord types here (see
//! [`super::interactions`] for the wiring).

use super::career::handler as career;
use super::challenge::handler as challenge;
use super::cid::Cid;
use super::layouts::handler as layouts;
use super::learn::handler::{self as learn, LessonButton};
use super::play::{board, moves, resign};
use super::refusal::{answer_or_refusal, Answered};
use super::setup::handler::{self as setup, SetupOp};
use super::ui::Answer;
use super::{App, Who};

/// Which kind of first response a component gets (decided before any work, to acknowledge
/// within Discord's 3 seconds): `true` = updates its message, `false` = new ephemeral reply;
/// `None` = opens a modal (answered directly).
pub fn ack_kind(cid: &Cid) -> Option<bool> {
    match cid {
        Cid::Act(..) | Cid::Save(_) => None,
        Cid::Accept(_)
        | Cid::Decline(_)
        | Cid::Auto(_)
        | Cid::Ready(_)
        | Cid::ResignConfirm(_)
        | Cid::ResignCancel(_)
        | Cid::Defend(..)
        | Cid::Leaders(..) => Some(true),
        _ => Some(false),
    }
}

/// The answer to a component: `value` is the select menu's choice or the modal's text. A
/// refusal is an ephemeral reply.
pub async fn component(app: &App, who: &Who, cid: &Cid, value: Option<&str>) -> Answer {
    answer_or_refusal(route(app, who, cid, value).await, who.lang)
}

async fn route(app: &App, who: &Who, cid: &Cid, value: Option<&str>) -> Answered {
    let reply = Answer::Reply;
    match *cid {
        Cid::Accept(c) => challenge::accept(app, who, c).await,
        Cid::Decline(c) => challenge::decline(app, who, c).await,
        Cid::Auto(m) => setup::setup_update(app, who, m, SetupOp::Auto).await,
        Cid::Ready(m) => setup::setup_update(app, who, m, SetupOp::Ready).await,
        Cid::Upload(m) => setup::upload_how(app, who, m).await.map(reply),
        Cid::Saved(m) => setup::saved_menu(app, who, m).await.map(reply),
        Cid::UseSaved(m) => setup::use_saved(app, who, m, value).await.map(reply),
        Cid::Download(m) => setup::download(app, who, m).await.map(reply),
        Cid::Save(m) => layouts::save_modal(app, who, m).await,
        Cid::SaveModal(m) => {
            let name = value.unwrap_or("").trim();
            layouts::save_layout(app, who, name, None, Some(m)).await.map(reply)
        }
        Cid::Act(m, ply) => moves::open_move_modal(app, who, m, ply).await,
        Cid::ActModal(m, ply) => moves::play(app, who, m, value.unwrap_or(""), Some(ply)).await.map(reply),
        Cid::Board(m) => board::board(app, who, m).await.map(reply),
        Cid::Resign(m) => resign::resign_ask(app, who, m).await.map(reply),
        Cid::ResignConfirm(m) => resign::confirmed(app, who, m).await,
        Cid::ResignCancel(_) => Ok(resign::cancelled(who)),
        Cid::Defend(m, ply) => moves::defend(app, who, m, ply, value).await,
        Cid::Award(user) => career::award_detail(app, who, user, value).await.map(reply),
        Cid::Leaders(owner, page) => career::leaders_button(app, who, owner, page).await,
        Cid::LessonNext(m) => learn::button(app, who, m, LessonButton::Next).await.map(reply),
        Cid::LessonRetry(m) => learn::button(app, who, m, LessonButton::Retry).await.map(reply),
        Cid::LessonSkip(m) => learn::button(app, who, m, LessonButton::Skip).await.map(reply),
        Cid::FirstMatch(m) => learn::first_match(app, who, m).await.map(reply),
    }
}

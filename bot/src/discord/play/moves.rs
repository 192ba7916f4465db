//! A move, in either ruleset: `/admiral move` and the move modal, the "make a move" button
//! that opens it, the defence menu, and the autocomplete of the action.

use admiral_engine::{Language, Ruleset};

use crate::discord::autocomplete::{self, Choice};
use crate::discord::cid::Cid;
use crate::discord::i18n::tr;
use crate::discord::refusal::{Answered, Handled, Reason, Refusal};
use crate::discord::texts::outcome_headline;
use crate::discord::ui::{Answer, Input, Modal, Reply};
use crate::discord::which_match::{opponent_name, pick_match};
use crate::discord::{App, Who};
use crate::error::ServiceError;
use crate::ids::MatchId;
use crate::model::PlayerView;
use crate::service::{MatchStatus, MoveAnswer};

/// `/admiral move` and the move modal: plays typed or autocompleted notation on the position
/// after `ply` plies (the current one when `None`). The mover whose DMs are closed gets the
/// board here too.
pub async fn play(app: &App, who: &Who, id: MatchId, notation: &str, ply: Option<u32>) -> Handled {
    let l = who.lang;
    let MoveAnswer { result, view } = app.service.play_move(&who.key, who.user, id, ply, notation).await?;
    let mut r = Reply::private(tr!(l, "played", id = id.0, action = notation.trim()));
    if result.awaiting_defence {
        r.push_line(&tr!(l, "played-awaiting-defence"));
    } else if let Some(o) = result.outcome {
        r.push_line(&outcome_headline(&o, Some(view.viewer()), l));
    }
    if app.service.dm_closed(who.user).await.unwrap_or(false) {
        r.push_line(&view.describe(l));
        r.pictures = view.pictures(l, &opponent_name(app, who, id).await, None);
    }
    Ok(r)
}

/// A component made for the position after `made_for` plies, now that `current` are played.
fn check_ply(made_for: u32, current: u32) -> Result<(), Refusal> {
    if made_for != current {
        return Err(ServiceError::Stale { made_for, current }.into());
    }
    Ok(())
}

/// The "make a move" button: the move modal, if the match goes on, the button is for the
/// current position and it is the user's turn.
pub async fn open_move_modal(app: &App, who: &Who, id: MatchId, ply: u32) -> Answered {
    let view = app.service.view(who.user, id).await?;
    if !view.ongoing() {
        return Err(ServiceError::MatchOver.into());
    }
    check_ply(ply, view.ply())?;
    if app.service.legal_notations(who.user, id).await.map(|a| a.is_empty()).unwrap_or(true) {
        return Err(ServiceError::NotYourTurn.into());
    }
    Ok(Answer::Modal(move_modal(id, ply, who.lang)))
}

/// The move modal (typed notation, explained in the placeholder).
pub fn move_modal(id: MatchId, ply: u32, l: Language) -> Modal {
    Modal {
        id: Cid::ActModal(id, ply).encode(),
        title: tr!(l, "modal-move-title", id = id.0),
        inputs: vec![Input {
            id: "action".into(),
            label: tr!(l, "modal-move-label"),
            placeholder: tr!(l, "modal-move-placeholder"),
            max: 40,
        }],
    }
}

/// The defence menu (Admiral): declares the chosen group for the attack at `ply`.
pub async fn defend(app: &App, who: &Who, id: MatchId, ply: u32, choice: Option<&str>) -> Answered {
    let index = choice.and_then(|v| v.parse::<usize>().ok()).ok_or(Reason::Malformed)?;
    let view = app.service.view(who.user, id).await?.into_admiral()?;
    check_ply(ply, view.ply)?;
    app.service.declare_defence(&who.key, who.user, id, index).await?;
    Ok(Answer::Update(Reply::text(tr!(who.lang, "defence-declared", id = id.0))))
}

/// Autocomplete of `/admiral move`'s action: the user's legal moves in the match's ruleset.
pub async fn action_choices(app: &App, who: &Who, given_match: Option<&str>, typed: &str) -> Vec<Choice> {
    let l = who.lang;
    let no_match = || vec![(tr!(l, "ac-no-match"), "-".into())];
    let Ok(id) = pick_match(app, who, given_match).await else {
        return no_match();
    };
    if app.service.ruleset(id).await.ok() == Some(Ruleset::Stratego) {
        let over = matches!(app.service.status(id).await, Ok((MatchStatus::Finished, _, _)));
        let legal = app.service.legal_notations(who.user, id).await.unwrap_or_default();
        return autocomplete::stratego_choices(&legal, typed, over, l);
    }
    let Ok(view) = app.service.view(who.user, id).await.and_then(PlayerView::into_admiral) else {
        return no_match();
    };
    let legal = app.service.legal_actions(who.user, id).await.unwrap_or_default();
    autocomplete::action_choices(&view, &legal, typed, l)
}

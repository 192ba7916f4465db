//! `/admiral resign` and the Resign buttons: ask for confirmation, then resign.

use crate::discord::cid::Cid;
use crate::discord::i18n::tr;
use crate::discord::refusal::{Answered, Handled};
use crate::discord::ui::{Answer, Comp, Reply, Style};
use crate::discord::{App, Who};
use crate::ids::MatchId;

/// `/admiral resign` and the Resign button: asks for confirmation first. Works in setup as in
/// play, in either ruleset (a resignation during setup ends the match at once, unrated).
pub async fn resign_ask(app: &App, who: &Who, id: MatchId) -> Handled {
    let l = who.lang;
    app.service.open_seat(who.user, id).await?;
    let mut r = Reply::private(tr!(l, "resign-confirm", id = id.0));
    r.rows = vec![vec![
        Comp::button(Cid::ResignConfirm(id).encode(), tr!(l, "btn-resign-yes"), Style::Danger),
        Comp::button(Cid::ResignCancel(id).encode(), tr!(l, "btn-resign-no"), Style::Secondary),
    ]];
    Ok(r)
}

/// The confirmed resignation.
pub async fn resign(app: &App, who: &Who, id: MatchId) -> Handled {
    app.service.resign(&who.key, who.user, id).await?;
    Ok(Reply::private(tr!(who.lang, "resigned", id = id.0)))
}

/// The confirmation button: the question is replaced by the answer.
pub async fn confirmed(app: &App, who: &Who, id: MatchId) -> Answered {
    Ok(Answer::Update(Reply { ephemeral: true, ..resign(app, who, id).await? }))
}

/// The cancel button.
pub fn cancelled(who: &Who) -> Answer {
    Answer::Update(Reply::private(tr!(who.lang, "resign-cancelled")))
}

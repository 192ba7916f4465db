//! `/admiral matches`: the user's matches in setup or play.

use crate::discord::i18n::tr;
use crate::discord::refusal::Handled;
use crate::discord::texts::{match_state, opponent_text, side_name};
use crate::discord::ui::Reply;
use crate::discord::{App, Who};

/// `/admiral matches`.
pub async fn matches(app: &App, who: &Who) -> Handled {
    let l = who.lang;
    let list = app.service.my_matches(who.user).await?;
    if list.is_empty() {
        return Ok(Reply::private(tr!(l, "matches-none")));
    }
    let mut lines = vec![tr!(l, "matches-head")];
    for m in &list {
        lines.push(format!(
            "• **#{}** · {} · {} · {} · {}",
            m.id.0,
            tr!(l, "vs", name = opponent_text(&m.opponent, l)),
            side_name(m.side, l),
            tr!(l, "plies", n = m.ply),
            match_state(m, l)
        ));
    }
    Ok(Reply::private(lines.join("\n")))
}

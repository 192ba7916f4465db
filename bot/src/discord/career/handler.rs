//! `/admiral profile` with its award menu, and `/admiral leaderboard` with its page buttons.

use super::view::{award_detail as award_text, how_it_works, leaderboard_reply, profile_reply, HOW_IT_WORKS};
use crate::discord::refusal::{Answered, Handled, Reason};
use crate::discord::ui::{Answer, Reply};
use crate::discord::{App, Who};
use crate::ids::UserId;

/// `/admiral profile`: the card and the award menu.
pub async fn profile(app: &App, who: &Who, user: UserId, name: &str) -> Handled {
    let p = app.service.profile(user).await;
    let progress = app.service.award_progress(user).await;
    Ok(profile_reply(user, name, &p?, &progress?, who.lang))
}

/// The award menu under a profile card: the chosen award's condition and progress (or how
/// points work), only for the user who asked.
pub async fn award_detail(app: &App, who: &Who, user: UserId, choice: Option<&str>) -> Handled {
    let l = who.lang;
    let choice = choice.ok_or(Reason::Malformed)?;
    if choice == HOW_IT_WORKS {
        return Ok(how_it_works(app.service.profile(who.user).await?.points, l));
    }
    let list = app.service.award_progress(user).await?;
    let p = list.iter().find(|p| p.award.key == choice).ok_or(Reason::Malformed)?;
    Ok(Reply::private(award_text(p, l)))
}

/// `/admiral leaderboard` (and its page buttons): this server's players by points, a page at
/// a time, with the caller's place.
pub async fn leaderboard_page(app: &App, who: &Who, page: u32) -> Handled {
    let board = app.service.leaderboard(who.origin.guild, page, who.user).await?;
    Ok(leaderboard_reply(&board, who.user, who.lang))
}

/// `/admiral leaderboard`: the first page.
pub async fn leaderboard(app: &App, who: &Who) -> Handled {
    leaderboard_page(app, who, 0).await
}

/// A page button: the one who asked pages the public message; anyone else gets their own copy.
pub async fn leaders_button(app: &App, who: &Who, owner: UserId, page: u32) -> Answered {
    let r = leaderboard_page(app, who, page).await?;
    Ok(if owner == who.user { Answer::Update(r) } else { Answer::Reply(Reply { ephemeral: true, ..r }) })
}

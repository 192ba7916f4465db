//! `/admiral setup …` and the setup buttons: change the layout, declare ready, download it,
//! pick a saved one.

use admiral_engine::{Layout, Side, Square};

use super::view::{setup_pic, setup_rows};
use crate::discord::cid::Cid;
use crate::discord::i18n::tr;
use crate::discord::refusal::{Answered, Handled, Reason, Refusal};
use crate::discord::ui::{Answer, Comp, Opt, Reply};
use crate::discord::{App, Who};
use crate::error::ServiceError;
use crate::ids::MatchId;
use crate::service::MatchStatus;

/// What a setup sub-command does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupOp {
    /// Generate a new layout.
    Auto,
    /// Replace with an uploaded file's text.
    Upload(String),
    /// Use a saved layout.
    Saved(String),
    /// Swap two squares.
    Swap(String, String),
    /// Fill the rest automatically.
    Complete,
    /// Declare ready.
    Ready,
}

async fn side_in(app: &App, who: &Who, id: MatchId) -> Result<Side, ServiceError> {
    let list = app.service.my_matches(who.user).await?;
    list.iter().find(|m| m.id == id).map(|m| m.side).ok_or_else(|| {
        // Either not a player or the match is finished.
        ServiceError::NotYourMatch
    })
}

/// The setup preview of `grid` as an ephemeral reply with the setup buttons.
pub async fn setup_reply(app: &App, who: &Who, id: MatchId, grid: &str, head: String) -> Reply {
    let l = who.lang;
    let side = side_in(app, who, id).await.unwrap_or(Side::South);
    let mut r = Reply::private(head);
    r.pictures.push(setup_pic(grid, side, l));
    r.rows = setup_rows(id, l);
    r
}

/// `/admiral setup …` and the setup buttons.
pub async fn setup(app: &App, who: &Who, id: MatchId, op: SetupOp) -> Handled {
    let l = who.lang;
    let grid = match &op {
        SetupOp::Auto => app.service.auto_layout(who.user, id).await?,
        SetupOp::Upload(text) => app.service.upload_layout(who.user, id, text).await?,
        SetupOp::Saved(name) => app.service.use_saved_layout(who.user, id, name).await?,
        SetupOp::Complete => app.service.complete_layout(who.user, id).await?,
        SetupOp::Swap(a, b) => match (Square::parse(a.trim()), Square::parse(b.trim())) {
            (Some(a), Some(b)) => app.service.swap_squares(who.user, id, a, b).await?,
            _ => return Err(Reason::BadSquares(a.trim().to_string(), b.trim().to_string()).into()),
        },
        SetupOp::Ready => {
            let key = match app.service.ready(who.user, id).await? {
                MatchStatus::Setup => "ready-waiting",
                _ => "ready-started",
            };
            return Ok(Reply::private(tr!(l, key, id = id.0)));
        }
    };
    let head = match Layout::parse_partial(&grid) {
        Ok(layout) if !layout.is_complete() => {
            let missing: Vec<String> =
                layout.missing().iter().map(|(k, n)| format!("{}×{n}", k.code(l))).collect();
            tr!(l, "setup-updated-partial", id = id.0, missing = missing.join(", "))
        }
        _ => tr!(l, "setup-updated", id = id.0),
    };
    Ok(setup_reply(app, who, id, &grid, head).await)
}

/// The Auto and Ready buttons: the setup message updates itself (after Ready it keeps the
/// preview and loses its buttons).
pub async fn setup_update(app: &App, who: &Who, id: MatchId, op: SetupOp) -> Answered {
    let ready = op == SetupOp::Ready;
    let mut r = Reply { ephemeral: false, ..setup(app, who, id, op).await? };
    if ready {
        // Keep the preview on the message (an edit without files drops them), no buttons.
        if let Ok(text) = app.service.layout_file(who.user, id).await {
            let side = side_in(app, who, id).await.unwrap_or(Side::South);
            r.pictures = vec![setup_pic(&text, side, who.lang)];
        }
        r.rows.clear();
    }
    Ok(Answer::Update(r))
}

/// The Upload button: how to upload a layout file.
pub async fn upload_how(app: &App, who: &Who, id: MatchId) -> Handled {
    app.service.layout_file(who.user, id).await?;
    Ok(Reply::private(tr!(who.lang, "upload-how", id = id.0)))
}

/// The "use saved" button: a select menu of the saved layouts.
pub async fn saved_menu(app: &App, who: &Who, id: MatchId) -> Handled {
    let l = who.lang;
    app.service.layout_file(who.user, id).await?;
    let names = app.service.saved_layouts(who.user).await.unwrap_or_default();
    if names.is_empty() {
        return Ok(Reply::private(tr!(l, "layouts-none")));
    }
    let mut r = Reply::private(tr!(l, "layouts-pick"));
    r.rows = vec![vec![Comp::Select {
        id: Cid::UseSaved(id).encode(),
        placeholder: tr!(l, "layouts-pick"),
        options: names
            .into_iter()
            .take(25)
            .map(|n| Opt { label: n.clone(), value: n, description: None })
            .collect(),
    }]];
    Ok(r)
}

/// The select menu of saved layouts: uses the chosen one.
pub async fn use_saved(app: &App, who: &Who, id: MatchId, choice: Option<&str>) -> Handled {
    let name = choice.ok_or(Refusal::Adapter(Reason::Malformed))?;
    setup(app, who, id, SetupOp::Saved(name.to_string())).await
}

/// The Download button: the layout file.
pub async fn download(app: &App, who: &Who, id: MatchId) -> Handled {
    let text = app.service.layout_file(who.user, id).await?;
    let mut r = Reply::private(tr!(who.lang, "download-here", id = id.0));
    r.files.push((format!("layout-{}.txt", id.0), text.into_bytes()));
    Ok(r)
}

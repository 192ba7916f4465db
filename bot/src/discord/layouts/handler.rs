//! `/admiral layouts …` and "save as…": the user's saved layouts.

use admiral_engine::{Layout, Side};

use crate::discord::autocomplete::Choice;
use crate::discord::cid::Cid;
use crate::discord::i18n::tr;
use crate::discord::refusal::{Answered, Handled, Reason};
use crate::discord::setup::view::setup_pic;
use crate::discord::ui::{Answer, Input, Modal, Reply};
use crate::discord::which_match::pick_match;
use crate::discord::{App, Who};
use crate::error::ServiceError;
use crate::ids::MatchId;

/// `/admiral layouts list`.
pub async fn layouts_list(app: &App, who: &Who) -> Handled {
    let l = who.lang;
    let names = app.service.saved_layouts(who.user).await?;
    if names.is_empty() {
        return Ok(Reply::private(tr!(l, "layouts-none")));
    }
    Ok(Reply::private(format!(
        "{}\n{}",
        tr!(l, "layouts-head"),
        names.iter().map(|n| format!("• `{n}`")).collect::<Vec<_>>().join("\n")
    )))
}

/// `/admiral layouts show`: the preview and the file.
pub async fn layouts_show(app: &App, who: &Who, name: &str) -> Handled {
    let l = who.lang;
    let grid = app.service.saved_layout_grid(who.user, name).await.ok().flatten();
    let grid = grid.ok_or_else(|| ServiceError::NoSuchLayout(name.to_string()))?;
    let mut r = Reply::private(tr!(l, "layout-shown", name = name));
    if let Ok(layout) = Layout::parse_partial(&grid) {
        r.files.push((format!("{}.txt", file_safe(name)), layout.to_text(l).into_bytes()));
    }
    r.pictures.push(setup_pic(&grid, Side::South, l));
    Ok(r)
}

fn file_safe(name: &str) -> String {
    let s: String = name
        .chars()
        .map(|c| if c.is_alphanumeric() || c == '-' || c == '_' { c } else { '_' })
        .take(40)
        .collect();
    if s.is_empty() {
        "layout".into()
    } else {
        s
    }
}

/// `/admiral layouts save` (from a file, or the current layout of a match) and "save as…".
pub async fn save_layout(
    app: &App,
    who: &Who,
    name: &str,
    file: Option<&str>,
    from_match: Option<MatchId>,
) -> Handled {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > 40 {
        return Err(Reason::LayoutName.into());
    }
    let text = match (file, from_match) {
        (Some(t), _) => t.to_string(),
        (None, Some(m)) => app.service.layout_file(who.user, m).await?,
        (None, None) => {
            let m = pick_match(app, who, None).await.map_err(|_| Reason::SaveWhat)?;
            app.service.layout_file(who.user, m).await?
        }
    };
    app.service.save_layout(who.user, name, &text).await?;
    Ok(Reply::private(tr!(who.lang, "layout-saved", name = name)))
}

/// The Save button of a setup: the "save as…" modal.
pub async fn save_modal(app: &App, who: &Who, id: MatchId) -> Answered {
    let l = who.lang;
    app.service.layout_file(who.user, id).await?;
    Ok(Answer::Modal(Modal {
        id: Cid::SaveModal(id).encode(),
        title: tr!(l, "modal-save-title"),
        inputs: vec![Input {
            id: "name".into(),
            label: tr!(l, "modal-save-label"),
            placeholder: tr!(l, "modal-save-placeholder"),
            max: 40,
        }],
    }))
}

/// `/admiral layouts delete`.
pub async fn layouts_delete(app: &App, who: &Who, name: &str) -> Handled {
    app.service.delete_layout(who.user, name).await?;
    Ok(Reply::private(tr!(who.lang, "layout-deleted", name = name)))
}

/// Autocomplete of saved layout names.
pub async fn layout_choices(app: &App, who: &Who, typed: &str) -> Vec<Choice> {
    let q = typed.trim().to_lowercase();
    app.service
        .saved_layouts(who.user)
        .await
        .unwrap_or_default()
        .into_iter()
        .filter(|n| n.to_lowercase().contains(&q))
        .take(25)
        .map(|n| (n.clone(), n))
        .collect()
}

//! What setup shows: the preview of a layout and the setup buttons.

use admiral_engine::{Language, Side};
use admiral_render::SetupLabels;

use crate::discord::cid::Cid;
use crate::discord::i18n::tr;
use crate::discord::texts::side_name;
use crate::discord::ui::{Comp, Pic, Style};
use crate::ids::MatchId;

/// The setup preview.
pub fn setup_pic(grid: &str, side: Side, l: Language) -> Pic {
    Pic::Setup {
        grid: grid.to_string(),
        side,
        labels: SetupLabels {
            language: l,
            title: tr!(l, "setup-title", side = side_name(side, l)),
            subtitle: tr!(l, "setup-subtitle"),
        },
    }
}

/// The setup buttons.
pub fn setup_rows(m: MatchId, l: Language) -> Vec<Vec<Comp>> {
    vec![
        vec![
            Comp::button(Cid::Auto(m).encode(), tr!(l, "btn-auto"), Style::Secondary),
            Comp::button(Cid::Saved(m).encode(), tr!(l, "btn-use-saved"), Style::Secondary),
            Comp::button(Cid::Upload(m).encode(), tr!(l, "btn-upload"), Style::Secondary),
        ],
        vec![
            Comp::button(Cid::Download(m).encode(), tr!(l, "btn-download"), Style::Secondary),
            Comp::button(Cid::Save(m).encode(), tr!(l, "btn-save"), Style::Secondary),
            Comp::button(Cid::Ready(m).encode(), tr!(l, "btn-ready"), Style::Success),
            Comp::button(Cid::Resign(m).encode(), tr!(l, "btn-resign"), Style::Danger),
        ],
    ]
}

//! `/admiral rules`: the unit atlas and a short summary of both games (or one unit).

use admiral_engine::{Language, UnitKind};
use admiral_render::{AtlasEntry, AtlasLabels};

use crate::discord::i18n::{tr, UnitName};
use crate::discord::refusal::{Handled, Reason};
use crate::discord::texts::unit as unit_name;
use crate::discord::ui::{Pic, Reply};
use crate::discord::Who;

/// `/admiral rules`: the unit atlas and a short summary (optionally about one unit).
pub fn rules(who: &Who, unit: Option<&str>) -> Handled {
    let l = who.lang;
    if let Some(u) = unit.filter(|u| !u.trim().is_empty()) {
        return match UnitKind::from_code(u)
            .or_else(|| UnitKind::ALL.into_iter().find(|k| k.name(l).eq_ignore_ascii_case(u.trim())))
        {
            Some(k) => {
                Ok(Reply::private(format!("**{} ({})** — {}", unit_name(k, l), k.code(l), unit_line(k, l))))
            }
            None => Err(Reason::UnknownUnit(u.trim().to_string()).into()),
        };
    }
    let mut r = Reply::private(format!(
        "{}\n\n{}\n\n{}\n\n{}",
        tr!(l, "rules-summary"),
        tr!(l, "stratego-rules-summary"),
        tr!(l, "board-legend"),
        tr!(l, "career-help")
    ));
    let entries =
        UnitKind::ALL.into_iter().map(|k| AtlasEntry { kind: k, lines: vec![unit_line(k, l)] }).collect();
    r.pictures.push(Pic::Atlas(Box::new(AtlasLabels {
        language: l,
        title: tr!(l, "atlas-title"),
        entries,
        footer: tr!(l, "atlas-footer"),
    })));
    Ok(r)
}

/// One line about a unit kind.
pub fn unit_line(k: UnitKind, l: Language) -> String {
    let what = match k {
        UnitKind::Carrier => tr!(l, "unit-cv"),
        UnitKind::Aircraft => tr!(l, "unit-ac"),
        UnitKind::Torpedo => tr!(l, "unit-tp"),
        UnitKind::Mine => tr!(l, "unit-mn"),
        UnitKind::StationaryMine => tr!(l, "unit-sm"),
        UnitKind::Fireship => tr!(l, "unit-fs"),
        UnitKind::AtomicBomb => tr!(l, "unit-ab"),
        UnitKind::NavalBase => tr!(l, "unit-nb"),
        _ => tr!(l, "unit-scale", strength = k.strength().unwrap_or(0), unit = UnitName::Admiral(k)),
    };
    format!("×{} · {what}", k.fleet_count())
}

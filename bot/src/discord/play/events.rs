//! What happened and what can be done, in words, from the viewer's seat: the last turn of
//! either ruleset, and the labels of legal Admiral actions (autocomplete, defence menu).
//!
//! Hidden information: every text is built from a [`View`] (own units, enemy markers,
//! remembered identities only when the match has intel) and from events the view already
//! passed through `Event::seen_by`. An enemy marker is "enemy ship" unless intel names it.

use admiral_engine::{Action, Cell, Event, Language, Square, UnitKind, View, Weapon};

use crate::discord::i18n::{tr, Owner, UnitName};
use crate::discord::texts::{outcome_headline, reason_text};

/// What the viewer may say about the enemy unit on `sq`: its remembered identity if the
/// view has intel, else "enemy ship".
pub fn enemy_at(view: &View, sq: Square, l: Language) -> String {
    match view.cell(sq) {
        Cell::Enemy { intel: Some(k) } if view.intel => tr!(l, "enemy-known", unit = UnitName::Admiral(k)),
        _ => tr!(l, "enemy-unknown"),
    }
}

/// A group of units as codes and its strength on the scale (`CR+CR (18)`).
pub fn group_text(kinds: &[UnitKind], l: Language) -> String {
    let codes: Vec<&str> = kinds.iter().map(|k| k.code(l)).collect();
    match admiral_engine::group_strength(kinds) {
        Some(s) => format!("{} ({s})", codes.join("+")),
        None => codes.join("+"),
    }
}

/// What happened in the last turn, as the viewer saw it (one line per event).
pub fn describe_turn(view: &View, l: Language) -> String {
    let v = view.viewer;
    let mut lines = Vec::new();
    for e in &view.last_turn {
        let line = match *e {
            Event::Moved { side, kind, from, to } => {
                let who = match kind {
                    Some(k) if side == v => tr!(l, "own-unit", unit = UnitName::Admiral(k)),
                    _ if side == v => tr!(l, "own-unit", unit = UnitName::Unknown),
                    _ => enemy_at(view, to, l),
                };
                tr!(l, "ev-moved", who = who, from = from, to = to)
            }
            Event::Struck { side, weapon, attacker, target } => {
                let how = match weapon {
                    Weapon::Contact => tr!(l, "weapon-contact"),
                    Weapon::Aircraft => tr!(l, "weapon-aircraft"),
                    Weapon::Torpedo => tr!(l, "weapon-torpedo"),
                };
                tr!(
                    l,
                    "ev-struck",
                    owner = Owner::of(side, v),
                    attacker = UnitName::Admiral(attacker.kind),
                    from = attacker.square,
                    target = UnitName::Admiral(target.kind),
                    at = target.square,
                    how = how
                )
            }
            Event::Battle { side, attackers, defenders, attack_strength, defense_strength, winner } => {
                let a: Vec<UnitKind> = attackers.members().map(|m| m.kind).collect();
                let d: Vec<UnitKind> = defenders.members().map(|m| m.kind).collect();
                let res = match winner {
                    None => tr!(l, "battle-tie"),
                    Some(w) if w == v => tr!(l, "battle-you-won"),
                    Some(_) => tr!(l, "battle-you-lost"),
                };
                tr!(
                    l,
                    "ev-battle",
                    owner = Owner::of(side, v),
                    attackers = group_text(&a, l),
                    defenders = group_text(&d, l),
                    a = attack_strength,
                    d = defense_strength,
                    result = res
                )
            }
            Event::Detonated { side, at } => tr!(
                l,
                "ev-detonated",
                owner = Owner::of(side, v),
                unit = UnitName::Admiral(UnitKind::AtomicBomb),
                at = at
            ),
            Event::Destroyed { side, kind, square } => {
                if side == v {
                    tr!(l, "ev-lost", unit = UnitName::Admiral(kind), at = square)
                } else {
                    tr!(l, "ev-sunk", unit = UnitName::Admiral(kind), at = square)
                }
            }
            Event::Ended { outcome } => {
                format!("{} ({})", outcome_headline(&outcome, Some(v), l), reason_text(outcome.reason, l))
            }
        };
        lines.push(format!("• {line}"));
    }
    lines.join("\n")
}

/// What the last Stratego move did, in words (moves are public; attacks reveal both pieces).
pub fn describe_stratego_turn(view: &admiral_engine::stratego::View, l: Language) -> String {
    use admiral_engine::stratego::Event as E;
    let mut lines = Vec::new();
    for e in &view.last_turn {
        match *e {
            E::Moved { from, to, side, .. } => lines.push(tr!(
                l,
                "stratego-moved-line",
                owner = Owner::of(side, view.viewer),
                from = from.to_string(),
                to = to.to_string()
            )),
            E::Attacked { side, attacker, defender, winner } => {
                let result = match winner {
                    None => tr!(l, "stratego-both-removed"),
                    Some(w) if w == side => tr!(l, "stratego-attacker-wins"),
                    Some(_) => tr!(l, "stratego-defender-wins"),
                };
                lines.push(tr!(
                    l,
                    "stratego-attack-line",
                    owner = Owner::of(side, view.viewer),
                    attacker = UnitName::Stratego(attacker.rank),
                    from = attacker.square.to_string(),
                    defender = UnitName::Stratego(defender.rank),
                    to = defender.square.to_string(),
                    result = result
                ));
            }
            _ => {}
        }
    }
    lines.join("\n")
}

/// A one-line label of a legal action for the mover (used by autocomplete and the defence
/// menu): from their own units and the view's markers only.
pub fn action_label(a: &Action, view: &View, l: Language) -> String {
    let own = |sq: Square| match view.cell(sq) {
        Cell::Own { kind } => Some(kind),
        _ => None,
    };
    let k = own(a.from());
    let body = match *a {
        Action::Move { .. } => tr!(l, "act-move", unit = k.map_or(UnitName::Unknown, UnitName::Admiral)),
        Action::Detonate { .. } => tr!(l, "act-detonate"),
        Action::Attack { target, via, partners, .. } => {
            let target_text = enemy_at(view, target, l);
            if !partners.is_empty() {
                let mut kinds: Vec<UnitKind> = k.into_iter().collect();
                kinds.extend(partners.iter().filter_map(own));
                let same = kinds.windows(2).all(|w| w[0] == w[1]);
                // A formation of one kind: "2 cruisers (18)" in English, codes in Russian.
                let group = match (same, kinds.first(), admiral_engine::group_strength(&kinds)) {
                    (true, Some(&kind), Some(s)) if l == Language::En => {
                        let units = tr!(l, "unit-count", count = kinds.len(), unit = UnitName::Admiral(kind));
                        format!("{units} ({s})")
                    }
                    _ => group_text(&kinds, l),
                };
                tr!(l, "act-formation", group = group, target = target_text)
            } else {
                let key_weapon = match k {
                    Some(UnitKind::Aircraft) => tr!(l, "act-air", target = target_text),
                    Some(UnitKind::Torpedo) => tr!(l, "act-torpedo", target = target_text),
                    _ => tr!(
                        l,
                        "act-attack",
                        unit = k.map_or(UnitName::Unknown, UnitName::Admiral),
                        target = target_text
                    ),
                };
                match via {
                    Some(v) => tr!(l, "act-move-attack", step = v, rest = key_weapon),
                    None => key_weapon,
                }
            }
        }
    };
    format!("{a} · {body}")
}

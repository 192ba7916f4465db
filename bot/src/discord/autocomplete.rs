//! Autocomplete lists: legal actions with readable labels, and the player's matches.
//! Computed from the service's cached game (no rendering, no network): well under 100 ms.

use admiral_engine::{Action, Language, Side, View};

use super::i18n::tr;
use super::play::events::action_label;
use super::texts::{match_state, opponent_plain};
use crate::service::MatchSummary;

/// Discord's limit on choices.
pub const MAX_CHOICES: usize = 25;

/// One choice: (label shown, value sent).
pub type Choice = (String, String);

/// Normalises typed notation for prefix matching: lower case, no spaces, Cyrillic look-alike
/// columns and the other attack/move signs mapped to the canonical ones.
pub fn normalise(typed: &str) -> String {
    typed
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| match c {
            'х' | 'Х' | 'X' | '×' | ':' => 'x',
            '–' | '—' => '-',
            // Column letters, Cyrillic look-alikes included, as the engine reads them.
            c => admiral_engine::square::column_letter(c)
                .map_or(c.to_ascii_lowercase(), |col| (b'a' + col) as char),
        })
        .collect()
}

fn forwardness(a: &Action, side: Side) -> i32 {
    let (from, to) = (a.from(), a.origin_of_attack());
    let d = to.row() as i32 - from.row() as i32;
    match side {
        Side::South => d,
        Side::North => -d,
    }
}

/// Sort key: attacks first (stronger groups first), then moves (forward first), then the
/// bomb; ties by notation.
fn rank(a: &Action, view: &View) -> (u8, i32, String) {
    let strength = |a: &Action| -> i32 {
        let own = |sq| match view.cell(sq) {
            admiral_engine::Cell::Own { kind } => Some(kind),
            _ => None,
        };
        let mut kinds: Vec<_> = own(a.from()).into_iter().collect();
        kinds.extend(a.partners().iter().filter_map(own));
        admiral_engine::group_strength(&kinds).map(i32::from).unwrap_or(0)
    };
    match a {
        Action::Attack { .. } => (0, -strength(a), a.to_string()),
        Action::Move { .. } => (1, -forwardness(a, view.viewer), a.to_string()),
        Action::Detonate { .. } => (2, 0, a.to_string()),
    }
}

/// Stratego moves matching what the player typed (prefix of the notation, either separator),
/// attacks first, at most 25. Built from the player's own legal moves only.
pub fn stratego_choices(legal: &[String], typed: &str, over: bool, l: Language) -> Vec<Choice> {
    if legal.is_empty() {
        let hint = if over { tr!(l, "ac-over") } else { tr!(l, "ac-not-your-turn") };
        return vec![(hint, "-".into())];
    }
    let q: String = typed.trim().to_lowercase().chars().filter(|c| !c.is_whitespace()).collect();
    let same = |a: &str| a.replace('x', "-");
    let mut hits: Vec<&String> = legal
        .iter()
        .filter(|a| q.is_empty() || a.starts_with(&q) || same(a).starts_with(&same(&q)))
        .collect();
    hits.sort_by_key(|a| (!a.contains('x'), a.len(), (*a).clone()));
    hits.into_iter().take(25).map(|a| (a.clone(), a.clone())).collect()
}

/// The legal actions matching what the player typed, most useful first, at most 25.
/// Nothing here depends on more than the player's own view and their legal actions.
pub fn action_choices(view: &View, legal: &[Action], typed: &str, l: Language) -> Vec<Choice> {
    let q = normalise(typed);
    let raw = typed.trim().to_lowercase();
    if legal.is_empty() {
        let hint = if view.status != admiral_engine::Status::Ongoing {
            tr!(l, "ac-over")
        } else {
            tr!(l, "ac-not-your-turn")
        };
        return vec![(hint, if q.is_empty() { "-".into() } else { q })];
    }
    let mut items: Vec<(&Action, String, String)> = legal
        .iter()
        .map(|a| (a, a.to_string(), action_label(a, view, l)))
        .filter(|(_, n, label)| {
            // Notation by prefix; words ("cruiser", "торпеда") anywhere in the description.
            let body = label.split_once(" · ").map(|x| x.1).unwrap_or("").to_lowercase();
            q.is_empty() || n.starts_with(&q) || (raw.chars().count() >= 3 && body.contains(&raw))
        })
        .collect();
    items.sort_by_cached_key(|(a, _, _)| rank(a, view));
    let mut out: Vec<Choice> = items.into_iter().take(MAX_CHOICES).map(|(_, n, label)| (label, n)).collect();
    if out.is_empty() && !q.is_empty() {
        // Let the player submit what they typed and read why it is refused.
        out.push((tr!(l, "ac-typed", text = &q), q));
    }
    out
}

/// The player's matches, those waiting on them first.
pub fn match_choices(
    mut list: Vec<MatchSummary>,
    name_of: &dyn Fn(&MatchSummary) -> Option<String>,
    typed: &str,
    l: Language,
) -> Vec<Choice> {
    list.sort_by_key(|m| (!m.waiting_on_me, m.id));
    let q = typed.trim().trim_start_matches('#');
    list.into_iter()
        .filter(|m| q.is_empty() || m.id.0.to_string().starts_with(q))
        .take(MAX_CHOICES)
        .map(|m| {
            let opp = opponent_plain(&m.opponent, l, name_of(&m).as_deref());
            let state = match_state(&m, l);
            (format!("#{} · {} · {}", m.id.0, tr!(l, "vs", name = opp), state), m.id.0.to_string())
        })
        .collect()
}

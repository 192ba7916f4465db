//! The board of either ruleset as the player sees it: the status line, the pictures (board,
//! battle card), the buttons under it, and the "your turn" / "the opponent moved" messages.
//! [`PlayerView`] is the one board both rulesets share; it dispatches only where their
//! pictures and texts really differ.

use admiral_engine::{Cell, Event, Language, Side, Square, UnitKind, View};
use admiral_render::{BattleCard, BattleSide, BoardLabels, PlayerLabel};

use super::events::{describe_stratego_turn, describe_turn, group_text};
use crate::discord::cid::Cid;
use crate::discord::i18n::tr;
use crate::discord::texts::{outcome_headline, when};
use crate::discord::ui::{Comp, Opt, Pic, Reply, Style};
use crate::ids::MatchId;
use crate::service::PlayerView;

/// The Discord side of a board of either ruleset: it dispatches only where the rulesets'
/// texts and pictures really differ.
impl PlayerView {
    /// The line on top of the board: whose move it is, or the result.
    pub fn status(&self, l: Language) -> String {
        let turn = self.ply() / 2 + 1;
        match self.outcome() {
            Some(o) => outcome_headline(&o, Some(self.viewer()), l),
            None if self.my_turn() => tr!(l, "status-your-move", turn = turn),
            None => tr!(l, "status-their-move", turn = turn),
        }
    }

    /// What happened in the last turn (one line per event; empty before the first move).
    pub fn describe(&self, l: Language) -> String {
        match self {
            PlayerView::Admiral(v) => describe_turn(v, l),
            PlayerView::Stratego(v) => describe_stratego_turn(v, l),
        }
    }

    /// How to move, under a board that waits for the viewer.
    pub fn turn_hint(&self, l: Language) -> String {
        match self {
            PlayerView::Admiral(_) => tr!(l, "your-turn-hint"),
            PlayerView::Stratego(_) => tr!(l, "stratego-turn-hint"),
        }
    }

    /// The board picture (with the viewer's time left, when given) and, in Admiral, the battle
    /// card of the last turn.
    pub fn pictures(&self, l: Language, opponent: &str, clock: Option<String>) -> Vec<Pic> {
        let labels = board_labels(l, opponent, self.status(l), clock);
        let mut pics = vec![Pic::Board { view: Box::new(self.clone()), labels }];
        pics.extend(self.admiral().and_then(|v| battle_pic(v, l)));
        pics
    }

    /// The first line of a message about a move: the start, one's own move or the opponent's.
    fn moved_head(&self, m: MatchId, l: Language) -> String {
        if self.ply() == 0 {
            tr!(l, "moved-start", id = m.0)
        } else if self.last_mover() == Some(self.viewer()) {
            tr!(l, "moved-own", id = m.0)
        } else {
            tr!(l, "moved", id = m.0)
        }
    }
}

fn board_labels(l: Language, opponent: &str, status: String, clock: Option<String>) -> BoardLabels {
    BoardLabels {
        language: l,
        you: PlayerLabel { name: tr!(l, "you"), clock },
        opponent: PlayerLabel { name: opponent.to_string(), clock: None },
        status,
    }
}

/// The board picture of a view, without the clock.
pub fn board_pic(view: &PlayerView, l: Language, opponent: &str) -> Pic {
    Pic::Board { view: Box::new(view.clone()), labels: board_labels(l, opponent, view.status(l), None) }
}

/// How near the quiet-ply draw must be (plies left) before board messages mention it.
const DRAW_WARNING_PLIES: u16 = 40;

/// "Your turn" (with the move buttons) when the view says so, else "the opponent moved" (with
/// the board button): what happened, the deadline, and the board as the recipient sees it
/// with their time left.
pub fn board_notice(
    m: MatchId,
    board: &PlayerView,
    deadline: Option<i64>,
    now_ms: Option<i64>,
    opponent: &str,
    l: Language,
) -> Reply {
    let your_turn = board.my_turn();
    let text = if your_turn {
        tr!(l, "your-turn", id = m.0, turn = board.ply() / 2 + 1)
    } else {
        board.moved_head(m, l)
    };
    let mut r = Reply { text, ..Reply::default() };
    r.push_line(&board.describe(l));
    // The draw by the house rule comes without warning on the board: say so as it nears.
    if let Some(left) = board.plies_to_quiet_draw().filter(|&left| left <= DRAW_WARNING_PLIES) {
        r.push_line(&tr!(l, "draw-near", left = left));
    }
    if let Some(d) = deadline {
        r.push_line(&tr!(l, "move-deadline", when = when(d)));
    }
    if your_turn {
        r.push_line(&board.turn_hint(l));
        r.rows = turn_rows(m, board.ply(), l);
    } else {
        r.rows = board_row(m, l);
    }
    let clock = deadline.zip(now_ms).map(|(d, now)| time_left(d - now, l));
    r.pictures = board.pictures(l, opponent, clock);
    r
}

/// "your" or "enemy" on its own (a label on the battle card).
fn owner(side: Side, viewer: Side, l: Language) -> String {
    if side == viewer {
        tr!(l, "owner-your")
    } else {
        tr!(l, "owner-enemy")
    }
}

/// The battle card of the view's last turn, if it had an encounter.
pub fn battle_pic(view: &View, l: Language) -> Option<Pic> {
    let events: Vec<Event> = view.last_turn.clone();
    let (side, at) = events.iter().find_map(|e| match *e {
        Event::Struck { side, target, .. } => Some((side, target.square)),
        Event::Battle { side, defenders, .. } => defenders.members().next().map(|m| (side, m.square)),
        Event::Detonated { side, at } => Some((side, at)),
        _ => None,
    })?;
    if !events.iter().any(|e| matches!(e, Event::Struck { .. } | Event::Battle { .. })) {
        return None; // a detonation alone: the board shows the blast
    }
    let v = view.viewer;
    let label = |s: Side, role: &str| format!("{} · {}", role, owner(s, v, l));
    let mut card = BattleCard {
        language: l,
        title: tr!(l, "battle-title", at = at),
        attacker: BattleSide {
            side,
            label: label(side, &tr!(l, "attacker")),
            units: vec![],
            strength: None,
            won: false,
        },
        defender: BattleSide {
            side: side.opponent(),
            label: label(side.opponent(), &tr!(l, "defender")),
            units: vec![],
            strength: None,
            won: false,
        },
        result: String::new(),
        destroyed_label: tr!(l, "destroyed"),
        nothing_label: tr!(l, "nothing"),
        destroyed: vec![],
        strength_label: tr!(l, "strength"),
    };
    card.fill_from_events(&events);
    card.result = if card.attacker.won == card.defender.won {
        if card.destroyed.is_empty() {
            tr!(l, "battle-nothing")
        } else {
            tr!(l, "battle-tie")
        }
    } else if (card.attacker.won && side == v) || (card.defender.won && side != v) {
        tr!(l, "battle-you-won")
    } else {
        tr!(l, "battle-you-lost")
    };
    Some(Pic::Battle(Box::new(card)))
}

/// The "show my board" button alone.
pub fn board_row(m: MatchId, l: Language) -> Vec<Vec<Comp>> {
    vec![vec![Comp::button(Cid::Board(m).encode(), tr!(l, "btn-board"), Style::Secondary)]]
}

/// The buttons under a "your turn" message.
pub fn turn_rows(m: MatchId, ply: u32, l: Language) -> Vec<Vec<Comp>> {
    vec![vec![
        Comp::button(Cid::Act(m, ply).encode(), tr!(l, "btn-move"), Style::Primary),
        Comp::button(Cid::Board(m).encode(), tr!(l, "btn-board"), Style::Secondary),
        Comp::button(Cid::Resign(m).encode(), tr!(l, "btn-resign"), Style::Danger),
    ]]
}

/// The defence select menu: options are the defender's own groups (known to them).
pub fn defence_rows(
    m: MatchId,
    view: &View,
    target: Square,
    options: &[Vec<Square>],
    l: Language,
) -> Vec<Vec<Comp>> {
    let kind_at = |sq: Square| match view.cell(sq) {
        Cell::Own { kind } => Some(kind),
        _ => None,
    };
    let opts: Vec<Opt> = options
        .iter()
        .enumerate()
        .take(25)
        .map(|(i, partners)| {
            let mut kinds: Vec<UnitKind> = kind_at(target).into_iter().collect();
            kinds.extend(partners.iter().filter_map(|s| kind_at(*s)));
            let squares: Vec<String> =
                std::iter::once(target).chain(partners.iter().copied()).map(|s| s.to_string()).collect();
            Opt {
                label: format!("{} · {}", group_text(&kinds, l), squares.join(", ")),
                value: i.to_string(),
                description: (i == 0).then(|| tr!(l, "defence-default")),
            }
        })
        .collect();
    vec![vec![Comp::Select {
        id: Cid::Defend(m, view.ply).encode(),
        placeholder: tr!(l, "defence-placeholder"),
        options: opts,
    }]]
}

/// Time left as shown on a board strip: `2d 04h`, `3:07:09`, `12:30`.
pub fn time_left(ms: i64, l: Language) -> String {
    let s = (ms.max(0) + 999) / 1000;
    let (d, h, m, sec) = (s / 86_400, s / 3600 % 24, s / 60 % 60, s % 60);
    if d > 0 {
        let (dd, hh) = if l == Language::Ru { ("д", "ч") } else { ("d", "h") };
        format!("{d}{dd} {h:02}{hh}")
    } else if h > 0 {
        format!("{h}:{m:02}:{sec:02}")
    } else {
        format!("{m}:{sec:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use admiral_engine::shared::SetupPosition;
    use admiral_engine::Rules;

    #[test]
    fn clocks() {
        assert_eq!(time_left(2 * 86_400_000 + 4 * 3_600_000 + 5, Language::En), "2d 04h");
        assert_eq!(time_left(2 * 86_400_000 + 4 * 3_600_000 - 5, Language::Ru), "2д 04ч");
        assert_eq!(time_left(3 * 3_600_000 + 7 * 60_000 + 9_000, Language::En), "3:07:09");
        assert_eq!(time_left(750_000, Language::En), "12:30");
        assert_eq!(time_left(-5, Language::En), "0:00");
    }

    /// South's view of a game of two patrol ships and their bases after `quiet` plies without
    /// a loss.
    fn quiet_view(quiet: u16) -> PlayerView {
        let mut position = admiral_engine::Position::empty(Side::South);
        for (square, token) in
            [("a1", "PS"), ("b1", "NB"), ("c1", "NB"), ("n15", "ps"), ("m15", "nb"), ("l15", "nb")]
        {
            let piece = admiral_engine::Piece::from_token(token).expect("a unit code");
            position.put(square.parse().expect("a square"), piece);
        }
        let mut view = admiral_engine::Game::from_position(position, true).view(Side::South);
        view.quiet_plies = quiet;
        PlayerView::Admiral(view)
    }

    #[test]
    fn board_messages_warn_as_the_quiet_ply_draw_nears() {
        let text = |quiet, l| board_notice(MatchId(7), &quiet_view(quiet), None, None, "Bob", l).text;
        for l in [Language::En, Language::Ru] {
            assert!(!text(0, l).contains('⏳'), "{}", text(0, l));
            assert!(!text(159, l).contains('⏳'), "41 plies left: not yet");
        }
        assert!(text(160, Language::En).contains("⏳ 40 plies to a draw"), "{}", text(160, Language::En));
        assert!(text(199, Language::En).contains("⏳ 1 ply to a draw"), "{}", text(199, Language::En));
        assert!(text(198, Language::Ru).contains("⏳ До ничьей 2 полухода"), "{}", text(198, Language::Ru));
    }
}

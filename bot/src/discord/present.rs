//! Turning service data into what a player reads and sees: notices into messages, views into
//! board pictures and "what just happened" texts, refusals into clear sentences. Pure
//! functions of their arguments, in the reader's language.
//!
//! Hidden information: every text about the board is built from a [`View`] (own units, enemy
//! markers, remembered identities only when the match has intel) and from events the view
//! already passed through `Event::seen_by`. An enemy marker is "enemy ship" unless intel
//! names it.

use admiral_engine::{
    Action, Cell, EndReason, Event, Illegal, Language, Outcome, ParseActionError, PlayError, Ruleset, Side,
    Square, Status, UnitKind, View, Weapon,
};
use admiral_render::{BattleCard, BattleSide, BoardLabels, GameOverCard, PlayerLabel, SetupLabels};

pub use super::career_view::{award_line, rank_info};
use super::cid::Cid;
use super::i18n::{tr, Owner, UnitName};
use super::ui::{Comp, Opt, Pic, Reply, Style};
use crate::career::{AwardChange, PointsBreakdown};
use crate::clock::TimeControl;
use crate::error::ServiceError;
use crate::ids::{MatchId, UserId};
use crate::notify::{Notice, Notification, Recipient};
use crate::service::{MatchSettings, Opponent};

/// A Discord mention.
pub fn mention(u: UserId) -> String {
    format!("<@{}>", u.0)
}

/// A Discord timestamp shown relative to now ("in 3 hours").
pub fn when(ms: i64) -> String {
    format!("<t:{}:R>", ms.div_euclid(1000))
}

/// The side's name.
pub fn side_name(side: Side, l: Language) -> String {
    match side {
        Side::South => tr!(l, "side-south"),
        Side::North => tr!(l, "side-north"),
    }
}

/// The time control in words.
pub fn tc_text(tc: &TimeControl, l: Language) -> String {
    match *tc {
        TimeControl::Untimed => tr!(l, "tc-untimed"),
        TimeControl::Correspondence { days_per_move } => tr!(l, "tc-days", days = days_per_move),
        TimeControl::Live { total_secs, increment_secs } => {
            tr!(l, "tc-live", minutes = total_secs / 60, increment = increment_secs)
        }
    }
}

/// The name of a match's game, as the players know it.
pub fn game_name(s: &MatchSettings, l: Language) -> String {
    match Ruleset::from_name(&s.ruleset) {
        Some(Ruleset::Stratego) => tr!(l, "game-stratego"),
        _ => tr!(l, "game-admiral"),
    }
}

/// The settings of a match in one line, starting with the game, in that game's own words
/// ("intel" is Admiral's; Stratego speaks of revealed pieces and is never rated).
pub fn settings_text(s: &MatchSettings, l: Language) -> String {
    let stratego = Ruleset::from_name(&s.ruleset) == Some(Ruleset::Stratego);
    let memory = match (stratego, s.intel) {
        (false, true) => tr!(l, "intel-on"),
        (false, false) => tr!(l, "intel-off"),
        (true, true) => tr!(l, "revealed-marked"),
        (true, false) => tr!(l, "revealed-unmarked"),
    };
    format!(
        "{} · {} · {} · {}",
        game_name(s, l),
        tc_text(&s.time_control, l),
        memory,
        if s.rated && !stratego { tr!(l, "rated") } else { tr!(l, "unrated") }
    )
}

/// The opponent as text in a message (a mention or the AI's level).
pub fn opponent_text(o: &Opponent, l: Language) -> String {
    match o {
        Opponent::Human { user } => mention(*user),
        Opponent::Ai { level } => tr!(l, "ai-name", level = level),
    }
}

/// The opponent's name for pictures (no mention syntax).
pub fn opponent_plain(o: &Opponent, l: Language, name: Option<&str>) -> String {
    match (o, name) {
        (Opponent::Ai { level }, _) => tr!(l, "ai-name", level = level),
        (Opponent::Human { .. }, Some(n)) => n.to_string(),
        (Opponent::Human { .. }, None) => tr!(l, "opponent"),
    }
}

/// A unit's name in the reader's language (from the catalogue, see [`UnitName`]).
pub fn unit(k: UnitKind, l: Language) -> String {
    UnitName::from(k).name(l)
}

/// What the viewer may say about the enemy unit on `sq`: its remembered identity if the
/// view has intel, else "enemy ship".
pub fn enemy_at(view: &View, sq: Square, l: Language) -> String {
    match view.cell(sq) {
        Cell::Enemy { intel: Some(k) } if view.intel => tr!(l, "enemy-known", unit = UnitName::from(k)),
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

/// The outcome from a viewer's seat (or neutrally).
pub fn outcome_headline(o: &Outcome, viewer: Option<Side>, l: Language) -> String {
    match (o.status.winner(), viewer) {
        (None, _) => tr!(l, "result-draw"),
        (Some(w), Some(v)) if w == v => tr!(l, "result-win"),
        (Some(_), Some(_)) => tr!(l, "result-loss"),
        (Some(w), None) => tr!(l, "result-side-wins", side = side_name(w, l)),
    }
}

/// Why the match ended.
pub fn reason_text(r: EndReason, l: Language) -> String {
    match r {
        EndReason::BasesDestroyed => tr!(l, "reason-bases"),
        EndReason::AllBasesDestroyed => tr!(l, "reason-all-bases"),
        EndReason::QuietPlies => tr!(l, "reason-quiet"),
        EndReason::NoLegalAction => tr!(l, "reason-no-action"),
        EndReason::Resignation => tr!(l, "reason-resigned"),
        EndReason::Timeout => tr!(l, "reason-timeout"),
        EndReason::FlagCaptured => tr!(l, "reason-flag"),
    }
}

/// "your" or "enemy" on its own (a label on the battle card).
fn owner(side: Side, viewer: Side, l: Language) -> String {
    if side == viewer {
        tr!(l, "owner-your")
    } else {
        tr!(l, "owner-enemy")
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
                    Some(k) if side == v => tr!(l, "own-unit", unit = UnitName::from(k)),
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
                    attacker = UnitName::from(attacker.kind),
                    from = attacker.square,
                    target = UnitName::from(target.kind),
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
                unit = UnitName::from(UnitKind::AtomicBomb),
                at = at
            ),
            Event::Destroyed { side, kind, square } => {
                if side == v {
                    tr!(l, "ev-lost", unit = UnitName::from(kind), at = square)
                } else {
                    tr!(l, "ev-sunk", unit = UnitName::from(kind), at = square)
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

/// The status line on the board picture.
pub fn board_status(view: &View, l: Language) -> String {
    let turn = view.ply / 2 + 1;
    if view.status != Status::Ongoing {
        return match view.outcome {
            Some(o) => outcome_headline(&o, Some(view.viewer), l),
            None => tr!(l, "result-draw"),
        };
    }
    if view.my_turn() {
        tr!(l, "status-your-move", turn = turn)
    } else {
        tr!(l, "status-their-move", turn = turn)
    }
}

/// The Stratego board picture for a view (status as on Admiral boards).
pub fn stratego_board_pic(view: &admiral_engine::stratego::View, l: Language, opponent: &str) -> Pic {
    let turn = view.ply / 2 + 1;
    let status = match view.outcome {
        Some(o) => outcome_headline(&outcome_of(o), Some(view.viewer), l),
        None if view.my_turn() => tr!(l, "status-your-move", turn = turn),
        None => tr!(l, "status-their-move", turn = turn),
    };
    Pic::StrategoBoard {
        view: Box::new(view.clone()),
        labels: BoardLabels {
            language: l,
            you: PlayerLabel { name: tr!(l, "you"), clock: None },
            opponent: PlayerLabel { name: opponent.to_string(), clock: None },
            status,
        },
    }
}

/// A Stratego result in the service's terms.
fn outcome_of(o: admiral_engine::stratego::Outcome) -> Outcome {
    use admiral_engine::stratego::EndReason as R;
    let reason = match o.reason {
        R::FlagCaptured => EndReason::FlagCaptured,
        R::QuietPlies => EndReason::QuietPlies,
        R::NoLegalMove => EndReason::NoLegalAction,
        R::Resignation => EndReason::Resignation,
        R::Timeout | R::Forfeit => EndReason::Timeout,
    };
    Outcome { status: o.status, reason }
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
                    attacker = UnitName::from(attacker.rank),
                    from = attacker.square.to_string(),
                    defender = UnitName::from(defender.rank),
                    to = defender.square.to_string(),
                    result = result
                ));
            }
            _ => {}
        }
    }
    lines.join("\n")
}

/// The board picture for a view.
pub fn board_pic(view: &View, l: Language, opponent: &str) -> Pic {
    Pic::Board {
        view: Box::new(view.clone()),
        labels: BoardLabels {
            language: l,
            you: PlayerLabel { name: tr!(l, "you"), clock: None },
            opponent: PlayerLabel { name: opponent.to_string(), clock: None },
            status: board_status(view, l),
        },
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

/// The game-over card: the working of the points (rated), the rank with `standing` points
/// (the player's total after the match), and the new awards.
pub fn game_over_pic(
    view: &View,
    outcome: &Outcome,
    points: Option<&PointsBreakdown>,
    awards: &[AwardChange],
    standing: u32,
    l: Language,
) -> Pic {
    let mut lines = Vec::new();
    let mut total = (tr!(l, "points"), "—".to_string());
    let rank = rank_info(points.map_or(standing, |p| p.points_after), l);
    if let Some(p) = points {
        use super::career_view::{decimal, factor};
        lines.push((tr!(l, "pts-fleet"), decimal(p.fleet_kept, l)));
        lines.push((tr!(l, "pts-tonnage"), decimal(p.tonnage_sunk, l)));
        lines.push((tr!(l, "pts-bases"), decimal(p.bases, l)));
        lines.push((tr!(l, "pts-win"), decimal(p.win_bonus, l)));
        lines.push((tr!(l, "pts-result"), format!("×{}", factor(p.result_factor, l))));
        lines.push((tr!(l, "pts-opponent"), format!("×{}", factor(p.opponent_factor, l))));
        total.1 = format!("+{}", p.total);
    } else {
        lines.push((tr!(l, "unrated"), String::new()));
    }
    Pic::GameOver(Box::new(GameOverCard {
        language: l,
        viewer: view.viewer,
        winner: outcome.status.winner(),
        headline: outcome_headline(outcome, Some(view.viewer), l),
        reason: format!("{} · {}", reason_text(outcome.reason, l), tr!(l, "plies", n = view.ply)),
        lines,
        total,
        rank,
        awards_label: tr!(l, "new-awards"),
        new_awards: awards.iter().map(|a| award_line(&a.award, a.count, a.to, l)).collect(),
    }))
}

/// Extra context the delivery looks up for a notification (all from the recipient's seat).
#[derive(Clone, Debug, Default)]
pub struct NoticeCtx {
    /// The opponent's display name for pictures.
    pub opponent_name: Option<String>,
    /// The recipient's current view (for the defence menu).
    pub view: Option<View>,
    /// Now (Unix ms), to show the time left on the board; `None` shows no clock.
    pub now_ms: Option<i64>,
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

/// The message for a notification.
pub fn notice_reply(n: &Notification, ctx: &NoticeCtx) -> Reply {
    let l = n.language;
    let m = n.match_id.unwrap_or(MatchId(0));
    let opp = ctx.opponent_name.clone().unwrap_or_else(|| tr!(l, "opponent"));
    let mut r = Reply::default();
    match &n.notice {
        Notice::ChallengeIssued { challenge, from, to, settings, expires_at } => {
            r.text = tr!(
                l,
                "challenge-issued",
                from = mention(*from),
                to = mention(*to),
                game = game_name(settings, l),
                settings = settings_text(settings, l),
                expires = when(*expires_at)
            );
            r.rows = vec![vec![
                Comp::button(Cid::Accept(*challenge).encode(), tr!(l, "btn-accept"), Style::Success),
                Comp::button(Cid::Decline(*challenge).encode(), tr!(l, "btn-decline"), Style::Danger),
            ]];
            r.ping = vec![*to];
        }
        Notice::ChallengeAnswered { accepted: true, match_id, .. } => {
            r.text = tr!(l, "challenge-accepted-dm", id = match_id.unwrap_or(m).0);
        }
        Notice::ChallengeAnswered { accepted: false, .. } => r.text = tr!(l, "challenge-declined-dm"),
        Notice::ChallengeExpired { .. } => r.text = tr!(l, "challenge-expired-dm"),
        Notice::SetupOpened { side, opponent, grid, deadline } => {
            r.text = tr!(
                l,
                "setup-opened",
                id = m.0,
                opponent = opponent_text(opponent, l),
                side = side_name(*side, l)
            );
            if let Some(d) = deadline {
                r.text.push('\n');
                r.text.push_str(&tr!(l, "setup-deadline", when = when(*d)));
            }
            r.pictures.push(setup_pic(grid, *side, l));
            r.rows = setup_rows(m, l);
        }
        Notice::SetupReminder { deadline } => {
            r.text = tr!(l, "setup-reminder", id = m.0, when = when(*deadline));
            r.rows = setup_rows(m, l);
        }
        Notice::SetupFilled { side, grid } => {
            r.text = tr!(l, "setup-filled", id = m.0);
            r.pictures.push(setup_pic(grid, *side, l));
        }
        Notice::OpponentReady => r.text = tr!(l, "opponent-ready", id = m.0),
        Notice::AiBusy { ahead, eta_secs: None } => r.text = tr!(l, "ai-busy", id = m.0, ahead = ahead),
        Notice::AiBusy { ahead, eta_secs: Some(eta) } => {
            r.text = tr!(l, "ai-busy-eta", id = m.0, ahead = ahead, seconds = eta)
        }
        Notice::YourTurn { view, deadline } => {
            r.text = tr!(l, "your-turn", id = m.0, turn = view.ply / 2 + 1);
            let what = describe_turn(view, l);
            if !what.is_empty() {
                r.text.push('\n');
                r.text.push_str(&what);
            }
            if let Some(d) = deadline {
                r.text.push('\n');
                r.text.push_str(&tr!(l, "move-deadline", when = when(*d)));
            }
            r.text.push('\n');
            r.text.push_str(&tr!(l, "your-turn-hint"));
            let mut board = board_pic(view, l, &opp);
            if let (Some(d), Some(now), Pic::Board { labels, .. }) = (deadline, ctx.now_ms, &mut board) {
                labels.you.clock = Some(time_left(d - now, l));
            }
            r.pictures.push(board);
            r.pictures.extend(battle_pic(view, l));
            r.rows = turn_rows(m, view.ply, l);
        }
        Notice::Moved { view } => {
            r.text = if view.ply == 0 {
                tr!(l, "moved-start", id = m.0)
            } else if view.last_mover == Some(view.viewer) {
                tr!(l, "moved-own", id = m.0)
            } else {
                tr!(l, "moved", id = m.0)
            };
            let what = describe_turn(view, l);
            if !what.is_empty() {
                r.text.push('\n');
                r.text.push_str(&what);
            }
            r.pictures.push(board_pic(view, l, &opp));
            r.pictures.extend(battle_pic(view, l));
            r.rows = vec![vec![Comp::button(Cid::Board(m).encode(), tr!(l, "btn-board"), Style::Secondary)]];
        }
        Notice::DefenceRequested { attack, options, deadline } => {
            let target = attack.target().unwrap_or(attack.from());
            let own = ctx.view.as_ref().and_then(|v| match v.cell(target) {
                Cell::Own { kind } => Some(kind),
                _ => None,
            });
            r.text = tr!(
                l,
                "defence-requested",
                id = m.0,
                unit = own.map_or(UnitName::Unknown, UnitName::from),
                at = target,
                from = attack.origin_of_attack(),
                when = when(*deadline)
            );
            if let Some(v) = &ctx.view {
                r.rows = defence_rows(m, v, target, options, l);
            }
        }
        Notice::AwaitingDefence { deadline } => {
            r.text = tr!(l, "awaiting-defence", id = m.0, when = when(*deadline))
        }
        Notice::MoveReminder { deadline } => {
            r.text = tr!(l, "move-reminder", id = m.0, when = when(*deadline));
            r.rows = vec![vec![Comp::button(Cid::Board(m).encode(), tr!(l, "btn-board"), Style::Secondary)]];
        }
        Notice::MatchEnded { view, outcome, points, awards, unrated, standing } => {
            r.text = tr!(
                l,
                "match-ended",
                id = m.0,
                headline = outcome_headline(outcome, Some(view.viewer), l),
                reason = reason_text(outcome.reason, l)
            );
            r.text.push('\n');
            r.text.push_str(&super::career_view::end_of_match(points.as_ref(), awards, *unrated, l));
            r.text.push('\n');
            r.text.push_str(&tr!(l, "replay-hint", id = m.0));
            r.pictures.push(game_over_pic(view, outcome, points.as_ref(), awards, *standing, l));
            r.pictures.push(board_pic(view, l, &opp));
        }
        Notice::PublicResult { south, north, outcome } => {
            let s = opponent_text(south, l);
            let no = opponent_text(north, l);
            r.text = match outcome.status.winner() {
                Some(Side::South) => tr!(
                    l,
                    "public-win",
                    id = m.0,
                    winner = s,
                    loser = no,
                    reason = reason_text(outcome.reason, l)
                ),
                Some(Side::North) => tr!(
                    l,
                    "public-win",
                    id = m.0,
                    winner = no,
                    loser = s,
                    reason = reason_text(outcome.reason, l)
                ),
                None => {
                    tr!(l, "public-draw", id = m.0, a = s, b = no, reason = reason_text(outcome.reason, l))
                }
            };
        }
        Notice::StrategoBoard { view, deadline } => {
            r.text = if view.my_turn() {
                tr!(l, "your-turn", id = m.0, turn = view.ply / 2 + 1)
            } else if view.ply == 0 {
                tr!(l, "moved-start", id = m.0)
            } else if view.last_mover == Some(view.viewer) {
                tr!(l, "moved-own", id = m.0)
            } else {
                tr!(l, "moved", id = m.0)
            };
            let what = describe_stratego_turn(view, l);
            if !what.is_empty() {
                r.text.push('\n');
                r.text.push_str(&what);
            }
            if let Some(d) = deadline {
                r.text.push('\n');
                r.text.push_str(&tr!(l, "move-deadline", when = when(*d)));
            }
            let mut board = stratego_board_pic(view, l, &opp);
            if let (Some(d), Some(now), Pic::StrategoBoard { labels, .. }) =
                (deadline, ctx.now_ms, &mut board)
            {
                labels.you.clock = Some(time_left(d - now, l));
            }
            r.pictures.push(board);
            if view.my_turn() {
                r.text.push('\n');
                r.text.push_str(&tr!(l, "stratego-turn-hint"));
                r.rows = turn_rows(m, view.ply, l);
            } else {
                r.rows =
                    vec![vec![Comp::button(Cid::Board(m).encode(), tr!(l, "btn-board"), Style::Secondary)]];
            }
        }
        Notice::StrategoEnded { view, outcome } => {
            r.text = tr!(
                l,
                "match-ended",
                id = m.0,
                headline = outcome_headline(outcome, Some(view.viewer), l),
                reason = reason_text(outcome.reason, l)
            );
            let what = describe_stratego_turn(view, l);
            if !what.is_empty() {
                r.text.push('\n');
                r.text.push_str(&what);
            }
            r.text.push('\n');
            r.text.push_str(&tr!(l, "stratego-unrated"));
            r.pictures.push(stratego_board_pic(view, l, &opp));
        }
        Notice::DmFallback { user } => {
            r.text = tr!(l, "dm-fallback", user = mention(*user), id = m.0);
            r.ping = vec![*user];
        }
    }
    if let Recipient::User { .. } = n.recipient {
        r.ephemeral = false;
    }
    r
}

/// A refusal or failure in the reader's language (never anything the reader may not know:
/// the service's reasons use the actor's knowledge only).
pub fn error_text(e: &ServiceError, l: Language) -> String {
    if l == Language::En {
        return match e {
            ServiceError::Db(_) | ServiceError::Corrupt(_) => tr!(l, "err-internal"),
            other => capitalise(&other.to_string()),
        };
    }
    match e {
        ServiceError::BadNotation(p) => parse_error_ru(p),
        ServiceError::Illegal(PlayError::Illegal { action, reason }) => {
            format!("`{action}` — так нельзя: {}", illegal_ru(reason))
        }
        ServiceError::Illegal(PlayError::GameOver) => "Партия окончена".into(),
        ServiceError::Illegal(PlayError::BadDefense) => {
            "Защита должна быть связной группой ваших кораблей шкалы, включающей атакованный".into()
        }
        other => capitalise(&other.message(Language::Ru)),
    }
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

fn parse_error_ru(p: &ParseActionError) -> String {
    match p {
        ParseActionError::Empty => {
            "Ход не указан: например e3-e4 (ход), e3xe4 (атака) или f2! (взрыв)".into()
        }
        ParseActionError::Incomplete(t) => {
            format!("`{t}` — незаконченная запись: например e3-e4, e3xe4, e3-e4xe5, e3xe4(d3) или f2!")
        }
        ParseActionError::BadSquare(t) => format!("`{t}` — не клетка (столбцы a–n, ряды 1–15)"),
        ParseActionError::Unexpected { found, at } => {
            format!("Неожиданный символ `{found}` на месте {at}: ход пишется e3-e4, атака e3xe4, взрыв f2!")
        }
        ParseActionError::BadPartners => "В группе не больше двух партнёров, каждый на своей клетке".into(),
    }
}

fn illegal_ru(i: &Illegal) -> String {
    match i {
        Illegal::GameOver => "партия окончена".into(),
        Illegal::NoUnit(s) => format!("на {s} нет вашей единицы"),
        Illegal::NotYours(s) => format!("на {s} не ваша единица"),
        Illegal::Immobile(k) => format!("{} не двигается", unit(*k, Language::Ru)),
        Illegal::NotOneStep(a, b) => {
            format!("{a}→{b}: ход только на одну клетку по вертикали или горизонтали")
        }
        Illegal::Occupied(s) => format!("клетка {s} занята"),
        Illegal::Tethered(k) => {
            format!("{}: рядом нет носителя ни до хода, ни после", unit(*k, Language::Ru))
        }
        Illegal::CannotAttack(k) => format!("{} не атакует", unit(*k, Language::Ru)),
        Illegal::NoEnemyThere(s) => format!("на {s} нет противника"),
        Illegal::NotAdjacent(s) => format!("{s} не соседняя клетка"),
        Illegal::OutOfRange(k, s) => format!("{} не достаёт до {s}", unit(*k, Language::Ru)),
        Illegal::Blocked(s) => format!("выстрел закрыт: на {s} своя единица"),
        Illegal::NoCarrier(k) => format!("{}: рядом нет носителя", unit(*k, Language::Ru)),
        Illegal::BadFormation => {
            "такой группы нет: партнёры должны быть связаны и составлять строку таблицы".into()
        }
        Illegal::NoPartnersAllowed(k) => format!("{} атакует без партнёров", unit(*k, Language::Ru)),
        Illegal::NotABomb(s) => format!("на {s} нет вашей атомной бомбы"),
    }
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
        Action::Move { .. } => tr!(l, "act-move", unit = k.map_or(UnitName::Unknown, UnitName::from)),
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
                        let units = tr!(l, "unit-count", count = kinds.len(), unit = UnitName::from(kind));
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
                        unit = k.map_or(UnitName::Unknown, UnitName::from),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks() {
        assert_eq!(time_left(2 * 86_400_000 + 4 * 3_600_000 + 5, Language::En), "2d 04h");
        assert_eq!(time_left(2 * 86_400_000 + 4 * 3_600_000 - 5, Language::Ru), "2д 04ч");
        assert_eq!(time_left(3 * 3_600_000 + 7 * 60_000 + 9_000, Language::En), "3:07:09");
        assert_eq!(time_left(750_000, Language::En), "12:30");
        assert_eq!(time_left(-5, Language::En), "0:00");
    }

    #[test]
    fn clip_and_mentions() {
        assert_eq!(mention(UserId(5)), "<@5>");
        assert_eq!(when(61_999), "<t:61:R>");
        assert_eq!(capitalise("it is not"), "It is not");
    }
}

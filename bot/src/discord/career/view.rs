//! What a player reads and sees about careers: the working of the points at the end of a
//! match, promotions and new awards, the profile card with its award menu, an award's
//! condition and progress, and the leaderboard. Pure functions of their arguments.

use admiral_engine::Language;
use admiral_render::{AwardLine, ProfileCard, RankInfo, RanksCard};

use super::cid::Cid;
pub use super::i18n::thousands;
use super::i18n::{tr, Grouped};
use super::present::mention;
use super::ui::{Comp, Opt, Pic, Reply, Style};
use crate::career::board::LeaderPage;
use crate::career::{
    self, award, roman, AwardChange, AwardKind, AwardProgress, PointsBreakdown, Unrated, RANKS,
};
use crate::ids::UserId;
use crate::service::Profile;

/// The menu value that shows how points, ranks and fair play work.
pub const HOW_IT_WORKS: &str = "rules";

/// A rank's name in the reader's language.
pub fn rank_name(index: usize, l: Language) -> &'static str {
    let r = RANKS[index.min(RANKS.len() - 1)];
    if l == Language::Ru {
        r.0
    } else {
        r.1
    }
}

/// A rank for the cards: insignia, name and progress to the next rank.
pub fn rank_info(points: u32, l: Language) -> RankInfo {
    let i = career::rank_of(points);
    match RANKS.get(i + 1) {
        Some(next) => {
            let base = RANKS[i].2;
            let span = (next.2 - base).max(1);
            RankInfo {
                index: i as u8,
                name: rank_name(i, l).to_string(),
                progress: (points.saturating_sub(base) as f32 / span as f32).min(1.0),
                progress_label: tr!(
                    l,
                    "rank-progress",
                    points = Grouped(points as u64),
                    next = Grouped(next.2 as u64),
                    rank = rank_name(i + 1, l)
                ),
            }
        }
        None => RankInfo {
            index: i as u8,
            name: rank_name(i, l).to_string(),
            progress: 1.0,
            progress_label: tr!(l, "rank-top", points = Grouped(points as u64)),
        },
    }
}

/// How points, ranks, awards and fair play work, with the table of ranks (the reader's own
/// rank highlighted).
pub fn how_it_works(points: u32, l: Language) -> Reply {
    let mut r = Reply::private(tr!(l, "career-help"));
    r.pictures.push(Pic::Ranks(Box::new(RanksCard {
        language: l,
        title: tr!(l, "ranks-title"),
        ranks: (0..RANKS.len())
            .map(|i| {
                (rank_name(i, l).to_string(), tr!(l, "ranks-points", points = Grouped(RANKS[i].2 as u64)))
            })
            .collect(),
        current: Some(career::rank_of(points) as u8),
    })));
    r
}

/// An award's name in the reader's language.
pub fn award_name(key: &str, l: Language) -> String {
    super::i18n::award_name(key, l)
}

/// An award line for the cards: emblem, degree and progress to the next degree.
pub fn award_line(key: &str, count: u64, degree: u8, l: Language) -> AwardLine {
    let emblem = career::AWARDS.iter().position(|a| a.key == key).unwrap_or(0);
    let progress = award(key).map(|a| AwardProgress::of(a, count));
    let (fraction, label) = match progress.as_ref().and_then(|p| p.next) {
        Some((next, need)) => (
            progress.as_ref().map_or(0.0, AwardProgress::fraction),
            format!("{} / {} → {}", thousands(count, l), thousands(need, l), roman(next)),
        ),
        None => (1.0, tr!(l, "award-card-top", count = Grouped(count))),
    };
    AwardLine {
        emblem: emblem as u8,
        name: award_name(key, l),
        degree,
        degree_label: roman(degree).to_string(),
        progress: fraction,
        progress_label: label,
    }
}

/// `x` with at most `places` decimals, trailing zeros dropped (a decimal comma in Russian).
fn decimal_places(x: f64, places: usize, l: Language) -> String {
    let s = format!("{x:.places$}");
    let s = if s.contains('.') { s.trim_end_matches('0').trim_end_matches('.') } else { &s };
    if l == Language::Ru {
        s.replace('.', ",")
    } else {
        s.to_string()
    }
}

/// A term of the working: one decimal.
pub fn decimal(x: f64, l: Language) -> String {
    decimal_places(x, 1, l)
}

/// A factor of the working (0.25, 0.6, 1): two decimals at most.
pub fn factor(x: f64, l: Language) -> String {
    decimal_places(x, 2, l)
}

/// The working of the points: each term, then the factors and the total.
pub fn working(p: &PointsBreakdown, l: Language) -> String {
    let mut lines = vec![tr!(l, "points-earned", points = p.total, total = Grouped(p.points_after as u64))];
    let terms = [
        ("pts-fleet", p.fleet_kept),
        ("pts-tonnage", p.tonnage_sunk),
        ("pts-bases", p.bases),
        ("pts-win", p.win_bonus),
    ];
    for (key, value) in terms {
        lines.push(tr!(l, "working-term", term = tr!(l, key), value = decimal(value, l)));
    }
    let result = match p.result_factor {
        f if f >= 1.0 => tr!(l, "factor-win"),
        f if f >= 0.5 => tr!(l, "factor-draw"),
        _ => tr!(l, "factor-loss"),
    };
    let against = match p.ai_level {
        Some(level) => tr!(l, "against-ai", level = level),
        None => tr!(l, "against-person"),
    };
    lines.push(tr!(
        l,
        "working-total",
        sum = decimal(p.subtotal(), l),
        result = factor(p.result_factor, l),
        why = result,
        opponent = factor(p.opponent_factor, l),
        against = against,
        total = p.total
    ));
    lines.join("\n")
}

/// An award gained or raised, as a line.
pub fn award_change_line(a: &AwardChange, l: Language) -> String {
    let name = award_name(&a.award, l);
    if a.from == 0 {
        tr!(l, "award-new", award = name, degree = roman(a.to))
    } else {
        tr!(l, "award-raised", award = name, from = roman(a.from), degree = roman(a.to))
    }
}

/// The career part of the end-of-match message: the working, a promotion, new awards, or why
/// the match changed nothing.
pub fn end_of_match(
    points: Option<&PointsBreakdown>,
    awards: &[AwardChange],
    unrated: Option<Unrated>,
    l: Language,
) -> String {
    let mut lines = Vec::new();
    match (points, unrated) {
        (Some(p), _) => {
            lines.push(working(p, l));
            if p.promoted() {
                lines.push(tr!(
                    l,
                    "promoted",
                    from = rank_name(p.rank_before, l),
                    rank = rank_name(p.rank_after, l)
                ));
            }
            lines.push(rank_info(p.points_after, l).progress_label);
        }
        (None, Some(Unrated::EarlyResignation)) => lines.push(tr!(l, "unrated-early")),
        (None, Some(Unrated::DailyLimit { limit })) => lines.push(tr!(l, "unrated-limit", limit = limit)),
        (None, _) => lines.push(tr!(l, "unrated-friendly")),
    }
    lines.extend(awards.iter().map(|a| award_change_line(a, l)));
    lines.join("\n")
}

fn kind_name(kind: AwardKind, l: Language) -> String {
    match kind {
        AwardKind::Medal => tr!(l, "award-kind-medal"),
        AwardKind::Order => tr!(l, "award-kind-order"),
        AwardKind::Badge => tr!(l, "award-kind-badge"),
    }
}

/// An award's condition and the progress to its next degree.
pub fn award_detail(p: &AwardProgress, l: Language) -> String {
    let a = p.award;
    let held = match p.degree {
        0 => tr!(l, "award-no-degree"),
        d => tr!(l, "award-degree", degree = roman(d)),
    };
    let [iii, ii, i] = a.thresholds.map(Grouped);
    let progress = match p.next {
        Some((degree, _)) => tr!(
            l,
            "award-next",
            count = Grouped(p.count),
            left = Grouped(p.remaining()),
            degree = roman(degree)
        ),
        None => tr!(l, "award-top", count = Grouped(p.count)),
    };
    [
        format!("**{}** · {} · {held}", award_name(a.key, l), kind_name(a.kind, l)),
        tr!(l, &format!("award-counts-{}", a.key)),
        tr!(l, "award-thresholds", iii = iii, ii = ii, i = i),
        progress,
    ]
    .join("\n")
}

/// The award menu under a profile card: one option per award (degree and progress as the
/// description) and "how points work".
pub fn award_menu(user: UserId, progress: &[AwardProgress], l: Language) -> Vec<Vec<Comp>> {
    let mut options: Vec<Opt> = progress
        .iter()
        .map(|p| {
            let label = match p.degree {
                0 => award_name(p.award.key, l),
                d => format!("{} · {}", award_name(p.award.key, l), roman(d)),
            };
            let description = match p.next {
                Some((degree, need)) => {
                    tr!(
                        l,
                        "award-menu-next",
                        count = Grouped(p.count),
                        need = Grouped(need),
                        degree = roman(degree)
                    )
                }
                None => tr!(l, "award-top", count = Grouped(p.count)),
            };
            Opt { label, value: p.award.key.to_string(), description: Some(description) }
        })
        .collect();
    options.push(Opt { label: tr!(l, "career-help-option"), value: HOW_IT_WORKS.into(), description: None });
    vec![vec![Comp::Select { id: Cid::Award(user).encode(), placeholder: tr!(l, "award-menu"), options }]]
}

/// `/admiral profile`: the card (rank, figures, medals left, badges right) and the award menu.
pub fn profile_reply(
    user: UserId,
    name: &str,
    p: &Profile,
    progress: &[AwardProgress],
    l: Language,
) -> Reply {
    let line = |a: &AwardProgress| award_line(a.award.key, a.count, a.degree, l);
    let card = ProfileCard {
        language: l,
        name: name.to_string(),
        rank: rank_info(p.points, l),
        stats: vec![
            (tr!(l, "points"), thousands(p.points as u64, l)),
            (tr!(l, "stat-matches"), p.rated_matches.to_string()),
            (tr!(l, "stat-wdl"), format!("{} / {} / {}", p.wins, p.draws, p.losses)),
            (tr!(l, "stat-sunk"), p.units_sunk.to_string()),
            (tr!(l, "stat-tonnage"), format!("{} t", thousands(p.tonnage_sunk, l))),
        ],
        medals_label: tr!(l, "medals"),
        medals: progress.iter().filter(|a| a.award.is_combat()).map(line).collect(),
        badges_label: tr!(l, "badges"),
        badges: progress.iter().filter(|a| !a.award.is_combat()).map(line).collect(),
    };
    let mut r = Reply::text(tr!(
        l,
        "profile-head",
        user = mention(user),
        rank = rank_name(p.rank, l),
        points = Grouped(p.points as u64)
    ));
    r.pictures.push(Pic::Profile(Box::new(card)));
    r.rows = award_menu(user, progress, l);
    r
}

/// `/admiral leaderboard`: one page, the caller's place, and the page buttons (they belong to
/// `caller`: pressed by anyone else, they answer with that person's own copy).
pub fn leaderboard_reply(page: &LeaderPage, caller: UserId, l: Language) -> Reply {
    if page.total == 0 {
        return Reply::text(tr!(l, "leaderboard-empty"));
    }
    let mut lines = vec![format!(
        "{} · {}",
        tr!(l, "leaderboard-head"),
        tr!(l, "leaderboard-page", page = page.page + 1, pages = page.pages, total = page.total)
    )];
    for row in &page.rows {
        lines.push(tr!(
            l,
            "leaderboard-row",
            place = row.place,
            user = mention(row.user),
            rank = rank_name(career::rank_of(row.points), l),
            points = Grouped(row.points as u64),
            wins = row.wins
        ));
    }
    lines.push(match &page.me {
        Some(me) => tr!(l, "leaderboard-you", place = me.place, points = Grouped(me.points as u64)),
        None => tr!(l, "leaderboard-you-none"),
    });
    let mut r = Reply::text(lines.join("\n"));
    if page.pages > 1 {
        let button = |to: u32, key: &str, enabled: bool| Comp::Button {
            id: Cid::Leaders(caller, to).encode(),
            label: tr!(l, key),
            style: Style::Secondary,
            disabled: !enabled,
        };
        r.rows = vec![vec![
            button(page.page.saturating_sub(1), "btn-prev", page.page > 0),
            button(page.page + 1, "btn-next", page.page + 1 < page.pages),
        ]];
    }
    r
}

//! What a player reads and sees about a career: the profile card with its award menu, an
//! award's condition and progress, how points work, and the leaderboard. Pure functions of
//! their arguments.

use admiral_engine::Language;
use admiral_render::{ProfileCard, RanksCard};

use super::ranks::{award_line, rank_info, rank_name};
use crate::career::board::LeaderPage;
use crate::career::{self, roman, AwardKind, AwardProgress, RANKS};
use crate::discord::cid::Cid;
use crate::discord::i18n::{award_name, thousands, tr, Grouped};
use crate::discord::texts::mention;
use crate::discord::ui::{Comp, Opt, Pic, Reply, Style};
use crate::ids::UserId;
use crate::service::Profile;

/// The menu value that shows how points, ranks and fair play work.
pub const HOW_IT_WORKS: &str = "rules";

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

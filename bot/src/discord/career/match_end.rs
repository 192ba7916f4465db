//! The career part of the end of a match: the working of the points, promotions and new
//! awards in the message, and the game-over card.

use admiral_engine::{Language, Outcome, View};
use admiral_render::GameOverCard;

use super::ranks::{award_line, decimal, factor, rank_info, rank_name};
use crate::career::{roman, AwardChange, PointsBreakdown, Unrated};
use crate::discord::i18n::{self, tr, Grouped};
use crate::discord::texts::{outcome_headline, reason_text};
use crate::discord::ui::Pic;

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
    let name = i18n::award_name(&a.award, l);
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

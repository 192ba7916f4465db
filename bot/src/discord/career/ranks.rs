//! The pieces of the career cards: ranks with their progress, award lines, and the numbers of
//! the working of the points in the reader's language.

use admiral_engine::Language;
use admiral_render::{AwardLine, RankInfo};

use crate::career::{self, award, roman, AwardProgress, RANKS};
use crate::discord::i18n::{self, thousands, tr, Grouped};

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
        name: i18n::award_name(key, l),
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

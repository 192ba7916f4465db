//! The profile card (the personal file): rank insignia and progress, figures, medals (left)
//! and badges (right).

use admiral_engine::Language;
use tiny_skia::Pixmap;

use super::awards::{award_row, AwardLine};
use super::common::{card, encode_rgb, panel, GOLD, GOLD_DARK, MUTED, PANEL, PANEL_EDGE, TEXT};
use super::insignia::{rank_block, RankInfo};
use crate::font::{Align, Face, Fonts};
use crate::shapes::fill_rect;

/// The profile card (the personal file).
#[derive(Clone, Debug, PartialEq)]
pub struct ProfileCard {
    /// Language (for defaults).
    pub language: Language,
    /// The player's name.
    pub name: String,
    /// The current rank.
    pub rank: RankInfo,
    /// Figures: label and value (wins, matches, units sunk, tonnage…).
    pub stats: Vec<(String, String)>,
    /// Heading of the left column, e.g. "Medals and orders".
    pub medals_label: String,
    /// Medals and orders (left).
    pub medals: Vec<AwardLine>,
    /// Heading of the right column, e.g. "Qualification badges".
    pub badges_label: String,
    /// Qualification badges (right).
    pub badges: Vec<AwardLine>,
}

/// The profile card.
pub(crate) fn profile(fonts: &Fonts, c: &ProfileCard) -> Pixmap {
    let width = 800u32;
    let rows = c.medals.len().max(c.badges.len()) as f32;
    let height = (250.0 + 56.0 + 66.0 * rows + 24.0) as u32;
    let mut p = card(width, height);
    let name = fonts.ellipsize(Face::Bold, 32.0, &c.name, width as f32 - 60.0);
    fonts.draw(&mut p, Face::Bold, 32.0, 30.0, 48.0, Align::Left, TEXT, &name);
    panel(&mut p, 24.0, 66.0, width as f32 - 48.0, 124.0, PANEL, PANEL_EDGE);
    rank_block(&mut p, fonts, &c.rank, 42.0, 76.0, width as f32 - 90.0);
    // The figures in a row.
    let n = c.stats.len().max(1) as f32;
    let cw = (width as f32 - 48.0) / n;
    for (i, (label, value)) in c.stats.iter().enumerate() {
        let cx = 24.0 + cw * (i as f32 + 0.5);
        let fs = fonts.fit(Face::Bold, 26.0, value, cw - 10.0);
        fonts.draw(&mut p, Face::Bold, fs, cx, 228.0, Align::Center, TEXT, value);
        let ls = fonts.fit(Face::Regular, 14.0, label, cw - 10.0);
        fonts.draw(&mut p, Face::Regular, ls, cx, 248.0, Align::Center, MUTED, label);
    }
    let y = 270.0;
    let col_w = (width as f32 - 72.0) / 2.0;
    for (i, (label, list)) in
        [(&c.medals_label, &c.medals), (&c.badges_label, &c.badges)].into_iter().enumerate()
    {
        let x = 24.0 + i as f32 * (col_w + 24.0);
        fonts.draw(&mut p, Face::Bold, 19.0, x, y + 20.0, Align::Left, GOLD, label);
        fill_rect(&mut p, x, y + 30.0, col_w, 1.5, GOLD_DARK);
        for (j, a) in list.iter().enumerate() {
            award_row(&mut p, fonts, a, i == 1, x, y + 44.0 + j as f32 * 66.0, col_w);
        }
    }
    p
}

/// The profile card as a PNG.
pub(crate) fn profile_png(fonts: &Fonts, c: &ProfileCard) -> Vec<u8> {
    encode_rgb(&profile(fonts, c))
}

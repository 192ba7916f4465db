//! The game-over card: result, the working of the points, rank progress, new awards.

use admiral_engine::{Language, Side};

use super::awards::{award_row, AwardLine};
use super::common::{card, encode_rgb, panel, GOLD, MUTED, PANEL, PANEL_EDGE, TEXT};
use super::insignia::{rank_block, RankInfo};
use crate::color::{self, Rgb};
use crate::font::{Align, Face, Fonts};
use crate::shapes::fill_rect;

/// The game-over card.
#[derive(Clone, Debug, PartialEq)]
pub struct GameOverCard {
    /// Language (for defaults).
    pub language: Language,
    /// The viewer's side.
    pub viewer: Side,
    /// The winner, `None` for a draw.
    pub winner: Option<Side>,
    /// The headline, e.g. "Victory" / "Победа".
    pub headline: String,
    /// Why it ended, e.g. "Both enemy bases destroyed · 87 moves".
    pub reason: String,
    /// The working of the points: label and value per line (fleet kept, tonnage sunk, bases,
    /// result, opponent factor…).
    pub lines: Vec<(String, String)>,
    /// The total line, e.g. ("Points", "+212").
    pub total: (String, String),
    /// The rank after the match.
    pub rank: RankInfo,
    /// Heading of the awards row, e.g. "New awards".
    pub awards_label: String,
    /// Awards won in this match.
    pub new_awards: Vec<AwardLine>,
}

/// The game-over card.
pub(crate) fn game_over(fonts: &Fonts, c: &GameOverCard) -> Vec<u8> {
    let width = 800u32;
    let awards_h =
        if c.new_awards.is_empty() { 0.0 } else { 40.0 + 64.0 * c.new_awards.len().div_ceil(2) as f32 };
    let height = (120.0 + 34.0 * (c.lines.len() as f32 + 1.0) + 30.0 + 130.0 + awards_h + 20.0) as u32;
    let mut p = card(width, height);
    // The band is the viewer's colour: bright for a win, dark for a loss, grey for a draw.
    let band_color = match c.winner {
        Some(side) if side == c.viewer => color::side_color(side),
        Some(_) => color::side_dark(c.viewer),
        None => Rgb::hex(0x4a5a6a),
    };
    fill_rect(&mut p, 0.0, 0.0, width as f32, 96.0, band_color);
    fill_rect(
        &mut p,
        0.0,
        92.0,
        width as f32,
        4.0,
        if c.winner == Some(c.viewer) { GOLD } else { band_color.mix(Rgb(0, 0, 0), 0.3) },
    );
    let fs = fonts.fit(Face::Bold, 44.0, &c.headline, width as f32 - 40.0);
    fonts.draw(&mut p, Face::Bold, fs, width as f32 / 2.0, 52.0, Align::Center, TEXT, &c.headline);
    let reason = fonts.ellipsize(Face::Regular, 17.0, &c.reason, width as f32 - 40.0);
    fonts.draw(&mut p, Face::Regular, 17.0, width as f32 / 2.0, 80.0, Align::Center, TEXT, &reason);
    // The working.
    let mut y = 130.0;
    let (lx, rx) = (60.0, width as f32 - 60.0);
    for (label, value) in &c.lines {
        fonts.draw(&mut p, Face::Regular, 19.0, lx, y + 20.0, Align::Left, MUTED, label);
        fonts.draw(&mut p, Face::Bold, 19.0, rx, y + 20.0, Align::Right, TEXT, value);
        fill_rect(&mut p, lx, y + 30.0, rx - lx, 1.0, PANEL_EDGE);
        y += 34.0;
    }
    fonts.draw(&mut p, Face::Bold, 24.0, lx, y + 26.0, Align::Left, TEXT, &c.total.0);
    fonts.draw(&mut p, Face::Bold, 26.0, rx, y + 26.0, Align::Right, GOLD, &c.total.1);
    y += 56.0;
    panel(&mut p, 30.0, y, width as f32 - 60.0, 124.0, PANEL, PANEL_EDGE);
    rank_block(&mut p, fonts, &c.rank, 48.0, y + 10.0, width as f32 - 100.0);
    y += 140.0;
    if !c.new_awards.is_empty() {
        fonts.draw(&mut p, Face::Bold, 19.0, lx - 20.0, y + 20.0, Align::Left, GOLD, &c.awards_label);
        y += 34.0;
        let col_w = (width as f32 - 80.0) / 2.0;
        for (i, a) in c.new_awards.iter().enumerate() {
            let x = 40.0 + (i % 2) as f32 * col_w;
            let yy = y + (i / 2) as f32 * 64.0;
            award_row(&mut p, fonts, a, a.emblem >= 8, x, yy, col_w - 20.0);
        }
    }
    encode_rgb(&p)
}

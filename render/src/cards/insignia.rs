//! The rank insignia (shoulder boards) and the rank block of the game-over and profile cards.

use tiny_skia::{FillRule, PathBuilder, Pixmap, Stroke, Transform};

use super::common::{bar, outline, GOLD, GOLD_DARK, MUTED, SILVER};
use crate::color::Rgb;
use crate::font::{Align, Face, Fonts};
use crate::shapes::{fill_rect, star};

/// A rank, for the insignia and progress bars.
#[derive(Clone, Debug, PartialEq)]
pub struct RankInfo {
    /// 0 (Seaman) to 18 (Fleet Admiral): selects the insignia.
    pub index: u8,
    /// The rank's name in the viewer's language.
    pub name: String,
    /// Progress to the next rank, 0.0–1.0 (1.0 at the top rank).
    pub progress: f32,
    /// The progress in words, e.g. "1,240 / 1,700 points to Warrant Officer".
    pub progress_label: String,
}

/// Number of ranks with an insignia.
pub const RANKS: u8 = 19;

/// A shoulder board for each of the 19 ranks (after the Soviet Navy's: stripes across for
/// ratings and petty officers, stars for warrant officers, a lengthwise gold stripe and small
/// stars for junior officers, two stripes and big stars for senior officers, gold zigzag and
/// stars for admirals).
pub(crate) fn draw_insignia(p: &mut Pixmap, rank: u8, x: f32, y: f32, w: f32, h: f32) {
    let board_color = Rgb::hex(0x10161f);
    let edge = if rank >= 15 { GOLD } else { Rgb::hex(0x3c4e63) };
    let mut pb = PathBuilder::new();
    let r = w * 0.5;
    pb.move_to(x, y + h);
    pb.line_to(x, y + r);
    pb.line_to(x + w / 2.0, y);
    pb.line_to(x + w, y + r);
    pb.line_to(x + w, y + h);
    pb.close();
    let shape = pb.finish().expect("board");
    let fill = if rank >= 15 { GOLD } else { board_color };
    p.fill_path(&shape, &fill.paint(), FillRule::Winding, Transform::identity(), None);
    let ink_stroke = Stroke { width: 2.0, ..Stroke::default() };
    p.stroke_path(&shape, &edge.paint(), &ink_stroke, Transform::identity(), None);
    // The button.
    p.fill_path(
        &tiny_skia::PathBuilder::from_circle(x + w / 2.0, y + r * 0.75, w * 0.1).expect("button"),
        &GOLD.paint(),
        FillRule::Winding,
        Transform::identity(),
        None,
    );
    let gold = GOLD.paint();
    let cross = |p: &mut Pixmap, y0: f32, thick: f32| {
        fill_rect(p, x + 2.0, y0, w - 4.0, thick, GOLD);
    };
    let stars = |p: &mut Pixmap, n: u8, big: bool, color: Rgb| {
        let rr = if big { w * 0.2 } else { w * 0.13 };
        let step = if big { h * 0.21 } else { h * 0.15 };
        let base = y + h * 0.8;
        for i in 0..n {
            let s = star(x + w / 2.0, base - i as f32 * step, rr);
            p.fill_path(&s, &color.paint(), FillRule::Winding, Transform::identity(), None);
        }
    };
    match rank {
        0 => {}
        1 => cross(p, y + h * 0.78, h * 0.05),
        2 => {
            cross(p, y + h * 0.72, h * 0.045);
            cross(p, y + h * 0.8, h * 0.045);
        }
        3 => {
            for i in 0..3 {
                cross(p, y + h * (0.66 + 0.08 * i as f32), h * 0.045);
            }
        }
        4 => cross(p, y + h * 0.7, h * 0.14),
        5 => {
            fill_rect(p, x + w / 2.0 - w * 0.08, y + r + 6.0, w * 0.16, h - r - 10.0, GOLD);
            cross(p, y + h * 0.7, h * 0.1);
        }
        6 | 7 => {
            fill_rect(p, x + 3.0, y + r, 2.5, h - r - 3.0, GOLD);
            fill_rect(p, x + w - 5.5, y + r, 2.5, h - r - 3.0, GOLD);
            stars(p, rank - 4, false, SILVER);
        }
        8..=11 => {
            fill_rect(p, x + w / 2.0 - 2.0, y + r + 6.0, 4.0, h - r - 10.0, GOLD);
            let n = rank - 7;
            let rr = w * 0.12;
            for i in 0..n {
                // Small stars either side of the stripe, then on it.
                let (sx, sy) = match i {
                    0 => (x + w * 0.25, y + h * 0.78),
                    1 => (x + w * 0.75, y + h * 0.78),
                    2 => (x + w / 2.0, y + h * 0.62),
                    _ => (x + w / 2.0, y + h * 0.46),
                };
                p.fill_path(
                    &star(sx, sy, rr),
                    &SILVER.paint(),
                    FillRule::Winding,
                    Transform::identity(),
                    None,
                );
            }
        }
        12..=14 => {
            fill_rect(p, x + w * 0.3 - 2.0, y + r + 6.0, 4.0, h - r - 10.0, GOLD);
            fill_rect(p, x + w * 0.7 - 2.0, y + r + 6.0, 4.0, h - r - 10.0, GOLD);
            stars(p, rank - 11, true, SILVER);
        }
        _ => {
            // Admirals: a gold board with a zigzag weave and black-edged stars.
            let mut zz = PathBuilder::new();
            let mut yy = y + r + 4.0;
            zz.move_to(x + 3.0, yy);
            let mut right = true;
            while yy < y + h - 6.0 {
                yy += 7.0;
                zz.line_to(if right { x + w - 3.0 } else { x + 3.0 }, yy);
                right = !right;
            }
            outline(p, &zz.finish().expect("zigzag"), &GOLD_DARK.paint_alpha(150), 1.5);
            // Stars outlined in the board's colour: one big red one for the top rank.
            let outlined_star = |p: &mut Pixmap, s: &tiny_skia::Path, fill: &tiny_skia::Paint| {
                p.fill_path(s, fill, FillRule::Winding, Transform::identity(), None);
                outline(p, s, &board_color.paint(), 1.5);
            };
            if rank == 18 {
                let s = star(x + w / 2.0, y + h * 0.68, w * 0.36);
                outlined_star(p, &s, &Rgb::hex(0x8b0000).paint());
            } else {
                let n = rank - 14;
                for i in 0..n {
                    let s = star(x + w / 2.0, y + h * 0.82 - i as f32 * h * 0.18, w * 0.22);
                    outlined_star(p, &s, &gold);
                }
            }
        }
    }
}

/// The rank's insignia, name, progress bar and progress text in a box of width `w`.
pub(super) fn rank_block(p: &mut Pixmap, fonts: &Fonts, rank: &RankInfo, x: f32, y: f32, w: f32) {
    draw_insignia(p, rank.index.min(RANKS - 1), x, y, 46.0, 104.0);
    let tx = x + 64.0;
    let fs = fonts.fit(Face::Bold, 26.0, &rank.name, w - 70.0);
    fonts.draw(p, Face::Bold, fs, tx, y + 34.0, Align::Left, GOLD, &rank.name);
    bar(p, tx, y + 50.0, w - 70.0, 16.0, rank.progress, GOLD);
    let label = fonts.ellipsize(Face::Regular, 15.0, &rank.progress_label, w - 70.0);
    fonts.draw(p, Face::Regular, 15.0, tx, y + 88.0, Align::Left, MUTED, &label);
}

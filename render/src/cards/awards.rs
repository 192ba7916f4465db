//! Medals, orders and qualification badges on the game-over and profile cards.

use admiral_engine::UnitKind;
use tiny_skia::{FillRule, PathBuilder, Pixmap, Transform};

use super::common::{bar, outline, BRONZE, CARD_BG, GOLD, MUTED, SILVER, TEXT};
use crate::admiral::icons::draw_icon;
use crate::color::Rgb;
use crate::font::{Align, Face, Fonts};
use crate::shapes::{fill_rect, rounded_rect, IconColors};

/// One award on a card: a medal or order (left) or a qualification badge (right).
#[derive(Clone, Debug, PartialEq)]
pub struct AwardLine {
    /// Which award (0–12 in the career table's order): selects the emblem's design.
    pub emblem: u8,
    /// Its name, e.g. "Torpedo strike".
    pub name: String,
    /// Degree held: 0 none yet, 3 = III, 2 = II, 1 = I (the highest).
    pub degree: u8,
    /// The degree's name as shown, e.g. "II" (or empty when none).
    pub degree_label: String,
    /// Progress to the next degree, 0.0–1.0.
    pub progress: f32,
    /// The progress in words, e.g. "12 / 25 ships".
    pub progress_label: String,
}

/// The metal of a degree (grey for none yet).
fn degree_metal(degree: u8) -> Rgb {
    match degree {
        1 => GOLD,
        2 => SILVER,
        3 => BRONZE,
        _ => Rgb::hex(0x3a4d60),
    }
}

/// Ribbon colours of the awards (two stripes each).
fn ribbon(emblem: u8) -> (Rgb, Rgb) {
    let table = [
        (0x1f4e8c, 0xf2f2f2),
        (0x0f2a44, 0xe0ac2b),
        (0x3a7bd5, 0xffffff),
        (0x2e5d3a, 0xf0d24a),
        (0x8b1a1a, 0xffb000),
        (0x8b1a1a, 0xf2f2f2),
        (0x1d5c8c, 0xb3322e),
        (0x0b3d2e, 0xe0ac2b),
        (0x4a4a4a, 0xe0ac2b),
        (0xb3322e, 0xe0ac2b),
        (0x23415f, 0xc9d1d9),
        (0x0e1b29, 0xe0ac2b),
        (0x1f4e8c, 0xe0ac2b),
    ];
    let (a, b) = table[emblem as usize % table.len()];
    (Rgb::hex(a), Rgb::hex(b))
}

/// The small picture inside an award's disc or shield.
fn emblem_kind(emblem: u8) -> UnitKind {
    [
        UnitKind::Torpedo,
        UnitKind::Submarine,
        UnitKind::Aircraft,
        UnitKind::Mine,
        UnitKind::AtomicBomb,
        UnitKind::NavalBase,
        UnitKind::NavalBase,
        UnitKind::Cruiser,
        UnitKind::Battleship,
        UnitKind::Carrier,
        UnitKind::Destroyer,
        UnitKind::Raider,
        UnitKind::Minesweeper,
    ][emblem as usize % 13]
}

/// A medal (ribbon and disc) or a badge (shield), coloured by degree.
fn draw_award(p: &mut Pixmap, fonts: &Fonts, award: &AwardLine, badge: bool, x: f32, y: f32, size: f32) {
    let metal = degree_metal(award.degree);
    let faded = award.degree == 0;
    if !badge {
        let (a, b) = ribbon(award.emblem);
        let rw = size * 0.62;
        let rx = x + (size - rw) / 2.0;
        let ribbon_path = rounded_rect(rx, y, rw, size * 0.36, 2.0);
        p.fill_path(
            &ribbon_path,
            &a.paint_alpha(if faded { 90 } else { 255 }),
            FillRule::Winding,
            Transform::identity(),
            None,
        );
        fill_rect(p, rx + rw * 0.42, y, rw * 0.16, size * 0.36, if faded { a } else { b });
        let cx = x + size / 2.0;
        let cy = y + size * 0.66;
        let r = size * 0.32;
        let disc = PathBuilder::from_circle(cx, cy, r).expect("disc");
        p.fill_path(&disc, &metal.paint(), FillRule::Winding, Transform::identity(), None);
        outline(p, &disc, &metal.mix(Rgb(0, 0, 0), 0.35).paint(), 2.0);
        let dark = metal.mix(Rgb(0, 0, 0), 0.6);
        let at = (cx - r * 0.68, cy - r * 0.6, r * 1.36, r * 1.2);
        draw_icon(p, emblem_kind(award.emblem), at, IconColors { main: dark, accent: dark, cut: metal });
    } else {
        let mut pb = PathBuilder::new();
        let (w, h) = (size * 0.8, size * 0.95);
        let sx = x + (size - w) / 2.0;
        pb.move_to(sx, y + 4.0);
        pb.line_to(sx + w, y + 4.0);
        pb.line_to(sx + w, y + h * 0.55);
        pb.quad_to(sx + w, y + h * 0.85, sx + w / 2.0, y + h);
        pb.quad_to(sx, y + h * 0.85, sx, y + h * 0.55);
        pb.close();
        let shield = pb.finish().expect("shield");
        let (a, _) = ribbon(award.emblem);
        // A badge not earned yet is a dim outline of itself, like an unearned medal.
        let fill = if faded { a.mix(CARD_BG, 0.65) } else { a };
        p.fill_path(&shield, &fill.paint(), FillRule::Winding, Transform::identity(), None);
        outline(p, &shield, &metal.paint(), 3.0);
        let at = (sx + w * 0.15, y + h * 0.18, w * 0.7, h * 0.5);
        draw_icon(p, emblem_kind(award.emblem), at, IconColors { main: metal, accent: metal, cut: a });
    }
    if !award.degree_label.is_empty() {
        let tag = rounded_rect(x + size - 26.0, y + size - 22.0, 30.0, 22.0, 4.0);
        p.fill_path(&tag, &CARD_BG.paint(), FillRule::Winding, Transform::identity(), None);
        outline(p, &tag, &metal.paint(), 1.5);
        let fs = fonts.fit(Face::Bold, 16.0, &award.degree_label, 26.0);
        fonts.draw(
            p,
            Face::Bold,
            fs,
            x + size - 10.0,
            y + size - 5.5,
            Align::Center,
            metal,
            &award.degree_label,
        );
    }
}

/// An award row: emblem, name, progress bar and text, in a box of width `w`.
pub(super) fn award_row(
    p: &mut Pixmap,
    fonts: &Fonts,
    award: &AwardLine,
    badge: bool,
    x: f32,
    y: f32,
    w: f32,
) {
    draw_award(p, fonts, award, badge, x, y, 52.0);
    let tx = x + 62.0;
    let name = fonts.ellipsize(Face::Bold, 17.0, &award.name, w - 66.0);
    fonts.draw(
        p,
        Face::Bold,
        17.0,
        tx,
        y + 18.0,
        Align::Left,
        if award.degree == 0 { MUTED } else { TEXT },
        &name,
    );
    bar(
        p,
        tx,
        y + 26.0,
        w - 70.0,
        9.0,
        award.progress,
        degree_metal(if award.degree == 0 { 3 } else { award.degree }),
    );
    let label = fonts.ellipsize(Face::Regular, 14.0, &award.progress_label, w - 66.0);
    fonts.draw(p, Face::Regular, 14.0, tx, y + 53.0, Align::Left, MUTED, &label);
}

//! The cards: setup preview, battle card, game-over card, profile card and the unit atlas.
//! They are drawn with vectors on each call (none of them is on a per-move hot path except the
//! battle card, which is small) and encoded as RGB PNGs.

use admiral_engine::{Event, Language, Layout, Side, Square, UnitKind, COLS};
use tiny_skia::{FillRule, PathBuilder, Pixmap, Stroke, Transform};

use crate::admiral::icons::draw_icon;
use crate::admiral::Admiral;
use crate::board::sprites::tile;
use crate::board::token::{draw_token_on_card, Token};
use crate::board::BoardGame;
use crate::color::{self, Rgb};
use crate::font::{Align, Face, Fonts};
use crate::shapes::star;
use crate::shapes::{fill_rect, rounded_rect, IconColors};

const CARD_BG: Rgb = Rgb::hex(0x0f1d2b);
const CARD_BG2: Rgb = Rgb::hex(0x182d43);
const PANEL: Rgb = Rgb::hex(0x1e344b);
const PANEL_EDGE: Rgb = Rgb::hex(0x2f4b68);
const TEXT: Rgb = Rgb::hex(0xf2f5f8);
const MUTED: Rgb = Rgb::hex(0x9fb3c6);
const GOLD: Rgb = Rgb::hex(0xe0ac2b);
const GOLD_DARK: Rgb = Rgb::hex(0x9c7414);
const SILVER: Rgb = Rgb::hex(0xc9d1d9);
const BRONZE: Rgb = Rgb::hex(0xc07a3c);

/// Texts of the setup preview.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SetupLabels {
    /// Language of unit codes and names.
    pub language: Language,
    /// Heading, e.g. "Your fleet · South" / "Ваш флот · Юг".
    pub title: String,
    /// A line under the heading, e.g. "Front row at the top. Press Ready when done."
    pub subtitle: String,
}

/// One side of a battle card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BattleSide {
    /// Whose units.
    pub side: Side,
    /// Heading of the column, e.g. "Attacker · @nelson".
    pub label: String,
    /// The group (acting unit or target first).
    pub units: Vec<UnitKind>,
    /// Strength on the 1–21 scale, for battles of scale ships.
    pub strength: Option<u8>,
    /// This side won the encounter.
    pub won: bool,
}

/// The battle card: who attacked whom, with what, and what was destroyed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BattleCard {
    /// Language of unit codes.
    pub language: Language,
    /// Heading, e.g. "Battle at f7" / "Бой на f7".
    pub title: String,
    /// The attacking side.
    pub attacker: BattleSide,
    /// The defending side.
    pub defender: BattleSide,
    /// The result in words, e.g. "Cruisers (18) beat the cruiser (7)".
    pub result: String,
    /// Heading of the losses row, e.g. "Destroyed" / "Уничтожены".
    pub destroyed_label: String,
    /// Text when nothing was destroyed, e.g. "Nothing" / "Никто".
    pub nothing_label: String,
    /// Units destroyed, with their owner.
    pub destroyed: Vec<(Side, UnitKind)>,
    /// The scale's caption, e.g. "strength" / "сила".
    pub strength_label: String,
}

impl BattleCard {
    /// Fills the groups, strengths, winner and losses of both sides from one action's events
    /// (a `Battle`, or a `Struck` for any other encounter, and its `Destroyed` events); texts
    /// are left as they are.
    pub fn fill_from_events(&mut self, events: &[Event]) {
        self.destroyed.clear();
        for e in events {
            match *e {
                Event::Struck { side, attacker, target, .. } => {
                    self.attacker.side = side;
                    self.defender.side = side.opponent();
                    self.attacker.units = vec![attacker.kind];
                    self.defender.units = vec![target.kind];
                }
                Event::Battle { side, attackers, defenders, attack_strength, defense_strength, winner } => {
                    self.attacker.side = side;
                    self.defender.side = side.opponent();
                    self.attacker.units = attackers.members().map(|m| m.kind).collect();
                    self.defender.units = defenders.members().map(|m| m.kind).collect();
                    self.attacker.strength = Some(attack_strength);
                    self.defender.strength = Some(defense_strength);
                    self.attacker.won = winner == Some(side);
                    self.defender.won = winner == Some(side.opponent());
                }
                Event::Destroyed { side, kind, .. } => self.destroyed.push((side, kind)),
                _ => {}
            }
        }
        // Outside the scale, whoever lost nothing of the two units won.
        if self.attacker.strength.is_none() {
            let lost =
                |side: Side, kind: UnitKind| self.destroyed.iter().any(|&(s, k)| s == side && k == kind);
            let a_lost = self.attacker.units.first().is_some_and(|&k| lost(self.attacker.side, k));
            let d_lost = self.defender.units.first().is_some_and(|&k| lost(self.defender.side, k));
            self.attacker.won = d_lost && !a_lost;
            self.defender.won = a_lost && !d_lost;
        }
    }
}

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

/// One award on a card: a medal or order (left) or a qualification badge (right).
#[derive(Clone, Debug, PartialEq)]
pub struct AwardLine {
    /// Which award (0–11 in the career table's order): selects the emblem's design.
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

/// One entry of the unit atlas.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AtlasEntry {
    /// The unit.
    pub kind: UnitKind,
    /// Lines under its name (e.g. "×6 · strength 7", "moves 1 · contact attack").
    pub lines: Vec<String>,
}

/// The texts of the unit atlas.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AtlasLabels {
    /// Language of codes and names.
    pub language: Language,
    /// Heading.
    pub title: String,
    /// The entries, in the order to show.
    pub entries: Vec<AtlasEntry>,
    /// A line at the bottom (e.g. where the full rules are).
    pub footer: String,
}

impl AtlasLabels {
    /// An atlas with the engine's names and numbers only (count, strength), no prose: a
    /// fallback; the bot passes its own localised lines.
    pub fn basic(language: Language, title: &str) -> AtlasLabels {
        AtlasLabels {
            language,
            title: title.to_string(),
            entries: UnitKind::ALL
                .into_iter()
                .map(|kind| {
                    let mut line = format!("×{}", kind.fleet_count());
                    if let Some(s) = kind.strength() {
                        line.push_str(&format!(" · {s}/21"));
                    }
                    AtlasEntry { kind, lines: vec![line] }
                })
                .collect(),
            footer: String::new(),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Drawing helpers.

pub(crate) fn card(width: u32, height: u32) -> Pixmap {
    // A vertical gradient, written row by row (a shader would cost more than the rest).
    let mut p = Pixmap::new(width, height).expect("card");
    let row_bytes = width as usize * 4;
    for (y, row) in p.data_mut().chunks_exact_mut(row_bytes).enumerate() {
        let c = CARD_BG2.mix(CARD_BG, y as f32 / height.max(1) as f32);
        let px = [c.0, c.1, c.2, 255];
        for out in row.chunks_exact_mut(4) {
            out.copy_from_slice(&px);
        }
    }
    p
}

fn panel(p: &mut Pixmap, x: f32, y: f32, w: f32, h: f32, fill: Rgb, edge: Rgb) {
    let r = rounded_rect(x, y, w, h, 10.0);
    p.fill_path(&r, &fill.paint(), FillRule::Winding, Transform::identity(), None);
    p.stroke_path(
        &r,
        &edge.paint(),
        &Stroke { width: 1.5, ..Stroke::default() },
        Transform::identity(),
        None,
    );
}

fn bar(p: &mut Pixmap, x: f32, y: f32, w: f32, h: f32, fraction: f32, fill: Rgb) {
    let r = rounded_rect(x, y, w, h, h / 2.0);
    p.fill_path(&r, &Rgb::hex(0x0b1620).paint(), FillRule::Winding, Transform::identity(), None);
    let f = fraction.clamp(0.0, 1.0);
    if f > 0.0 {
        let fw = (w * f).max(h);
        let r = rounded_rect(x, y, fw, h, h / 2.0);
        p.fill_path(&r, &fill.paint(), FillRule::Winding, Transform::identity(), None);
        let hl = rounded_rect(x + 2.0, y + 1.5, fw - 4.0, h * 0.35, h * 0.2);
        p.fill_path(&hl, &color::WHITE.paint_alpha(60), FillRule::Winding, Transform::identity(), None);
    }
    p.stroke_path(
        &r,
        &PANEL_EDGE.paint(),
        &Stroke { width: 1.0, ..Stroke::default() },
        Transform::identity(),
        None,
    );
}

pub(crate) fn encode_rgb(p: &Pixmap) -> Vec<u8> {
    let rgb: Vec<u8> = p.data().chunks_exact(4).flat_map(|px| [px[0], px[1], px[2]]).collect();
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, p.width(), p.height());
        enc.set_color(png::ColorType::Rgb);
        enc.set_depth(png::BitDepth::Eight);
        enc.set_deflate_compression(png::DeflateCompression::FdeflateUltraFast);
        enc.set_filter(png::Filter::Paeth);
        let mut w = enc.write_header().expect("png header");
        w.write_image_data(&rgb).expect("png data");
        w.finish().expect("png end");
    }
    out
}

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
            p.stroke_path(
                &zz.finish().expect("zigzag"),
                &GOLD_DARK.paint_alpha(150),
                &Stroke { width: 1.5, ..Stroke::default() },
                Transform::identity(),
                None,
            );
            if rank == 18 {
                let s = star(x + w / 2.0, y + h * 0.68, w * 0.36);
                p.fill_path(&s, &Rgb::hex(0x8b0000).paint(), FillRule::Winding, Transform::identity(), None);
                p.stroke_path(
                    &s,
                    &board_color.paint(),
                    &Stroke { width: 1.5, ..Stroke::default() },
                    Transform::identity(),
                    None,
                );
            } else {
                let n = rank - 14;
                for i in 0..n {
                    let s = star(x + w / 2.0, y + h * 0.82 - i as f32 * h * 0.18, w * 0.22);
                    p.fill_path(&s, &gold, FillRule::Winding, Transform::identity(), None);
                    p.stroke_path(
                        &s,
                        &board_color.paint(),
                        &Stroke { width: 1.5, ..Stroke::default() },
                        Transform::identity(),
                        None,
                    );
                }
            }
        }
    }
}

fn degree_metal(degree: u8) -> Rgb {
    match degree {
        1 => GOLD,
        2 => SILVER,
        3 => BRONZE,
        _ => Rgb::hex(0x3a4d60),
    }
}

/// Ribbon colours of the twelve awards (two stripes each).
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
    ][emblem as usize % 12]
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
        p.stroke_path(
            &disc,
            &metal.mix(Rgb(0, 0, 0), 0.35).paint(),
            &Stroke { width: 2.0, ..Stroke::default() },
            Transform::identity(),
            None,
        );
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
        p.stroke_path(
            &shield,
            &metal.paint(),
            &Stroke { width: 3.0, ..Stroke::default() },
            Transform::identity(),
            None,
        );
        let at = (sx + w * 0.15, y + h * 0.18, w * 0.7, h * 0.5);
        draw_icon(p, emblem_kind(award.emblem), at, IconColors { main: metal, accent: metal, cut: a });
    }
    if !award.degree_label.is_empty() {
        let tag = rounded_rect(x + size - 26.0, y + size - 22.0, 30.0, 22.0, 4.0);
        p.fill_path(&tag, &CARD_BG.paint(), FillRule::Winding, Transform::identity(), None);
        p.stroke_path(
            &tag,
            &metal.paint(),
            &Stroke { width: 1.5, ..Stroke::default() },
            Transform::identity(),
            None,
        );
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
fn award_row(p: &mut Pixmap, fonts: &Fonts, award: &AwardLine, badge: bool, x: f32, y: f32, w: f32) {
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

fn rank_block(p: &mut Pixmap, fonts: &Fonts, rank: &RankInfo, x: f32, y: f32, w: f32) {
    draw_insignia(p, rank.index.min(RANKS - 1), x, y, 46.0, 104.0);
    let tx = x + 64.0;
    let fs = fonts.fit(Face::Bold, 26.0, &rank.name, w - 70.0);
    fonts.draw(p, Face::Bold, fs, tx, y + 34.0, Align::Left, GOLD, &rank.name);
    bar(p, tx, y + 50.0, w - 70.0, 16.0, rank.progress, GOLD);
    let label = fonts.ellipsize(Face::Regular, 15.0, &rank.progress_label, w - 70.0);
    fonts.draw(p, Face::Regular, 15.0, tx, y + 88.0, Align::Left, MUTED, &label);
}

// ---------------------------------------------------------------------------------------------
// The cards.

/// The setup preview: the player's zone, larger, with a legend of counts.
pub(crate) fn setup(fonts: &Fonts, layout: &Layout, side: Side, labels: &SetupLabels) -> Vec<u8> {
    let cell = 56.0f32;
    let margin = 24.0;
    let top = 78.0;
    let width = (margin * 2.0 + cell * COLS as f32) as u32;
    let legend_rows = 6;
    let legend_h = 42.0 * legend_rows as f32 + 24.0;
    let height = (top + margin * 2.0 + cell * 5.0 + legend_h + 12.0) as u32;
    let mut p = card(width, height);
    let title = fonts.ellipsize(Face::Bold, 28.0, &labels.title, width as f32 - 40.0);
    fonts.draw(&mut p, Face::Bold, 28.0, 20.0, 38.0, Align::Left, TEXT, &title);
    let sub = fonts.ellipsize(Face::Regular, 16.0, &labels.subtitle, width as f32 - 40.0);
    fonts.draw(&mut p, Face::Regular, 16.0, 20.0, 64.0, Align::Left, MUTED, &sub);
    let bx = margin;
    let by = top + margin;
    // The zone as its owner sees it: front row at the top.
    let zone_tile =
        tile::<Admiral>(cell as u32, Admiral::zone_of_row(if side == Side::South { 0 } else { 14 }));
    let counts = layout.counts();
    for depth in 0..5 {
        for file in 0..COLS as usize {
            let x = bx + file as f32 * cell;
            let y = by + depth as f32 * cell;
            p.draw_pixmap(
                x as i32,
                y as i32,
                zone_tile.as_ref(),
                &tiny_skia::PixmapPaint::default(),
                Transform::identity(),
                None,
            );
            if let Some(kind) = layout.get(depth, file) {
                draw_token_on_card::<Admiral>(
                    &mut p,
                    fonts,
                    x,
                    y,
                    cell,
                    side,
                    Token::Piece(kind),
                    labels.language,
                );
            }
        }
    }
    fill_rect(&mut p, bx + cell * COLS as f32, by, 1.0, cell * 5.0 + 1.0, color::GRID);
    fill_rect(&mut p, bx, by + cell * 5.0, cell * COLS as f32 + 1.0, 1.0, color::GRID);
    // Coordinates of the zone's squares.
    for file in 0..COLS as usize {
        let sq: Square = Layout::square(side, 0, file);
        let letter = sq.to_string().chars().next().unwrap_or('?').to_string();
        let cx = bx + file as f32 * cell + cell / 2.0;
        fonts.draw(&mut p, Face::Bold, 15.0, cx, by - 7.0, Align::Center, color::FRAME_TEXT, &letter);
        fonts.draw(
            &mut p,
            Face::Bold,
            15.0,
            cx,
            by + cell * 5.0 + 18.0,
            Align::Center,
            color::FRAME_TEXT,
            &letter,
        );
    }
    for depth in 0..5 {
        let sq = Layout::square(side, depth, 0);
        let row = (sq.row() + 1).to_string();
        let cy = by + depth as f32 * cell + cell / 2.0 + 5.5;
        fonts.draw(&mut p, Face::Bold, 15.0, margin / 2.0, cy, Align::Center, color::FRAME_TEXT, &row);
        fonts.draw(
            &mut p,
            Face::Bold,
            15.0,
            width as f32 - margin / 2.0,
            cy,
            Align::Center,
            color::FRAME_TEXT,
            &row,
        );
    }
    // The legend: every kind with placed / required.
    let ly = by + cell * 5.0 + 34.0;
    let col_w = (width as f32 - 2.0 * margin) / 3.0;
    for (i, kind) in UnitKind::ALL.into_iter().enumerate() {
        let col = i / legend_rows;
        let row = i % legend_rows;
        let x = margin + col as f32 * col_w;
        let y = ly + row as f32 * 42.0;
        draw_token_on_card::<Admiral>(&mut p, fonts, x, y, 40.0, side, Token::Piece(kind), labels.language);
        let placed = counts[kind.index()];
        let need = kind.fleet_count();
        let ok = placed == need;
        let count = format!("{placed}/{need}");
        let c = if ok { TEXT } else { Rgb::hex(0xff8a7a) };
        fonts.draw(&mut p, Face::Bold, 19.0, x + 47.0, y + 27.0, Align::Left, c, &count);
        let name = fonts.ellipsize(Face::Regular, 16.5, kind.name(labels.language), col_w - 100.0);
        fonts.draw(&mut p, Face::Regular, 16.5, x + 94.0, y + 27.0, Align::Left, MUTED, &name);
    }
    encode_rgb(&p)
}

/// The battle card.
pub(crate) fn battle(fonts: &Fonts, card_data: &BattleCard) -> Vec<u8> {
    let width = 800u32;
    let height = 430u32;
    let mut p = card(width, height);
    let title = fonts.ellipsize(Face::Bold, 28.0, &card_data.title, width as f32 - 40.0);
    fonts.draw(&mut p, Face::Bold, 28.0, width as f32 / 2.0, 42.0, Align::Center, TEXT, &title);
    let col_w = 330.0;
    for (i, bs) in [&card_data.attacker, &card_data.defender].into_iter().enumerate() {
        let x = if i == 0 { 24.0 } else { width as f32 - 24.0 - col_w };
        let y = 64.0;
        let edge = if bs.won { GOLD } else { PANEL_EDGE };
        panel(&mut p, x, y, col_w, 230.0, PANEL, edge);
        if bs.won {
            let r = rounded_rect(x, y, col_w, 230.0, 10.0);
            p.stroke_path(
                &r,
                &GOLD.paint(),
                &Stroke { width: 3.0, ..Stroke::default() },
                Transform::identity(),
                None,
            );
        }
        // Header band in the side's colour.
        let band = rounded_rect(x, y, col_w, 40.0, 10.0);
        p.fill_path(
            &band,
            &color::side_color(bs.side).paint(),
            FillRule::Winding,
            Transform::identity(),
            None,
        );
        fill_rect(&mut p, x, y + 30.0, col_w, 10.0, color::side_color(bs.side));
        let label = fonts.ellipsize(Face::Bold, 19.0, &bs.label, col_w - 24.0);
        fonts.draw(&mut p, Face::Bold, 19.0, x + 14.0, y + 27.0, Align::Left, TEXT, &label);
        // The group.
        let n = bs.units.len().max(1) as f32;
        let size = if n > 2.0 { 88.0 } else { 100.0 };
        let gap = 10.0;
        let total = n * size + (n - 1.0) * gap;
        let mut tx = x + (col_w - total) / 2.0;
        for &kind in &bs.units {
            draw_token_on_card::<Admiral>(
                &mut p,
                fonts,
                tx,
                y + 52.0,
                size,
                bs.side,
                Token::Piece(kind),
                card_data.language,
            );
            tx += size + gap;
        }
        // Strength on the 1–21 scale.
        if let Some(s) = bs.strength {
            let sy = y + 172.0;
            fonts.draw(
                &mut p,
                Face::Bold,
                34.0,
                x + 18.0,
                sy + 30.0,
                Align::Left,
                if bs.won { GOLD } else { TEXT },
                &s.to_string(),
            );
            bar(
                &mut p,
                x + 74.0,
                sy + 10.0,
                col_w - 94.0,
                14.0,
                s as f32 / 21.0,
                if bs.won { GOLD } else { SILVER },
            );
            let cap = format!("{} · {s}/21", card_data.strength_label);
            fonts.draw(&mut p, Face::Regular, 13.0, x + 74.0, sy + 44.0, Align::Left, MUTED, &cap);
        }
    }
    // "VS" between the columns.
    fonts.draw(&mut p, Face::Bold, 30.0, width as f32 / 2.0, 190.0, Align::Center, MUTED, "×");
    // The result.
    let result = fonts.ellipsize(Face::Bold, 20.0, &card_data.result, width as f32 - 40.0);
    fonts.draw(&mut p, Face::Bold, 20.0, width as f32 / 2.0, 328.0, Align::Center, TEXT, &result);
    // What was destroyed.
    let label = format!("{}:", card_data.destroyed_label);
    let lw = fonts.draw(&mut p, Face::Bold, 17.0, 24.0, 384.0, Align::Left, MUTED, &label);
    let mut x = 24.0 + lw + 14.0;
    if card_data.destroyed.is_empty() {
        fonts.draw(&mut p, Face::Regular, 17.0, x, 384.0, Align::Left, TEXT, &card_data.nothing_label);
    }
    for &(side, kind) in card_data.destroyed.iter().take(14) {
        draw_token_on_card::<Admiral>(
            &mut p,
            fonts,
            x,
            352.0,
            48.0,
            side,
            Token::Piece(kind),
            card_data.language,
        );
        let mut pb = PathBuilder::new();
        pb.move_to(x + 8.0, 360.0);
        pb.line_to(x + 40.0, 392.0);
        pb.move_to(x + 40.0, 360.0);
        pb.line_to(x + 8.0, 392.0);
        let cross = pb.finish().expect("cross");
        let s = |w: f32| Stroke { width: w, line_cap: tiny_skia::LineCap::Round, ..Stroke::default() };
        p.stroke_path(&cross, &CARD_BG.paint_alpha(200), &s(7.0), Transform::identity(), None);
        p.stroke_path(&cross, &color::ATTACK.paint(), &s(4.0), Transform::identity(), None);
        x += 54.0;
    }
    encode_rgb(&p)
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

pub(crate) fn profile_png(fonts: &Fonts, c: &ProfileCard) -> Vec<u8> {
    encode_rgb(&profile(fonts, c))
}

/// The unit atlas.
pub(crate) fn atlas(fonts: &Fonts, a: &AtlasLabels) -> Vec<u8> {
    let width = 800u32;
    let cols = 2;
    let row_h = 96.0;
    let rows = a.entries.len().div_ceil(cols) as f32;
    let height = (80.0 + rows * row_h + 50.0) as u32;
    let mut p = card(width, height);
    fonts.draw(&mut p, Face::Bold, 30.0, 24.0, 46.0, Align::Left, TEXT, &a.title);
    let col_w = (width as f32 - 48.0) / cols as f32;
    for (i, e) in a.entries.iter().enumerate() {
        let x = 24.0 + (i % cols) as f32 * col_w;
        let y = 70.0 + (i / cols) as f32 * row_h;
        panel(&mut p, x, y, col_w - 12.0, row_h - 8.0, PANEL, PANEL_EDGE);
        draw_token_on_card::<Admiral>(
            &mut p,
            fonts,
            x + 6.0,
            y + 6.0,
            78.0,
            Side::South,
            Token::Piece(e.kind),
            a.language,
        );
        let name = e.kind.name(a.language);
        let mut chars = name.chars();
        let cap: String =
            chars.next().map(|c| c.to_uppercase().collect::<String>() + chars.as_str()).unwrap_or_default();
        let tx = x + 94.0;
        let head = format!("{} · {}", e.kind.code(a.language), cap);
        let head = fonts.ellipsize(Face::Bold, 20.0, &head, col_w - 110.0);
        fonts.draw(&mut p, Face::Bold, 20.0, tx, y + 28.0, Align::Left, TEXT, &head);
        for (j, line) in e.lines.iter().take(2).enumerate() {
            let l = fonts.ellipsize(Face::Regular, 16.5, line, col_w - 110.0);
            fonts.draw(&mut p, Face::Regular, 16.5, tx, y + 52.0 + j as f32 * 21.0, Align::Left, MUTED, &l);
        }
    }
    let footer = fonts.ellipsize(Face::Regular, 14.0, &a.footer, width as f32 - 48.0);
    fonts.draw(&mut p, Face::Regular, 15.0, 24.0, height as f32 - 20.0, Align::Left, MUTED, &footer);
    encode_rgb(&p)
}

/// The table of ranks: every insignia with its name and the points it takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RanksCard {
    /// Language (for defaults).
    pub language: Language,
    /// Heading, e.g. "Ranks" / "Звания".
    pub title: String,
    /// The 19 ranks in order: name and the points line (e.g. "1,700 points").
    pub ranks: Vec<(String, String)>,
    /// The viewer's rank, highlighted.
    pub current: Option<u8>,
}

/// Splits `text` into at most `lines` lines of `max_width`, ellipsizing the last.
fn wrap(fonts: &Fonts, face: Face, size: f32, text: &str, max_width: f32, lines: usize) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let candidate = if line.is_empty() { word.to_string() } else { format!("{line} {word}") };
        if fonts.width(face, size, &candidate) <= max_width || line.is_empty() {
            line = candidate;
        } else {
            out.push(std::mem::take(&mut line));
            line = word.to_string();
        }
    }
    if !line.is_empty() {
        out.push(line);
    }
    if out.len() > lines {
        let rest = out[lines - 1..].join(" ");
        out.truncate(lines - 1);
        out.push(rest);
    }
    out.into_iter().map(|l| fonts.ellipsize(face, size, &l, max_width)).collect()
}

pub(crate) fn ranks(fonts: &Fonts, c: &RanksCard) -> Vec<u8> {
    let width = 800u32;
    let cols = 5;
    let cell_w = (width as f32 - 40.0) / cols as f32;
    let cell_h = 196.0;
    let rows = c.ranks.len().div_ceil(cols);
    let height = (76.0 + rows as f32 * cell_h + 16.0) as u32;
    let mut p = card(width, height);
    fonts.draw(&mut p, Face::Bold, 30.0, 24.0, 46.0, Align::Left, TEXT, &c.title);
    for (i, (name, points)) in c.ranks.iter().enumerate() {
        let x = 20.0 + (i % cols) as f32 * cell_w;
        let y = 70.0 + (i / cols) as f32 * cell_h;
        let current = c.current == Some(i as u8);
        panel(
            &mut p,
            x + 4.0,
            y,
            cell_w - 8.0,
            cell_h - 10.0,
            if current { Rgb::hex(0x2a4a6a) } else { PANEL },
            if current { GOLD } else { PANEL_EDGE },
        );
        draw_insignia(&mut p, (i as u8).min(RANKS - 1), x + cell_w / 2.0 - 22.0, y + 10.0, 44.0, 100.0);
        let cx = x + cell_w / 2.0;
        // Two lines; a longer name ("Главный корабельный старшина") takes three smaller ones
        // rather than an ellipsis.
        let whole =
            |lines: &[String]| lines.join(" ") == name.split_whitespace().collect::<Vec<_>>().join(" ");
        let two = wrap(fonts, Face::Bold, 14.5, name, cell_w - 18.0, 2);
        let (size, top, step, lines) = if whole(&two) {
            (14.5, 130.0, 17.0, two)
        } else {
            (13.0, 124.0, 15.0, wrap(fonts, Face::Bold, 13.0, name, cell_w - 18.0, 3))
        };
        for (j, line) in lines.iter().enumerate() {
            fonts.draw(
                &mut p,
                Face::Bold,
                size,
                cx,
                y + top + j as f32 * step,
                Align::Center,
                if current { GOLD } else { TEXT },
                line,
            );
        }
        let pts = fonts.ellipsize(Face::Regular, 13.0, points, cell_w - 16.0);
        fonts.draw(&mut p, Face::Regular, 13.0, cx, y + 174.0, Align::Center, MUTED, &pts);
    }
    encode_rgb(&p)
}

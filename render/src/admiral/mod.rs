//! Admiral's board for the shared painter: a 14 × 15 sea in three zones, unit tokens with a
//! silhouette and the unit's code, a wake on markers known to have moved, the marks of
//! moves, strikes, battles and the bomb's blast, and the bases left as anchors in the strips.

pub(crate) mod icons;

use admiral_engine::{Event, Group, Placed, Side, Square, UnitKind, View, Weapon, COLS, ROWS};
use tiny_skia::{FillRule, PathBuilder, Pixmap, Stroke, Transform};

use crate::board::{BoardGame, Content, Geometry, Sample, Scene, StripInfo, StripStyle, TallyPlace, ZONES};
use crate::board::{IconBox, Label, TokenBox, TokenStyle};
use crate::board::{MarkStyle, Marker};
use crate::color::{self, Rgb};
use crate::font::{Align, Face, Fonts};
use crate::labels::BoardLabels;
use crate::shapes::{round_stroke, rounded_rect, IconColors};
use icons::draw_icon;

/// The board's shape: 54-pixel squares in a 22-pixel frame between two 52-pixel strips.
pub(crate) const GEOMETRY: Geometry = Geometry {
    cols: COLS,
    rows: ROWS,
    setup_rows: 5,
    cell: 54,
    margin: 22,
    strip_h: 52,
    label_size: 16.5,
    two_digit_label_size: 16.5,
    letters_above: 5.0,
    letters_below: 18.0,
};
pub(crate) const WIDTH: u32 = GEOMETRY.width();
pub(crate) const HEIGHT: u32 = GEOMETRY.height();
pub(crate) const STRIP_H: u32 = GEOMETRY.strip_h;

/// Admiral for the painter; it keeps the strips' anchors (a kept base and a lost one).
pub(crate) struct Admiral {
    base_icons: [Pixmap; 2],
}

impl Admiral {
    pub(crate) fn new() -> Admiral {
        let make = |c: Rgb| {
            let mut p = Pixmap::new(24, 28).expect("base icon");
            draw_icon(
                &mut p,
                UnitKind::NavalBase,
                (0.0, 2.0, 24.0, 24.0),
                IconColors { main: c, accent: c, cut: c },
            );
            p
        };
        Admiral { base_icons: [make(color::STRIP_TEXT), make(Rgb::hex(0x3a4d60))] }
    }
}

impl BoardGame for Admiral {
    type Square = Square;
    type Piece = UnitKind;
    type Event = Event;

    const GEOMETRY: Geometry = GEOMETRY;
    const TOKENS: TokenStyle = TokenStyle {
        design: 54.0,
        radius: 8.0,
        highlight: 22,
        icon: IconBox { dx: 5.0, dy: 5.0, shrink: 9.0, h: 26.0 },
        seen_badge_radius: 9.5,
        hatch_step: 7.0,
        hatch_width: 2.2,
        hatch_inset: 5.0,
        intel_band: (25.0, 5.0),
        intel_icon: IconBox { dx: 8.0, dy: 6.0, shrink: 15.0, h: 22.0 },
        intel_badge: (31.0, 18.0, 4.0),
        wreck_icon: IconBox { dx: 5.0, dy: 9.0, shrink: 9.0, h: 34.0 },
        cross_inset: 9.0,
    };
    const MARKS: MarkStyle = MarkStyle { frame_radius: 9.0, wash_radius: 8.0, dash: [7.0, 5.0] };
    const STRIP: StripStyle = StripStyle {
        text_size: 22.0,
        right_pad: 16.0,
        clock_gap: 20.0,
        note_size: 20.0,
        note_room: 260.0,
        name_gap: 24.0,
    };
    const ZONE_COLORS: [Rgb; ZONES] = [color::SEA_SOUTH, color::SEA, color::SEA_NORTH];
    const GRID: Rgb = color::GRID;

    fn draw_icon(p: &mut Pixmap, kind: UnitKind, at: (f32, f32, f32, f32), colors: IconColors) {
        draw_icon(p, kind, at, colors);
    }

    /// The unit's code, as large as the token allows: it must survive a phone's half-size
    /// preview.
    fn draw_label(p: &mut Pixmap, fonts: &Fonts, kind: UnitKind, at: &TokenBox, label: Label) {
        let k = at.k;
        let code = kind.code(at.language);
        let (size, max_w, baseline, c) = match label {
            Label::Open => (18.5 * k, at.tw - 3.0 * k, at.y + 48.5 * k, color::WHITE),
            Label::Intel => (15.0 * k, at.tw - 9.0 * k, at.y + 45.5 * k, at.dark),
        };
        let fs = fonts.fit(Face::Bold, size, code, max_w);
        fonts.draw(p, Face::Bold, fs, at.x + at.size / 2.0 + 0.5 * k, baseline, Align::Center, c, code);
    }

    /// A wake: this marker has moved, so it is no base and no stationary mine.
    fn draw_moved_badge(p: &mut Pixmap, at: &TokenBox) {
        let (x, y, size, k) = (at.x, at.y, at.size, at.k);
        let badge = rounded_rect(x + 12.0 * k, y + 33.0 * k, size - 23.0 * k, 13.0 * k, 6.0 * k);
        p.fill_path(&badge, &at.dark.paint(), FillRule::Winding, Transform::identity(), None);
        let mut pb = PathBuilder::new();
        let (wx, wy, ww) = (x + 16.0 * k, y + 39.5 * k, size - 31.0 * k);
        pb.move_to(wx, wy);
        let step = ww / 4.0;
        for i in 0..4 {
            let dy = if i % 2 == 0 { -3.5 * k } else { 3.5 * k };
            pb.quad_to(wx + step * (i as f32 + 0.5), wy + dy, wx + step * (i as f32 + 1.0), wy);
        }
        let wave = Stroke { width: 2.2 * k, line_cap: tiny_skia::LineCap::Round, ..Stroke::default() };
        let path = pb.finish().expect("wake");
        p.stroke_path(&path, &color::WHITE.paint(), &wave, Transform::identity(), None);
    }

    /// The marks of the last turn: move, attack, battle groups, blast. Wrecks are sprites.
    fn draw_marks(p: &mut Pixmap, m: &Marker<'_>, events: &[Event]) {
        // The blast first: everything else is drawn over it.
        for e in events {
            if let Event::Detonated { at, .. } = *e {
                draw_blast(p, m, at);
            }
        }
        for e in events {
            match *e {
                Event::Moved { from, to, .. } => {
                    m.wash(p, from, color::MOVE, 90);
                    m.frame(p, from, color::MOVE, 2.5, true);
                    m.frame(p, to, color::MOVE, 3.5, false);
                    m.head_between(p, m.center(from), m.center(to), 20.0, color::MOVE);
                }
                Event::Battle { attackers, defenders, .. } => {
                    for member in attackers.members().skip(1).chain(defenders.members().skip(1)) {
                        m.frame(p, member.square, color::ATTACK, 2.0, true);
                    }
                }
                _ => {}
            }
        }
        for e in events {
            if let Event::Struck { weapon, attacker, target, .. } = *e {
                m.frame(p, attacker.square, color::ATTACK, 3.0, false);
                m.frame(p, target.square, color::ATTACK, 3.5, false);
                let (a, b) = (m.center(attacker.square), m.center(target.square));
                match weapon {
                    Weapon::Contact => m.head_between(p, a, b, 22.0, color::ATTACK),
                    // Aircraft fly (dashed), torpedoes run (solid).
                    Weapon::Aircraft | Weapon::Torpedo => {
                        let dash = (weapon == Weapon::Aircraft).then_some([9.0, 7.0]);
                        m.shaft(p, a, b, 7.0, 4.0, dash, color::ATTACK);
                    }
                }
            }
        }
    }

    fn marked_squares(events: &[Event], out: &mut Vec<Square>) {
        for e in events {
            match *e {
                Event::Moved { from, to, .. } => out.extend([from, to]),
                Event::Struck { attacker, target, .. } => out.extend([attacker.square, target.square]),
                Event::Battle { attackers, defenders, .. } => {
                    out.extend(attackers.members().chain(defenders.members()).map(|m| m.square))
                }
                Event::Detonated { at, .. } => out.extend(admiral_engine::blast_squares(at)),
                _ => {}
            }
        }
    }

    fn destroyed(event: &Event) -> Option<(Square, Side, UnitKind)> {
        match *event {
            Event::Destroyed { side, kind, square } => Some((square, side, kind)),
            _ => None,
        }
    }

    /// The bases left, as anchors.
    fn draw_tally(&self, p: &mut Pixmap, _: &Fonts, info: &StripInfo<'_>, at: TallyPlace) -> f32 {
        let mut bx = at.right - 2.0 * 24.0;
        for i in 0..2u8 {
            let icon = &self.base_icons[usize::from(i >= info.tally)];
            p.draw_pixmap(
                bx as i32,
                (at.y + 12.0) as i32,
                icon.as_ref(),
                &tiny_skia::PixmapPaint::default(),
                Transform::identity(),
                None,
            );
            bx += 24.0;
        }
        2.0 * 24.0
    }

    fn palette_sample() -> Sample<Self> {
        let sq = |s: &str| Square::parse(s).expect("square");
        let mut cells = vec![Content::Empty; admiral_engine::SQUARES];
        for (i, kind) in UnitKind::ALL.into_iter().enumerate() {
            let s = Square::new((i % 14) as u8, (i / 14) as u8).expect("square");
            cells[s.index()] = Content::Piece(Side::South, kind, i % 4 == 1);
            let n = Square::new((i % 14) as u8, 14 - (i / 14) as u8).expect("square");
            cells[n.index()] =
                Content::Marker(Side::North, if i % 2 == 0 { Some(kind) } else { None }, i % 3 == 0);
        }
        let events = vec![
            Event::Moved { side: Side::South, kind: None, from: sq("e5"), to: sq("e6") },
            Event::Struck {
                side: Side::South,
                weapon: Weapon::Aircraft,
                attacker: Placed { kind: UnitKind::Aircraft, square: sq("c7") },
                target: Placed { kind: UnitKind::Cruiser, square: sq("c11") },
            },
            Event::Struck {
                side: Side::South,
                weapon: Weapon::Contact,
                attacker: Placed { kind: UnitKind::Cruiser, square: sq("h8") },
                target: Placed { kind: UnitKind::Cruiser, square: sq("h9") },
            },
            Event::Battle {
                side: Side::South,
                attackers: Group::new(&[Placed { kind: UnitKind::Cruiser, square: sq("h8") }]),
                defenders: Group::new(&[Placed { kind: UnitKind::Cruiser, square: sq("h9") }]),
                attack_strength: 7,
                defense_strength: 7,
                winner: None,
            },
            Event::Detonated { side: Side::North, at: sq("l8") },
            Event::Destroyed { side: Side::South, kind: UnitKind::Battleship, square: sq("k8") },
        ];
        Sample::new(cells, events, [1, 2])
    }
}

/// A viewer's fogged board: `cells` (from [`crate::board::fogged_cells`]), the last turn and
/// the strips, with the bases each side has left.
pub(crate) fn scene<'a>(
    view: &'a View,
    labels: &'a BoardLabels,
    cells: &'a [Content<UnitKind>],
) -> Scene<'a, Admiral> {
    let nb = UnitKind::NavalBase.index();
    let tallies = [2u8.saturating_sub(view.enemy_losses[nb]), 2u8.saturating_sub(view.own_losses[nb])];
    Scene::for_viewer(labels, view.viewer, view.to_move, view.status, tallies, cells, &view.last_turn)
}

/// The bomb's clipped 5 × 5 blast square with a burst at its centre.
fn draw_blast(p: &mut Pixmap, m: &Marker<'_>, at: Square) {
    let (cell, t) = (GEOMETRY.cell as i32, m.t);
    let (mut x0, mut y0, mut x1, mut y1) = (i32::MAX, i32::MAX, i32::MIN, i32::MIN);
    for sq in admiral_engine::blast_squares(at) {
        let (x, y) = m.geometry.origin(m.seat, sq);
        x0 = x0.min(x);
        y0 = y0.min(y);
        x1 = x1.max(x + cell);
        y1 = y1.max(y + cell);
    }
    let r =
        rounded_rect(x0 as f32 + 1.5, y0 as f32 + 1.5, (x1 - x0) as f32 - 2.0, (y1 - y0) as f32 - 2.0, 10.0);
    p.fill_path(&r, &color::BLAST.paint_alpha(70), FillRule::Winding, t, None);
    p.stroke_path(&r, &color::BLAST.paint(), &round_stroke(3.0), t, None);
    let (cx, cy) = m.center(at);
    let mut pb = PathBuilder::new();
    for i in 0..16 {
        let a = i as f32 * std::f32::consts::PI / 8.0;
        let rr = if i % 2 == 0 { 22.0 } else { 10.0 };
        let (x, y) = (cx + rr * a.cos(), cy + rr * a.sin());
        if i == 0 {
            pb.move_to(x, y);
        } else {
            pb.line_to(x, y);
        }
    }
    pb.close();
    let burst = pb.finish().expect("burst");
    p.fill_path(&burst, &color::FLAME.paint(), FillRule::Winding, t, None);
    p.stroke_path(&burst, &color::BLAST.paint(), &round_stroke(2.0), t, None);
}

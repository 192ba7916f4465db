//! Stratego's board for the shared painter: a 10 × 10 field of land in three tints with two
//! lakes, piece tokens with an icon, the rank's number and its code, footsteps on markers
//! known to have moved, the marks of a move (amber) or an attack (red; a shaft for a scout's
//! run), and the pieces left in the strips. (The setup preview is a card: `cards/stratego_setup.rs`.)
//!
//! The picture is built from the viewer's [`View`] alone, so it cannot show anything hidden:
//! enemy pieces are identical closed markers, with an intel badge (icon, number and code)
//! only when the view remembers their identity and a "moved" badge only when the view says so;
//! with intel on, own pieces the enemy has identified wear an eye.

mod icons;

use admiral_engine::stratego::{Cell, Event, Placed, Rank, Sq, View, COLS, ROWS};
use admiral_engine::Side;
use tiny_skia::{FillRule, PathBuilder, Pixmap, Transform};

use crate::board::{BoardGame, Content, Geometry, Sample, Scene, StripInfo, StripStyle, TallyPlace, ZONES};
use crate::board::{IconBox, Label, TokenBox, TokenStyle};
use crate::board::{MarkStyle, Marker};
use crate::color::{self, Rgb};
use crate::font::{Align, Face, Fonts};
use crate::labels::BoardLabels;
use crate::shapes::{round_stroke, rounded_rect, IconColors};

pub(crate) use icons::draw_piece_icon;

/// The board's shape: 64-pixel squares in a 24-pixel frame between two 52-pixel strips.
pub(crate) const GEOMETRY: Geometry = Geometry {
    cols: COLS,
    rows: ROWS,
    setup_rows: 4,
    cell: 64,
    margin: 24,
    strip_h: 52,
    label_size: 17.0,
    two_digit_label_size: 14.0,
    letters_above: 6.0,
    letters_below: 19.0,
};
pub(crate) const WIDTH: u32 = GEOMETRY.width();
pub(crate) const HEIGHT: u32 = GEOMETRY.height();

/// Land: South's setup rows, the middle, North's setup rows (tinted towards their owner).
const LAND_SOUTH: Rgb = Rgb::hex(0xd7e3d2);
const LAND: Rgb = Rgb::hex(0xe4e8cf);
const LAND_NORTH: Rgb = Rgb::hex(0xeedfd2);
const LAND_GRID: Rgb = Rgb::hex(0xa9b39a);
const LAKE: Rgb = Rgb::hex(0x4f8fc0);
const LAKE_EDGE: Rgb = Rgb::hex(0x2f6690);
const LAKE_WAVE: Rgb = Rgb::hex(0x9cc8e6);

fn sq(col: u8, row: u8) -> Sq {
    Sq::new(col, row).expect("on the board")
}

/// Stratego for the painter.
pub(crate) struct Stratego;

impl BoardGame for Stratego {
    type Square = Sq;
    type Piece = Rank;
    type Event = Event;

    const GEOMETRY: Geometry = GEOMETRY;
    const TOKENS: TokenStyle = TokenStyle {
        design: 64.0,
        radius: 9.0,
        highlight: 24,
        icon: IconBox { dx: 12.0, dy: 7.0, shrink: 23.0, h: 27.0 },
        seen_badge_radius: 9.0,
        hatch_step: 8.0,
        hatch_width: 2.4,
        hatch_inset: 6.0,
        intel_band: (30.0, 6.0),
        intel_icon: IconBox { dx: 15.0, dy: 8.0, shrink: 29.0, h: 24.0 },
        intel_badge: (37.0, 22.0, 5.0),
        wreck_icon: IconBox { dx: 12.0, dy: 10.0, shrink: 23.0, h: 34.0 },
        cross_inset: 10.0,
    };
    const MARKS: MarkStyle = MarkStyle { frame_radius: 10.0, wash_radius: 9.0, dash: [8.0, 6.0] };
    const STRIP: StripStyle = StripStyle {
        text_size: 21.0,
        right_pad: 14.0,
        clock_gap: 18.0,
        note_size: 19.0,
        note_room: 230.0,
        name_gap: 20.0,
    };
    const ZONE_COLORS: [Rgb; ZONES] = [LAND_SOUTH, LAND, LAND_NORTH];
    const GRID: Rgb = LAND_GRID;

    fn draw_icon(p: &mut Pixmap, rank: Rank, at: (f32, f32, f32, f32), colors: IconColors) {
        draw_piece_icon(p, rank, at, colors);
    }

    /// "number code" centred, the number large and the code smaller; bomb and flag show
    /// their code only, large.
    fn draw_label(p: &mut Pixmap, fonts: &Fonts, rank: Rank, at: &TokenBox, label: Label) {
        let k = at.k;
        let (cx, code) = (at.x + at.size / 2.0, rank.code(at.language));
        let (baseline, max_w, big, number_color, code_color) = match label {
            Label::Open => (
                at.y + 57.5 * k,
                at.tw - 4.0 * k,
                22.0 * k,
                color::WHITE,
                at.side_color.mix(color::WHITE, 0.72),
            ),
            Label::Intel => (at.y + 54.5 * k, at.tw - 10.0 * k, 18.0 * k, at.dark, at.side_color),
        };
        let Some(number) = rank.number().map(|n| n.to_string()) else {
            let size = fonts.fit(Face::Bold, big * 0.85, code, max_w);
            fonts.draw(p, Face::Bold, size, cx, baseline, Align::Center, number_color, code);
            return;
        };
        let gap = big * 0.14;
        let (mut nb, mut sb) = (big, big * 0.62);
        let total =
            |nb: f32, sb: f32| fonts.width(Face::Bold, nb, &number) + gap + fonts.width(Face::Bold, sb, code);
        let w = total(nb, sb);
        if w > max_w {
            let f = max_w / w;
            nb *= f;
            sb *= f;
        }
        let x = cx - total(nb, sb) / 2.0;
        let nw = fonts.draw(p, Face::Bold, nb, x, baseline, Align::Left, number_color, &number);
        fonts.draw(p, Face::Bold, sb, x + nw + gap, baseline, Align::Left, code_color, code);
    }

    /// Footsteps: this piece has moved, so it is no bomb and no flag.
    fn draw_moved_badge(p: &mut Pixmap, at: &TokenBox) {
        let (x, y, size, k) = (at.x, at.y, at.size, at.k);
        let id = Transform::identity();
        let badge = rounded_rect(x + 14.0 * k, y + 40.0 * k, size - 27.0 * k, 15.0 * k, 7.0 * k);
        p.fill_path(&badge, &at.dark.paint(), FillRule::Winding, id, None);
        let st = round_stroke(2.6 * k);
        let mut pb = PathBuilder::new();
        for i in 0..3 {
            let cx = x + 23.0 * k + i as f32 * 8.5 * k;
            let cy = y + 47.5 * k;
            pb.move_to(cx - 3.0 * k, cy - 4.0 * k);
            pb.line_to(cx + 2.0 * k, cy);
            pb.line_to(cx - 3.0 * k, cy + 4.0 * k);
        }
        p.stroke_path(&pb.finish().expect("steps"), &color::WHITE.paint(), &st, id, None);
    }

    /// The two lakes, each 2 × 2 squares, as one body of water with waves.
    fn draw_blocked(p: &mut Pixmap, seat: Side) {
        for col in [2u8, 6] {
            let (ax, ay) = GEOMETRY.origin(seat, sq(col, 4));
            let (bx, by) = GEOMETRY.origin(seat, sq(col + 1, 5));
            let (x0, y0) = (ax.min(bx) as f32, ay.min(by) as f32);
            let side = 2.0 * GEOMETRY.cell as f32;
            let lake = rounded_rect(x0 + 3.0, y0 + 3.0, side - 5.0, side - 5.0, 18.0);
            p.fill_path(&lake, &LAKE.paint(), FillRule::Winding, Transform::identity(), None);
            p.stroke_path(&lake, &LAKE_EDGE.paint(), &round_stroke(2.5), Transform::identity(), None);
            let mut pb = PathBuilder::new();
            for (i, wy) in [0.26f32, 0.46, 0.66].iter().enumerate() {
                let y = y0 + side * wy + 6.0;
                let x_start = x0 + 22.0 + if i == 1 { 14.0 } else { 0.0 };
                let x_end = x0 + side - 22.0 - if i == 1 { 0.0 } else { 14.0 };
                pb.move_to(x_start, y);
                let n = 4;
                let step = (x_end - x_start) / n as f32;
                for j in 0..n {
                    let dy = if j % 2 == 0 { -5.0 } else { 5.0 };
                    pb.quad_to(
                        x_start + step * (j as f32 + 0.5),
                        y + dy,
                        x_start + step * (j as f32 + 1.0),
                        y,
                    );
                }
            }
            let waves = pb.finish().expect("waves");
            p.stroke_path(&waves, &LAKE_WAVE.paint(), &round_stroke(2.6), Transform::identity(), None);
        }
    }

    /// The marks of the last move: amber for a move, red for an attack.
    fn draw_marks(p: &mut Pixmap, m: &Marker<'_>, events: &[Event]) {
        for e in events {
            let (from, to, c, wash) = match *e {
                Event::Moved { from, to, .. } => (from, to, color::MOVE, 90),
                Event::Attacked { attacker, defender, .. } => {
                    (attacker.square, defender.square, color::ATTACK, 60)
                }
                _ => continue,
            };
            m.wash(p, from, c, wash);
            m.frame(p, from, c, 2.5, true);
            m.frame(p, to, c, 3.5, false);
            // A head between neighbours, a shaft and a head for a scout's run.
            let (a, b) = (m.center(from), m.center(to));
            if from.distance(to) <= 1 {
                m.head_between(p, a, b, 22.0, c);
            } else {
                m.shaft(p, a, b, 8.0, 4.5, None, c);
            }
        }
    }

    fn marked_squares(events: &[Event], out: &mut Vec<Sq>) {
        for e in events {
            match *e {
                Event::Moved { from, to, .. } => out.extend([from, to]),
                Event::Attacked { attacker, defender, .. } => out.extend([attacker.square, defender.square]),
                _ => {}
            }
        }
    }

    fn destroyed(event: &Event) -> Option<(Sq, Side, Rank)> {
        match *event {
            Event::Destroyed { side, rank, square } => Some((square, side, rank)),
            _ => None,
        }
    }

    /// Pieces left: a small token and the count.
    fn draw_tally(&self, p: &mut Pixmap, fonts: &Fonts, info: &StripInfo<'_>, at: TallyPlace) -> f32 {
        let id = Transform::identity();
        let count = format!("{}", info.tally);
        let size = Self::STRIP.text_size;
        let w =
            fonts.draw(p, Face::Bold, size, at.right, at.baseline, Align::Right, color::STRIP_TEXT, &count);
        let tok = rounded_rect(at.right - w - 24.0, at.y + 15.0, 18.0, 22.0, 4.0);
        p.fill_path(&tok, &color::side_color(info.side).paint(), FillRule::Winding, id, None);
        p.stroke_path(&tok, &color::WHITE.paint_alpha(180), &round_stroke(1.2), id, None);
        w + 24.0
    }

    fn palette_sample() -> Sample<Self> {
        let mut cells = vec![Content::Empty; admiral_engine::stratego::SQUARES];
        for (i, rank) in Rank::ALL.into_iter().enumerate() {
            cells[sq(i as u8 % 10, i as u8 / 10).index()] = Content::Piece(Side::South, rank, i % 4 == 1);
        }
        let a = |t: &str| Sq::parse(t).expect("square");
        let events = vec![
            Event::Moved { side: Side::South, rank: None, from: a("a4"), to: a("a5") },
            Event::Moved { side: Side::South, rank: None, from: a("b4"), to: a("b8") },
            Event::Attacked {
                side: Side::South,
                attacker: Placed { rank: Rank::Major, square: a("e6") },
                defender: Placed { rank: Rank::Captain, square: a("e7") },
                winner: Some(Side::South),
            },
        ];
        Sample::new(cells, events, [33, 40])
    }
}

/// A viewer's fogged board: `cells` (from [`crate::board::fogged_cells`]), the last turn and
/// the strips, with the pieces each side has on the board (every marker is in plain sight; a
/// position that did not start from full armies, such as a lesson's, is counted as it stands).
pub(crate) fn scene<'a>(
    view: &'a View,
    labels: &'a BoardLabels,
    cells: &'a [Content<Rank>],
) -> Scene<'a, Stratego> {
    let pieces = |own: bool| {
        let side_of = |cell: &Cell| match cell {
            Cell::Own { .. } => Some(true),
            Cell::Enemy { .. } => Some(false),
            Cell::Empty | Cell::Lake => None,
        };
        view.cells.iter().filter(|c| side_of(c) == Some(own)).count() as u8
    };
    let tallies = [pieces(false), pieces(true)];
    Scene::for_viewer(labels, view.viewer, view.to_move, view.status, tallies, cells, &view.last_turn)
}

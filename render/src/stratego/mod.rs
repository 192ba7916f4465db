//! Pictures of classic Stratego: the fogged 10 × 10 board with its two lakes, and the setup
//! preview. The same design as Admiral's board (see the crate documentation): everything that
//! does not change between moves (backgrounds of both seats, every piece token on each of the
//! three land tints in both languages, closed, moved and intel markers, wrecks) is drawn once
//! with vectors, a palette of its own is fixed from it, and a board is then sprite rows copied
//! as palette indices, the marks of the last move and the two strips drawn on small RGBA
//! regions, and an indexed PNG.
//!
//! The picture is built from the viewer's [`View`] alone, so it cannot show anything hidden:
//! enemy pieces are identical closed markers, with an intel badge (icon, number and code)
//! only when the view remembers their identity and a "moved" badge only when the view says so;
//! with intel on, own pieces the enemy has identified wear an eye.

mod icons;

use std::collections::HashMap;

use admiral_engine::stratego::{Cell, Event, Layout, Rank, Sq, View, ARMY_SIZE, COLS, RANKS, ROWS};
use admiral_engine::{Language, Side, Status};
use tiny_skia::{FillRule, PathBuilder, Pixmap, Stroke, Transform};

use crate::board::{expand, settle};
use crate::color::{self, Rgb};
use crate::font::{Align, Face, Fonts};
use crate::palette::{self, Palette};
use crate::sprites::{blit, blit_indexed, draw_seen_badge, fill_rect, rounded_rect};
use crate::{BoardLabels, SetupLabels};

pub(crate) use icons::draw_piece_icon;

/// Size of a square in pixels.
pub(crate) const CELL: u32 = 64;
/// Width of the coordinate frame around the board.
const MARGIN: u32 = 24;
/// Height of each status strip.
const STRIP_H: u32 = 52;
pub(crate) const WIDTH: u32 = 2 * MARGIN + COLS as u32 * CELL;
pub(crate) const HEIGHT: u32 = 2 * STRIP_H + 2 * MARGIN + ROWS as u32 * CELL;
const BOARD_X: u32 = MARGIN;
const BOARD_Y: u32 = STRIP_H + MARGIN;

/// Land: South's setup rows, the middle, North's setup rows (tinted towards their owner).
const LAND_SOUTH: Rgb = Rgb::hex(0xd7e3d2);
const LAND: Rgb = Rgb::hex(0xe4e8cf);
const LAND_NORTH: Rgb = Rgb::hex(0xeedfd2);
const LAND_GRID: Rgb = Rgb::hex(0xa9b39a);
const LAKE: Rgb = Rgb::hex(0x4f8fc0);
const LAKE_EDGE: Rgb = Rgb::hex(0x2f6690);
const LAKE_WAVE: Rgb = Rgb::hex(0x9cc8e6);

const ZONES: usize = 3;

fn zone_of_row(row: u8) -> usize {
    match row {
        0..=3 => 0,
        4..=5 => 1,
        _ => 2,
    }
}

fn zone_color(zone: usize) -> Rgb {
    [LAND_SOUTH, LAND, LAND_NORTH][zone]
}

/// What a token shows.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Token {
    /// One of the viewer's pieces (or any piece on a setup picture).
    Piece(Rank),
    /// One of the viewer's pieces that the enemy has identified: the piece with an eye.
    SeenPiece(Rank),
    /// A closed enemy marker, with the remembered identity when there is one.
    Marker(Option<Rank>),
    /// A closed enemy marker known to have moved (so no bomb and no flag).
    Moved,
    /// A piece removed in the last move, faint.
    Wreck(Rank),
}

/// The text of a rank on a token: its number (none for bomb and flag) and its code.
fn rank_texts(rank: Rank, language: Language) -> (Option<String>, &'static str) {
    (rank.number().map(|n| n.to_string()), rank.code(language))
}

/// Draws "number code" centred at `cx` on `baseline`, the number large and the code smaller;
/// bomb and flag show their code only, large.
#[allow(clippy::too_many_arguments)]
fn draw_rank_label(
    p: &mut Pixmap,
    fonts: &Fonts,
    rank: Rank,
    language: Language,
    cx: f32,
    baseline: f32,
    max_w: f32,
    big: f32,
    number_color: Rgb,
    code_color: Rgb,
) {
    let (number, code) = rank_texts(rank, language);
    match number {
        Some(n) => {
            let small = big * 0.62;
            let gap = big * 0.14;
            let mut nb = big;
            let mut sb = small;
            let total =
                |nb: f32, sb: f32| fonts.width(Face::Bold, nb, &n) + gap + fonts.width(Face::Bold, sb, code);
            let w = total(nb, sb);
            if w > max_w {
                let f = max_w / w;
                nb *= f;
                sb *= f;
            }
            let w = total(nb, sb);
            let x = cx - w / 2.0;
            let nw = fonts.draw(p, Face::Bold, nb, x, baseline, Align::Left, number_color, &n);
            fonts.draw(p, Face::Bold, sb, x + nw + gap, baseline, Align::Left, code_color, code);
        }
        None => {
            let size = fonts.fit(Face::Bold, big * 0.85, code, max_w);
            fonts.draw(p, Face::Bold, size, cx, baseline, Align::Center, number_color, code);
        }
    }
}

/// Draws a token of `side` filling a `size` square at (x, y).
#[allow(clippy::too_many_arguments)]
fn draw_token(
    p: &mut Pixmap,
    fonts: &Fonts,
    x: f32,
    y: f32,
    size: f32,
    side: Side,
    token: Token,
    language: Language,
) {
    let k = size / 64.0;
    let inset = 3.0 * k;
    let (tx, ty, tw) = (x + inset, y + inset, size - inset * 1.6);
    let radius = 9.0 * k;
    let body = rounded_rect(tx, ty, tw, tw, radius);
    let side_color = color::side_color(side);
    let dark = color::side_dark(side);
    let border = Stroke { width: 1.5 * k, ..Stroke::default() };
    let id = Transform::identity();
    match token {
        Token::Piece(rank) | Token::SeenPiece(rank) => {
            p.fill_path(&body, &side_color.paint(), FillRule::Winding, id, None);
            let top = rounded_rect(tx, ty, tw, tw * 0.5, radius);
            p.fill_path(&top, &color::WHITE.paint_alpha(24), FillRule::Winding, id, None);
            p.stroke_path(&body, &dark.paint(), &border, id, None);
            draw_piece_icon(
                p,
                rank,
                x + 12.0 * k,
                y + 7.0 * k,
                size - 23.0 * k,
                27.0 * k,
                color::WHITE,
                color::FLAME,
                side_color,
            );
            draw_rank_label(
                p,
                fonts,
                rank,
                language,
                x + size / 2.0,
                y + 57.5 * k,
                tw - 4.0 * k,
                22.0 * k,
                color::WHITE,
                side_color.mix(color::WHITE, 0.72),
            );
            if matches!(token, Token::SeenPiece(_)) {
                draw_seen_badge(p, tx + tw - 8.5 * k, ty + 8.5 * k, 9.0 * k);
            }
        }
        Token::Marker(_) | Token::Moved => {
            p.fill_path(&body, &dark.paint(), FillRule::Winding, id, None);
            // Diagonal hatching: the back of a closed piece.
            let mut pb = PathBuilder::new();
            let step = 8.0 * k;
            let mut d = -tw;
            while d < tw {
                pb.move_to(tx + d, ty + tw);
                pb.line_to(tx + d + tw, ty);
                d += step;
            }
            let hatch = pb.finish().expect("hatch");
            let inner_path =
                rounded_rect(tx + 6.0 * k, ty + 6.0 * k, tw - 12.0 * k, tw - 12.0 * k, radius * 0.6);
            let mut mask = tiny_skia::Mask::new(p.width(), p.height()).expect("mask");
            mask.fill_path(&inner_path, FillRule::Winding, true, id);
            let hatch_stroke = Stroke { width: 2.4 * k, ..Stroke::default() };
            p.stroke_path(&hatch, &side_color.paint(), &hatch_stroke, id, Some(&mask));
            p.stroke_path(&inner_path, &side_color.mix(color::WHITE, 0.35).paint(), &border, id, None);
            p.stroke_path(&body, &color::INK.paint_alpha(160), &border, id, None);
            let intel = if let Token::Marker(r) = token { r } else { None };
            if let Some(rank) = intel {
                // The remembered identity: a small icon and a white badge with number and code.
                let band = rounded_rect(tx + 4.0 * k, ty + 3.0 * k, tw - 8.0 * k, 30.0 * k, 6.0 * k);
                p.fill_path(&band, &dark.paint(), FillRule::Winding, id, None);
                draw_piece_icon(
                    p,
                    rank,
                    x + 15.0 * k,
                    y + 8.0 * k,
                    size - 29.0 * k,
                    24.0 * k,
                    color::WHITE,
                    color::FLAME,
                    dark,
                );
                let badge = rounded_rect(tx + 3.0 * k, y + 37.0 * k, tw - 6.0 * k, 22.0 * k, 5.0 * k);
                p.fill_path(&badge, &color::WHITE.paint(), FillRule::Winding, id, None);
                draw_rank_label(
                    p,
                    fonts,
                    rank,
                    language,
                    x + size / 2.0,
                    y + 54.5 * k,
                    tw - 10.0 * k,
                    18.0 * k,
                    dark,
                    side_color,
                );
            }
            if token == Token::Moved {
                // Footsteps: this piece has moved, so it is no bomb and no flag.
                let badge = rounded_rect(x + 14.0 * k, y + 40.0 * k, size - 27.0 * k, 15.0 * k, 7.0 * k);
                p.fill_path(&badge, &dark.paint(), FillRule::Winding, id, None);
                let st = Stroke {
                    width: 2.6 * k,
                    line_cap: tiny_skia::LineCap::Round,
                    line_join: tiny_skia::LineJoin::Round,
                    ..Stroke::default()
                };
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
        }
        Token::Wreck(rank) => {
            p.fill_path(&body, &side_color.paint_alpha(46), FillRule::Winding, id, None);
            let dashed = Stroke {
                width: 1.5 * k,
                dash: tiny_skia::StrokeDash::new(vec![4.0 * k, 3.0 * k], 0.0),
                ..Stroke::default()
            };
            p.stroke_path(&body, &side_color.paint_alpha(150), &dashed, id, None);
            let mut faint = Pixmap::new(p.width(), p.height()).expect("wreck layer");
            draw_piece_icon(
                &mut faint,
                rank,
                x + 12.0 * k,
                y + 10.0 * k,
                size - 23.0 * k,
                34.0 * k,
                side_color,
                side_color,
                side_color,
            );
            let paint = tiny_skia::PixmapPaint { opacity: 0.42, ..Default::default() };
            p.draw_pixmap(0, 0, faint.as_ref(), &paint, id, None);
            let mut pb = PathBuilder::new();
            pb.move_to(tx + 10.0 * k, ty + 10.0 * k);
            pb.line_to(tx + tw - 10.0 * k, ty + tw - 10.0 * k);
            pb.move_to(tx + tw - 10.0 * k, ty + 10.0 * k);
            pb.line_to(tx + 10.0 * k, ty + tw - 10.0 * k);
            let cross = Stroke { width: 2.5 * k, line_cap: tiny_skia::LineCap::Round, ..Stroke::default() };
            p.stroke_path(&pb.finish().expect("cross"), &dark.paint_alpha(120), &cross, id, None);
        }
    }
}

/// A square of land with its grid lines (top and left edges).
fn tile(cell: u32, zone: usize) -> Pixmap {
    let mut p = Pixmap::new(cell, cell).expect("tile");
    p.fill(zone_color(zone).color());
    fill_rect(&mut p, 0.0, 0.0, cell as f32, 1.0, LAND_GRID);
    fill_rect(&mut p, 0.0, 0.0, 1.0, cell as f32, LAND_GRID);
    p
}

fn lang_index(language: Language) -> usize {
    match language {
        Language::En => 0,
        Language::Ru => 1,
    }
}

// Layout of the sprite table: for each zone and side, the closed marker and the moved one,
// then per rank the wreck, and per language the piece, the intel marker and the seen piece.
const PER_RANK: usize = 7;
const MARKERS: usize = 2;
const PER_SIDE: usize = MARKERS + RANKS * PER_RANK;

fn sprite_base(zone: usize, side: Side) -> usize {
    (zone * 2 + side.index()) * PER_SIDE
}

fn sprite_id(zone: usize, side: Side, token: Token, language: Language) -> usize {
    let base = sprite_base(zone, side);
    match token {
        Token::Marker(None) => base,
        Token::Moved => base + 1,
        Token::Wreck(rank) => base + MARKERS + rank.index() * PER_RANK,
        Token::Piece(rank) => base + MARKERS + rank.index() * PER_RANK + 1 + lang_index(language) * 3,
        Token::Marker(Some(rank)) => base + MARKERS + rank.index() * PER_RANK + 2 + lang_index(language) * 3,
        Token::SeenPiece(rank) => base + MARKERS + rank.index() * PER_RANK + 3 + lang_index(language) * 3,
    }
}

/// What stands on a square, as the picture shows it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Content {
    Empty,
    Lake,
    /// A piece shown openly, and whether the enemy has identified it (only ever set on the
    /// viewer's own pieces).
    Piece(Side, Rank, bool),
    Marker(Side, Option<Rank>, bool),
}

struct StripInfo<'a> {
    side: Side,
    name: &'a str,
    clock: Option<&'a str>,
    pieces_left: u8,
    active: bool,
    note: Option<&'a str>,
}

struct Scene<'a> {
    seat: Side,
    language: Language,
    cells: &'a [Content],
    events: &'a [Event],
    top: StripInfo<'a>,
    bottom: StripInfo<'a>,
}

/// Everything drawn once for Stratego pictures.
pub(crate) struct Art {
    indexed: Vec<Vec<u8>>,
    backgrounds: [Vec<u8>; 2],
    palette: Palette,
}

fn cell_origin(seat: Side, sq: Sq) -> (i32, i32) {
    let (x, y) = match seat {
        Side::South => (sq.col() as u32, (ROWS - 1 - sq.row()) as u32),
        Side::North => ((COLS - 1 - sq.col()) as u32, sq.row() as u32),
    };
    ((BOARD_X + x * CELL) as i32, (BOARD_Y + y * CELL) as i32)
}

fn cell_center(seat: Side, sq: Sq) -> (f32, f32) {
    let (x, y) = cell_origin(seat, sq);
    (x as f32 + CELL as f32 / 2.0 + 0.5, y as f32 + CELL as f32 / 2.0 + 0.5)
}

fn sq(col: u8, row: u8) -> Sq {
    Sq::new(col, row).expect("on the board")
}

/// The background of a seat: frame, coordinates, land, lakes and grid.
fn background(fonts: &Fonts, tiles: &[Pixmap], seat: Side) -> Pixmap {
    let mut p = Pixmap::new(WIDTH, HEIGHT).expect("background");
    p.fill(color::FRAME.color());
    for s in Sq::all() {
        let (x, y) = cell_origin(seat, s);
        blit(&mut p, &tiles[zone_of_row(s.row())], x, y);
    }
    let board_w = COLS as f32 * CELL as f32;
    let board_h = ROWS as f32 * CELL as f32;
    fill_rect(&mut p, BOARD_X as f32 + board_w, BOARD_Y as f32, 1.0, board_h + 1.0, LAND_GRID);
    fill_rect(&mut p, BOARD_X as f32, BOARD_Y as f32 + board_h, board_w + 1.0, 1.0, LAND_GRID);
    // The two lakes, each 2 × 2 squares, as one body of water with waves.
    for col in [2u8, 6] {
        let (ax, ay) = cell_origin(seat, sq(col, 4));
        let (bx, by) = cell_origin(seat, sq(col + 1, 5));
        let (x0, y0) = (ax.min(bx) as f32, ay.min(by) as f32);
        let side = 2.0 * CELL as f32;
        let lake = rounded_rect(x0 + 3.0, y0 + 3.0, side - 5.0, side - 5.0, 18.0);
        p.fill_path(&lake, &LAKE.paint(), FillRule::Winding, Transform::identity(), None);
        p.stroke_path(&lake, &LAKE_EDGE.paint(), &stroke(2.5), Transform::identity(), None);
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
                pb.quad_to(x_start + step * (j as f32 + 0.5), y + dy, x_start + step * (j as f32 + 1.0), y);
            }
        }
        p.stroke_path(
            &pb.finish().expect("waves"),
            &LAKE_WAVE.paint(),
            &stroke(2.6),
            Transform::identity(),
            None,
        );
    }
    let size = 17.0;
    for col in 0..COLS {
        let (x, _) = cell_origin(seat, sq(col, 0));
        let letter = ((b'a' + col) as char).to_string();
        let cx = x as f32 + CELL as f32 / 2.0;
        for y in [BOARD_Y as f32 - 6.0, BOARD_Y as f32 + board_h + 19.0] {
            fonts.draw(&mut p, Face::Bold, size, cx, y, Align::Center, color::FRAME_TEXT, &letter);
        }
    }
    for row in 0..ROWS {
        let (_, y) = cell_origin(seat, sq(0, row));
        let label = (row + 1).to_string();
        let cy = y as f32 + CELL as f32 / 2.0 + 6.0;
        let s = if row == 9 { 14.0 } else { size };
        for x in [MARGIN as f32 / 2.0, WIDTH as f32 - MARGIN as f32 / 2.0 + 0.5] {
            fonts.draw(&mut p, Face::Bold, s, x, cy, Align::Center, color::FRAME_TEXT, &label);
        }
    }
    fill_rect(&mut p, 0.0, 0.0, WIDTH as f32, STRIP_H as f32, color::STRIP);
    fill_rect(&mut p, 0.0, (HEIGHT - STRIP_H) as f32, WIDTH as f32, STRIP_H as f32, color::STRIP);
    p
}

fn stroke(width: f32) -> Stroke {
    Stroke {
        width,
        line_cap: tiny_skia::LineCap::Round,
        line_join: tiny_skia::LineJoin::Round,
        ..Stroke::default()
    }
}

fn frame(p: &mut Pixmap, t: Transform, seat: Side, s: Sq, c: Rgb, width: f32, dashed: bool) {
    let (x, y) = cell_origin(seat, s);
    let inset = 1.0 + width / 2.0;
    let path = rounded_rect(
        x as f32 + inset,
        y as f32 + inset,
        CELL as f32 - 2.0 * inset + 1.0,
        CELL as f32 - 2.0 * inset + 1.0,
        10.0,
    );
    let mut st = stroke(width);
    if dashed {
        st.dash = tiny_skia::StrokeDash::new(vec![8.0, 6.0], 0.0);
    }
    p.stroke_path(&path, &c.paint(), &st, t, None);
}

fn wash(p: &mut Pixmap, t: Transform, seat: Side, s: Sq, c: Rgb, alpha: u8) {
    let (x, y) = cell_origin(seat, s);
    let path = rounded_rect(x as f32 + 2.0, y as f32 + 2.0, CELL as f32 - 3.0, CELL as f32 - 3.0, 9.0);
    p.fill_path(&path, &c.paint_alpha(alpha), FillRule::Winding, t, None);
}

fn arrow_head(p: &mut Pixmap, t: Transform, at: (f32, f32), dir: (f32, f32), size: f32, c: Rgb) {
    let (dx, dy) = dir;
    let len = (dx * dx + dy * dy).sqrt().max(1e-3);
    let (ux, uy) = (dx / len, dy / len);
    let (nx, ny) = (-uy, ux);
    let tip = (at.0 + ux * size * 0.6, at.1 + uy * size * 0.6);
    let back = (at.0 - ux * size * 0.5, at.1 - uy * size * 0.5);
    let mut pb = PathBuilder::new();
    pb.move_to(tip.0, tip.1);
    pb.line_to(back.0 + nx * size * 0.6, back.1 + ny * size * 0.6);
    pb.line_to(back.0 + ux * size * 0.15, back.1 + uy * size * 0.15);
    pb.line_to(back.0 - nx * size * 0.6, back.1 - ny * size * 0.6);
    pb.close();
    let path = pb.finish().expect("arrow");
    p.fill_path(&path, &c.paint(), FillRule::Winding, t, None);
    p.stroke_path(&path, &color::INK.paint_alpha(170), &stroke(1.2), t, None);
}

/// An arrow from one square to another: a head between neighbours, a shaft and a head for a
/// scout's run.
fn arrow(p: &mut Pixmap, t: Transform, seat: Side, from: Sq, to: Sq, c: Rgb) {
    let a = cell_center(seat, from);
    let b = cell_center(seat, to);
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    if from.distance(to) <= 1 {
        let mid = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
        arrow_head(p, t, mid, (dx, dy), 22.0, c);
        return;
    }
    let len = (dx * dx + dy * dy).sqrt().max(1.0);
    let (ux, uy) = (dx / len, dy / len);
    let half = CELL as f32 / 2.0;
    let start = (a.0 + ux * half, a.1 + uy * half);
    let end = (b.0 - ux * (half + 4.0), b.1 - uy * (half + 4.0));
    let mut pb = PathBuilder::new();
    pb.move_to(start.0, start.1);
    pb.line_to(end.0, end.1);
    if let Some(path) = pb.finish() {
        p.stroke_path(&path, &color::INK.paint_alpha(120), &stroke(8.0), t, None);
        p.stroke_path(&path, &c.paint(), &stroke(4.5), t, None);
    }
    arrow_head(p, t, (b.0 - ux * half, b.1 - uy * half), (dx, dy), 22.0, c);
}

/// The marks of the last move: amber for a move, red for an attack.
fn draw_marks(p: &mut Pixmap, t: Transform, seat: Side, events: &[Event]) {
    for e in events {
        match *e {
            Event::Moved { from, to, .. } => {
                wash(p, t, seat, from, color::MOVE, 90);
                frame(p, t, seat, from, color::MOVE, 2.5, true);
                frame(p, t, seat, to, color::MOVE, 3.5, false);
                arrow(p, t, seat, from, to, color::MOVE);
            }
            Event::Attacked { attacker, defender, .. } => {
                wash(p, t, seat, attacker.square, color::ATTACK, 60);
                frame(p, t, seat, attacker.square, color::ATTACK, 2.5, true);
                frame(p, t, seat, defender.square, color::ATTACK, 3.5, false);
                arrow(p, t, seat, attacker.square, defender.square, color::ATTACK);
            }
            _ => {}
        }
    }
}

fn marks_bounds(seat: Side, events: &[Event]) -> Option<(i32, i32, i32, i32)> {
    let mut squares: Vec<Sq> = Vec::new();
    for e in events {
        match *e {
            Event::Moved { from, to, .. } => squares.extend([from, to]),
            Event::Attacked { attacker, defender, .. } => squares.extend([attacker.square, defender.square]),
            _ => {}
        }
    }
    if squares.is_empty() {
        return None;
    }
    let (mut x0, mut y0, mut x1, mut y1) = (i32::MAX, i32::MAX, i32::MIN, i32::MIN);
    for s in squares {
        let (x, y) = cell_origin(seat, s);
        x0 = x0.min(x);
        y0 = y0.min(y);
        x1 = x1.max(x + CELL as i32 + 1);
        y1 = y1.max(y + CELL as i32 + 1);
    }
    let pad = 4;
    Some((
        (x0 - pad).max(0),
        (y0 - pad).max(STRIP_H as i32),
        (x1 + pad).min(WIDTH as i32),
        (y1 + pad).min((HEIGHT - STRIP_H) as i32),
    ))
}

/// One status strip: side colour, name, pieces left, clock, and the note of the side to move.
fn draw_strip(p: &mut Pixmap, fonts: &Fonts, y: f32, info: &StripInfo<'_>) {
    let h = STRIP_H as f32;
    let id = Transform::identity();
    if info.active {
        fill_rect(p, 0.0, y, WIDTH as f32, h, color::STRIP_ACTIVE);
        fill_rect(p, 0.0, y, 6.0, h, color::MOVE);
    }
    let chip = rounded_rect(16.0, y + 13.0, 26.0, 26.0, 6.0);
    p.fill_path(&chip, &color::side_color(info.side).paint(), FillRule::Winding, id, None);
    p.stroke_path(&chip, &color::WHITE.paint_alpha(200), &stroke(1.5), id, None);
    let baseline = y + h / 2.0 + 8.0;
    let size = 21.0;
    let mut right = WIDTH as f32 - 14.0;
    if let Some(clock) = info.clock {
        let w = fonts.draw(p, Face::Bold, size, right, baseline, Align::Right, color::STRIP_TEXT, clock);
        right -= w + 18.0;
    }
    // Pieces left: a small token and the count.
    let count = format!("{}", info.pieces_left);
    let w = fonts.draw(p, Face::Bold, size, right, baseline, Align::Right, color::STRIP_TEXT, &count);
    let tok = rounded_rect(right - w - 24.0, y + 15.0, 18.0, 22.0, 4.0);
    p.fill_path(&tok, &color::side_color(info.side).paint(), FillRule::Winding, id, None);
    p.stroke_path(&tok, &color::WHITE.paint_alpha(180), &stroke(1.2), id, None);
    right -= w + 24.0 + 16.0;
    let mut note_w = 0.0;
    if let Some(note) = info.note {
        let note_size = fonts.fit(Face::Bold, 19.0, note, right - 230.0);
        let c = if info.active { color::MOVE } else { color::STRIP_MUTED };
        note_w = fonts.draw(p, Face::Bold, note_size, right, baseline - 1.0, Align::Right, c, note);
    }
    let name_max = right - note_w - 20.0 - 54.0;
    let name = fonts.ellipsize(Face::Bold, size, info.name, name_max);
    fonts.draw(p, Face::Bold, size, 54.0, baseline, Align::Left, color::STRIP_TEXT, &name);
}

fn token_of(content: Content) -> Option<(Side, Token)> {
    match content {
        Content::Empty | Content::Lake => None,
        Content::Piece(side, rank, false) => Some((side, Token::Piece(rank))),
        Content::Piece(side, rank, true) => Some((side, Token::SeenPiece(rank))),
        Content::Marker(side, Some(rank), _) => Some((side, Token::Marker(Some(rank)))),
        Content::Marker(side, None, true) => Some((side, Token::Moved)),
        Content::Marker(side, None, false) => Some((side, Token::Marker(None))),
    }
}

/// Wrecks: pieces removed in the last move whose square is now empty.
fn wrecks<'a>(scene: &'a Scene<'_>) -> impl Iterator<Item = (Sq, Side, Rank)> + 'a {
    scene.events.iter().filter_map(move |e| match *e {
        Event::Destroyed { side, rank, square } if scene.cells[square.index()] == Content::Empty => {
            Some((square, side, rank))
        }
        _ => None,
    })
}

impl Art {
    pub(crate) fn new(fonts: &Fonts) -> Art {
        let tiles: Vec<Pixmap> = (0..ZONES).map(|z| tile(CELL, z)).collect();
        let mut rgba: Vec<Pixmap> = Vec::with_capacity(ZONES * 2 * PER_SIDE);
        // Zone by zone, in the order of `sprite_id`.
        for zone_tile in &tiles {
            for side in Side::BOTH {
                let make = |token: Token, language: Language| {
                    let mut p = zone_tile.clone();
                    draw_token(&mut p, fonts, 0.0, 0.0, CELL as f32, side, token, language);
                    p
                };
                rgba.push(make(Token::Marker(None), Language::En));
                rgba.push(make(Token::Moved, Language::En));
                for rank in Rank::ALL {
                    rgba.push(make(Token::Wreck(rank), Language::En));
                    for language in [Language::En, Language::Ru] {
                        rgba.push(make(Token::Piece(rank), language));
                        rgba.push(make(Token::Marker(Some(rank)), language));
                        rgba.push(make(Token::SeenPiece(rank), language));
                    }
                }
            }
        }
        let backgrounds_rgba =
            [background(fonts, &tiles, Side::South), background(fonts, &tiles, Side::North)];
        let mut hist = HashMap::new();
        for bg in &backgrounds_rgba {
            palette::add_to_histogram(&mut hist, bg.data());
        }
        for s in tiles.iter().chain(&rgba) {
            palette::add_to_histogram(&mut hist, s.data());
        }
        let sample = sample_scene(fonts, &backgrounds_rgba[0], &rgba);
        palette::add_to_histogram(&mut hist, sample.data());
        let palette = Palette::from_histogram(&hist);
        let quantize = |p: &Pixmap| {
            let mut out = vec![0u8; (p.width() * p.height()) as usize];
            palette.quantize(p.data(), &mut out);
            out
        };
        let indexed = rgba.iter().map(quantize).collect();
        let backgrounds = [quantize(&backgrounds_rgba[0]), quantize(&backgrounds_rgba[1])];
        Art { indexed, backgrounds, palette }
    }

    pub(crate) fn palette(&self) -> &Palette {
        &self.palette
    }

    /// The board as palette indices.
    pub(crate) fn board_indexed(&self, fonts: &Fonts, view: &View, labels: &BoardLabels) -> Vec<u8> {
        let viewer = view.viewer;
        let mut moved = [false; admiral_engine::stratego::SQUARES];
        let mut seen = [false; admiral_engine::stratego::SQUARES];
        if view.intel {
            for s in &view.moved_markers {
                moved[s.index()] = true;
            }
            for s in &view.exposed {
                seen[s.index()] = true;
            }
        }
        let cells: Vec<Content> = view
            .cells
            .iter()
            .enumerate()
            .map(|(i, c)| match *c {
                Cell::Empty => Content::Empty,
                Cell::Lake => Content::Lake,
                Cell::Own { rank } => Content::Piece(viewer, rank, seen[i]),
                Cell::Enemy { intel } => {
                    Content::Marker(viewer.opponent(), if view.intel { intel } else { None }, moved[i])
                }
            })
            .collect();
        let over = view.status != Status::Ongoing;
        let my_turn = !over && view.to_move == viewer;
        let their_turn = !over && view.to_move != viewer;
        let note = Some(labels.status.as_str());
        let left = |losses: &[u8; RANKS]| {
            (ARMY_SIZE as u32).saturating_sub(losses.iter().map(|&n| n as u32).sum()) as u8
        };
        let scene = Scene {
            seat: viewer,
            language: labels.language,
            cells: &cells,
            events: &view.last_turn,
            top: StripInfo {
                side: viewer.opponent(),
                name: &labels.opponent.name,
                clock: labels.opponent.clock.as_deref(),
                pieces_left: left(&view.enemy_losses),
                active: their_turn,
                note: if their_turn { note } else { None },
            },
            bottom: StripInfo {
                side: viewer,
                name: &labels.you.name,
                clock: labels.you.clock.as_deref(),
                pieces_left: left(&view.own_losses),
                active: my_turn,
                note: if their_turn { None } else { note },
            },
        };
        let mut out = self.backgrounds[viewer.index()].clone();
        self.compose(fonts, &mut out, &scene);
        out
    }

    fn compose(&self, fonts: &Fonts, out: &mut [u8], scene: &Scene<'_>) {
        let cell = CELL as usize;
        for s in Sq::all() {
            let Some((side, token)) = token_of(scene.cells[s.index()]) else { continue };
            let id = sprite_id(zone_of_row(s.row()), side, token, scene.language);
            let (x, y) = cell_origin(scene.seat, s);
            blit_indexed(out, WIDTH as usize, &self.indexed[id], cell, x as usize, y as usize);
        }
        for (s, side, rank) in wrecks(scene) {
            let id = sprite_id(zone_of_row(s.row()), side, Token::Wreck(rank), Language::En);
            let (x, y) = cell_origin(scene.seat, s);
            blit_indexed(out, WIDTH as usize, &self.indexed[id], cell, x as usize, y as usize);
        }
        if let Some((x0, y0, x1, y1)) = marks_bounds(scene.seat, scene.events) {
            let mut region = expand(out, WIDTH, &self.palette, x0, y0, x1, y1);
            draw_marks(
                &mut region,
                Transform::from_translate(-x0 as f32, -y0 as f32),
                scene.seat,
                scene.events,
            );
            settle(out, WIDTH, &self.palette, &region, x0, y0);
        }
        let mut strip = Pixmap::new(WIDTH, STRIP_H).expect("strip");
        for (y, info) in [(0, &scene.top), (HEIGHT - STRIP_H, &scene.bottom)] {
            strip.fill(color::STRIP.color());
            draw_strip(&mut strip, fonts, 0.0, info);
            settle(out, WIDTH, &self.palette, &strip, 0, y as i32);
        }
    }
}

/// A sample board in RGBA with every kind of mark and both strips, for the palette.
fn sample_scene(fonts: &Fonts, background: &Pixmap, sprites: &[Pixmap]) -> Pixmap {
    let mut out = background.clone();
    for (i, rank) in Rank::ALL.into_iter().enumerate() {
        let s = sq(i as u8 % 10, i as u8 / 10);
        let (x, y) = cell_origin(Side::South, s);
        let token = if i % 4 == 1 { Token::SeenPiece(rank) } else { Token::Piece(rank) };
        blit(&mut out, &sprites[sprite_id(0, Side::South, token, Language::En)], x, y);
    }
    let a = |t: &str| Sq::parse(t).expect("square");
    let events = [
        Event::Moved { side: Side::South, rank: None, from: a("a4"), to: a("a5") },
        Event::Moved { side: Side::South, rank: None, from: a("b4"), to: a("b8") },
        Event::Attacked {
            side: Side::South,
            attacker: admiral_engine::stratego::Placed { rank: Rank::Major, square: a("e6") },
            defender: admiral_engine::stratego::Placed { rank: Rank::Captain, square: a("e7") },
            winner: Some(Side::South),
        },
    ];
    draw_marks(&mut out, Transform::identity(), Side::South, &events);
    let top = StripInfo {
        side: Side::North,
        name: "Opponent",
        clock: Some("1d 02h"),
        pieces_left: 33,
        active: true,
        note: Some("Turn 12"),
    };
    let bottom = StripInfo {
        side: Side::South,
        name: "You",
        clock: Some("12:00"),
        pieces_left: 40,
        active: false,
        note: None,
    };
    draw_strip(&mut out, fonts, 0.0, &top);
    draw_strip(&mut out, fonts, (HEIGHT - STRIP_H) as f32, &bottom);
    out
}

/// The setup preview: `side`'s four rows as their owner sees them (front row at the top), with
/// a legend of placed / required pieces of each kind.
pub(crate) fn setup(fonts: &Fonts, layout: &Layout, side: Side, labels: &SetupLabels) -> Vec<u8> {
    use admiral_engine::stratego::army_counts;
    let cell = 60.0f32;
    let margin = 24.0;
    let top = 78.0;
    let depth_rows = 4usize;
    let width = (margin * 2.0 + cell * COLS as f32) as u32;
    let legend_rows = 6;
    let legend_h = 46.0 * legend_rows as f32 + 20.0;
    let height = (top + margin * 2.0 + cell * depth_rows as f32 + legend_h + 8.0) as u32;
    let mut p = crate::cards::card(width, height);
    let text = Rgb::hex(0xf2f5f8);
    let muted = Rgb::hex(0x9fb3c6);
    let title = fonts.ellipsize(Face::Bold, 28.0, &labels.title, width as f32 - 40.0);
    fonts.draw(&mut p, Face::Bold, 28.0, 20.0, 38.0, Align::Left, text, &title);
    let sub = fonts.ellipsize(Face::Regular, 16.0, &labels.subtitle, width as f32 - 40.0);
    fonts.draw(&mut p, Face::Regular, 16.0, 20.0, 64.0, Align::Left, muted, &sub);
    let (bx, by) = (margin, top + margin);
    let zone_tile = tile(cell as u32, if side == Side::South { 0 } else { 2 });
    let id = Transform::identity();
    // Front row (depth 0) at the top.
    for d in 0..depth_rows {
        let depth = d;
        for file in 0..COLS as usize {
            let x = bx + file as f32 * cell;
            let y = by + d as f32 * cell;
            p.draw_pixmap(
                x as i32,
                y as i32,
                zone_tile.as_ref(),
                &tiny_skia::PixmapPaint::default(),
                id,
                None,
            );
            if let Some(rank) = layout.get(depth, file) {
                let mut layer = Pixmap::new(cell as u32 + 1, cell as u32 + 1).expect("layer");
                draw_token(&mut layer, fonts, 0.0, 0.0, cell, side, Token::Piece(rank), labels.language);
                p.draw_pixmap(
                    x as i32,
                    y as i32,
                    layer.as_ref(),
                    &tiny_skia::PixmapPaint::default(),
                    id,
                    None,
                );
            }
        }
    }
    fill_rect(&mut p, bx + cell * COLS as f32, by, 1.0, cell * depth_rows as f32 + 1.0, LAND_GRID);
    fill_rect(&mut p, bx, by + cell * depth_rows as f32, cell * COLS as f32 + 1.0, 1.0, LAND_GRID);
    for file in 0..COLS as usize {
        let s = Layout::square(side, 0, file);
        let letter = ((b'a' + s.col()) as char).to_string();
        let cx = bx + file as f32 * cell + cell / 2.0;
        fonts.draw(&mut p, Face::Bold, 15.0, cx, by - 7.0, Align::Center, color::FRAME_TEXT, &letter);
        fonts.draw(
            &mut p,
            Face::Bold,
            15.0,
            cx,
            by + cell * depth_rows as f32 + 18.0,
            Align::Center,
            color::FRAME_TEXT,
            &letter,
        );
    }
    for d in 0..depth_rows {
        let s = Layout::square(side, d, 0);
        let row = (s.row() + 1).to_string();
        let cy = by + d as f32 * cell + cell / 2.0 + 5.5;
        for x in [margin / 2.0, width as f32 - margin / 2.0] {
            fonts.draw(&mut p, Face::Bold, 14.0, x, cy, Align::Center, color::FRAME_TEXT, &row);
        }
    }
    // The legend: two columns of six kinds, strongest first.
    let counts = layout.counts();
    let required = army_counts();
    let ly = by + cell * depth_rows as f32 + 34.0;
    let col_w = (width as f32 - 2.0 * margin) / 2.0;
    let order: Vec<Rank> = Rank::ALL.into_iter().rev().collect();
    for (i, rank) in order.into_iter().enumerate() {
        let (c, r) = (i / legend_rows, i % legend_rows);
        let x = margin + c as f32 * col_w;
        let y = ly + r as f32 * 46.0;
        let mut layer = Pixmap::new(41, 41).expect("layer");
        draw_token(&mut layer, fonts, 0.0, 0.0, 40.0, side, Token::Piece(rank), labels.language);
        p.draw_pixmap(x as i32, y as i32, layer.as_ref(), &tiny_skia::PixmapPaint::default(), id, None);
        let name = rank.name(labels.language);
        let mut chars = name.chars();
        let name: String =
            chars.next().map(|f| f.to_uppercase().collect::<String>() + chars.as_str()).unwrap_or_default();
        fonts.draw(&mut p, Face::Bold, 17.0, x + 50.0, y + 27.0, Align::Left, text, &name);
        let (have, need) = (counts[rank.index()], required[rank.index()]);
        let c = if have == need {
            Rgb::hex(0x7fd08a)
        } else if have > need {
            color::ATTACK
        } else {
            color::MOVE
        };
        fonts.draw(
            &mut p,
            Face::Bold,
            18.0,
            x + col_w - 16.0,
            y + 27.0,
            Align::Right,
            c,
            &format!("{have}/{need}"),
        );
    }
    crate::cards::encode_rgb(&p)
}

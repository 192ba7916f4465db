//! The board picture: cached background, sprites copied per square, a few marks for the last
//! turn, and the two status strips.

use admiral_engine::{Event, Language, Side, Square, UnitKind, Weapon, COLS, ROWS};
use tiny_skia::{FillRule, PathBuilder, Pixmap, Stroke, Transform};

use crate::color::{self, Rgb};
use crate::font::{Align, Face, Fonts};
use crate::icons::draw_icon;
use crate::palette::Palette;
use crate::sprites::{blit, blit_indexed, fill_rect, rounded_rect, zone_of_row, Sprites};

/// Size of a square in pixels.
pub(crate) const CELL: u32 = 54;
/// Width of the coordinate frame around the board.
pub(crate) const MARGIN: u32 = 22;
/// Height of each status strip (top: the side at the top; bottom: the side at the bottom).
pub(crate) const STRIP_H: u32 = 52;
pub(crate) const WIDTH: u32 = 2 * MARGIN + COLS as u32 * CELL;
pub(crate) const HEIGHT: u32 = 2 * STRIP_H + 2 * MARGIN + ROWS as u32 * CELL;
pub(crate) const BOARD_X: u32 = MARGIN;
pub(crate) const BOARD_Y: u32 = STRIP_H + MARGIN;

/// What stands on a square, as the picture shows it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Content {
    Empty,
    /// A unit shown openly: its side, kind, and whether the enemy has identified it (only
    /// ever set on the viewer's own units).
    Unit(Side, UnitKind, bool),
    /// An enemy marker: its side, remembered identity, and whether it is known to have moved.
    Marker(Side, Option<UnitKind>, bool),
}

/// One of the two status strips.
#[derive(Copy, Clone)]
pub(crate) struct StripInfo<'a> {
    pub(crate) side: Side,
    pub(crate) name: &'a str,
    pub(crate) clock: Option<&'a str>,
    pub(crate) bases_left: u8,
    /// This side is to move: marked at the left edge.
    pub(crate) active: bool,
    /// Light the whole strip of the side to move (not in replays, where it would make every
    /// frame repaint both strips).
    pub(crate) lit: bool,
    /// Extra text on the right of the strip (turn and status).
    pub(crate) note: Option<&'a str>,
}

/// Everything one board picture shows.
pub(crate) struct Scene<'a> {
    /// The side whose fleet is at the bottom.
    pub(crate) seat: Side,
    pub(crate) language: Language,
    pub(crate) cells: &'a [Content],
    pub(crate) events: &'a [Event],
    pub(crate) top: StripInfo<'a>,
    pub(crate) bottom: StripInfo<'a>,
}

/// Top-left pixel of a square's cell for a seat.
pub(crate) fn cell_origin(seat: Side, sq: Square) -> (i32, i32) {
    let (x, y) = match seat {
        Side::South => (sq.col() as u32, (ROWS - 1 - sq.row()) as u32),
        Side::North => ((COLS - 1 - sq.col()) as u32, sq.row() as u32),
    };
    ((BOARD_X + x * CELL) as i32, (BOARD_Y + y * CELL) as i32)
}

fn cell_center(seat: Side, sq: Square) -> (f32, f32) {
    let (x, y) = cell_origin(seat, sq);
    (x as f32 + CELL as f32 / 2.0 + 0.5, y as f32 + CELL as f32 / 2.0 + 0.5)
}

/// The background of a seat: frame, coordinates, sea and grid.
pub(crate) fn background(fonts: &Fonts, sprites: &Sprites, seat: Side) -> Pixmap {
    let mut p = Pixmap::new(WIDTH, HEIGHT).expect("background");
    p.fill(color::FRAME.color());
    for sq in Square::all() {
        let (x, y) = cell_origin(seat, sq);
        blit(&mut p, &sprites.tiles[zone_of_row(sq.row())], x, y);
    }
    let board_w = COLS as f32 * CELL as f32;
    let board_h = ROWS as f32 * CELL as f32;
    fill_rect(&mut p, BOARD_X as f32 + board_w, BOARD_Y as f32, 1.0, board_h + 1.0, color::GRID);
    fill_rect(&mut p, BOARD_X as f32, BOARD_Y as f32 + board_h, board_w + 1.0, 1.0, color::GRID);
    let size = 16.5;
    for col in 0..COLS {
        let sq = Square::new(col, 0).expect("square");
        let (x, _) = cell_origin(seat, sq);
        let letter = ((b'a' + col) as char).to_string();
        let cx = x as f32 + CELL as f32 / 2.0;
        fonts.draw(
            &mut p,
            Face::Bold,
            size,
            cx,
            BOARD_Y as f32 - 5.0,
            Align::Center,
            color::FRAME_TEXT,
            &letter,
        );
        fonts.draw(
            &mut p,
            Face::Bold,
            size,
            cx,
            BOARD_Y as f32 + board_h + 18.0,
            Align::Center,
            color::FRAME_TEXT,
            &letter,
        );
    }
    for row in 0..ROWS {
        let sq = Square::new(0, row).expect("square");
        let (_, y) = cell_origin(seat, sq);
        let label = (row + 1).to_string();
        let cy = y as f32 + CELL as f32 / 2.0 + 6.0;
        fonts.draw(
            &mut p,
            Face::Bold,
            size,
            MARGIN as f32 / 2.0,
            cy,
            Align::Center,
            color::FRAME_TEXT,
            &label,
        );
        fonts.draw(
            &mut p,
            Face::Bold,
            size,
            WIDTH as f32 - MARGIN as f32 / 2.0 + 0.5,
            cy,
            Align::Center,
            color::FRAME_TEXT,
            &label,
        );
    }
    fill_rect(&mut p, 0.0, 0.0, WIDTH as f32, STRIP_H as f32, color::STRIP);
    fill_rect(&mut p, 0.0, (HEIGHT - STRIP_H) as f32, WIDTH as f32, STRIP_H as f32, color::STRIP);
    p
}

/// Small anchors for the strips: a kept base and a lost one.
pub(crate) fn base_icons() -> [Pixmap; 2] {
    let make = |c: Rgb| {
        let mut p = Pixmap::new(24, 28).expect("base icon");
        draw_icon(&mut p, UnitKind::NavalBase, 0.0, 2.0, 24.0, 24.0, c, c, c);
        p
    };
    [make(color::STRIP_TEXT), make(Rgb::hex(0x3a4d60))]
}

fn stroke(width: f32) -> Stroke {
    Stroke {
        width,
        line_cap: tiny_skia::LineCap::Round,
        line_join: tiny_skia::LineJoin::Round,
        ..Stroke::default()
    }
}

/// A frame drawn just inside a square.
fn frame(p: &mut Pixmap, t: Transform, seat: Side, sq: Square, c: Rgb, width: f32, dashed: bool) {
    let (x, y) = cell_origin(seat, sq);
    let inset = 1.0 + width / 2.0;
    let path = rounded_rect(
        x as f32 + inset,
        y as f32 + inset,
        CELL as f32 - 2.0 * inset + 1.0,
        CELL as f32 - 2.0 * inset + 1.0,
        9.0,
    );
    let mut s = stroke(width);
    if dashed {
        s.dash = tiny_skia::StrokeDash::new(vec![7.0, 5.0], 0.0);
    }
    p.stroke_path(&path, &c.paint(), &s, t, None);
}

/// A soft fill over a square.
fn wash(p: &mut Pixmap, t: Transform, seat: Side, sq: Square, c: Rgb, alpha: u8) {
    let (x, y) = cell_origin(seat, sq);
    let path = rounded_rect(x as f32 + 2.0, y as f32 + 2.0, CELL as f32 - 3.0, CELL as f32 - 3.0, 8.0);
    p.fill_path(&path, &c.paint_alpha(alpha), FillRule::Winding, t, None);
}

/// An arrow head pointing from `a` to `b`, centred at `at`.
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

/// The marks of the last turn: move, attack, battle groups, blast. Wrecks are sprites.
fn draw_marks(p: &mut Pixmap, t: Transform, seat: Side, events: &[Event]) {
    // The blast first: everything else is drawn over it.
    for e in events {
        if let Event::Detonated { at, .. } = *e {
            let squares: Vec<Square> = admiral_engine::blast_squares(at).collect();
            let (mut x0, mut y0, mut x1, mut y1) = (i32::MAX, i32::MAX, i32::MIN, i32::MIN);
            for sq in &squares {
                let (x, y) = cell_origin(seat, *sq);
                x0 = x0.min(x);
                y0 = y0.min(y);
                x1 = x1.max(x + CELL as i32);
                y1 = y1.max(y + CELL as i32);
            }
            let r = rounded_rect(
                x0 as f32 + 1.5,
                y0 as f32 + 1.5,
                (x1 - x0) as f32 - 2.0,
                (y1 - y0) as f32 - 2.0,
                10.0,
            );
            p.fill_path(&r, &color::BLAST.paint_alpha(70), FillRule::Winding, t, None);
            p.stroke_path(&r, &color::BLAST.paint(), &stroke(3.0), t, None);
            let (cx, cy) = cell_center(seat, at);
            // A burst at the centre.
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
            p.stroke_path(&burst, &color::BLAST.paint(), &stroke(2.0), t, None);
        }
    }
    for e in events {
        match *e {
            Event::Moved { from, to, .. } => {
                wash(p, t, seat, from, color::MOVE, 90);
                frame(p, t, seat, from, color::MOVE, 2.5, true);
                frame(p, t, seat, to, color::MOVE, 3.5, false);
                let a = cell_center(seat, from);
                let b = cell_center(seat, to);
                let mid = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
                arrow_head(p, t, mid, (b.0 - a.0, b.1 - a.1), 20.0, color::MOVE);
            }
            Event::Battle { attackers, defenders, .. } => {
                for m in attackers.members().skip(1).chain(defenders.members().skip(1)) {
                    frame(p, t, seat, m.square, color::ATTACK, 2.0, true);
                }
            }
            _ => {}
        }
    }
    for e in events {
        if let Event::Struck { weapon, attacker, target, .. } = *e {
            frame(p, t, seat, attacker.square, color::ATTACK, 3.0, false);
            frame(p, t, seat, target.square, color::ATTACK, 3.5, false);
            let a = cell_center(seat, attacker.square);
            let b = cell_center(seat, target.square);
            let (dx, dy) = (b.0 - a.0, b.1 - a.1);
            let len = (dx * dx + dy * dy).sqrt().max(1.0);
            let (ux, uy) = (dx / len, dy / len);
            let half = CELL as f32 / 2.0;
            match weapon {
                Weapon::Contact => {
                    let mid = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
                    arrow_head(p, t, mid, (dx, dy), 22.0, color::ATTACK);
                }
                Weapon::Aircraft | Weapon::Torpedo => {
                    let start = (a.0 + ux * half, a.1 + uy * half);
                    let end = (b.0 - ux * (half + 4.0), b.1 - uy * (half + 4.0));
                    let mut pb = PathBuilder::new();
                    pb.move_to(start.0, start.1);
                    pb.line_to(end.0, end.1);
                    if let Some(path) = pb.finish() {
                        let mut s = stroke(4.0);
                        if weapon == Weapon::Aircraft {
                            s.dash = tiny_skia::StrokeDash::new(vec![9.0, 7.0], 0.0);
                        }
                        p.stroke_path(&path, &color::INK.paint_alpha(120), &stroke(7.0), t, None);
                        p.stroke_path(&path, &color::ATTACK.paint(), &s, t, None);
                    }
                    arrow_head(p, t, (b.0 - ux * half, b.1 - uy * half), (dx, dy), 22.0, color::ATTACK);
                }
            }
        }
    }
}

/// Draws one status strip in the band starting at `y`.
pub(crate) fn draw_strip(p: &mut Pixmap, fonts: &Fonts, bases: &[Pixmap; 2], y: f32, info: &StripInfo<'_>) {
    let h = STRIP_H as f32;
    if info.active {
        if info.lit {
            fill_rect(p, 0.0, y, WIDTH as f32, h, color::STRIP_ACTIVE);
        }
        fill_rect(p, 0.0, y, 6.0, h, color::MOVE);
    }
    // The side's colour chip: a small token.
    let chip = rounded_rect(16.0, y + 13.0, 26.0, 26.0, 6.0);
    p.fill_path(&chip, &color::side_color(info.side).paint(), FillRule::Winding, Transform::identity(), None);
    p.stroke_path(&chip, &color::WHITE.paint_alpha(200), &stroke(1.5), Transform::identity(), None);
    let baseline = y + h / 2.0 + 8.0;
    let size = 22.0;
    // Right side: clock, then the note.
    let mut right = WIDTH as f32 - 16.0;
    if let Some(clock) = info.clock {
        let w = fonts.draw(p, Face::Bold, size, right, baseline, Align::Right, color::STRIP_TEXT, clock);
        right -= w + 20.0;
    }
    // The bases left, as anchors.
    let mut bx = right - 2.0 * 24.0;
    for i in 0..2u8 {
        let icon = &bases[usize::from(i >= info.bases_left)];
        p.draw_pixmap(
            bx as i32,
            (y + 12.0) as i32,
            icon.as_ref(),
            &tiny_skia::PixmapPaint::default(),
            Transform::identity(),
            None,
        );
        bx += 24.0;
    }
    right -= 2.0 * 24.0 + 16.0;
    let mut note_w = 0.0;
    if let Some(note) = info.note {
        let note_size = fonts.fit(Face::Bold, 20.0, note, right - 260.0);
        let c = if info.active && info.lit { color::MOVE } else { color::STRIP_MUTED };
        note_w = fonts.draw(p, Face::Bold, note_size, right, baseline - 1.0, Align::Right, c, note);
    }
    let name_max = right - note_w - 24.0 - 54.0;
    let name = fonts.ellipsize(Face::Bold, size, info.name, name_max);
    fonts.draw(p, Face::Bold, size, 54.0, baseline, Align::Left, color::STRIP_TEXT, &name);
}

/// The pixel rectangle `(x0, y0, x1, y1)` that the marks of the last turn may touch.
fn marks_bounds(seat: Side, events: &[Event]) -> Option<(i32, i32, i32, i32)> {
    let mut squares: Vec<Square> = Vec::new();
    for e in events {
        match *e {
            Event::Moved { from, to, .. } => squares.extend([from, to]),
            Event::Struck { attacker, target, .. } => squares.extend([attacker.square, target.square]),
            Event::Battle { attackers, defenders, .. } => {
                squares.extend(attackers.members().chain(defenders.members()).map(|m| m.square))
            }
            Event::Detonated { at, .. } => squares.extend(admiral_engine::blast_squares(at)),
            _ => {}
        }
    }
    if squares.is_empty() {
        return None;
    }
    let (mut x0, mut y0, mut x1, mut y1) = (i32::MAX, i32::MAX, i32::MIN, i32::MIN);
    for sq in squares {
        let (x, y) = cell_origin(seat, sq);
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

/// Expands a rectangle of an indexed image to RGBA.
pub(crate) fn expand(
    indexed: &[u8],
    width: u32,
    palette: &Palette,
    x0: i32,
    y0: i32,
    x1: i32,
    y1: i32,
) -> Pixmap {
    let w = (x1 - x0) as u32;
    let h = (y1 - y0) as u32;
    let mut p = Pixmap::new(w, h).expect("region");
    let data = p.data_mut();
    for r in 0..h as usize {
        let src = &indexed[(y0 as usize + r) * width as usize + x0 as usize..][..w as usize];
        for (c, &i) in src.iter().enumerate() {
            let o = (r * w as usize + c) * 4;
            let pi = i as usize * 3;
            data[o] = palette.rgb[pi];
            data[o + 1] = palette.rgb[pi + 1];
            data[o + 2] = palette.rgb[pi + 2];
            data[o + 3] = 255;
        }
    }
    p
}

/// Maps an RGBA region back into an indexed image at (x0, y0).
pub(crate) fn settle(indexed: &mut [u8], width: u32, palette: &Palette, region: &Pixmap, x0: i32, y0: i32) {
    let w = region.width() as usize;
    for (r, row) in region.data().chunks_exact(w * 4).enumerate() {
        let start = (y0 as usize + r) * width as usize + x0 as usize;
        palette.quantize(row, &mut indexed[start..start + w]);
    }
}

/// Composes a full board picture as palette indices: the cached background, sprites copied
/// per square, then the marks and the strips drawn on small RGBA regions and mapped back.
#[allow(clippy::too_many_arguments)]
pub(crate) fn compose(
    out: &mut [u8],
    background: &[u8],
    sprites: &Sprites,
    palette: &Palette,
    fonts: &Fonts,
    bases: &[Pixmap; 2],
    scene: &Scene<'_>,
) {
    out.copy_from_slice(background);
    draw_board_area(out, sprites, palette, scene);
    let mut strip = Pixmap::new(WIDTH, STRIP_H).expect("strip");
    for (y, info) in [(0, &scene.top), (HEIGHT - STRIP_H, &scene.bottom)] {
        strip.fill(color::STRIP.color());
        draw_strip(&mut strip, fonts, bases, 0.0, info);
        settle(out, WIDTH, palette, &strip, 0, y as i32);
    }
}

/// Units, wrecks and the marks of the last turn, on an indexed picture.
pub(crate) fn draw_board_area(out: &mut [u8], sprites: &Sprites, palette: &Palette, scene: &Scene<'_>) {
    let cell = CELL as usize;
    for sq in Square::all() {
        let zone = zone_of_row(sq.row());
        let id = match scene.cells[sq.index()] {
            Content::Empty => continue,
            Content::Unit(side, kind, seen) => Sprites::unit(zone, side, kind, seen, scene.language),
            Content::Marker(side, intel, moved) => Sprites::marker(zone, side, intel, moved, scene.language),
        };
        let (x, y) = cell_origin(scene.seat, sq);
        blit_indexed(out, WIDTH as usize, sprites.indexed(id), cell, x as usize, y as usize);
    }
    for e in scene.events {
        if let Event::Destroyed { side, kind, square } = *e {
            if scene.cells[square.index()] == Content::Empty {
                let (x, y) = cell_origin(scene.seat, square);
                let id = Sprites::wreck(zone_of_row(square.row()), side, kind);
                blit_indexed(out, WIDTH as usize, sprites.indexed(id), cell, x as usize, y as usize);
            }
        }
    }
    if let Some((x0, y0, x1, y1)) = marks_bounds(scene.seat, scene.events) {
        let mut region = expand(out, WIDTH, palette, x0, y0, x1, y1);
        draw_marks(&mut region, Transform::from_translate(-x0 as f32, -y0 as f32), scene.seat, scene.events);
        settle(out, WIDTH, palette, &region, x0, y0);
    }
}

/// The same picture in RGBA, drawn directly (used once, to sample colours for the palette).
pub(crate) fn compose_rgba(
    background: &Pixmap,
    sprites: &Sprites,
    fonts: &Fonts,
    bases: &[Pixmap; 2],
    scene: &Scene<'_>,
) -> Pixmap {
    let mut out = background.clone();
    for sq in Square::all() {
        let zone = zone_of_row(sq.row());
        let id = match scene.cells[sq.index()] {
            Content::Empty => continue,
            Content::Unit(side, kind, seen) => Sprites::unit(zone, side, kind, seen, scene.language),
            Content::Marker(side, intel, moved) => Sprites::marker(zone, side, intel, moved, scene.language),
        };
        let (x, y) = cell_origin(scene.seat, sq);
        blit(&mut out, sprites.rgba(id), x, y);
    }
    draw_marks(&mut out, Transform::identity(), scene.seat, scene.events);
    draw_strip(&mut out, fonts, bases, 0.0, &scene.top);
    draw_strip(&mut out, fonts, bases, (HEIGHT - STRIP_H) as f32, &scene.bottom);
    out
}

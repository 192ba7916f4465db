//! The board painter both games share, after lichess's `lila-gif`: everything that does not
//! change between moves (the background of each seat, every token on each zone tint in both
//! languages) is drawn once with vectors and a palette fixed from it; a board is then the
//! background copied as palette indices, a sprite copied per occupied square, the marks of the
//! last turn and the two status strips drawn on small RGBA regions and mapped back.
//!
//! A game plugs in through [`BoardGame`]: its geometry (columns, rows, cell size, coordinate
//! labels), its token set (pieces, icons, labels, proportions), the squares nobody stands on
//! (Stratego's lakes), the marks its events leave, and what its strips count. Admiral's is in
//! `admiral.rs`, Stratego's in `stratego/mod.rs`.

pub(crate) mod game;
pub(crate) mod marks;
pub(crate) mod sprites;
pub(crate) mod token;

use std::collections::HashMap;

use admiral_engine::{Language, Side};
use tiny_skia::{FillRule, Pixmap, Transform};

use crate::color;
use crate::font::{Align, Face, Fonts};
use crate::palette::{self, Palette};
use crate::shapes::{fill_rect, round_stroke, rounded_rect};
pub(crate) use game::{
    fogged_cells, BoardGame, BoardSquare, Content, Geometry, IconBox, Label, MarkStyle, Marker, Sample,
    Scene, StripInfo, StripStyle, TallyPlace, Token, TokenBox, TokenStyle, ZONES,
};
use sprites::{blit, blit_indexed, Sprites};

/// Everything drawn once for one game's boards: its sprites, the background of each seat as
/// palette indices, and the palette fixed from them.
pub(crate) struct Board<G: BoardGame> {
    pub(crate) game: G,
    pub(crate) sprites: Sprites,
    pub(crate) backgrounds: [Vec<u8>; 2],
    pub(crate) palette: Palette,
}

impl<G: BoardGame> Board<G> {
    /// Draws every sprite and both backgrounds, and fixes the palette from everything a board
    /// can show: backgrounds, sprites, and a sample of the marks and strips.
    pub(crate) fn new(fonts: &Fonts, game: G) -> Board<G> {
        let mut sprites = Sprites::new::<G>(fonts);
        let backgrounds =
            [background::<G>(fonts, &sprites, Side::South), background::<G>(fonts, &sprites, Side::North)];
        let mut hist = HashMap::new();
        for bg in &backgrounds {
            palette::add_to_histogram(&mut hist, bg.data());
        }
        for s in sprites.all() {
            palette::add_to_histogram(&mut hist, s.data());
        }
        let sample = G::palette_sample();
        let scene = Scene::<G> {
            seat: Side::South,
            language: Language::En,
            cells: &sample.cells,
            events: &sample.events,
            top: sample.top,
            bottom: sample.bottom,
        };
        let sample = compose_rgba(&game, &backgrounds[0], &sprites, fonts, &scene);
        palette::add_to_histogram(&mut hist, sample.data());
        let palette = Palette::from_histogram(&hist);
        sprites.quantize(&palette);
        let backgrounds = backgrounds.map(|bg| palette.quantize_pixmap(&bg));
        Board { game, sprites, backgrounds, palette }
    }

    /// The board as palette indices.
    pub(crate) fn indexed(&self, fonts: &Fonts, scene: &Scene<'_, G>) -> Vec<u8> {
        let mut out = vec![0u8; (G::GEOMETRY.width() * G::GEOMETRY.height()) as usize];
        self.compose(&mut out, fonts, scene);
        out
    }

    /// Composes a full board picture as palette indices: the cached background, sprites
    /// copied per square, then the marks and the strips drawn on small RGBA regions and mapped
    /// back.
    pub(crate) fn compose(&self, out: &mut [u8], fonts: &Fonts, scene: &Scene<'_, G>) {
        let g = &G::GEOMETRY;
        out.copy_from_slice(&self.backgrounds[scene.seat.index()]);
        self.draw_board_area(out, scene);
        let mut strip = Pixmap::new(g.width(), g.strip_h).expect("strip");
        for (y, info) in [(0, &scene.top), (g.height() - g.strip_h, &scene.bottom)] {
            strip.fill(color::STRIP.color());
            draw_strip(&self.game, &mut strip, fonts, 0.0, info);
            settle(out, g.width(), &self.palette, &strip, 0, y as i32);
        }
    }

    /// Pieces, wrecks and the marks of the last turn, on an indexed picture.
    pub(crate) fn draw_board_area(&self, out: &mut [u8], scene: &Scene<'_, G>) {
        let g = &G::GEOMETRY;
        let (width, cell) = (g.width() as usize, g.cell as usize);
        for sq in G::Square::all() {
            let Some((side, token)) = scene.cells[sq.index()].token() else { continue };
            let id = self.sprites.id::<G>(g.zone(sq), side, token, scene.language);
            let (x, y) = g.origin(scene.seat, sq);
            blit_indexed(out, width, self.sprites.indexed(id), cell, x as usize, y as usize);
        }
        for (sq, side, piece) in scene.events.iter().filter_map(G::destroyed) {
            if scene.cells[sq.index()] == Content::Empty {
                let id = self.sprites.id::<G>(g.zone(sq), side, Token::Wreck(piece), Language::En);
                let (x, y) = g.origin(scene.seat, sq);
                blit_indexed(out, width, self.sprites.indexed(id), cell, x as usize, y as usize);
            }
        }
        let mut squares = Vec::new();
        G::marked_squares(scene.events, &mut squares);
        if let Some((x0, y0, x1, y1)) = marks::bounds(g, scene.seat, &squares) {
            let mut region = expand(out, g.width(), &self.palette, x0, y0, x1, y1);
            let marker = Marker {
                geometry: g,
                style: &G::MARKS,
                seat: scene.seat,
                t: Transform::from_translate(-x0 as f32, -y0 as f32),
            };
            G::draw_marks(&mut region, &marker, scene.events);
            settle(out, g.width(), &self.palette, &region, x0, y0);
        }
    }

    /// Encodes palette indices of a whole board as an indexed PNG.
    pub(crate) fn encode_png(&self, indexed: &[u8]) -> Vec<u8> {
        crate::palette::encode_indexed(&self.palette, indexed, G::GEOMETRY.width(), G::GEOMETRY.height())
    }
}

/// The same picture in RGBA, drawn directly (used once, to sample colours for the palette;
/// wrecks are left out).
fn compose_rgba<G: BoardGame>(
    game: &G,
    background: &Pixmap,
    sprites: &Sprites,
    fonts: &Fonts,
    scene: &Scene<'_, G>,
) -> Pixmap {
    let g = &G::GEOMETRY;
    let mut out = background.clone();
    for sq in G::Square::all() {
        let Some((side, token)) = scene.cells[sq.index()].token() else { continue };
        let id = sprites.id::<G>(g.zone(sq), side, token, scene.language);
        let (x, y) = g.origin(scene.seat, sq);
        blit(&mut out, sprites.rgba(id), x, y);
    }
    let marker = Marker { geometry: g, style: &G::MARKS, seat: scene.seat, t: Transform::identity() };
    G::draw_marks(&mut out, &marker, scene.events);
    draw_strip(game, &mut out, fonts, 0.0, &scene.top);
    draw_strip(game, &mut out, fonts, (g.height() - g.strip_h) as f32, &scene.bottom);
    out
}

/// The background of a seat: frame, coordinates, the zones' squares, blocked squares, grid.
fn background<G: BoardGame>(fonts: &Fonts, sprites: &Sprites, seat: Side) -> Pixmap {
    let g = &G::GEOMETRY;
    let (width, height) = (g.width(), g.height());
    let (board_x, board_y) = (g.board_x() as f32, g.board_y() as f32);
    let mut p = Pixmap::new(width, height).expect("background");
    p.fill(color::FRAME.color());
    for sq in G::Square::all() {
        let (x, y) = g.origin(seat, sq);
        blit(&mut p, &sprites.tiles[g.zone(sq)], x, y);
    }
    let board_w = g.cols as f32 * g.cell as f32;
    let board_h = g.rows as f32 * g.cell as f32;
    fill_rect(&mut p, board_x + board_w, board_y, 1.0, board_h + 1.0, G::GRID);
    fill_rect(&mut p, board_x, board_y + board_h, board_w + 1.0, 1.0, G::GRID);
    G::draw_blocked(&mut p, seat);
    let cell = g.cell as f32;
    for col in 0..g.cols {
        let (x, _) = g.cell_origin(seat, col, 0);
        let letter = ((b'a' + col) as char).to_string();
        let cx = x as f32 + cell / 2.0;
        for y in [board_y - g.letters_above, board_y + board_h + g.letters_below] {
            fonts.draw(&mut p, Face::Bold, g.label_size, cx, y, Align::Center, color::FRAME_TEXT, &letter);
        }
    }
    for row in 0..g.rows {
        let (_, y) = g.cell_origin(seat, 0, row);
        let label = (row + 1).to_string();
        let size = if label.len() > 1 { g.two_digit_label_size } else { g.label_size };
        let cy = y as f32 + cell / 2.0 + 6.0;
        for x in [g.margin as f32 / 2.0, width as f32 - g.margin as f32 / 2.0 + 0.5] {
            fonts.draw(&mut p, Face::Bold, size, x, cy, Align::Center, color::FRAME_TEXT, &label);
        }
    }
    fill_rect(&mut p, 0.0, 0.0, width as f32, g.strip_h as f32, color::STRIP);
    fill_rect(&mut p, 0.0, (height - g.strip_h) as f32, width as f32, g.strip_h as f32, color::STRIP);
    p
}

/// Draws one status strip in the band starting at `y`: the mark of the side to move, the
/// side's colour chip, the name, the note, what the game counts, and the clock.
fn draw_strip<G: BoardGame>(game: &G, p: &mut Pixmap, fonts: &Fonts, y: f32, info: &StripInfo<'_>) {
    let style = &G::STRIP;
    let width = G::GEOMETRY.width() as f32;
    let h = G::GEOMETRY.strip_h as f32;
    let id = Transform::identity();
    if info.active {
        if info.lit {
            fill_rect(p, 0.0, y, width, h, color::STRIP_ACTIVE);
        }
        fill_rect(p, 0.0, y, 6.0, h, color::MOVE);
    }
    // The side's colour chip: a small token.
    let chip = rounded_rect(16.0, y + 13.0, 26.0, 26.0, 6.0);
    p.fill_path(&chip, &color::side_color(info.side).paint(), FillRule::Winding, id, None);
    p.stroke_path(&chip, &color::WHITE.paint_alpha(200), &round_stroke(1.5), id, None);
    let baseline = y + h / 2.0 + 8.0;
    let size = style.text_size;
    // Right side: clock, then what the game counts, then the note.
    let mut right = width - style.right_pad;
    if let Some(clock) = info.clock {
        let w = fonts.draw(p, Face::Bold, size, right, baseline, Align::Right, color::STRIP_TEXT, clock);
        right -= w + style.clock_gap;
    }
    let tally_w = game.draw_tally(p, fonts, info, TallyPlace { y, right, baseline });
    right -= tally_w + 16.0;
    let mut note_w = 0.0;
    if let Some(note) = info.note {
        let note_size = fonts.fit(Face::Bold, style.note_size, note, right - style.note_room);
        let c = if info.active && info.lit { color::MOVE } else { color::STRIP_MUTED };
        note_w = fonts.draw(p, Face::Bold, note_size, right, baseline - 1.0, Align::Right, c, note);
    }
    let name_max = right - note_w - style.name_gap - 54.0;
    let name = fonts.ellipsize(Face::Bold, size, info.name, name_max);
    fonts.draw(p, Face::Bold, size, 54.0, baseline, Align::Left, color::STRIP_TEXT, &name);
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

//! What the cards share: their colours, the background, panels and progress bars, the RGB PNG
//! encoding, and the board part of both games' setup previews.

use admiral_engine::{Language, Side};
use tiny_skia::{FillRule, Paint, Path, Pixmap, Stroke, Transform};

use crate::board::sprites::tile;
use crate::board::token::draw_token_on_card;
use crate::board::Token;
use crate::board::{BoardGame, BoardSquare, ZONES};
use crate::color::{self, Rgb};
use crate::font::{Align, Face, Fonts};
use crate::shapes::{fill_rect, rounded_rect};

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

pub(super) const CARD_BG: Rgb = Rgb::hex(0x0f1d2b);
const CARD_BG2: Rgb = Rgb::hex(0x182d43);
pub(super) const PANEL: Rgb = Rgb::hex(0x1e344b);
pub(super) const PANEL_EDGE: Rgb = Rgb::hex(0x2f4b68);
pub(super) const TEXT: Rgb = Rgb::hex(0xf2f5f8);
pub(super) const MUTED: Rgb = Rgb::hex(0x9fb3c6);
pub(super) const GOLD: Rgb = Rgb::hex(0xe0ac2b);
pub(super) const GOLD_DARK: Rgb = Rgb::hex(0x9c7414);
pub(super) const SILVER: Rgb = Rgb::hex(0xc9d1d9);
pub(super) const BRONZE: Rgb = Rgb::hex(0xc07a3c);

/// A card's background: a vertical gradient.
pub(super) fn card(width: u32, height: u32) -> Pixmap {
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

/// A rounded panel with an edge.
pub(super) fn panel(p: &mut Pixmap, x: f32, y: f32, w: f32, h: f32, fill: Rgb, edge: Rgb) {
    let r = rounded_rect(x, y, w, h, 10.0);
    p.fill_path(&r, &fill.paint(), FillRule::Winding, Transform::identity(), None);
    outline(p, &r, &edge.paint(), 1.5);
}

/// Strokes `path` with a plain line of `width` in `paint`: the edges of panels, bars, medals
/// and badges.
pub(super) fn outline(p: &mut Pixmap, path: &Path, paint: &Paint<'_>, width: f32) {
    p.stroke_path(path, paint, &Stroke { width, ..Stroke::default() }, Transform::identity(), None);
}

/// A progress bar filled to `fraction`.
pub(super) fn bar(p: &mut Pixmap, x: f32, y: f32, w: f32, h: f32, fraction: f32, fill: Rgb) {
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
    outline(p, &r, &PANEL_EDGE.paint(), 1.0);
}

/// Encodes a card as an RGB PNG (fdeflate, Paeth filter).
pub(super) fn encode_rgb(p: &Pixmap) -> Vec<u8> {
    let mut rgb = vec![0u8; p.data().len() / 4 * 3];
    for (out, px) in rgb.chunks_exact_mut(3).zip(p.data().chunks_exact(4)) {
        out.copy_from_slice(&px[..3]);
    }
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

/// Margin and heading height of a setup preview.
const SETUP_MARGIN: f32 = 24.0;
const SETUP_TOP: f32 = 78.0;

/// The shape of a setup preview: `depth_rows` rows of `cell` pixels, then `legend_h` pixels
/// for the game's legend.
pub(super) struct SetupGrid {
    pub(super) cell: f32,
    pub(super) depth_rows: usize,
    pub(super) row_label_size: f32,
    pub(super) legend_h: f32,
}

impl SetupGrid {
    /// Where the legend starts.
    pub(super) fn legend_y(&self) -> f32 {
        SETUP_TOP + SETUP_MARGIN + self.cell * self.depth_rows as f32 + 34.0
    }
}

/// A setup preview without its legend: the heading, then `side`'s zone as its owner sees it
/// (front row at the top) on the zone's tint, with its coordinates. `at(depth, file)` is what
/// stands there and where that is on the board.
pub(super) fn setup_card<G: BoardGame>(
    fonts: &Fonts,
    labels: &SetupLabels,
    side: Side,
    grid: &SetupGrid,
    at: impl Fn(usize, usize) -> (Option<G::Piece>, G::Square),
) -> Pixmap {
    let (cell, depth_rows, margin) = (grid.cell, grid.depth_rows, SETUP_MARGIN);
    let cols = G::GEOMETRY.cols as usize;
    let width = (margin * 2.0 + cell * cols as f32) as u32;
    let height = (SETUP_TOP + margin * 2.0 + cell * depth_rows as f32 + grid.legend_h) as u32;
    let mut p = card(width, height);
    let title = fonts.ellipsize(Face::Bold, 28.0, &labels.title, width as f32 - 40.0);
    fonts.draw(&mut p, Face::Bold, 28.0, 20.0, 38.0, Align::Left, TEXT, &title);
    let sub = fonts.ellipsize(Face::Regular, 16.0, &labels.subtitle, width as f32 - 40.0);
    fonts.draw(&mut p, Face::Regular, 16.0, 20.0, 64.0, Align::Left, MUTED, &sub);
    let (bx, by) = (margin, SETUP_TOP + margin);
    let zone_tile = tile::<G>(cell as u32, if side == Side::South { 0 } else { ZONES - 1 });
    for depth in 0..depth_rows {
        for file in 0..cols {
            let x = bx + file as f32 * cell;
            let y = by + depth as f32 * cell;
            let paint = tiny_skia::PixmapPaint::default();
            p.draw_pixmap(x as i32, y as i32, zone_tile.as_ref(), &paint, Transform::identity(), None);
            if let (Some(piece), _) = at(depth, file) {
                draw_token_on_card::<G>(
                    &mut p,
                    fonts,
                    x,
                    y,
                    cell,
                    side,
                    Token::Piece(piece),
                    labels.language,
                );
            }
        }
    }
    let (board_w, board_h) = (cell * cols as f32, cell * depth_rows as f32);
    fill_rect(&mut p, bx + board_w, by, 1.0, board_h + 1.0, G::GRID);
    fill_rect(&mut p, bx, by + board_h, board_w + 1.0, 1.0, G::GRID);
    for file in 0..cols {
        let letter = ((b'a' + at(0, file).1.col()) as char).to_string();
        let cx = bx + file as f32 * cell + cell / 2.0;
        for y in [by - 7.0, by + board_h + 18.0] {
            fonts.draw(&mut p, Face::Bold, 15.0, cx, y, Align::Center, color::FRAME_TEXT, &letter);
        }
    }
    for depth in 0..depth_rows {
        let row = (at(depth, 0).1.row() + 1).to_string();
        let cy = by + depth as f32 * cell + cell / 2.0 + 5.5;
        for x in [margin / 2.0, width as f32 - margin / 2.0] {
            fonts.draw(
                &mut p,
                Face::Bold,
                grid.row_label_size,
                x,
                cy,
                Align::Center,
                color::FRAME_TEXT,
                &row,
            );
        }
    }
    p
}

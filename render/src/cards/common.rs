//! What the cards share: their colours, the background, panels and progress bars, and the
//! RGB PNG encoding.

use tiny_skia::{FillRule, Pixmap, Stroke, Transform};

use crate::color::{self, Rgb};
use crate::shapes::rounded_rect;

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
    p.stroke_path(
        &r,
        &edge.paint(),
        &Stroke { width: 1.5, ..Stroke::default() },
        Transform::identity(),
        None,
    );
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
    p.stroke_path(
        &r,
        &PANEL_EDGE.paint(),
        &Stroke { width: 1.0, ..Stroke::default() },
        Transform::identity(),
        None,
    );
}

/// Encodes a card as an RGB PNG (fdeflate, Paeth filter).
pub(super) fn encode_rgb(p: &Pixmap) -> Vec<u8> {
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

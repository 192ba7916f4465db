//! The embedded fonts (DejaVu Sans and DejaVu Sans Condensed Bold: Latin and Cyrillic) and a
//! small glyph cache: every glyph is rasterised once per size and blended from the cache.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use ab_glyph::{Font as _, FontRef, GlyphId, PxScale, PxScaleFont, ScaleFont as _};
use tiny_skia::Pixmap;

use crate::color::Rgb;

static REGULAR: &[u8] = include_bytes!("../assets/DejaVuSans.ttf");
static BOLD: &[u8] = include_bytes!("../assets/DejaVuSansCondensed-Bold.ttf");

/// Which face to draw with.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Face {
    /// DejaVu Sans.
    Regular,
    /// DejaVu Sans Condensed Bold: compact and legible for codes and headings.
    Bold,
}

struct GlyphBitmap {
    left: i32,
    top: i32,
    width: usize,
    height: usize,
    coverage: Vec<u8>,
}

type GlyphKey = (Face, u16, u32);

/// The fonts with their glyph cache. Cheap to share: the cache is behind a mutex that is held
/// only while a glyph is looked up.
pub(crate) struct Fonts {
    regular: FontRef<'static>,
    bold: FontRef<'static>,
    cache: Mutex<HashMap<GlyphKey, Arc<GlyphBitmap>>>,
}

/// Horizontal anchoring of a text run.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Align {
    Left,
    Center,
    Right,
}

impl Fonts {
    pub(crate) fn new() -> Fonts {
        Fonts {
            regular: FontRef::try_from_slice(REGULAR).expect("embedded DejaVu Sans"),
            bold: FontRef::try_from_slice(BOLD).expect("embedded DejaVu Sans Condensed Bold"),
            cache: Mutex::new(HashMap::new()),
        }
    }

    fn font(&self, face: Face) -> &FontRef<'static> {
        match face {
            Face::Regular => &self.regular,
            Face::Bold => &self.bold,
        }
    }

    /// Width in pixels of `text` at `size` px.
    pub(crate) fn width(&self, face: Face, size: f32, text: &str) -> f32 {
        let font = self.font(face).as_scaled(PxScale::from(size));
        pen_run(font, text, 0.0).last().map_or(0.0, |(_, _, end)| end)
    }

    /// Shrinks `size` until `text` fits in `max_width` (never below 60 %).
    pub(crate) fn fit(&self, face: Face, size: f32, text: &str, max_width: f32) -> f32 {
        let w = self.width(face, size, text);
        if w <= max_width || w == 0.0 {
            size
        } else {
            (size * max_width / w).max(size * 0.6)
        }
    }

    /// Cuts `text` with an ellipsis so that it fits in `max_width`.
    pub(crate) fn ellipsize(&self, face: Face, size: f32, text: &str, max_width: f32) -> String {
        if self.width(face, size, text) <= max_width {
            return text.to_string();
        }
        let mut chars: Vec<char> = text.chars().collect();
        while !chars.is_empty() {
            chars.pop();
            let candidate: String = chars.iter().collect::<String>() + "…";
            if self.width(face, size, &candidate) <= max_width {
                return candidate;
            }
        }
        String::new()
    }

    fn glyph(&self, face: Face, size: f32, id: GlyphId) -> Arc<GlyphBitmap> {
        let key = (face, id.0, (size * 16.0).round() as u32);
        if let Some(g) = self.cache.lock().expect("glyph cache").get(&key) {
            return g.clone();
        }
        let font = self.font(face);
        let glyph = id.with_scale_and_position(PxScale::from(size), ab_glyph::point(0.0, 0.0));
        let bitmap = match font.outline_glyph(glyph) {
            Some(outlined) => {
                let bounds = outlined.px_bounds();
                let width = bounds.width() as usize;
                let height = bounds.height() as usize;
                let mut coverage = vec![0u8; width * height];
                outlined.draw(|x, y, c| {
                    let i = y as usize * width + x as usize;
                    if i < coverage.len() {
                        coverage[i] = (c.clamp(0.0, 1.0) * 255.0 + 0.5) as u8;
                    }
                });
                GlyphBitmap { left: bounds.min.x as i32, top: bounds.min.y as i32, width, height, coverage }
            }
            None => GlyphBitmap { left: 0, top: 0, width: 0, height: 0, coverage: Vec::new() },
        };
        let bitmap = Arc::new(bitmap);
        self.cache.lock().expect("glyph cache").insert(key, bitmap.clone());
        bitmap
    }

    /// Draws `text` with its baseline at `baseline`, anchored at `x` per `align`. Returns the
    /// drawn width.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn draw(
        &self,
        pixmap: &mut Pixmap,
        face: Face,
        size: f32,
        x: f32,
        baseline: f32,
        align: Align,
        color: Rgb,
        text: &str,
    ) -> f32 {
        let width = self.width(face, size, text);
        let start = match align {
            Align::Left => x,
            Align::Center => x - width / 2.0,
            Align::Right => x - width,
        };
        let scaled = self.font(face).as_scaled(PxScale::from(size));
        let base = baseline.round() as i32;
        for (id, pen, _) in pen_run(scaled, text, start) {
            let g = self.glyph(face, size, id);
            blend_coverage(
                pixmap,
                pen.round() as i32 + g.left,
                base + g.top,
                g.width,
                g.height,
                &g.coverage,
                color,
            );
        }
        width
    }
}

/// The glyphs of `text` set from the pen position `start`, kerned: each glyph with the pen's
/// position where it is drawn and after its advance. Characters not in the font (emoji in a
/// Discord name, say) are skipped rather than boxed.
fn pen_run<'a>(
    font: PxScaleFont<&'a FontRef<'static>>,
    text: &'a str,
    start: f32,
) -> impl Iterator<Item = (GlyphId, f32, f32)> + 'a {
    let mut pen = start;
    let mut prev: Option<GlyphId> = None;
    text.chars().filter_map(move |ch| {
        let id = font.glyph_id(ch);
        if id.0 == 0 {
            return None;
        }
        if let Some(p) = prev {
            pen += font.kern(p, id);
        }
        let at = pen;
        pen += font.h_advance(id);
        prev = Some(id);
        Some((id, at, pen))
    })
}

/// Blends a coverage mask of `color` onto an (opaque or premultiplied) pixmap.
pub(crate) fn blend_coverage(
    pixmap: &mut Pixmap,
    left: i32,
    top: i32,
    width: usize,
    height: usize,
    coverage: &[u8],
    color: Rgb,
) {
    let pw = pixmap.width() as i32;
    let ph = pixmap.height() as i32;
    let data = pixmap.data_mut();
    for gy in 0..height as i32 {
        let y = top + gy;
        if y < 0 || y >= ph {
            continue;
        }
        for gx in 0..width as i32 {
            let x = left + gx;
            if x < 0 || x >= pw {
                continue;
            }
            let a = coverage[(gy as usize) * width + gx as usize] as u32;
            if a == 0 {
                continue;
            }
            let i = ((y * pw + x) * 4) as usize;
            let inv = 255 - a;
            let src = [color.0 as u32, color.1 as u32, color.2 as u32, 255];
            for c in 0..4 {
                let d = data[i + c] as u32;
                data[i + c] = ((src[c] * a + d * inv + 127) / 255) as u8;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latin_and_cyrillic_are_in_the_font_and_missing_glyphs_take_no_room() {
        let fonts = Fonts::new();
        for face in [Face::Regular, Face::Bold] {
            for ch in "AZaz09ЁЖЯёжяКРПЛВМБ·×…«»".chars() {
                assert_ne!(fonts.font(face).glyph_id(ch).0, 0, "{ch} missing");
            }
            let plain = fonts.width(face, 20.0, "Nelson");
            assert_eq!(fonts.width(face, 20.0, "Nelson🚢"), plain);
        }
    }
}

//! Tokens (a unit on its square), markers, wrecks and the sea tiles they sit on: drawn with
//! vectors once, at start-up, then only copied.

use admiral_engine::{Language, Side, UnitKind, KINDS};
use tiny_skia::{FillRule, Path, PathBuilder, Pixmap, Rect, Stroke, Transform};

use crate::color::{self, Rgb};
use crate::font::{Align, Face, Fonts};
use crate::icons::draw_icon;

/// The three sea zones.
pub(crate) const ZONES: usize = 3;

/// The zone (0 South's setup rows, 1 open sea, 2 North's setup rows) of a board row.
pub(crate) fn zone_of_row(row: u8) -> usize {
    match row {
        0..=4 => 0,
        5..=9 => 1,
        _ => 2,
    }
}

pub(crate) fn zone_color(zone: usize) -> Rgb {
    [color::SEA_SOUTH, color::SEA, color::SEA_NORTH][zone]
}

pub(crate) fn rounded_rect(x: f32, y: f32, w: f32, h: f32, r: f32) -> Path {
    let mut pb = PathBuilder::new();
    let r = r.min(w / 2.0).min(h / 2.0);
    pb.move_to(x + r, y);
    pb.line_to(x + w - r, y);
    pb.quad_to(x + w, y, x + w, y + r);
    pb.line_to(x + w, y + h - r);
    pb.quad_to(x + w, y + h, x + w - r, y + h);
    pb.line_to(x + r, y + h);
    pb.quad_to(x, y + h, x, y + h - r);
    pb.line_to(x, y + r);
    pb.quad_to(x, y, x + r, y);
    pb.close();
    pb.finish().expect("rounded rect")
}

pub(crate) fn fill_rect(pixmap: &mut Pixmap, x: f32, y: f32, w: f32, h: f32, c: Rgb) {
    if let Some(r) = Rect::from_xywh(x, y, w, h) {
        let mut paint = c.paint();
        paint.anti_alias = false;
        pixmap.fill_rect(r, &paint, Transform::identity(), None);
    }
}

/// A square of sea with its grid lines (top and left edges).
pub(crate) fn tile(cell: u32, zone: usize) -> Pixmap {
    let mut p = Pixmap::new(cell, cell).expect("tile");
    p.fill(zone_color(zone).color());
    fill_rect(&mut p, 0.0, 0.0, cell as f32, 1.0, color::GRID);
    fill_rect(&mut p, 0.0, 0.0, 1.0, cell as f32, color::GRID);
    p
}

/// What a token shows.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum TokenKind {
    /// A unit shown openly: silhouette and code.
    Unit(UnitKind),
    /// One of the viewer's own units that the enemy has identified: the unit with an eye.
    SeenUnit(UnitKind),
    /// A closed enemy marker, with the remembered identity when there is one.
    Marker(Option<UnitKind>),
    /// A closed enemy marker known to have moved (so it is no base or stationary mine).
    MovedMarker,
    /// A unit destroyed in the last turn, faint.
    Wreck(UnitKind),
}

/// Draws a token of `side` filling a `size` square at (x, y) (the square includes the grid
/// line; the token is inset).
#[allow(clippy::too_many_arguments)]
pub(crate) fn draw_token(
    p: &mut Pixmap,
    fonts: &Fonts,
    x: f32,
    y: f32,
    size: f32,
    side: Side,
    token: TokenKind,
    language: Language,
) {
    let k = size / 54.0;
    let inset = 3.0 * k;
    let (tx, ty, tw) = (x + inset, y + inset, size - inset * 1.6);
    let radius = 8.0 * k;
    let body = rounded_rect(tx, ty, tw, tw, radius);
    let side_color = color::side_color(side);
    let dark = color::side_dark(side);
    let border = Stroke { width: 1.5 * k, ..Stroke::default() };
    match token {
        TokenKind::Unit(kind) | TokenKind::SeenUnit(kind) => {
            p.fill_path(&body, &side_color.paint(), FillRule::Winding, Transform::identity(), None);
            // A lighter top edge gives the token a little body.
            let top = rounded_rect(tx, ty, tw, tw * 0.5, radius);
            p.fill_path(&top, &color::WHITE.paint_alpha(22), FillRule::Winding, Transform::identity(), None);
            p.stroke_path(&body, &dark.paint(), &border, Transform::identity(), None);
            draw_icon(
                p,
                kind,
                x + 5.0 * k,
                y + 5.0 * k,
                size - 9.0 * k,
                26.0 * k,
                color::WHITE,
                color::FLAME,
                side_color,
            );
            // The code as large as the token allows: it must survive a phone's half-size preview.
            let code = kind.code(language);
            let fs = fonts.fit(Face::Bold, 18.5 * k, code, tw - 3.0 * k);
            fonts.draw(
                p,
                Face::Bold,
                fs,
                x + size / 2.0 + 0.5 * k,
                y + 48.5 * k,
                Align::Center,
                color::WHITE,
                code,
            );
            if matches!(token, TokenKind::SeenUnit(_)) {
                draw_seen_badge(p, tx + tw - 8.5 * k, ty + 8.5 * k, 9.5 * k);
            }
        }
        TokenKind::Marker(_) | TokenKind::MovedMarker => {
            let intel = if let TokenKind::Marker(k) = token { k } else { None };
            p.fill_path(&body, &dark.paint(), FillRule::Winding, Transform::identity(), None);
            // Diagonal hatching: the back of a closed card.
            let mut pb = PathBuilder::new();
            let step = 7.0 * k;
            let mut d = -tw;
            while d < tw {
                pb.move_to(tx + d, ty + tw);
                pb.line_to(tx + d + tw, ty);
                d += step;
            }
            let hatch = pb.finish().expect("hatch");
            let clip = {
                let mut mask = tiny_skia::Mask::new(p.width(), p.height()).expect("mask");
                let inner =
                    rounded_rect(tx + 5.0 * k, ty + 5.0 * k, tw - 10.0 * k, tw - 10.0 * k, radius * 0.6);
                mask.fill_path(&inner, FillRule::Winding, true, Transform::identity());
                mask
            };
            let hatch_stroke = Stroke { width: 2.2 * k, ..Stroke::default() };
            p.stroke_path(&hatch, &side_color.paint(), &hatch_stroke, Transform::identity(), Some(&clip));
            let inner = rounded_rect(tx + 5.0 * k, ty + 5.0 * k, tw - 10.0 * k, tw - 10.0 * k, radius * 0.6);
            p.stroke_path(
                &inner,
                &side_color.mix(color::WHITE, 0.35).paint(),
                &border,
                Transform::identity(),
                None,
            );
            p.stroke_path(&body, &color::INK.paint_alpha(160), &border, Transform::identity(), None);
            if let Some(kind) = intel {
                // The remembered identity: a small silhouette and a white badge with the code.
                let ib = rounded_rect(tx + 4.0 * k, ty + 3.0 * k, tw - 8.0 * k, 25.0 * k, 5.0 * k);
                p.fill_path(&ib, &dark.paint(), FillRule::Winding, Transform::identity(), None);
                draw_icon(
                    p,
                    kind,
                    x + 8.0 * k,
                    y + 6.0 * k,
                    size - 15.0 * k,
                    22.0 * k,
                    color::WHITE,
                    color::FLAME,
                    dark,
                );
                let badge = rounded_rect(tx + 3.0 * k, y + 31.0 * k, tw - 6.0 * k, 18.0 * k, 4.0 * k);
                p.fill_path(&badge, &color::WHITE.paint(), FillRule::Winding, Transform::identity(), None);
                let code = kind.code(language);
                let fs = fonts.fit(Face::Bold, 15.0 * k, code, tw - 9.0 * k);
                fonts.draw(
                    p,
                    Face::Bold,
                    fs,
                    x + size / 2.0 + 0.5 * k,
                    y + 45.5 * k,
                    Align::Center,
                    dark,
                    code,
                );
            }
            if token == TokenKind::MovedMarker {
                // A wake: this marker has moved, so it is no base and no stationary mine.
                let badge = rounded_rect(x + 12.0 * k, y + 33.0 * k, size - 23.0 * k, 13.0 * k, 6.0 * k);
                p.fill_path(&badge, &dark.paint(), FillRule::Winding, Transform::identity(), None);
                let mut pb = PathBuilder::new();
                let (wx, wy, ww) = (x + 16.0 * k, y + 39.5 * k, size - 31.0 * k);
                pb.move_to(wx, wy);
                let step = ww / 4.0;
                for i in 0..4 {
                    let dy = if i % 2 == 0 { -3.5 * k } else { 3.5 * k };
                    pb.quad_to(wx + step * (i as f32 + 0.5), wy + dy, wx + step * (i as f32 + 1.0), wy);
                }
                let wave =
                    Stroke { width: 2.2 * k, line_cap: tiny_skia::LineCap::Round, ..Stroke::default() };
                let path = pb.finish().expect("wake");
                p.stroke_path(&path, &color::WHITE.paint(), &wave, Transform::identity(), None);
            }
        }
        TokenKind::Wreck(kind) => {
            p.fill_path(&body, &side_color.paint_alpha(46), FillRule::Winding, Transform::identity(), None);
            let dashed = Stroke {
                width: 1.5 * k,
                dash: tiny_skia::StrokeDash::new(vec![4.0 * k, 3.0 * k], 0.0),
                ..Stroke::default()
            };
            p.stroke_path(&body, &side_color.paint_alpha(150), &dashed, Transform::identity(), None);
            let mut faint = Pixmap::new(p.width(), p.height()).expect("wreck layer");
            draw_icon(
                &mut faint,
                kind,
                x + 5.0 * k,
                y + 9.0 * k,
                size - 9.0 * k,
                34.0 * k,
                side_color,
                side_color,
                side_color,
            );
            let paint = tiny_skia::PixmapPaint { opacity: 0.42, ..Default::default() };
            p.draw_pixmap(0, 0, faint.as_ref(), &paint, Transform::identity(), None);
            let mut pb = PathBuilder::new();
            pb.move_to(tx + 9.0 * k, ty + 9.0 * k);
            pb.line_to(tx + tw - 9.0 * k, ty + tw - 9.0 * k);
            pb.move_to(tx + tw - 9.0 * k, ty + 9.0 * k);
            pb.line_to(tx + 9.0 * k, ty + tw - 9.0 * k);
            let cross = Stroke { width: 2.5 * k, line_cap: tiny_skia::LineCap::Round, ..Stroke::default() };
            p.stroke_path(
                &pb.finish().expect("cross"),
                &dark.paint_alpha(120),
                &cross,
                Transform::identity(),
                None,
            );
        }
    }
}

/// The mark of an own unit the enemy has identified: an eye on an amber disc, centred at
/// (`cx`, `cy`) with radius `r`, in the token's corner. It must survive a phone's half-size
/// preview, where it is a yellow dot with a dark centre. Both rule sets' boards use it.
pub(crate) fn draw_seen_badge(p: &mut Pixmap, cx: f32, cy: f32, r: f32) {
    let id = Transform::identity();
    let ring = Stroke { width: (r * 0.16).max(1.0), ..Stroke::default() };
    if let Some(disc) = PathBuilder::from_circle(cx, cy, r) {
        p.fill_path(&disc, &color::FLAME.paint(), FillRule::Winding, id, None);
        p.stroke_path(&disc, &color::INK.paint(), &ring, id, None);
    }
    // The eye: an almond of white with a dark iris.
    let (w, h) = (r * 0.72, r * 0.62);
    let mut pb = PathBuilder::new();
    pb.move_to(cx - w, cy);
    pb.quad_to(cx, cy - h, cx + w, cy);
    pb.quad_to(cx, cy + h, cx - w, cy);
    pb.close();
    if let Some(almond) = pb.finish() {
        p.fill_path(&almond, &color::WHITE.paint(), FillRule::Winding, id, None);
        p.stroke_path(
            &almond,
            &color::INK.paint(),
            &Stroke { width: (r * 0.12).max(0.8), ..Stroke::default() },
            id,
            None,
        );
    }
    if let Some(iris) = PathBuilder::from_circle(cx, cy, r * 0.27) {
        p.fill_path(&iris, &color::INK.paint(), FillRule::Winding, id, None);
    }
}

/// Pre-rendered cell sprites for one cell size, in RGBA and (once the palette is fixed) as
/// palette indices.
pub(crate) struct Sprites {
    pub(crate) tiles: Vec<Pixmap>,
    rgba: Vec<Pixmap>,
    indexed: Vec<Vec<u8>>,
}

fn lang_index(language: Language) -> usize {
    match language {
        Language::En => 0,
        Language::Ru => 1,
    }
}

// Layout of the sprite table: for each zone and side, the closed marker and the moved one,
// then per kind the wreck, and per language the unit, the intel marker and the seen unit.
const PER_KIND: usize = 7;
const MARKERS: usize = 2;
const PER_SIDE: usize = MARKERS + KINDS * PER_KIND;

/// A sprite's number in the table.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct SpriteId(usize);

impl Sprites {
    pub(crate) fn new(fonts: &Fonts, cell: u32) -> Sprites {
        let tiles: Vec<Pixmap> = (0..ZONES).map(|z| tile(cell, z)).collect();
        let make = |zone: usize, side: Side, token: TokenKind, language: Language| {
            let mut p = tiles[zone].clone();
            draw_token(&mut p, fonts, 0.0, 0.0, cell as f32, side, token, language);
            p
        };
        let mut rgba = Vec::with_capacity(ZONES * 2 * PER_SIDE);
        for zone in 0..ZONES {
            for side in Side::BOTH {
                rgba.push(make(zone, side, TokenKind::Marker(None), Language::En));
                rgba.push(make(zone, side, TokenKind::MovedMarker, Language::En));
                for kind in UnitKind::ALL {
                    rgba.push(make(zone, side, TokenKind::Wreck(kind), Language::En));
                    for language in [Language::En, Language::Ru] {
                        rgba.push(make(zone, side, TokenKind::Unit(kind), language));
                        rgba.push(make(zone, side, TokenKind::Marker(Some(kind)), language));
                        rgba.push(make(zone, side, TokenKind::SeenUnit(kind), language));
                    }
                }
            }
        }
        Sprites { tiles, rgba, indexed: Vec::new() }
    }

    /// Maps every sprite to the palette.
    pub(crate) fn quantize(&mut self, palette: &crate::palette::Palette) {
        self.indexed = self
            .rgba
            .iter()
            .map(|p| {
                let mut out = vec![0u8; (p.width() * p.height()) as usize];
                palette.quantize(p.data(), &mut out);
                out
            })
            .collect();
    }

    fn base(zone: usize, side: Side) -> usize {
        (zone * 2 + side.index()) * PER_SIDE
    }

    /// A unit shown openly; `seen` adds the eye of a unit the enemy has identified.
    pub(crate) fn unit(zone: usize, side: Side, kind: UnitKind, seen: bool, language: Language) -> SpriteId {
        let slot = if seen { 3 } else { 1 };
        SpriteId(Self::base(zone, side) + MARKERS + kind.index() * PER_KIND + slot + lang_index(language) * 3)
    }

    pub(crate) fn marker(
        zone: usize,
        side: Side,
        intel: Option<UnitKind>,
        moved: bool,
        language: Language,
    ) -> SpriteId {
        match intel {
            None => SpriteId(Self::base(zone, side) + usize::from(moved)),
            Some(kind) => SpriteId(
                Self::base(zone, side) + MARKERS + kind.index() * PER_KIND + 2 + lang_index(language) * 3,
            ),
        }
    }

    pub(crate) fn wreck(zone: usize, side: Side, kind: UnitKind) -> SpriteId {
        SpriteId(Self::base(zone, side) + MARKERS + kind.index() * PER_KIND)
    }

    pub(crate) fn rgba(&self, id: SpriteId) -> &Pixmap {
        &self.rgba[id.0]
    }

    pub(crate) fn indexed(&self, id: SpriteId) -> &[u8] {
        &self.indexed[id.0]
    }

    /// Every sprite, for building the palette.
    pub(crate) fn all(&self) -> impl Iterator<Item = &Pixmap> {
        self.tiles.iter().chain(&self.rgba)
    }
}

/// Copies an indexed sprite of `w` × `h` into an indexed image of width `dw` at (x, y).
pub(crate) fn blit_indexed(dst: &mut [u8], dw: usize, src: &[u8], w: usize, x: usize, y: usize) {
    for (r, row) in src.chunks_exact(w).enumerate() {
        let di = (y + r) * dw + x;
        dst[di..di + w].copy_from_slice(row);
    }
}

/// Copies an opaque sprite into `dst` at (x, y) row by row.
pub(crate) fn blit(dst: &mut Pixmap, src: &Pixmap, x: i32, y: i32) {
    let dw = dst.width() as i32;
    let dh = dst.height() as i32;
    let sw = src.width() as i32;
    let sh = src.height() as i32;
    if x < 0 || y < 0 || x + sw > dw || y + sh > dh {
        dst.draw_pixmap(x, y, src.as_ref(), &tiny_skia::PixmapPaint::default(), Transform::identity(), None);
        return;
    }
    let row = (sw * 4) as usize;
    let s = src.data();
    let d = dst.data_mut();
    for r in 0..sh {
        let di = (((y + r) * dw + x) * 4) as usize;
        let si = (r * sw * 4) as usize;
        d[di..di + row].copy_from_slice(&s[si..si + row]);
    }
}

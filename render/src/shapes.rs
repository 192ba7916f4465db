//! What both games' icons are made of: parts (paths filled or stroked in one of three roles)
//! designed in a 100 × 100 box (y down), the path helpers that build them, and the one function
//! that fits a set of parts into a box and paints it. Admiral's unit silhouettes (`icons.rs`)
//! and Stratego's piece icons (`stratego/icons.rs`) hold only their designs.

use tiny_skia::{FillRule, LineJoin, Path, PathBuilder, Pixmap, Stroke, Transform};

use crate::color::Rgb;

/// How a part of an icon is painted.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Role {
    /// The silhouette colour.
    Main,
    /// An accent (flame, warhead) in the accent colour.
    Accent,
    /// A cut-out in the token's own colour.
    Cut,
}

/// One part: a path, filled or stroked.
pub(crate) struct Part {
    pub(crate) path: Path,
    pub(crate) role: Role,
    pub(crate) stroke: Option<f32>,
}

/// A closed polygon.
pub(crate) fn poly(points: &[(f32, f32)]) -> Path {
    let mut pb = PathBuilder::new();
    pb.move_to(points[0].0, points[0].1);
    for &(x, y) in &points[1..] {
        pb.line_to(x, y);
    }
    pb.close();
    pb.finish().expect("polygon")
}

/// An axis-aligned rectangle from its corners.
pub(crate) fn rect(x0: f32, y0: f32, x1: f32, y1: f32) -> Path {
    poly(&[(x0, y0), (x1, y0), (x1, y1), (x0, y1)])
}

pub(crate) fn circle(cx: f32, cy: f32, r: f32) -> Path {
    PathBuilder::from_circle(cx, cy, r).expect("circle")
}

/// An ellipse inscribed in a rectangle given by its corners.
pub(crate) fn oval(x0: f32, y0: f32, x1: f32, y1: f32) -> Path {
    PathBuilder::from_oval(tiny_skia::Rect::from_ltrb(x0, y0, x1, y1).expect("oval")).expect("oval")
}

/// An open polyline.
pub(crate) fn line(points: &[(f32, f32)]) -> Path {
    let mut pb = PathBuilder::new();
    pb.move_to(points[0].0, points[0].1);
    for &(x, y) in &points[1..] {
        pb.line_to(x, y);
    }
    pb.finish().expect("line")
}

/// A five-pointed star (point up) of outer radius `r`: insignia, badges and the general's icon.
pub(crate) fn star(cx: f32, cy: f32, r: f32) -> Path {
    let mut points = Vec::with_capacity(10);
    for i in 0..10 {
        let a = -std::f32::consts::FRAC_PI_2 + i as f32 * std::f32::consts::PI / 5.0;
        let rr = if i % 2 == 0 { r } else { r * 0.42 };
        points.push((cx + rr * a.cos(), cy + rr * a.sin()));
    }
    poly(&points)
}

pub(crate) fn fill(path: Path) -> Part {
    Part { path, role: Role::Main, stroke: None }
}

pub(crate) fn accent(path: Path) -> Part {
    Part { path, role: Role::Accent, stroke: None }
}

pub(crate) fn cut(path: Path) -> Part {
    Part { path, role: Role::Cut, stroke: None }
}

pub(crate) fn stroke(path: Path, width: f32) -> Part {
    Part { path, role: Role::Main, stroke: Some(width) }
}

pub(crate) fn accent_stroke(path: Path, width: f32) -> Part {
    Part { path, role: Role::Accent, stroke: Some(width) }
}

/// The colours of an icon: `main` paints the silhouette, `accent` the accents, `cut` the holes.
#[derive(Copy, Clone, Debug)]
pub(crate) struct IconColors {
    pub(crate) main: Rgb,
    pub(crate) accent: Rgb,
    pub(crate) cut: Rgb,
}

/// How a set of parts is fitted and stroked.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Fit {
    /// The share of the box the icon may fill (1.0: all of it), so that small units look small.
    pub(crate) presence: f32,
    /// How stroked parts join (both games keep round caps).
    pub(crate) join: LineJoin,
}

/// Paints `parts` into the box `(x, y, w, h)` of `pixmap`: fitted by their own bounds (so
/// that flat ships use the whole width), scaled by `fit.presence`, centred.
pub(crate) fn draw_parts(
    pixmap: &mut Pixmap,
    parts: Vec<Part>,
    (x, y, w, h): (f32, f32, f32, f32),
    fit: Fit,
    colors: IconColors,
) {
    let (mut x0, mut y0, mut x1, mut y1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
    for part in &parts {
        let b = part.path.bounds();
        let grow = part.stroke.unwrap_or(0.0) / 2.0;
        x0 = x0.min(b.left() - grow);
        y0 = y0.min(b.top() - grow);
        x1 = x1.max(b.right() + grow);
        y1 = y1.max(b.bottom() + grow);
    }
    let s = (w / (x1 - x0)).min(h / (y1 - y0)) * fit.presence;
    let ox = x + (w - (x1 - x0) * s) / 2.0 - x0 * s;
    let oy = y + (h - (y1 - y0) * s) / 2.0 - y0 * s;
    let t = Transform::from_row(s, 0.0, 0.0, s, ox, oy);
    for part in parts {
        let color = match part.role {
            Role::Main => colors.main,
            Role::Accent => colors.accent,
            Role::Cut => colors.cut,
        };
        let paint = color.paint();
        match part.stroke {
            None => pixmap.fill_path(&part.path, &paint, FillRule::Winding, t, None),
            Some(width) => {
                let stroke = Stroke { line_join: fit.join, ..round_stroke(width) };
                pixmap.stroke_path(&part.path, &paint, &stroke, t, None)
            }
        }
    }
}

/// A rectangle with rounded corners (the radius is clamped to half the shorter side).
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

/// Fills a rectangle without anti-aliasing (grid lines, strips, bars).
pub(crate) fn fill_rect(pixmap: &mut Pixmap, x: f32, y: f32, w: f32, h: f32, c: Rgb) {
    if let Some(r) = tiny_skia::Rect::from_xywh(x, y, w, h) {
        let mut paint = c.paint();
        paint.anti_alias = false;
        pixmap.fill_rect(r, &paint, Transform::identity(), None);
    }
}

/// A stroke with round caps and joins: the marks of the last turn and the strips' outlines.
pub(crate) fn round_stroke(width: f32) -> Stroke {
    Stroke {
        width,
        line_cap: tiny_skia::LineCap::Round,
        line_join: tiny_skia::LineJoin::Round,
        ..Stroke::default()
    }
}

//! What both games mark on the squares of the last turn: frames, washes, arrow heads and
//! shafts, and the rectangle the marks may touch (so that only it is redrawn in RGBA).

use admiral_engine::Side;
use tiny_skia::{FillRule, PathBuilder, Pixmap};

use super::game::{BoardSquare, Geometry, Marker};
use crate::color::{self, Rgb};
use crate::shapes::{round_stroke, rounded_rect};

impl Marker<'_> {
    /// The centre of a square's cell.
    pub(crate) fn center(&self, sq: impl BoardSquare) -> (f32, f32) {
        self.geometry.cell_center(self.seat, sq)
    }

    /// A frame drawn just inside a square.
    pub(crate) fn frame(&self, p: &mut Pixmap, sq: impl BoardSquare, c: Rgb, width: f32, dashed: bool) {
        let (x, y) = self.geometry.origin(self.seat, sq);
        let cell = self.geometry.cell as f32;
        let inset = 1.0 + width / 2.0;
        let path = rounded_rect(
            x as f32 + inset,
            y as f32 + inset,
            cell - 2.0 * inset + 1.0,
            cell - 2.0 * inset + 1.0,
            self.style.frame_radius,
        );
        let mut s = round_stroke(width);
        if dashed {
            s.dash = tiny_skia::StrokeDash::new(self.style.dash.to_vec(), 0.0);
        }
        p.stroke_path(&path, &c.paint(), &s, self.t, None);
    }

    /// A soft fill over a square.
    pub(crate) fn wash(&self, p: &mut Pixmap, sq: impl BoardSquare, c: Rgb, alpha: u8) {
        let (x, y) = self.geometry.origin(self.seat, sq);
        let cell = self.geometry.cell as f32;
        let path =
            rounded_rect(x as f32 + 2.0, y as f32 + 2.0, cell - 3.0, cell - 3.0, self.style.wash_radius);
        p.fill_path(&path, &c.paint_alpha(alpha), FillRule::Winding, self.t, None);
    }

    /// An arrow head pointing along `dir`, centred at `at`.
    pub(crate) fn arrow_head(&self, p: &mut Pixmap, at: (f32, f32), dir: (f32, f32), size: f32, c: Rgb) {
        let t = self.t;
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
        p.stroke_path(&path, &color::INK.paint_alpha(170), &round_stroke(1.2), t, None);
    }

    /// An arrow head halfway between the centres of two squares.
    pub(crate) fn head_between(&self, p: &mut Pixmap, a: (f32, f32), b: (f32, f32), size: f32, c: Rgb) {
        let mid = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
        self.arrow_head(p, mid, (b.0 - a.0, b.1 - a.1), size, c);
    }

    /// A long arrow from the edge of the square centred at `a` to the edge of the one at `b`:
    /// a dark casing of `under` width, the shaft of `width` (dashed when `dash` is given) and
    /// a head at the target's edge.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn shaft(
        &self,
        p: &mut Pixmap,
        a: (f32, f32),
        b: (f32, f32),
        under: f32,
        width: f32,
        dash: Option<[f32; 2]>,
        c: Rgb,
    ) {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len = (dx * dx + dy * dy).sqrt().max(1.0);
        let (ux, uy) = (dx / len, dy / len);
        let half = self.geometry.cell as f32 / 2.0;
        let start = (a.0 + ux * half, a.1 + uy * half);
        let end = (b.0 - ux * (half + 4.0), b.1 - uy * (half + 4.0));
        let mut pb = PathBuilder::new();
        pb.move_to(start.0, start.1);
        pb.line_to(end.0, end.1);
        if let Some(path) = pb.finish() {
            let mut s = round_stroke(width);
            if let Some(dash) = dash {
                s.dash = tiny_skia::StrokeDash::new(dash.to_vec(), 0.0);
            }
            p.stroke_path(&path, &color::INK.paint_alpha(120), &round_stroke(under), self.t, None);
            p.stroke_path(&path, &c.paint(), &s, self.t, None);
        }
        self.arrow_head(p, (b.0 - ux * half, b.1 - uy * half), (dx, dy), 22.0, c);
    }
}

/// The pixel rectangle `(x0, y0, x1, y1)` that marks on `squares` may touch: their cells with
/// a small pad, kept off the strips.
pub(crate) fn bounds<S: BoardSquare>(
    geometry: &Geometry,
    seat: Side,
    squares: &[S],
) -> Option<(i32, i32, i32, i32)> {
    if squares.is_empty() {
        return None;
    }
    let cell = geometry.cell as i32;
    let (mut x0, mut y0, mut x1, mut y1) = (i32::MAX, i32::MAX, i32::MIN, i32::MIN);
    for &sq in squares {
        let (x, y) = geometry.origin(seat, sq);
        x0 = x0.min(x);
        y0 = y0.min(y);
        x1 = x1.max(x + cell + 1);
        y1 = y1.max(y + cell + 1);
    }
    let pad = 4;
    let (width, height, strip_h) =
        (geometry.width() as i32, geometry.height() as i32, geometry.strip_h as i32);
    Some((
        (x0 - pad).max(0),
        (y0 - pad).max(strip_h),
        (x1 + pad).min(width),
        (y1 + pad).min(height - strip_h),
    ))
}

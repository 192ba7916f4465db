//! Our own unit silhouettes, as vector shapes in a 100 × 100 box (y down). Ships are seen from
//! the side (bow to the right), weapons and the base as symbols. Each icon is drawn once per
//! size at start-up into sprites; nothing here runs per move.

use admiral_engine::UnitKind;
use tiny_skia::{LineJoin, PathBuilder, Pixmap};

use crate::shapes::{
    accent, circle, cut, draw_parts, fill, line, oval, poly, rect, stroke, Fit, IconColors, Part,
};

/// A gun turret with its barrel pointing right (`dir` = 1) or left (-1).
fn turret(x: f32, y: f32, dir: f32) -> Vec<Part> {
    let barrel = if dir > 0.0 {
        rect(x + 8.0, y + 1.5, x + 20.0, y + 4.0)
    } else {
        rect(x - 12.0, y + 1.5, x, y + 4.0)
    };
    vec![fill(poly(&[(x, y + 8.0), (x + 1.5, y), (x + 6.5, y), (x + 8.0, y + 8.0)])), fill(barrel)]
}

/// A spiked ball (mines).
fn spiked_ball(cx: f32, cy: f32, r: f32) -> Vec<Part> {
    let mut parts = vec![fill(circle(cx, cy, r))];
    for i in 0..8 {
        let a = i as f32 * std::f32::consts::PI / 4.0;
        let (s, c) = a.sin_cos();
        let (ps, pc) = (a + std::f32::consts::FRAC_PI_2).sin_cos();
        let w = r * 0.22;
        let base = r * 0.8;
        let tip = r * 1.45;
        parts.push(fill(poly(&[
            (cx + c * base + pc * w, cy + s * base + ps * w),
            (cx + c * tip, cy + s * tip),
            (cx + c * base - pc * w, cy + s * base - ps * w),
        ])));
        parts.push(fill(circle(cx + c * tip, cy + s * tip, r * 0.14)));
    }
    parts.push(cut(circle(cx - r * 0.35, cy - r * 0.35, r * 0.18)));
    parts
}

/// The parts of a unit's icon.
pub(crate) fn icon(kind: UnitKind) -> Vec<Part> {
    use UnitKind::*;
    let mut p = Vec::new();
    match kind {
        Carrier => {
            // A long hull under a flat, overhanging flight deck with the island to starboard.
            p.push(fill(poly(&[(8.0, 60.0), (96.0, 60.0), (88.0, 76.0), (14.0, 76.0)])));
            p.push(fill(poly(&[(0.0, 50.0), (100.0, 50.0), (98.0, 58.0), (2.0, 58.0)])));
            p.push(fill(rect(64.0, 32.0, 78.0, 50.0)));
            p.push(fill(rect(69.0, 18.0, 72.0, 32.0)));
            p.push(cut(rect(10.0, 53.0, 56.0, 54.5)));
        }
        Battleship => {
            // A heavy hull, a tall stepped tower, a funnel and four big turrets.
            p.push(fill(poly(&[(0.0, 58.0), (100.0, 54.0), (90.0, 76.0), (10.0, 76.0)])));
            p.push(fill(poly(&[(38.0, 58.0), (40.0, 40.0), (58.0, 40.0), (60.0, 58.0)])));
            p.push(fill(rect(43.0, 26.0, 55.0, 40.0)));
            p.push(fill(rect(48.0, 10.0, 50.0, 26.0)));
            p.push(fill(rect(62.0, 40.0, 69.0, 56.0)));
            p.extend(turret(72.0, 48.0, 1.0));
            p.extend(turret(82.0, 46.0, 1.0));
            p.extend(turret(26.0, 48.0, -1.0));
            p.extend(turret(15.0, 48.0, -1.0));
        }
        Cruiser => {
            p.push(fill(poly(&[(4.0, 60.0), (98.0, 57.0), (88.0, 74.0), (14.0, 74.0)])));
            p.push(fill(rect(42.0, 42.0, 56.0, 59.0)));
            p.push(fill(rect(46.0, 30.0, 52.0, 42.0)));
            p.push(fill(rect(59.0, 44.0, 64.0, 59.0)));
            p.push(fill(rect(33.0, 44.0, 38.0, 59.0)));
            p.extend(turret(70.0, 51.0, 1.0));
            p.extend(turret(22.0, 51.0, -1.0));
        }
        Raider => {
            // Sleek, with a clipper bow, one raked funnel and tall masts.
            p.push(fill(poly(&[(2.0, 62.0), (100.0, 52.0), (86.0, 74.0), (12.0, 74.0)])));
            p.push(fill(poly(&[(44.0, 36.0), (56.0, 36.0), (62.0, 60.0), (46.0, 60.0)])));
            p.push(fill(rect(64.0, 48.0, 74.0, 58.0)));
            p.push(fill(poly(&[(28.0, 22.0), (31.0, 22.0), (33.0, 62.0), (28.0, 62.0)])));
            p.push(fill(poly(&[(76.0, 24.0), (79.0, 24.0), (79.0, 58.0), (75.0, 58.0)])));
            p.extend(turret(82.0, 49.0, 1.0));
        }
        Destroyer => {
            // Low and slim: two thin funnels, a small bridge, guns fore and aft.
            p.push(fill(poly(&[(4.0, 64.0), (100.0, 60.0), (90.0, 74.0), (12.0, 74.0)])));
            p.push(fill(rect(58.0, 50.0, 70.0, 64.0)));
            p.push(fill(rect(62.0, 38.0, 64.0, 50.0)));
            p.push(fill(poly(&[(44.0, 48.0), (49.0, 48.0), (50.0, 64.0), (44.0, 64.0)])));
            p.push(fill(poly(&[(34.0, 48.0), (39.0, 48.0), (40.0, 64.0), (34.0, 64.0)])));
            p.push(fill(rect(76.0, 56.0, 82.0, 61.0)));
            p.push(fill(rect(82.0, 57.0, 92.0, 59.0)));
            p.push(fill(rect(16.0, 58.0, 22.0, 64.0)));
        }
        PatrolShip => {
            // A short hull with a tall cabin and a lattice mast.
            p.push(fill(poly(&[(14.0, 62.0), (88.0, 58.0), (78.0, 76.0), (20.0, 76.0)])));
            p.push(fill(poly(&[(38.0, 62.0), (40.0, 44.0), (62.0, 44.0), (64.0, 60.0)])));
            p.push(cut(rect(44.0, 48.0, 58.0, 52.0)));
            p.push(fill(rect(49.0, 24.0, 52.0, 44.0)));
            p.push(fill(rect(43.0, 30.0, 58.0, 33.0)));
            p.push(fill(rect(72.0, 52.0, 77.0, 59.0)));
        }
        TorpedoBoat => {
            // A small planing boat, bow up, with spray behind it.
            p.push(fill(poly(&[(20.0, 64.0), (98.0, 52.0), (86.0, 72.0), (24.0, 74.0)])));
            p.push(fill(poly(&[(46.0, 60.0), (50.0, 46.0), (66.0, 46.0), (70.0, 58.0)])));
            p.push(fill(rect(30.0, 56.0, 44.0, 62.0)));
            p.push(stroke(line(&[(2.0, 62.0), (16.0, 66.0)]), 3.0));
            p.push(stroke(line(&[(0.0, 72.0), (18.0, 72.0)]), 3.0));
        }
        CruiserSubmarine => {
            // A big submarine with a long sail and a deck gun.
            p.push(fill(poly(&[
                (2.0, 64.0),
                (10.0, 56.0),
                (90.0, 56.0),
                (100.0, 64.0),
                (90.0, 72.0),
                (10.0, 72.0),
            ])));
            p.push(fill(poly(&[(36.0, 56.0), (40.0, 38.0), (58.0, 38.0), (62.0, 56.0)])));
            p.push(fill(rect(46.0, 26.0, 49.0, 38.0)));
            p.push(fill(rect(70.0, 49.0, 76.0, 56.0)));
            p.push(fill(rect(76.0, 50.0, 88.0, 52.5)));
            p.push(fill(poly(&[(0.0, 56.0), (6.0, 62.0), (0.0, 72.0)])));
        }
        Minesweeper => {
            // A trawler-like hull with a bridge forward and a sweeping gantry aft.
            p.push(fill(poly(&[(10.0, 62.0), (94.0, 56.0), (84.0, 74.0), (16.0, 74.0)])));
            p.push(fill(rect(58.0, 42.0, 74.0, 60.0)));
            p.push(fill(rect(64.0, 28.0, 67.0, 42.0)));
            p.push(stroke(line(&[(18.0, 62.0), (26.0, 34.0), (38.0, 62.0)]), 3.5));
            p.push(stroke(line(&[(26.0, 34.0), (6.0, 70.0)]), 2.0));
            p.push(fill(oval(0.0, 66.0, 12.0, 74.0)));
        }
        Submarine => {
            // A cigar hull with a conning tower and a periscope.
            p.push(fill(oval(6.0, 56.0, 94.0, 74.0)));
            p.push(fill(poly(&[(42.0, 58.0), (45.0, 42.0), (58.0, 42.0), (60.0, 58.0)])));
            p.push(fill(rect(52.0, 28.0, 54.5, 42.0)));
            p.push(fill(poly(&[(2.0, 56.0), (12.0, 63.0), (2.0, 72.0)])));
        }
        Aircraft => {
            // A plane seen from above, nose up.
            p.push(fill(poly(&[
                (46.0, 22.0),
                (50.0, 8.0),
                (54.0, 22.0),
                (55.0, 80.0),
                (50.0, 88.0),
                (45.0, 80.0),
            ])));
            p.push(fill(poly(&[
                (46.0, 36.0),
                (54.0, 36.0),
                (96.0, 54.0),
                (96.0, 60.0),
                (54.0, 52.0),
                (46.0, 52.0),
                (4.0, 60.0),
                (4.0, 54.0),
            ])));
            p.push(fill(poly(&[
                (46.0, 72.0),
                (54.0, 72.0),
                (70.0, 82.0),
                (70.0, 86.0),
                (30.0, 86.0),
                (30.0, 82.0),
            ])));
        }
        Torpedo => {
            // A torpedo running right, with fins and a propeller.
            p.push(fill(poly(&[
                (14.0, 44.0),
                (82.0, 44.0),
                (92.0, 46.0),
                (98.0, 50.0),
                (92.0, 54.0),
                (82.0, 56.0),
                (14.0, 56.0),
            ])));
            p.push(fill(poly(&[
                (4.0, 34.0),
                (12.0, 34.0),
                (18.0, 44.0),
                (18.0, 56.0),
                (12.0, 66.0),
                (4.0, 66.0),
                (10.0, 50.0),
            ])));
            p.push(accent(rect(76.0, 44.0, 80.0, 56.0)));
            p.push(stroke(line(&[(60.0, 70.0), (80.0, 70.0)]), 2.5));
            p.push(stroke(line(&[(30.0, 74.0), (56.0, 74.0)]), 2.5));
        }
        Mine => {
            p.extend(spiked_ball(50.0, 48.0, 22.0));
        }
        StationaryMine => {
            // A moored mine: a smaller ball on a chain to a heavy sinker.
            p.extend(spiked_ball(50.0, 32.0, 15.0));
            p.push(stroke(line(&[(50.0, 50.0), (50.0, 78.0)]), 3.0));
            p.push(fill(poly(&[(28.0, 92.0), (34.0, 78.0), (66.0, 78.0), (72.0, 92.0)])));
        }
        Fireship => {
            // An old hull set on fire.
            p.push(fill(poly(&[(8.0, 66.0), (94.0, 62.0), (84.0, 80.0), (16.0, 80.0)])));
            p.push(fill(rect(48.0, 34.0, 51.0, 64.0)));
            p.push(accent(poly(&[
                (24.0, 64.0),
                (22.0, 48.0),
                (30.0, 36.0),
                (31.0, 48.0),
                (38.0, 26.0),
                (46.0, 44.0),
                (54.0, 20.0),
                (60.0, 40.0),
                (68.0, 30.0),
                (70.0, 46.0),
                (76.0, 40.0),
                (76.0, 64.0),
            ])));
        }
        AtomicBomb => {
            // A fat bomb with a box tail and the trefoil.
            p.push(fill(oval(20.0, 28.0, 96.0, 72.0)));
            p.push(fill(poly(&[
                (4.0, 30.0),
                (14.0, 30.0),
                (30.0, 42.0),
                (30.0, 58.0),
                (14.0, 70.0),
                (4.0, 70.0),
            ])));
            p.push(cut(rect(8.0, 34.0, 12.0, 66.0)));
            let (cx, cy) = (60.0, 50.0);
            for i in 0..3 {
                let a = -std::f32::consts::FRAC_PI_2 + i as f32 * 2.0 * std::f32::consts::PI / 3.0;
                let mut pb = PathBuilder::new();
                let r0 = 5.5;
                let r1 = 17.0;
                let half = 0.52;
                pb.move_to(cx + r0 * (a - half).cos(), cy + r0 * (a - half).sin());
                pb.line_to(cx + r1 * (a - half).cos(), cy + r1 * (a - half).sin());
                pb.line_to(cx + r1 * (a + half).cos(), cy + r1 * (a + half).sin());
                pb.line_to(cx + r0 * (a + half).cos(), cy + r0 * (a + half).sin());
                pb.close();
                p.push(accent(pb.finish().expect("trefoil")));
            }
            p.push(accent(circle(cx, cy, 3.5)));
        }
        NavalBase => {
            // An anchor.
            p.push(stroke(PathBuilder::from_circle(50.0, 16.0, 7.0).expect("ring"), 5.0));
            p.push(fill(rect(46.5, 22.0, 53.5, 86.0)));
            p.push(fill(rect(30.0, 30.0, 70.0, 37.0)));
            let mut pb = PathBuilder::new();
            pb.move_to(18.0, 58.0);
            pb.quad_to(22.0, 88.0, 50.0, 88.0);
            pb.quad_to(78.0, 88.0, 82.0, 58.0);
            p.push(stroke(pb.finish().expect("arms"), 7.0));
            p.push(fill(poly(&[(10.0, 64.0), (18.0, 48.0), (28.0, 62.0)])));
            p.push(fill(poly(&[(90.0, 64.0), (82.0, 48.0), (72.0, 62.0)])));
        }
    }
    p
}

/// How much of its box a unit's icon fills: big ships look big, small craft small, so that
/// the class shows at a glance even where the code is too small to read.
fn presence(kind: UnitKind) -> f32 {
    use UnitKind::*;
    match kind {
        Carrier | Battleship => 1.0,
        Cruiser | Raider | CruiserSubmarine => 0.93,
        Destroyer => 0.88,
        Submarine | Fireship => 0.84,
        PatrolShip | Minesweeper => 0.8,
        TorpedoBoat => 0.74,
        _ => 0.95,
    }
}

/// Draws a unit's icon into the box `(x, y, w, h)` of `pixmap`, fitted by its own bounds (so
/// that flat ships use the whole width) and scaled by its presence.
pub(crate) fn draw_icon(pixmap: &mut Pixmap, kind: UnitKind, at: (f32, f32, f32, f32), colors: IconColors) {
    draw_parts(pixmap, icon(kind), at, Fit { presence: presence(kind), join: LineJoin::Miter }, colors);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::color::Rgb;

    fn render(kind: UnitKind) -> Vec<bool> {
        let mut p = Pixmap::new(64, 48).expect("pixmap");
        let colors = IconColors { main: Rgb(255, 255, 255), accent: Rgb(255, 160, 0), cut: Rgb(0, 0, 0) };
        draw_icon(&mut p, kind, (2.0, 2.0, 60.0, 44.0), colors);
        p.data().chunks_exact(4).map(|px| px[0] > 128 && px[3] > 128).collect()
    }

    #[test]
    fn every_unit_kind_has_its_own_icon() {
        let icons: Vec<(UnitKind, Vec<bool>)> = UnitKind::ALL.into_iter().map(|k| (k, render(k))).collect();
        for (k, icon) in &icons {
            let ink = icon.iter().filter(|&&b| b).count();
            assert!(ink > 150, "{k}: the icon is almost empty ({ink} pixels)");
        }
        for (i, (a, ia)) in icons.iter().enumerate() {
            for (b, ib) in &icons[i + 1..] {
                let differing = ia.iter().zip(ib).filter(|(x, y)| x != y).count();
                // Not merely different: different enough to be told apart (≥ 5 % of the box).
                assert!(differing > 64 * 48 / 20, "{a} and {b} look alike ({differing} pixels differ)");
            }
        }
    }
}

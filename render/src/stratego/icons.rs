//! Our own icons for the twelve Stratego pieces, as vector shapes in a 100 × 100 box (y down):
//! insignia for the officers (chevrons, bars, stars, a crown), tools for the specialists
//! (spy's hat and mask, scout's binoculars, miner's pick), the bomb and the flag. Drawn once
//! per size at start-up into sprites; nothing here runs per move.

use admiral_engine::stratego::Rank;
use tiny_skia::{LineJoin, Path, Pixmap};

use crate::shapes::{
    accent, accent_stroke, circle, cut, draw_parts, fill, line, oval, poly, rect, star, stroke, Fit,
    IconColors, Part,
};

/// A chevron pointing up, its apex at (50, y).
fn chevron(y: f32) -> Path {
    poly(&[
        (10.0, y + 24.0),
        (50.0, y),
        (90.0, y + 24.0),
        (90.0, y + 36.0),
        (50.0, y + 12.0),
        (10.0, y + 36.0),
    ])
}

fn parts(rank: Rank) -> Vec<Part> {
    match rank {
        // A brimmed hat over a domino mask.
        Rank::Spy => vec![
            fill(oval(4.0, 30.0, 96.0, 46.0)),
            fill(poly(&[(24.0, 38.0), (30.0, 6.0), (50.0, 14.0), (70.0, 6.0), (76.0, 38.0)])),
            accent(rect(26.0, 28.0, 74.0, 35.0)),
            fill(poly(&[
                (8.0, 58.0),
                (30.0, 52.0),
                (50.0, 58.0),
                (70.0, 52.0),
                (92.0, 58.0),
                (88.0, 76.0),
                (66.0, 82.0),
                (50.0, 72.0),
                (34.0, 82.0),
                (12.0, 76.0),
            ])),
            cut(oval(20.0, 59.0, 42.0, 71.0)),
            cut(oval(58.0, 59.0, 80.0, 71.0)),
        ],
        // Binoculars.
        Rank::Scout => vec![
            fill(rect(14.0, 20.0, 40.0, 58.0)),
            fill(rect(60.0, 20.0, 86.0, 58.0)),
            fill(rect(36.0, 30.0, 64.0, 46.0)),
            fill(circle(27.0, 68.0, 22.0)),
            fill(circle(73.0, 68.0, 22.0)),
            cut(circle(27.0, 68.0, 13.0)),
            cut(circle(73.0, 68.0, 13.0)),
            accent(circle(23.0, 64.0, 4.5)),
            accent(circle(69.0, 64.0, 4.5)),
        ],
        // A pickaxe over a handle.
        Rank::Miner => vec![
            stroke(line(&[(24.0, 94.0), (66.0, 22.0)]), 11.0),
            fill(poly(&[
                (6.0, 30.0),
                (30.0, 8.0),
                (62.0, 4.0),
                (94.0, 14.0),
                (98.0, 40.0),
                (84.0, 26.0),
                (60.0, 18.0),
                (34.0, 20.0),
            ])),
            accent(circle(65.0, 14.0, 5.0)),
        ],
        // Three chevrons.
        Rank::Sergeant => vec![fill(chevron(4.0)), fill(chevron(32.0)), fill(chevron(60.0))],
        // One bar.
        Rank::Lieutenant => vec![fill(rect(38.0, 6.0, 62.0, 94.0)), accent(rect(44.0, 12.0, 56.0, 88.0))],
        // Two bars.
        Rank::Captain => vec![
            fill(rect(18.0, 6.0, 42.0, 94.0)),
            fill(rect(58.0, 6.0, 82.0, 94.0)),
            accent(rect(24.0, 12.0, 36.0, 88.0)),
            accent(rect(64.0, 12.0, 76.0, 88.0)),
        ],
        // A single star.
        Rank::Major => vec![fill(star(50.0, 52.0, 46.0))],
        // Two stars.
        Rank::Colonel => vec![fill(star(25.0, 52.0, 24.0)), fill(star(75.0, 52.0, 24.0))],
        // Three stars in an arc.
        Rank::General => {
            vec![fill(star(50.0, 28.0, 22.0)), fill(star(18.0, 66.0, 18.0)), fill(star(82.0, 66.0, 18.0))]
        }
        // A crown with a gem.
        Rank::Marshal => vec![
            fill(poly(&[
                (6.0, 26.0),
                (28.0, 50.0),
                (50.0, 12.0),
                (72.0, 50.0),
                (94.0, 26.0),
                (86.0, 80.0),
                (14.0, 80.0),
            ])),
            fill(rect(14.0, 84.0, 86.0, 94.0)),
            fill(circle(6.0, 22.0, 7.0)),
            fill(circle(50.0, 8.0, 7.0)),
            fill(circle(94.0, 22.0, 7.0)),
            accent(circle(50.0, 62.0, 9.0)),
        ],
        // A round bomb with a burning fuse.
        Rank::Bomb => vec![
            fill(circle(44.0, 60.0, 36.0)),
            fill(poly(&[(54.0, 18.0), (70.0, 10.0), (80.0, 26.0), (64.0, 34.0)])),
            accent_stroke(line(&[(74.0, 16.0), (84.0, 6.0)]), 5.0),
            accent(star(88.0, 6.0, 10.0)),
            cut(oval(22.0, 40.0, 38.0, 54.0)),
        ],
        // A flag on its pole.
        Rank::Flag => vec![
            fill(rect(14.0, 4.0, 24.0, 96.0)),
            fill(poly(&[(24.0, 8.0), (92.0, 24.0), (24.0, 52.0)])),
            accent(poly(&[(24.0, 20.0), (62.0, 28.0), (24.0, 40.0)])),
            fill(rect(4.0, 88.0, 40.0, 96.0)),
        ],
    }
}

/// Draws the icon of `rank` fitted into the box `(x, y, w, h)`, centred.
pub(crate) fn draw_piece_icon(pixmap: &mut Pixmap, rank: Rank, at: (f32, f32, f32, f32), colors: IconColors) {
    draw_parts(pixmap, parts(rank), at, Fit { presence: 1.0, join: LineJoin::Round }, colors);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::color::Rgb;

    /// Every piece kind has an icon of its own: no two kinds draw the same pixels.
    #[test]
    fn every_piece_kind_has_its_own_icon() {
        let mut seen: Vec<(Rank, Vec<u8>)> = Vec::new();
        for rank in Rank::ALL {
            let mut p = Pixmap::new(48, 48).expect("pixmap");
            p.fill(Rgb(40, 40, 40).color());
            let colors =
                IconColors { main: Rgb(255, 255, 255), accent: Rgb(255, 170, 0), cut: Rgb(40, 40, 40) };
            draw_piece_icon(&mut p, rank, (2.0, 2.0, 44.0, 44.0), colors);
            let inked = p.data().chunks_exact(4).filter(|px| px[0] > 120).count();
            assert!(inked > 150, "{rank:?}: the icon is nearly empty ({inked} px)");
            for (other, data) in &seen {
                let differ =
                    data.chunks_exact(4).zip(p.data().chunks_exact(4)).filter(|(a, b)| a != b).count();
                assert!(differ > 100, "{rank:?} and {other:?} look alike ({differ} px differ)");
            }
            seen.push((rank, p.data().to_vec()));
        }
        assert_eq!(seen.len(), 12);
    }
}

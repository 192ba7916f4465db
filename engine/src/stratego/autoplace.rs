//! Auto-placement for Stratego: a complete, legal setup that reads like a plan, from a seed.
//!
//! The plan follows the usual advice for the classic game, in order, each step working around
//! what is already placed (so the same code completes a half-made layout):
//!
//! 1. **Flag** in the back row (sometimes the row before it), often near a corner or an edge.
//! 2. **Bombs around the flag**: three (two in aggressive plans) on its free neighbouring
//!    squares, the one facing the enemy first, then the flanks, so that a back-row flag is walled
//!    in on every side; a flag in a corner has only two neighbours, and its third guard stands one
//!    square further out, a second layer. The other bombs are scattered over the rear rows as
//!    decoys, one sometimes in the front row.
//! 3. **Marshal and general** on different halves of the width, one or two rows behind the
//!    front (aggressive plans put one of them in front), the **spy** near the general so that
//!    it can answer the enemy marshal.
//! 4. **Miners** mostly in the rear (they are needed late, against bombs).
//! 5. **Scouts** partly in the front row on the three open lanes (files a–b, e–f, i–j), the rest
//!    anywhere, to probe.
//! 6. **The rest** (colonels to sergeants) fill the remaining squares, the stronger ones a little
//!    deeper.
//!
//! The whole plan is mirrored left/right at random. The same seed and style always give the
//! same layout.

use std::cmp::Ordering;

use super::layout::{Layout, LayoutError, DEPTH, WIDTH};
use super::piece::{Rank, RANKS};
use crate::shared::Dice;
use crate::shared::Style;

/// A new complete layout for `seed` in the given style.
pub fn auto_layout(seed: u64, style: Style) -> Layout {
    Planner::new(&Layout::empty(), seed, style).plan()
}

/// Completes a partial layout (pieces already placed stay where they are).
///
/// # Errors
/// The problems of [`Layout::validate_partial`] (more pieces of a kind than an army has).
pub fn complete_layout(partial: &Layout, seed: u64, style: Style) -> Result<Layout, Vec<LayoutError>> {
    partial.validate_partial()?;
    Ok(Planner::new(partial, seed, style).plan())
}

struct Planner {
    layout: Layout,
    dice: Dice,
    style: Style,
    mirror: bool,
    missing: [u8; RANKS],
}

impl Planner {
    fn new(partial: &Layout, seed: u64, style: Style) -> Planner {
        let mut dice = Dice::new(seed ^ (style as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let style = match style {
            Style::Varied => [Style::Balanced, Style::Aggressive, Style::Defensive][dice.below(3)],
            // The bomb pocket and flank bases are Admiral's; here both defend.
            Style::Fortress | Style::Bastion => Style::Defensive,
            other => other,
        };
        let missing = partial.missing_counts::<RANKS>();
        Planner { layout: partial.clone(), mirror: dice.chance(0.5), dice, style, missing }
    }

    /// The planned file for a file of the unmirrored plan.
    fn file(&self, file: usize) -> usize {
        if self.mirror {
            WIDTH - 1 - file
        } else {
            file
        }
    }

    fn free(&self, depth: usize, file: usize) -> bool {
        self.layout.get(depth, file).is_none()
    }

    /// Places up to `count` pieces of `rank` on free cells drawn with the given weights (fewer
    /// when no free cell has any weight).
    fn place(&mut self, rank: Rank, count: u8, weight: impl Fn(usize, usize) -> f64) -> Vec<(usize, usize)> {
        let mut placed = Vec::new();
        for _ in 0..count.min(self.missing[rank.index()]) {
            let cells: Vec<((usize, usize), f64)> = (0..DEPTH)
                .flat_map(|d| (0..WIDTH).map(move |f| (d, f)))
                .filter(|&(d, f)| self.free(d, f))
                .map(|(d, f)| ((d, f), weight(d, self.file(f)).max(0.0)))
                .collect();
            let total: f64 = cells.iter().map(|c| c.1).sum();
            // No wanted cell is free: a later, broader step places the piece.
            let Some(&(mut chosen, _)) = cells.first().filter(|_| total > 0.0) else { break };
            let mut roll = (self.dice.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * total;
            for &(cell, w) in &cells {
                chosen = cell;
                if roll < w {
                    break;
                }
                roll -= w;
            }
            self.layout.set(chosen.0, chosen.1, Some(rank));
            self.missing[rank.index()] -= 1;
            placed.push(chosen);
        }
        placed
    }

    fn plan(mut self) -> Layout {
        let style = self.style;
        // 1. Flag.
        let back = match style {
            Style::Defensive => 0.95,
            Style::Aggressive => 0.75,
            _ => 0.85,
        };
        let flag_depth = if self.dice.chance(back) { 3 } else { 2 };
        let edge = self.dice.chance(0.6);
        self.place(Rank::Flag, 1, |d, f| {
            let at_edge = f <= 1 || f >= WIDTH - 2;
            if d != flag_depth {
                0.0
            } else if at_edge == edge {
                1.0
            } else {
                0.3
            }
        });
        let flag = self.layout.cells().find(|(_, r)| *r == Some(Rank::Flag)).map(|(c, _)| c);
        // 2. Bombs around the flag, the rest as decoys in the rear.
        let guards = match style {
            Style::Aggressive => 2,
            _ => 3,
        };
        let mirror = self.mirror;
        if let Some((fd, ff)) = flag {
            // The cells `distance` steps from the flag whose row compares with the flag's as
            // `row` (Less: towards the enemy).
            let ring = move |distance: usize, row: Option<Ordering>| {
                move |d: usize, f: usize| {
                    let f = if mirror { WIDTH - 1 - f } else { f };
                    let on_ring = d.abs_diff(fd) + f.abs_diff(ff) == distance;
                    if on_ring && row.is_none_or(|row| d.cmp(&fd) == row) {
                        1.0
                    } else {
                        0.0
                    }
                }
            };
            // The side facing the enemy first, then the flanks, then behind; a flag in a corner
            // has only two neighbours, and the guards left over form a second layer.
            let mut walled = 0;
            for row in [Ordering::Less, Ordering::Equal, Ordering::Greater] {
                walled += self.place(Rank::Bomb, guards - walled, ring(1, Some(row))).len() as u8;
            }
            self.place(Rank::Bomb, guards - walled, ring(2, None));
        }
        let front_bomb = if style == Style::Aggressive { 0.05 } else { 0.25 };
        self.place(Rank::Bomb, 6, |d, _| [front_bomb, 0.8, 1.0, 0.9][d]);
        // 3. Marshal, general and spy.
        let left = self.dice.chance(0.5);
        let strong_depths: [f64; DEPTH] = match style {
            Style::Aggressive => [1.0, 1.0, 0.3, 0.05],
            Style::Defensive => [0.1, 1.0, 1.0, 0.4],
            _ => [0.3, 1.0, 0.7, 0.15],
        };
        let half = |f: usize, first: bool| if (f < WIDTH / 2) == first { 1.0 } else { 0.05 };
        self.place(Rank::Marshal, 1, |d, f| strong_depths[d] * half(f, left));
        let general = self.place(Rank::General, 1, |d, f| strong_depths[d] * half(f, !left));
        let near = general.first().map(|&(gd, gf)| (gd, if mirror { WIDTH - 1 - gf } else { gf }));
        self.place(Rank::Spy, 1, |d, f| {
            let base = [0.05, 1.0, 1.0, 0.3][d];
            match near {
                Some((gd, gf)) if d.abs_diff(gd) + f.abs_diff(gf) <= 2 => base * 4.0,
                _ => base * 0.3,
            }
        });
        // 4. Miners, mostly in the rear.
        self.place(Rank::Miner, 3, |d, _| [0.05, 0.4, 1.0, 1.0][d]);
        self.place(Rank::Miner, 2, |d, _| [0.3, 1.0, 1.0, 0.5][d]);
        // 5. Scouts: some on the open lanes of the front row.
        let lanes = match style {
            Style::Aggressive => 4,
            Style::Defensive => 2,
            _ => 3,
        };
        self.place(
            Rank::Scout,
            lanes,
            |d, f| if d == 0 && matches!(f, 0 | 1 | 4 | 5 | 8 | 9) { 1.0 } else { 0.0 },
        );
        self.place(Rank::Scout, 8, |d, _| [1.0, 0.8, 0.8, 1.0][d]);
        // 6. The rest, stronger a little deeper.
        for (rank, weights) in [
            (Rank::Colonel, [0.4, 1.0, 0.8, 0.3]),
            (Rank::Major, [0.7, 1.0, 0.8, 0.4]),
            (Rank::Captain, [1.0, 1.0, 0.7, 0.4]),
            (Rank::Lieutenant, [1.0, 0.9, 0.7, 0.5]),
            (Rank::Sergeant, [1.0, 0.8, 0.7, 0.6]),
        ] {
            self.place(rank, 4, |d, _| weights[d]);
        }
        // Anything left (crowded partial layouts): any free square.
        for rank in Rank::ALL {
            let n = self.missing[rank.index()];
            self.place(rank, n, |_, _| 1.0);
        }
        self.layout
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_style_gives_legal_varied_layouts() {
        for style in Style::ALL {
            let mut seen = std::collections::HashSet::new();
            for seed in 0..50 {
                let layout = auto_layout(seed, style);
                assert!(layout.validate().is_ok(), "{style:?} {seed}");
                assert_eq!(layout, auto_layout(seed, style));
                seen.insert(layout);
            }
            assert!(seen.len() > 45);
        }
    }

    #[test]
    fn a_flag_is_walled_in_facing_the_enemy_first_and_spare_guards_form_a_second_layer() {
        let mut corners = 0;
        for style in [Style::Balanced, Style::Defensive, Style::Aggressive] {
            let guards = if style == Style::Aggressive { 2 } else { 3 };
            for seed in 0..300 {
                let layout = auto_layout(seed, style);
                let (flag, _) = layout.cells().find(|(_, r)| *r == Some(Rank::Flag)).unwrap();
                let at = |distance: usize| {
                    move |&((d, f), _): &((usize, usize), Option<Rank>)| {
                        d.abs_diff(flag.0) + f.abs_diff(flag.1) == distance
                    }
                };
                let bombs_at = |distance| {
                    layout.cells().filter(at(distance)).filter(|(_, r)| *r == Some(Rank::Bomb)).count()
                };
                let neighbours: Vec<(usize, usize)> = layout.cells().filter(at(1)).map(|(c, _)| c).collect();
                let front = (flag.0 - 1, flag.1);
                assert_eq!(layout.get(front.0, front.1), Some(Rank::Bomb), "{style:?} {seed}: {layout:?}");
                // Every neighbour when there are no more than the guards, the rest one further.
                assert!(bombs_at(1) >= neighbours.len().min(guards), "{style:?} {seed}: {layout:?}");
                assert!(bombs_at(1) + bombs_at(2) >= guards, "{style:?} {seed}");
                corners += (neighbours.len() == 2) as u32;
            }
        }
        assert!(corners > 60, "corner flags are common enough to matter: {corners}");
    }
}

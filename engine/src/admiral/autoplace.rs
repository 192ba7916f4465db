//! Linked auto-placement: a complete, legal setup that reads like a plan a good player would
//! make, generated from a seed (rules §3).
//!
//! The plan is built in the order a player thinks about a setup, each step working around what
//! is already on the board (so the same code completes a half-made layout):
//!
//! 1. **Bases.** Both naval bases stand out of the front row, usually in the back row where
//!    fewer squares touch them, either apart (one per flank, so a single raid or one bomb
//!    cannot take both) or side by side (one compact fortress that is cheap to guard).
//! 2. **Base guard.** The squares from which a base can be struck (its orthogonal neighbours)
//!    are filled with mines and the stationary mine: a ship that strikes a mine dies with it,
//!    and only a minesweeper clears one, so the enemy must spend sweepers before reaching a
//!    base. Every mine gets a destroyer on one of its eight neighbouring squares, because a
//!    mine can only move while a destroyer is next to it; one destroyer usually tends two or
//!    three mines.
//! 3. **Carrier.** The carrier stands in the rear middle, off-centre to a random side, with its
//!    aircraft on a neighbouring square in front of it so the aircraft can fly (it only attacks
//!    while the carrier is next to it).
//! 4. **Atomic bomb and fireship.** The bomb goes forward, at least three squares (Chebyshev)
//!    from its own bases and carrier, since a bomb struck where it stands destroys everything
//!    in its 5×5 square, friend included. The fireship sits in the front rows, ready to ram.
//! 5. **Torpedoes.** Each torpedo stands in the front row with a torpedo boat on a neighbouring
//!    square (usually right behind it), so it is armed from the first turn: a ship that strikes
//!    an armed torpedo dies with it, and the torpedo can fire two squares ahead.
//! 6. **Spare mines** (aggressive plans keep fewer at the bases) go forward with their own
//!    destroyer, a mobile minefield behind the screen.
//! 7. **Strike groups.** The heavy ships form orthogonally connected formations (rules §6.2)
//!    behind the front row: BB+BB (21), cruiser trios or pairs (20/18), RD+RD+DD (19),
//!    CS+SS+SS (17), a pack of submarines (16), sometimes DD+DD+DD (13), spread across the
//!    width and kept out of the bomb's blast.
//! 8. **Gaps.** The twelve empty squares are spread mostly over the middle rows, never next to
//!    a base if it can be helped, so the fleet behind the screen can manoeuvre.
//! 9. **Screen.** Everything left (patrol ships, minesweepers, spare torpedo boats, submarines,
//!    destroyers) fills the remaining squares, the cheapest units nearest the enemy, so the
//!    first contacts cost little and reveal the attacker.
//!
//! Choices are drawn from a [`Dice`] seeded by the caller, so a seed always gives the same
//! layout; the whole plan is also mirrored left/right at random. A plan takes some tens of
//! microseconds.

use crate::admiral::layout::{Layout, LayoutError, ZONE_DEPTH, ZONE_WIDTH};
use crate::admiral::unit::{UnitKind as K, KINDS};
use crate::shared::Dice;

const DEPTH: usize = ZONE_DEPTH;
const WIDTH: usize = ZONE_WIDTH;

/// A zone cell `(depth, file)`, as in [`Layout::get`].
pub(crate) type Cell = (usize, usize);

pub use crate::shared::Style;

/// A new complete, legal layout for `seed`, planned in the given style (see the
/// [module documentation](self) for the plan).
///
/// The result always has the full fleet (58 units, 12 empty squares); both bases in the back
/// two rows, each with a mine (or the stationary mine) next to it; the bomb out of blast range
/// of both bases; the aircraft next to the carrier, every torpedo next to a torpedo boat and
/// every mine next to a destroyer. The same seed and style always give the same layout;
/// different seeds give visibly different plans (bases apart or together and on different
/// files, the carrier on either side, strike groups in different places, mirror images).
pub fn auto_layout(seed: u64, style: Style) -> Layout {
    Planner::new(&Layout::empty(), seed, style).plan()
}

/// Completes a partial layout (for example when the setup clock runs out) in the
/// [`Style::Balanced`] style; see [`complete_layout_with_style`].
pub fn complete_layout(partial: &Layout, seed: u64) -> Result<Layout, Vec<LayoutError>> {
    complete_layout_with_style(partial, seed, Style::Balanced)
}

/// Completes a partial layout: every unit the player already placed stays on its square and
/// the missing units are added with the same plan as [`auto_layout`], working around the
/// player's units (mines are put next to the player's bases, a destroyer next to a mine the
/// player left alone, an aircraft next to the player's carrier, and so on).
///
/// The result is always a legal complete layout (exact fleet counts, no base in the front
/// row). Tethers and base guards are kept wherever the free squares allow it; a player's own
/// weapons are only armed if a carrier of theirs can still be added or is already adjacent.
///
/// One corner case cannot be completed without touching the player's units: if every square
/// behind the front row is taken and bases are still missing, units standing directly behind a
/// free front square are moved one square forward, just enough to make room for the bases.
///
/// # Errors
/// The problems found by [`Layout::validate_partial`] (more units of a kind than the fleet
/// has, or a base in the front row); nothing is generated then.
pub fn complete_layout_with_style(
    partial: &Layout,
    seed: u64,
    style: Style,
) -> Result<Layout, Vec<LayoutError>> {
    partial.validate_partial()?;
    Ok(Planner::new(partial, seed, style).plan())
}

/// The settings of one plan, drawn from the style and the seed.
#[derive(Clone, Debug)]
struct Knobs {
    /// Plan in the mirror image (files reversed).
    mirror: bool,
    /// Probability that the bases stand side by side.
    together: f64,
    /// Probability that a base goes in the back row (else the row before it).
    back_row: f64,
    /// Mines meant for the bases (the rest go forward).
    base_mines: u8,
    /// Depth of the carrier.
    cv_depth: usize,
    /// Depth band of the atomic bomb.
    ab_band: (usize, usize),
    /// Depth band of the fireship.
    fs_band: (usize, usize),
    /// Depth band of the heavy strike groups.
    strike_band: (usize, usize),
    /// Preferred depth of the heavy strike groups (inside the band).
    strike_depth: usize,
    /// Relative weights of the rows (front first) for the empty squares.
    gap_weights: [u32; DEPTH],
    /// Probability that a torpedo joins a torpedo boat already arming another.
    tb_share: f64,
    /// Probability that cruisers are grouped in trios rather than pairs.
    cr_trios: f64,
    /// Probability of a DD+DD+DD group when three destroyers are spare.
    dd_trio: f64,
    /// The bomb goes to a flank (the two outermost files on either side).
    bomb_on_flank: bool,
    /// Empty squares kept inside the bomb's blast, nearest first.
    bomb_pocket: usize,
}

impl Knobs {
    fn draw(style: Style, dice: &mut Dice) -> Knobs {
        let base = match style {
            Style::Varied => {
                *dice.pick(&[Style::Balanced, Style::Aggressive, Style::Defensive]).expect("non-empty")
            }
            Style::Fortress | Style::Bastion => Style::Defensive,
            other => other,
        };
        // Each knob's value in the three base styles, side by side: aggressive, defensive,
        // balanced.
        let column = match base {
            Style::Aggressive => 0,
            Style::Defensive => 1,
            _ => 2,
        };
        let mut k = Knobs {
            mirror: false,
            together: [0.2, 0.5, 0.35][column],
            back_row: [0.9, 0.85, 0.8][column],
            base_mines: [4, 6, 4][column],
            cv_depth: [2, 3, 3][column],
            ab_band: [(0, 1), (1, 2), (1, 2)][column],
            fs_band: [(0, 0), (0, 1), (0, 1)][column],
            strike_band: [(1, 2), (2, 3), (1, 3)][column],
            strike_depth: [1, 2, 2][column],
            gap_weights: [[2, 4, 3, 2, 1], [0, 3, 3, 3, 3], [1, 3, 3, 3, 2]][column],
            tb_share: [0.2, 0.4, 0.3][column],
            cr_trios: [0.7, 0.5, 0.6][column],
            dd_trio: [0.3, 0.2, 0.3][column],
            bomb_on_flank: false,
            bomb_pocket: 0,
        };
        // The one random knob of each base style (drawn first, before the style's own
        // variations): the carrier's depth (aggressive 2–3, defensive 3–4), or the base mines
        // (balanced 4–6).
        match base {
            Style::Aggressive | Style::Defensive => k.cv_depth += dice.below(2),
            _ => k.base_mines += dice.below(3) as u8,
        }
        if matches!(style, Style::Fortress | Style::Bastion) {
            k.together = 0.0;
            k.back_row = 1.0;
            // Drawn for both, so that the bastion's dice stay in step with the fortress's.
            let pocket = 4 + dice.below(3);
            if style == Style::Fortress {
                k.ab_band = (0, 0);
                k.bomb_on_flank = true;
                k.bomb_pocket = pocket;
            }
        }
        if style == Style::Varied {
            k.together = 0.1 + 0.5 * dice.below(11) as f64 / 10.0;
            k.back_row = 0.6 + 0.4 * dice.below(11) as f64 / 10.0;
            k.base_mines = 3 + dice.below(4) as u8;
            k.cv_depth = 2 + dice.below(3);
            k.strike_depth = 1 + dice.below(2);
            k.strike_band = *dice.pick(&[(1, 2), (1, 3), (2, 3)]).expect("non-empty");
            k.strike_depth = k.strike_depth.clamp(k.strike_band.0, k.strike_band.1);
            k.ab_band = *dice.pick(&[(0, 1), (1, 2), (1, 3)]).expect("non-empty");
            k.gap_weights = [
                dice.below(3) as u32,
                2 + dice.below(3) as u32,
                2 + dice.below(3) as u32,
                2 + dice.below(3) as u32,
                dice.below(4) as u32,
            ];
            k.tb_share = dice.below(7) as f64 / 10.0;
            k.cr_trios = 0.3 + dice.below(7) as f64 / 10.0;
        }
        k.mirror = dice.chance(0.5);
        k
    }
}

fn dist(a: usize, b: usize) -> i32 {
    (a as i32 - b as i32).abs()
}

/// King-move distance between two cells.
fn cheb(a: Cell, b: Cell) -> i32 {
    dist(a.0, b.0).max(dist(a.1, b.1))
}

/// One of the eight surrounding squares (the tether neighbourhood).
fn touches(a: Cell, b: Cell) -> bool {
    a != b && cheb(a, b) <= 1
}

/// Orthogonally adjacent (formation links, contact attacks).
fn beside(a: Cell, b: Cell) -> bool {
    dist(a.0, b.0) + dist(a.1, b.1) == 1
}

/// The cells of the zone around `c` (8-neighbourhood).
pub(crate) fn ring(c: Cell) -> impl Iterator<Item = Cell> {
    const AROUND: [(isize, isize); 8] =
        [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)];
    AROUND.iter().filter_map(move |&(dd, df)| {
        let d = c.0.checked_add_signed(dd).filter(|&d| d < DEPTH)?;
        let f = c.1.checked_add_signed(df).filter(|&f| f < WIDTH)?;
        Some((d, f))
    })
}

/// The orthogonal neighbours of `c` in the zone.
fn cross(c: Cell) -> impl Iterator<Item = Cell> {
    ring(c).filter(move |&n| beside(n, c))
}

/// How far `x` lies outside the band `lo..=hi`.
fn out_of(x: usize, (lo, hi): (usize, usize)) -> i32 {
    if x < lo {
        (lo - x) as i32
    } else if x > hi {
        (x - hi) as i32
    } else {
        0
    }
}

/// Where a unit left for the screen filler would like to stand (depth × 10).
fn filler_depth(kind: K) -> i32 {
    match kind {
        K::Minesweeper | K::Fireship => 0,
        K::PatrolShip => 3,
        K::TorpedoBoat => 5,
        K::Submarine => 8,
        K::AtomicBomb => 10,
        K::CruiserSubmarine => 12,
        K::Destroyer => 14,
        K::Cruiser | K::Raider => 20,
        K::Battleship => 25,
        K::Carrier => 30,
        _ => 20,
    }
}

/// A strike group to place: its kinds, depth band, preferred depth and file, and whether it
/// is heavy (kept out of the front row and the bomb's blast).
type Group = (Vec<K>, (usize, usize), usize, usize, bool);

struct Planner {
    grid: [[Option<K>; WIDTH]; DEPTH],
    /// The player's own units (never moved, except by `make_room_for_bases`).
    fixed: [[bool; WIDTH]; DEPTH],
    gap: [[bool; WIDTH]; DEPTH],
    left: [u8; KINDS],
    dice: Dice,
    /// Unused random bits for the cheap per-cell jitter of [`Planner::best`].
    bits: u64,
    bits_left: u32,
    knobs: Knobs,
}

impl Planner {
    fn new(partial: &Layout, seed: u64, style: Style) -> Planner {
        let mut dice = Dice::new(seed ^ style.salt());
        let knobs = Knobs::draw(style, &mut dice);
        let mut grid = [[None; WIDTH]; DEPTH];
        for (d, row) in grid.iter_mut().enumerate() {
            for (f, cell) in row.iter_mut().enumerate() {
                let file = if knobs.mirror { WIDTH - 1 - f } else { f };
                *cell = partial.get(d, file);
            }
        }
        let left = partial.missing_counts::<KINDS>();
        let mut fixed = [[false; WIDTH]; DEPTH];
        for d in 0..DEPTH {
            for f in 0..WIDTH {
                fixed[d][f] = grid[d][f].is_some();
            }
        }
        Planner { grid, fixed, gap: [[false; WIDTH]; DEPTH], left, dice, bits: 0, bits_left: 0, knobs }
    }

    fn plan(mut self) -> Layout {
        self.make_room_for_bases();
        self.arm_orphans();
        self.arm_players_carriers();
        self.place_bases();
        self.guard_bases();
        self.place_carrier();
        self.place_bomb();
        self.place_fireship();
        self.place_torpedoes();
        self.place_forward_mines();
        self.place_groups();
        self.reserve_gaps();
        self.fill();
        self.repair_tethers();
        let mut layout = Layout::empty();
        for d in 0..DEPTH {
            for f in 0..WIDTH {
                let file = if self.knobs.mirror { WIDTH - 1 - f } else { f };
                layout.set(d, file, self.grid[d][f]);
            }
        }
        debug_assert!(layout.validate().is_ok(), "{:?}", layout.validate());
        layout
    }

    // --- small helpers -------------------------------------------------------------------

    fn at(&self, c: Cell) -> Option<K> {
        self.grid[c.0][c.1]
    }

    fn is_free(&self, c: Cell) -> bool {
        self.grid[c.0][c.1].is_none() && !self.gap[c.0][c.1]
    }

    fn left(&self, kind: K) -> u8 {
        self.left[kind.index()]
    }

    fn put(&mut self, c: Cell, kind: K) {
        debug_assert!(self.is_free(c) && self.left(kind) > 0, "{c:?} {kind:?}");
        self.grid[c.0][c.1] = Some(kind);
        self.left[kind.index()] -= 1;
    }

    fn cells_of(&self, kind: K) -> Vec<Cell> {
        let mut out = Vec::new();
        for d in 0..DEPTH {
            for f in 0..WIDTH {
                if self.grid[d][f] == Some(kind) {
                    out.push((d, f));
                }
            }
        }
        out
    }

    /// True if a unit of `kind` stands on one of the eight squares around `c`.
    fn near(&self, c: Cell, kind: K) -> bool {
        ring(c).any(|n| self.at(n) == Some(kind))
    }

    fn free_ring(&self, c: Cell) -> usize {
        ring(c).filter(|&n| self.is_free(n)).count()
    }

    fn free_count(&self) -> usize {
        (0..DEPTH).flat_map(|d| (0..WIDTH).map(move |f| (d, f))).filter(|&c| self.is_free(c)).count()
    }

    fn left_total(&self) -> usize {
        self.left.iter().map(|&n| n as usize).sum()
    }

    /// The free cell with the lowest score (plus a random `0..=jitter`); `None` scores exclude.
    fn best(&mut self, jitter: usize, score: impl Fn(&Planner, Cell) -> Option<i32>) -> Option<Cell> {
        self.best_checked(jitter, score, |_, _| true)
    }

    /// A random number in `0..=max` (`max` < 256) from eight random bits: a tie-breaker, where
    /// the slight bias does not matter and one draw of the generator serves eight cells.
    fn jitter(&mut self, max: usize) -> i32 {
        if self.bits_left < 8 {
            self.bits = self.dice.next_u64();
            self.bits_left = 64;
        }
        let byte = (self.bits & 0xff) as usize;
        self.bits >>= 8;
        self.bits_left -= 8;
        ((byte * (max + 1)) >> 8) as i32
    }

    /// Like [`Planner::best`], with a costlier `check` run only on cells that would win.
    fn best_checked(
        &mut self,
        jitter: usize,
        score: impl Fn(&Planner, Cell) -> Option<i32>,
        check: impl Fn(&Planner, Cell) -> bool,
    ) -> Option<Cell> {
        let mut best: Option<(i32, Cell)> = None;
        for d in 0..DEPTH {
            for f in 0..WIDTH {
                let c = (d, f);
                if !self.is_free(c) {
                    continue;
                }
                let Some(mut s) = score(self, c) else {
                    continue;
                };
                if jitter > 0 {
                    s += self.jitter(jitter);
                }
                if best.is_none_or(|(b, _)| s < b) && check(self, c) {
                    best = Some((s, c));
                }
            }
        }
        best.map(|(_, c)| c)
    }

    // --- the plan --------------------------------------------------------------------------

    /// If the player filled every square behind the front row while bases are still missing,
    /// step units forward until the bases fit (the only case where placed units move).
    fn make_room_for_bases(&mut self) {
        let need = self.left(K::NavalBase) as usize;
        loop {
            let room =
                (1..DEPTH).flat_map(|d| (0..WIDTH).map(move |f| (d, f))).filter(|&c| self.is_free(c)).count();
            if room >= need {
                return;
            }
            let Some(f) = (0..WIDTH)
                .find(|&f| self.is_free((0, f)) && matches!(self.grid[1][f], Some(k) if k != K::NavalBase))
            else {
                return;
            };
            self.grid[0][f] = self.grid[1][f].take();
            self.fixed[0][f] = true;
            self.fixed[1][f] = false;
        }
    }

    /// Gives each of the player's weapons that has no carrier beside it a carrier, while the
    /// fleet still has one to add: the weapon with the fewest free squares around it first, on
    /// the square that serves most weapons of that kind and blocks fewest others.
    fn arm_orphans(&mut self) {
        loop {
            let orphans: Vec<(Cell, K)> = (0..DEPTH)
                .flat_map(|d| (0..WIDTH).map(move |f| (d, f)))
                .filter_map(|c| {
                    let carrier = self.at(c)?.carrier()?;
                    (self.left(carrier) > 0 && !self.near(c, carrier) && self.free_ring(c) > 0)
                        .then_some((c, carrier))
                })
                .collect();
            let Some(&(weapon, carrier)) = orphans.iter().min_by_key(|(c, _)| self.free_ring(*c)) else {
                return;
            };
            let spot = self.best(1, |_, n| {
                if !touches(n, weapon) {
                    return None;
                }
                let mut s = 0;
                for &(o, k) in &orphans {
                    if touches(o, n) {
                        s += if k == carrier { -6 } else { 2 };
                    }
                }
                Some(s)
            });
            match spot {
                Some(c) => self.put(c, carrier),
                None => return,
            }
        }
    }

    /// When the player has placed every carrier of a kind (always the case for a placed
    /// carrier), the missing weapons of that kind can only be armed next to those carriers:
    /// they take their squares before anything else can.
    fn arm_players_carriers(&mut self) {
        for weapon in [K::Aircraft, K::Torpedo, K::Mine] {
            let carrier = weapon.carrier().expect("weapon");
            if self.left(carrier) > 0 {
                continue;
            }
            while self.left(weapon) > 0 {
                match self.best(1, |p, n| p.near(n, carrier).then_some(n.0 as i32)) {
                    Some(c) => self.put(c, weapon),
                    None => break,
                }
            }
        }
    }

    fn base_depth(&mut self) -> usize {
        if self.dice.chance(self.knobs.back_row) {
            4
        } else {
            3
        }
    }

    fn place_base_near(&mut self, target: Cell) -> Option<Cell> {
        let spot =
            self.best(1, |_, n| (n.0 >= 1).then(|| 3 * dist(n.0, target.0) + 2 * dist(n.1, target.1)))?;
        self.put(spot, K::NavalBase);
        Some(spot)
    }

    /// Bases apart on the two flanks, or side by side; never in the front row.
    fn place_bases(&mut self) {
        let existing = self.cells_of(K::NavalBase);
        match self.left(K::NavalBase) {
            2 => {
                if self.dice.chance(self.knobs.together) {
                    let d = self.base_depth();
                    let f = 3 + self.dice.below(7);
                    if let Some(first) = self.place_base_near((d, f)) {
                        let second = if first.1 + 1 < WIDTH { first.1 + 1 } else { first.1 - 1 };
                        self.place_base_near((first.0, second));
                    }
                } else {
                    let d = self.base_depth();
                    let f = self.dice.below(5);
                    self.place_base_near((d, f));
                    let d = self.base_depth();
                    let f = WIDTH - 1 - self.dice.below(5);
                    self.place_base_near((d, f));
                }
            }
            1 => {
                let target = match existing.first() {
                    Some(&e) if self.dice.chance(self.knobs.together) => {
                        let f = if e.1 == 0 || (e.1 + 1 < WIDTH && self.dice.chance(0.5)) {
                            e.1 + 1
                        } else {
                            e.1 - 1
                        };
                        (e.0, f)
                    }
                    Some(&e) => {
                        let d = self.base_depth();
                        let f = self.dice.below(5);
                        (d, if e.1 < WIDTH / 2 { WIDTH - 1 - f } else { f })
                    }
                    None => {
                        let d = self.base_depth();
                        (d, self.dice.below(WIDTH))
                    }
                };
                self.place_base_near(target);
            }
            _ => {}
        }
    }

    /// The stationary mine in front of a base, mines on the squares from which the bases can
    /// be struck, and destroyers next to the mines to tend them.
    fn guard_bases(&mut self) {
        let bases = self.cells_of(K::NavalBase);
        if bases.is_empty() {
            return;
        }
        if self.left(K::StationaryMine) > 0 {
            let b = bases[self.dice.below(bases.len())];
            let front = (b.0.saturating_sub(1), b.1);
            let spot = self
                .best(2, |_, n| beside(n, b).then_some(if n == front { 0 } else { 2 }))
                .or_else(|| self.best(0, |_, n| touches(n, b).then_some(0)));
            if let Some(c) = spot {
                self.put(c, K::StationaryMine);
            }
        }
        let budget = self.knobs.base_mines.min(self.left(K::Mine)) as usize;
        let mut quota = vec![0; bases.len()];
        let start = self.dice.below(bases.len());
        for i in 0..budget {
            quota[(start + i) % bases.len()] += 1;
        }
        let mut planned: Vec<Cell> = Vec::new();
        for (i, &b) in bases.iter().enumerate() {
            let mut orth: Vec<Cell> =
                cross(b).filter(|&n| self.is_free(n) && !planned.contains(&n)).collect();
            let mut diag: Vec<Cell> =
                ring(b).filter(|&n| !beside(n, b) && self.is_free(n) && !planned.contains(&n)).collect();
            self.dice.shuffle(&mut orth);
            self.dice.shuffle(&mut diag);
            planned.extend(orth.into_iter().chain(diag).take(quota[i]));
        }
        loop {
            let uncovered: Vec<Cell> =
                planned.iter().copied().filter(|&m| !self.near(m, K::Destroyer)).collect();
            if uncovered.is_empty() || self.left(K::Destroyer) == 0 {
                break;
            }
            let spot = self.best(3, |_, n| {
                if planned.contains(&n) {
                    return None;
                }
                let cover = uncovered.iter().filter(|&&m| touches(n, m)).count() as i32;
                if cover == 0 {
                    return None;
                }
                let escort = if bases.iter().any(|&b| beside(n, b)) { -3 } else { 0 };
                Some(-10 * cover + escort + (DEPTH - 1 - n.0) as i32)
            });
            match spot {
                Some(c) => self.put(c, K::Destroyer),
                None => break,
            }
        }
        for m in planned {
            if self.left(K::Mine) > 0 && self.is_free(m) && self.near(m, K::Destroyer) {
                self.put(m, K::Mine);
            }
        }
    }

    /// The carrier in the rear middle, off-centre to a random side; the aircraft beside it,
    /// in front if possible.
    fn place_carrier(&mut self) {
        if self.left(K::Carrier) > 0 {
            let tf = if self.dice.chance(0.5) { 6 - self.dice.below(3) } else { 7 + self.dice.below(3) };
            let td = self.knobs.cv_depth;
            let need_ac = self.left(K::Aircraft) > 0;
            let spot = self
                .best(2, |p, n| {
                    // The rear middle: rows 3-5 from the front, files 5-10.
                    let outside = if n.0 < 2 || !(4..=9).contains(&n.1) { 30 } else { 0 };
                    (!need_ac || p.free_ring(n) > 0).then(|| 4 * dist(n.0, td) + 2 * dist(n.1, tf) + outside)
                })
                .or_else(|| self.best(0, |_, n| Some(dist(n.0, td))));
            if let Some(c) = spot {
                self.put(c, K::Carrier);
            }
        }
        if self.left(K::Aircraft) > 0 {
            if let Some(&cv) = self.cells_of(K::Carrier).first() {
                let spot = self.best(1, |_, n| {
                    touches(n, cv).then_some(match n.0.cmp(&cv.0) {
                        std::cmp::Ordering::Less => 0,
                        std::cmp::Ordering::Equal => 2,
                        std::cmp::Ordering::Greater => 4,
                    })
                });
                if let Some(c) = spot {
                    self.put(c, K::Aircraft);
                }
            }
        }
    }

    /// The bomb forward, out of blast range (two squares) of its own bases and carrier.
    fn place_bomb(&mut self) {
        if self.left(K::AtomicBomb) == 0 {
            return;
        }
        let keep_clear: Vec<(Cell, i32)> = self
            .cells_of(K::NavalBase)
            .into_iter()
            .map(|c| (c, 40))
            .chain(self.cells_of(K::Carrier).into_iter().map(|c| (c, 20)))
            .collect();
        let band = self.knobs.ab_band;
        let tf = if self.knobs.bomb_on_flank {
            [0, 1, WIDTH - 2, WIDTH - 1][self.dice.below(4)]
        } else {
            2 + self.dice.below(WIDTH - 4)
        };
        let jitter = if self.knobs.bomb_on_flank { 0 } else { 3 };
        let spot = self.best(jitter, |_, n| {
            let mut s = 6 * out_of(n.0, band) + dist(n.1, tf);
            for &(c, penalty) in &keep_clear {
                if cheb(n, c) <= 2 {
                    s += penalty;
                }
            }
            Some(s)
        });
        if let Some(c) = spot {
            self.put(c, K::AtomicBomb);
            self.clear_pocket(c);
        }
    }

    /// Keeps up to `bomb_pocket` squares of the blast around the bomb at `bomb` empty, the
    /// nearest first, never more than the layout's empty squares.
    fn clear_pocket(&mut self, bomb: Cell) {
        let spare = self.free_count().saturating_sub(self.left_total());
        for _ in 0..self.knobs.bomb_pocket.min(spare) {
            let spot =
                self.best(1, |_, n| (cheb(n, bomb) <= 2).then(|| 10 * cheb(n, bomb) + dist(n.0, bomb.0)));
            match spot {
                Some(c) => self.gap[c.0][c.1] = true,
                None => return,
            }
        }
    }

    fn place_fireship(&mut self) {
        if self.left(K::Fireship) == 0 {
            return;
        }
        let band = self.knobs.fs_band;
        let tf = self.dice.below(WIDTH);
        if let Some(c) = self.best(3, |_, n| Some(6 * out_of(n.0, band) + dist(n.1, tf))) {
            self.put(c, K::Fireship);
        }
    }

    /// Torpedoes in the front row, spread out, each armed by a torpedo boat beside it.
    fn place_torpedoes(&mut self) {
        while self.left(K::Torpedo) > 0 {
            let tf = self.dice.below(WIDTH);
            let share = self.dice.chance(self.knobs.tb_share);
            let torpedoes = self.cells_of(K::Torpedo);
            let spot = self
                .best(4, |p, n| {
                    let armed = p.near(n, K::TorpedoBoat);
                    if !armed && (p.left(K::TorpedoBoat) == 0 || p.free_ring(n) == 0) {
                        return None;
                    }
                    let mut s = 6 * n.0 as i32 + dist(n.1, tf);
                    if torpedoes.iter().any(|&t| cheb(t, n) <= 1) {
                        s += 6;
                    }
                    if armed && share {
                        s -= 8;
                    }
                    Some(s)
                })
                .or_else(|| self.best(0, |_, n| Some(n.0 as i32)));
            let Some(tp) = spot else {
                return;
            };
            self.put(tp, K::Torpedo);
            if !self.near(tp, K::TorpedoBoat) && self.left(K::TorpedoBoat) > 0 {
                let boat = self.best(1, |_, n| {
                    touches(n, tp).then_some(if n.0 > tp.0 && n.1 == tp.1 {
                        0
                    } else if n.0 > tp.0 {
                        1
                    } else if n.0 == tp.0 {
                        2
                    } else {
                        5
                    })
                });
                if let Some(c) = boat {
                    self.put(c, K::TorpedoBoat);
                }
            }
        }
    }

    /// Mines not needed at the bases go forward with a destroyer of their own (one destroyer
    /// is kept back for the RD+RD+DD formation; when destroyers run short, a mine joins one
    /// already placed, preferably a forward one).
    fn place_forward_mines(&mut self) {
        while self.left(K::Mine) > 0 {
            let attach = self.best(2, |p, n| p.near(n, K::Destroyer).then_some(3 * n.0 as i32));
            if self.left(K::Destroyer) > 1 || (attach.is_none() && self.left(K::Destroyer) > 0) {
                let tf = self.dice.below(WIDTH);
                let Some(dd) =
                    self.best(4, |p, n| (p.free_ring(n) > 0).then(|| 5 * dist(n.0, 1) + dist(n.1, tf)))
                else {
                    return;
                };
                self.put(dd, K::Destroyer);
                if let Some(c) = self.best(1, |_, n| touches(n, dd).then_some(3 * n.0 as i32)) {
                    self.put(c, K::Mine);
                }
            } else {
                match attach {
                    Some(c) => self.put(c, K::Mine),
                    None => return,
                }
            }
        }
    }

    /// Reserves exactly as many empty squares as the layout will have, by row weight, spread
    /// out and away from the bases.
    fn reserve_gaps(&mut self) {
        let gaps = self.free_count().saturating_sub(self.left_total());
        let weights = self.knobs.gap_weights;
        let total: u32 = weights.iter().sum::<u32>().max(1);
        let bases = self.cells_of(K::NavalBase);
        let need_base_room = self.left(K::NavalBase) > 0;
        // Quotas per row in proportion to the weights; the remainder by weighted draw, and one
        // gap sometimes moved to another row for variety.
        let mut quota = [0usize; DEPTH];
        for d in 0..DEPTH {
            quota[d] = gaps * weights[d] as usize / total as usize;
        }
        let weighted_row = |dice: &mut Dice| {
            let mut roll = dice.below(total as usize) as u32;
            for (d, &w) in weights.iter().enumerate() {
                if roll < w {
                    return d;
                }
                roll -= w;
            }
            DEPTH - 1
        };
        while quota.iter().sum::<usize>() < gaps {
            quota[weighted_row(&mut self.dice)] += 1;
        }
        if self.dice.chance(0.6) {
            let from = weighted_row(&mut self.dice);
            let to = weighted_row(&mut self.dice);
            if quota[from] > 0 {
                quota[from] -= 1;
                quota[to] += 1;
            }
        }
        let rows: Vec<usize> = (0..DEPTH).flat_map(|d| std::iter::repeat_n(d, quota[d])).collect();
        for row in rows {
            let spot = self.best(8, |p, n| {
                let mut s = 10 * dist(n.0, row);
                if bases.iter().any(|&b| beside(n, b)) {
                    s += 30;
                }
                if cross(n).any(|m| p.gap[m.0][m.1]) {
                    s += 6;
                }
                if need_base_room && n.0 >= 1 {
                    s += 100;
                }
                Some(s)
            });
            match spot {
                Some(c) => self.gap[c.0][c.1] = true,
                None => return,
            }
        }
    }

    /// The strike groups: orthogonally connected formations behind the screen.
    fn place_groups(&mut self) {
        let mut left = self.left;
        let take = |left: &mut [u8; KINDS], kinds: &[K]| -> bool {
            let mut need = [0u8; KINDS];
            for k in kinds {
                need[k.index()] += 1;
            }
            if (0..KINDS).all(|i| left[i] >= need[i]) {
                for i in 0..KINDS {
                    left[i] -= need[i];
                }
                true
            } else {
                false
            }
        };
        let heavy = self.knobs.strike_band;
        let mut slots = [1usize, 4, 7, 10, 12, 2, 9, 5];
        self.dice.shuffle(&mut slots[..5]);
        let mut slot = slots.into_iter().cycle();
        let td = self.knobs.strike_depth;
        let mut groups: Vec<Group> = Vec::new();
        if take(&mut left, &[K::Battleship, K::Battleship]) {
            let tf = match self.cells_of(K::Carrier).first() {
                Some(cv) if self.dice.chance(0.5) => cv.1,
                _ => 4 + self.dice.below(6),
            };
            groups.push((vec![K::Battleship; 2], heavy, td, tf, true));
        }
        let cr = left[K::Cruiser.index()] as usize;
        let sizes: Vec<usize> = if cr >= 6 && self.dice.chance(self.knobs.cr_trios) {
            vec![3, 3]
        } else if cr >= 6 && self.dice.chance(0.5) {
            vec![2, 2, 2]
        } else if cr >= 5 {
            vec![3, 2]
        } else if cr >= 3 {
            vec![3]
        } else if cr == 2 {
            vec![2]
        } else {
            vec![]
        };
        for size in sizes {
            let kinds = vec![K::Cruiser; size];
            if take(&mut left, &kinds) {
                groups.push((kinds, heavy, td, slot.next().unwrap_or(7), true));
            }
        }
        for kinds in [vec![K::Raider, K::Raider, K::Destroyer], vec![K::Raider, K::Raider]] {
            if take(&mut left, &kinds) {
                groups.push((kinds, heavy, td, slot.next().unwrap_or(7), true));
                break;
            }
        }
        for kinds in
            [vec![K::CruiserSubmarine, K::Submarine, K::Submarine], vec![K::CruiserSubmarine, K::Submarine]]
        {
            if take(&mut left, &kinds) {
                groups.push((kinds, (1, 2), 1, slot.next().unwrap_or(7), false));
                break;
            }
        }
        let pack = if self.dice.chance(0.3) { 4 } else { 3 };
        for size in [pack, 3] {
            let kinds = vec![K::Submarine; size];
            if take(&mut left, &kinds) {
                groups.push((kinds, (1, 2), 1, slot.next().unwrap_or(7), false));
                break;
            }
        }
        if self.dice.chance(self.knobs.dd_trio) {
            let kinds = vec![K::Destroyer; 3];
            if take(&mut left, &kinds) {
                groups.push((kinds, (1, 2), 1, slot.next().unwrap_or(7), false));
            }
        }
        for (mut kinds, band, td, tf, heavy) in groups {
            self.place_group(&mut kinds, band, td, tf, heavy);
        }
    }

    /// Grows one orthogonally connected group from the best start cell; heavy ships keep out
    /// of the front row unless nothing else fits. Gives up (leaving the units to the filler)
    /// after a few failed starts.
    fn place_group(&mut self, kinds: &mut [K], band: (usize, usize), td: usize, tf: usize, heavy: bool) {
        let bombs = self.cells_of(K::AtomicBomb);
        let score = move |n: Cell, strict: bool| -> Option<i32> {
            if heavy && strict && n.0 == 0 {
                return None;
            }
            let mut s = 3 * dist(n.0, td) + 2 * dist(n.1, tf) + 8 * out_of(n.0, band);
            if heavy && n.0 == 0 {
                s += 12;
            }
            if heavy && bombs.iter().any(|&a| cheb(a, n) <= 2) {
                s += 10;
            }
            Some(s)
        };
        let size = kinds.len();
        for strict in [true, false] {
            // A start whose free, allowed, orthogonally connected area holds the whole group:
            // growing greedily inside that area then always succeeds.
            let Some(start) = self.best_checked(
                3,
                |_, n| score(n, strict),
                |p, n| p.room_for(n, size, |c| score(c, strict).is_some()),
            ) else {
                continue;
            };
            let mut members = vec![start];
            while members.len() < size {
                let next = self.best(2, |_, n| {
                    if members.contains(&n) || !members.iter().any(|&m| beside(m, n)) {
                        None
                    } else {
                        score(n, strict)
                    }
                });
                match next {
                    Some(n) => members.push(n),
                    None => break,
                }
            }
            if members.len() == size {
                self.dice.shuffle(kinds);
                for (&c, &k) in members.iter().zip(kinds.iter()) {
                    self.put(c, k);
                }
                return;
            }
        }
    }

    /// True if at least `size` free cells passing `allowed` are orthogonally connected to
    /// `start` (which is counted).
    fn room_for(&self, start: Cell, size: usize, allowed: impl Fn(Cell) -> bool) -> bool {
        let mut seen = [[false; WIDTH]; DEPTH];
        let mut stack = [start; DEPTH * WIDTH];
        let mut top = 1;
        seen[start.0][start.1] = true;
        let mut count = 0;
        while top > 0 {
            top -= 1;
            let c = stack[top];
            count += 1;
            if count >= size {
                return true;
            }
            for n in cross(c) {
                if !seen[n.0][n.1] && self.is_free(n) && allowed(n) {
                    seen[n.0][n.1] = true;
                    stack[top] = n;
                    top += 1;
                }
            }
        }
        false
    }

    /// Last resort for completions: a weapon of ours that ended up without a carrier beside it
    /// trades squares with an empty square or a plain ship (not a carrier, not one of the
    /// player's units) next to a carrier of its kind.
    fn repair_tethers(&mut self) {
        for d in 0..DEPTH {
            for f in 0..WIDTH {
                let c = (d, f);
                let Some(weapon) = self.at(c) else {
                    continue;
                };
                let Some(carrier) = weapon.carrier() else {
                    continue;
                };
                if self.fixed[d][f] || self.near(c, carrier) {
                    continue;
                }
                let mut target = None;
                'search: for t in (0..DEPTH).flat_map(|d| (0..WIDTH).map(move |f| (d, f))) {
                    if t == c || self.fixed[t.0][t.1] || !self.near(t, carrier) {
                        continue;
                    }
                    let movable = match self.at(t) {
                        None => true,
                        Some(k) => {
                            k.is_scale_ship() && !matches!(k, K::Destroyer | K::TorpedoBoat)
                                || k == K::Fireship
                        }
                    };
                    if movable {
                        target = Some(t);
                        break 'search;
                    }
                }
                if let Some(t) = target {
                    self.grid[c.0][c.1] = self.grid[t.0][t.1];
                    self.grid[t.0][t.1] = Some(weapon);
                }
            }
        }
    }

    /// Everything left fills the remaining free squares: weapons next to a carrier if any,
    /// then the screen, cheapest units nearest the enemy.
    fn fill(&mut self) {
        while self.left(K::NavalBase) > 0 {
            match self.best(0, |_, n| (n.0 >= 1).then_some(-(n.0 as i32))) {
                Some(c) => self.put(c, K::NavalBase),
                None => break,
            }
        }
        for weapon in [K::Aircraft, K::Torpedo, K::Mine] {
            let carrier = weapon.carrier().expect("weapon");
            while self.left(weapon) > 0 {
                let spot = self.best(1, |p, n| Some(if p.near(n, carrier) { 0 } else { 20 } + n.0 as i32));
                match spot {
                    Some(c) => self.put(c, weapon),
                    None => break,
                }
            }
        }
        if self.left(K::StationaryMine) > 0 {
            let bases = self.cells_of(K::NavalBase);
            let spot = self.best(1, |_, n| Some(bases.iter().map(|&b| cheb(b, n)).min().unwrap_or(0)));
            if let Some(c) = spot {
                self.put(c, K::StationaryMine);
            }
        }
        let mut cells: Vec<(i32, Cell)> = Vec::with_capacity(DEPTH * WIDTH);
        for d in 0..DEPTH {
            for f in 0..WIDTH {
                if self.is_free((d, f)) {
                    let key = 10 * d as i32 + self.dice.below(15) as i32;
                    cells.push((key, (d, f)));
                }
            }
        }
        let mut units: Vec<(i32, K)> = Vec::with_capacity(cells.len());
        for kind in K::ALL {
            for _ in 0..self.left(kind) {
                let key = filler_depth(kind) + self.dice.below(13) as i32;
                units.push((key, kind));
            }
        }
        cells.sort_unstable();
        units.sort_unstable();
        for ((_, c), (_, k)) in cells.into_iter().zip(units) {
            self.put(c, k);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::admiral::layout::{BaseInFrontRow, LayoutProblem};
    use crate::admiral::unit::Language;
    use crate::admiral::unit::UnitKind;
    use crate::shared::piece::army_counts;
    use proptest::prelude::*;
    use std::collections::HashSet;

    const SEEDS: u64 = 600;

    fn cells(layout: &Layout, kind: K) -> Vec<Cell> {
        layout.cells().filter(|&(_, k)| k == Some(kind)).map(|(c, _)| c).collect()
    }

    /// Weapons with no carrier of their kind on the eight squares around them.
    fn untethered(layout: &Layout) -> Vec<(Cell, K)> {
        layout
            .cells()
            .filter_map(|(c, k)| {
                let k = k?;
                let carrier = k.carrier()?;
                (!ring(c).any(|n| layout.get(n.0, n.1) == Some(carrier))).then_some((c, k))
            })
            .collect()
    }

    /// True if the cells holding `kinds` (one each, multiset) can be chosen orthogonally
    /// connected: checked by searching connected groups grown from each start.
    fn has_formation(layout: &Layout, kinds: &[K]) -> bool {
        fn grow(layout: &Layout, group: &mut Vec<Cell>, need: &mut Vec<K>) -> bool {
            if need.is_empty() {
                return true;
            }
            let frontier: Vec<Cell> =
                group.iter().flat_map(|&g| cross(g)).filter(|n| !group.contains(n)).collect();
            for n in frontier {
                let Some(k) = layout.get(n.0, n.1) else {
                    continue;
                };
                if let Some(i) = need.iter().position(|&x| x == k) {
                    need.remove(i);
                    group.push(n);
                    if grow(layout, group, need) {
                        return true;
                    }
                    group.pop();
                    need.insert(i, k);
                }
            }
            false
        }
        layout.cells().any(|(c, k)| {
            k == Some(kinds[0]) && {
                let mut need = kinds[1..].to_vec();
                grow(layout, &mut vec![c], &mut need)
            }
        })
    }

    fn assert_plan_rules(layout: &Layout, what: &str) {
        assert!(layout.validate().is_ok(), "{what}: {:?}", layout.validate());
        assert_eq!(layout.counts::<KINDS>(), army_counts::<UnitKind, KINDS>(), "{what}");
        let empty = layout.cells().filter(|(_, k)| k.is_none()).count();
        assert_eq!(empty, 12, "{what}");
        assert!(untethered(layout).is_empty(), "{what}: {:?}", untethered(layout));
        let bases = cells(layout, K::NavalBase);
        for &b in &bases {
            assert!(b.0 >= 1, "{what}: base in the front row");
            let guards: Vec<K> = ring(b).filter_map(|n| layout.get(n.0, n.1)).collect();
            assert!(
                guards.iter().any(|&k| matches!(k, K::Mine | K::StationaryMine)),
                "{what}: base {b:?} without a mine next to it"
            );
        }
        for ab in cells(layout, K::AtomicBomb) {
            for &b in &bases {
                assert!(cheb(ab, b) > 2, "{what}: bomb blast reaches own base");
            }
        }
    }

    #[test]
    fn every_style_gives_legal_tethered_guarded_layouts() {
        for style in Style::ALL {
            for seed in 0..SEEDS {
                let layout = auto_layout(seed, style);
                let what = format!("{style:?} seed {seed}");
                assert_plan_rules(&layout, &what);
                for b in cells(&layout, K::NavalBase) {
                    assert!(b.0 >= 3, "{what}: base {b:?} not in the back two rows");
                }
                let fs = cells(&layout, K::Fireship)[0];
                assert!(fs.0 <= 1, "{what}: fireship at {fs:?}");
                let ab = cells(&layout, K::AtomicBomb)[0];
                assert!(ab.0 <= 3, "{what}: bomb at {ab:?}");
            }
        }
    }

    #[test]
    fn formations_stand_connected_behind_the_screen() {
        for style in Style::ALL {
            let (mut heavy_depth, mut heavy_n, mut cheap_depth, mut cheap_n) = (0, 0, 0, 0);
            let (mut heavy_front, mut heavy_front_max) = (0, 0);
            for seed in 0..SEEDS {
                let layout = auto_layout(seed, style);
                let what = format!("{style:?} seed {seed}");
                assert!(has_formation(&layout, &[K::Battleship, K::Battleship]), "{what}");
                assert!(has_formation(&layout, &[K::Cruiser, K::Cruiser]), "{what}");
                assert!(has_formation(&layout, &[K::Raider, K::Raider, K::Destroyer]), "{what}");
                assert!(has_formation(&layout, &[K::CruiserSubmarine, K::Submarine, K::Submarine]), "{what}");
                for bb in cells(&layout, K::Battleship) {
                    assert!(bb.0 >= 1, "{what}: battleship in the front row");
                }
                let front = (0..WIDTH)
                    .filter(|&f| {
                        matches!(
                            layout.get(0, f),
                            Some(K::Battleship | K::Cruiser | K::Raider | K::CruiserSubmarine)
                        )
                    })
                    .count();
                heavy_front += front;
                heavy_front_max = heavy_front_max.max(front);
                for (c, k) in layout.cells() {
                    match k {
                        Some(K::Battleship | K::Cruiser | K::Raider | K::CruiserSubmarine) => {
                            heavy_depth += c.0;
                            heavy_n += 1;
                        }
                        Some(K::PatrolShip | K::Minesweeper | K::Torpedo) => {
                            cheap_depth += c.0;
                            cheap_n += 1;
                        }
                        _ => {}
                    }
                }
            }
            let heavy = heavy_depth as f64 / heavy_n as f64;
            let cheap = cheap_depth as f64 / cheap_n as f64;
            println!("{style:?}: heavy {heavy:.2} cheap {cheap:.2} heavy in front {heavy_front} max {heavy_front_max}");
            assert!(heavy_front_max <= 1, "{style:?}: {heavy_front_max} heavy ships in a front row");
        }
    }

    #[test]
    fn carrier_in_the_rear_middle_and_gaps_in_the_middle_rows() {
        for style in Style::ALL {
            for seed in 0..SEEDS {
                let layout = auto_layout(seed, style);
                let cv = cells(&layout, K::Carrier)[0];
                assert!(cv.0 >= 2 && (2..=11).contains(&cv.1), "{style:?} {seed}: {cv:?}");
                let middle = layout.cells().filter(|&(c, k)| k.is_none() && (1..=3).contains(&c.0)).count();
                assert!(middle >= 4, "{style:?} {seed}: {middle} gaps in rows 2-4");
            }
        }
    }

    #[test]
    fn the_fortress_keeps_its_bases_apart_and_its_bomb_in_a_pocket() {
        for seed in 0..SEEDS {
            let layout = auto_layout(seed, Style::Fortress);
            let bases = cells(&layout, K::NavalBase);
            assert!(bases.iter().all(|b| b.0 == DEPTH - 1), "seed {seed}: {bases:?} not in the back row");
            assert!(dist(bases[0].1, bases[1].1) >= 5, "seed {seed}: bases {bases:?} too close");
            let ab = cells(&layout, K::AtomicBomb)[0];
            assert!(ab.0 == 0 && (ab.1 <= 1 || ab.1 >= WIDTH - 2), "seed {seed}: bomb at {ab:?}");
            let blast: Vec<_> = layout.cells().filter(|&(c, _)| c != ab && cheb(c, ab) <= 2).collect();
            let empty = blast.iter().filter(|(_, k)| k.is_none()).count();
            assert!(empty >= 4, "seed {seed}: {empty} empty squares in the blast");
            // A strike on the bomb costs us at most a few of the units beside it.
            assert!(blast.len() - empty <= 7, "seed {seed}: {} own units in the blast", blast.len() - empty);
        }
    }

    #[test]
    fn the_bastion_has_the_fortress_bases_and_keeps_its_bomb_back() {
        let mut bomb_rows = [0; DEPTH];
        for seed in 0..SEEDS {
            let (bastion, fortress) = (auto_layout(seed, Style::Bastion), auto_layout(seed, Style::Fortress));
            assert_eq!(cells(&bastion, K::NavalBase), cells(&fortress, K::NavalBase), "seed {seed}");
            bomb_rows[cells(&bastion, K::AtomicBomb)[0].0] += 1;
        }
        assert_eq!(bomb_rows[1] + bomb_rows[2], SEEDS as usize, "bomb rows, front first: {bomb_rows:?}");
    }

    #[test]
    fn styles_have_their_own_character() {
        // Mines next to a base, and the mean depth of the heavy ships, per style.
        let character = |style: Style| {
            let (mut mines, mut depth, mut heavy) = (0, 0, 0);
            for seed in 0..200 {
                let layout = auto_layout(seed, style);
                let bases = cells(&layout, K::NavalBase);
                mines += cells(&layout, K::Mine)
                    .into_iter()
                    .filter(|&m| bases.iter().any(|&b| touches(m, b)))
                    .count();
                for (c, k) in layout.cells() {
                    if matches!(k, Some(K::Battleship | K::Cruiser | K::Raider)) {
                        depth += c.0;
                        heavy += 1;
                    }
                }
            }
            (mines as f64 / 200.0, depth as f64 / heavy as f64)
        };
        let (aggressive_mines, aggressive_depth) = character(Style::Aggressive);
        let (defensive_mines, defensive_depth) = character(Style::Defensive);
        assert!(defensive_mines > aggressive_mines + 1.0);
        assert!(defensive_depth > aggressive_depth + 0.4);
    }

    #[test]
    fn same_seed_same_layout() {
        for style in Style::ALL {
            for seed in [0, 1, 42, u64::MAX] {
                assert_eq!(auto_layout(seed, style), auto_layout(seed, style));
            }
        }
        let mut partial = auto_layout(5, Style::Balanced);
        for f in 0..WIDTH {
            partial.set(1, f, None);
        }
        assert_eq!(complete_layout(&partial, 9), complete_layout(&partial, 9));
    }

    #[test]
    fn seeds_give_varied_plans() {
        for style in Style::ALL {
            let layouts: HashSet<Layout> = (0..100).map(|s| auto_layout(s, style)).collect();
            assert!(layouts.len() >= 99, "{style:?}: {} distinct", layouts.len());
            let mut base_files = HashSet::new();
            let (mut together, mut apart) = (0, 0);
            let mut cv_left = 0;
            for layout in &layouts {
                let bases = cells(layout, K::NavalBase);
                base_files.insert((bases[0].1, bases[1].1));
                if cheb(bases[0], bases[1]) == 1 {
                    together += 1;
                } else {
                    apart += 1;
                }
                if cells(layout, K::Carrier)[0].1 < WIDTH / 2 {
                    cv_left += 1;
                }
            }
            assert!(base_files.len() >= 15, "{style:?}: {base_files:?}");
            if matches!(style, Style::Fortress | Style::Bastion) {
                assert_eq!(together, 0, "{style:?} keeps its bases apart");
            } else {
                assert!(together >= 5 && apart >= 30, "{style:?}: {together} / {apart}");
            }
            assert!((20..=80).contains(&cv_left), "{style:?}: carrier left {cv_left}");
        }
        assert_ne!(auto_layout(7, Style::Aggressive), auto_layout(7, Style::Defensive));
    }

    /// A partial layout: `layout` with each cell kept with probability `keep`.
    fn thinned(layout: &Layout, seed: u64, keep: f64) -> Layout {
        let mut dice = Dice::new(seed);
        let mut out = Layout::empty();
        for ((d, f), k) in layout.cells() {
            if dice.chance(keep) {
                out.set(d, f, k);
            }
        }
        out
    }

    fn assert_keeps(partial: &Layout, done: &Layout) {
        for ((d, f), k) in partial.cells() {
            if k.is_some() {
                assert_eq!(done.get(d, f), k, "pre-placed unit at {d},{f} moved");
            }
        }
    }

    #[test]
    fn completion_from_empty_layout_is_a_full_plan() {
        for seed in 0..200 {
            let done = complete_layout(&Layout::empty(), seed).expect("empty is fine");
            assert_plan_rules(&done, &format!("seed {seed}"));
        }
    }

    #[test]
    fn completion_keeps_every_preplaced_unit() {
        for seed in 0..300 {
            for keep in [0.1, 0.5, 0.9, 0.97] {
                let partial = thinned(&auto_layout(seed + 1000, Style::Varied), seed, keep);
                let done = complete_layout(&partial, seed).expect("valid partial");
                assert!(done.validate().is_ok(), "{seed} {keep}");
                assert_keeps(&partial, &done);
                // The source was tethered, so every weapon can be re-armed.
                assert!(untethered(&done).is_empty(), "{seed} {keep}\n{}", done.to_text(Language::En));
            }
        }
    }

    #[test]
    fn completion_leaves_a_complete_layout_alone() {
        for seed in 0..20 {
            let layout = auto_layout(seed, Style::Varied);
            assert_eq!(complete_layout(&layout, seed + 1), Ok(layout));
        }
    }

    #[test]
    fn completion_of_a_layout_missing_a_few_units() {
        for seed in 0..100 {
            let mut partial = auto_layout(seed, Style::Balanced);
            let mut dice = Dice::new(seed);
            let mut filled: Vec<Cell> =
                partial.cells().filter(|(_, k)| k.is_some()).map(|(c, _)| c).collect();
            dice.shuffle(&mut filled);
            for &(d, f) in &filled[..3] {
                partial.set(d, f, None);
            }
            let done = complete_layout(&partial, seed).expect("valid partial");
            assert!(done.validate().is_ok());
            assert_keeps(&partial, &done);
        }
    }

    #[test]
    fn completion_guards_the_players_bases_and_arms_the_players_weapons() {
        let mut partial = Layout::empty();
        partial.set(4, 0, Some(K::NavalBase));
        partial.set(4, 13, Some(K::NavalBase));
        partial.set(0, 6, Some(K::Mine));
        partial.set(2, 6, Some(K::Aircraft));
        for seed in 0..50 {
            let done = complete_layout(&partial, seed).expect("valid");
            assert_plan_rules(&done, &format!("seed {seed}"));
            assert_keeps(&partial, &done);
        }
    }

    #[test]
    fn completion_rejects_too_many_units_or_a_front_row_base() {
        let mut partial = Layout::empty();
        partial.set(0, 3, Some(K::NavalBase));
        let errors = complete_layout(&partial, 1).unwrap_err();
        assert!(errors.iter().any(|e| e.problem == LayoutProblem::Misplaced(BaseInFrontRow)));
        let mut partial = Layout::empty();
        partial.set(2, 3, Some(K::Battleship));
        partial.set(2, 4, Some(K::Battleship));
        partial.set(2, 5, Some(K::Battleship));
        let errors = complete_layout(&partial, 1).unwrap_err();
        assert!(errors.iter().any(|e| matches!(e.problem, LayoutProblem::Count { kind: K::Battleship, .. })));
    }

    #[test]
    fn completion_makes_room_for_bases_when_the_rear_is_full() {
        // Every non-base unit placed behind the front row: the bases can only go in if
        // someone steps forward; the result must still be legal.
        let mut partial = Layout::empty();
        let mut units: Vec<K> = K::ALL
            .into_iter()
            .filter(|&k| k != K::NavalBase)
            .flat_map(|k| std::iter::repeat_n(k, k.fleet_count() as usize))
            .collect();
        assert_eq!(units.len(), 56);
        for d in 1..DEPTH {
            for f in 0..WIDTH {
                partial.set(d, f, units.pop());
            }
        }
        let done = complete_layout(&partial, 3).expect("valid partial");
        assert!(done.validate().is_ok(), "{:?}", done.validate());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn completion_of_any_valid_partial_is_legal_and_keeps_it(
            seed in any::<u64>(),
            picks in proptest::collection::vec((0usize..DEPTH, 0usize..WIDTH, 0usize..KINDS), 0..70),
        ) {
            let mut partial = Layout::empty();
            for (d, f, k) in picks {
                let kind = K::ALL[k];
                if partial.get(d, f).is_some()
                    || (d == 0 && kind == K::NavalBase)
                    || partial.counts::<KINDS>()[k] >= kind.fleet_count()
                {
                    continue;
                }
                partial.set(d, f, Some(kind));
            }
            let done = complete_layout(&partial, seed).expect("valid partial");
            prop_assert!(done.validate().is_ok());
            for ((d, f), k) in partial.cells() {
                if k.is_some() {
                    prop_assert_eq!(done.get(d, f), k);
                }
            }
        }
    }

    #[test]
    fn print_sample_layouts() {
        // See them with `cargo test -p admiral-engine print_sample -- --nocapture`.
        for style in Style::ALL {
            for seed in 0..2 {
                println!("{style:?} seed {seed}");
                println!("{}", auto_layout(seed, style).to_text(Language::En));
            }
        }
        let mut partial = Layout::empty();
        partial.set(3, 6, Some(K::NavalBase));
        partial.set(4, 12, Some(K::NavalBase));
        partial.set(1, 3, Some(K::Battleship));
        partial.set(1, 4, Some(K::Battleship));
        partial.set(0, 10, Some(K::Torpedo));
        println!("completed from\n{}", partial.to_text(Language::En));
        let done = complete_layout(&partial, 1).expect("valid partial");
        println!("{}", done.to_text(Language::En));
    }
}

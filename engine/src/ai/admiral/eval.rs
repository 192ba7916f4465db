//! Static evaluation of a full position (a sampled world) from one side's seat.

use crate::admiral::formation::{can_team, pair_strength};
use crate::admiral::position::{carrier_slot, Position, QUIET_PLY_LIMIT};
use crate::admiral::square::SquareSet;
use crate::admiral::square::{Side, Square};
use crate::admiral::unit::{UnitKind, KINDS};
use crate::ai::score::{decided_score, stranded_score};
use crate::shared::BySide;
use crate::shared::Rules;

pub use crate::ai::score::WIN;
use crate::shared::SetupPosition;

/// What a unit is worth in material. Bases are worth much more than ships: losing the second
/// one loses the game (handled by the terminal score).
pub const fn value(kind: UnitKind) -> f32 {
    match kind {
        UnitKind::Carrier => 10.0,
        UnitKind::Battleship => 15.0,
        UnitKind::Cruiser => 7.0,
        UnitKind::Raider => 8.5,
        UnitKind::Destroyer => 5.0,
        UnitKind::PatrolShip => 2.0,
        UnitKind::TorpedoBoat => 3.5,
        UnitKind::CruiserSubmarine => 6.0,
        UnitKind::Minesweeper => 2.5,
        UnitKind::Submarine => 4.0,
        UnitKind::Aircraft => 11.0,
        UnitKind::Torpedo => 3.5,
        UnitKind::Mine => 2.0,
        UnitKind::StationaryMine => 1.5,
        UnitKind::Fireship => 3.0,
        UnitKind::AtomicBomb => 9.0,
        UnitKind::NavalBase => 45.0,
    }
}

/// The material of a full fleet (347.5, its two bases 90 of it).
const FULL_FLEET_VALUE: f32 = {
    let mut total = 0.0;
    let mut i = 0;
    while i < KINDS {
        let kind = UnitKind::ALL[i];
        total += kind.fleet_count() as f32 * value(kind);
        i += 1;
    }
    total
};

/// Weights of the positional terms.
#[derive(Copy, Clone, Debug)]
pub struct Weights {
    /// Reward per unit of closeness of strikers to enemy bases.
    pub attack_bases: f32,
    /// Penalty per unit of closeness of enemy strikers to own bases.
    pub guard_bases: f32,
    /// Reward for keeping units that can still move: a side left without one loses, so the
    /// last few matter far more than their material (logarithmic in the count).
    pub reserve: f32,
    /// Reward for armed weapons (carrier beside them); for mines, only while the enemy can
    /// still strike a base (see `can_strike_bases`).
    pub armed: f32,
    /// Penalty per open (empty) orthogonal side of an own base: a sealed base can only be hit
    /// from range, an open one by any ship that reaches the gap. Only while the enemy can still
    /// strike a base.
    pub seal: f32,
    /// Reward for the ship nearest to each enemy base, steeply rising as it closes in (1/d):
    /// the pull that turns a lead into a base raid instead of a standoff.
    pub hunt: f32,
    /// Reward per point of strength a scale ship gains from the strongest formation it could
    /// defend in (a cruiser beside another: 18 instead of 7): ships that sail together are
    /// hard to pick off, and strike together.
    pub formation: f32,
    /// The siege of the enemy bases: every scale ship drawn towards the nearest one (the
    /// stronger the ship, the harder), and the nearest minesweeper towards a mine that seals
    /// one, linear across the whole board, and growing as the quiet-ply draw nears and with the
    /// side's lead in material: the drive that turns a lead into a won game instead of a
    /// standoff.
    pub siege: f32,
    /// Trading down: the lead in material counts this much more for every share of both
    /// fleets' material gone. An even trade then raises the side ahead's score and lowers
    /// the other's, as the same lead decides more the less is left to answer it; the side
    /// behind keeps its pieces on the board.
    pub trade: f32,
}

impl Weights {
    /// Material only.
    pub const MATERIAL: Weights = Weights {
        attack_bases: 0.0,
        guard_bases: 0.0,
        reserve: 0.0,
        armed: 0.0,
        seal: 0.0,
        hunt: 0.0,
        formation: 0.0,
        siege: 0.0,
        trade: 0.0,
    };
    /// Level 2: material, and keeping enemies away from its own bases.
    pub const GREEDY: Weights = Weights { guard_bases: 0.8, reserve: 25.0, ..Weights::MATERIAL };
    /// The positional evaluation of levels 3 and 4: level 2's, with the enemy's bases attacked,
    /// the weapons kept armed and its own bases sealed.
    pub const FULL: Weights = Weights { attack_bases: 0.6, armed: 0.8, seal: 1.0, ..Weights::GREEDY };
    /// Level 5's evaluation: more weight on going for the bases and guarding its own.
    pub const ADMIRAL: Weights = Weights {
        attack_bases: 1.2,
        guard_bases: 1.2,
        reserve: 25.0,
        armed: 1.0,
        seal: 2.0,
        hunt: 4.0,
        formation: 0.05,
        siege: 3.0,
        trade: 1.5,
    };
}

/// The evaluation of `position` for `me`: terminal scores, material, and positional terms.
pub fn evaluate(position: &Position, me: Side, weights: &Weights) -> f32 {
    evaluate_anchored(position, me, weights, position.quiet_plies())
}

/// [`evaluate`], with the siege's urgency judged at `quiet_plies` (the count where the decision
/// is taken) instead of the position's own count. The searchers judge every line of their
/// exchanges so: judged at each line's own count, a trade, which restarts the count, also took
/// the urgency away, and with it the worth of every ship's approach to the bases; near the
/// draw an even trade cost the side ahead more than a hundred points, and it refused them and
/// stalled (doc/admiral-ai.md, "A decision traced with `admiral-why`").
pub fn evaluate_anchored(position: &Position, me: Side, weights: &Weights, quiet_plies: u16) -> f32 {
    if let Some(score) = decided_score(position.status(), me) {
        return score;
    }
    // Material and the free movers for the reserve from the unit counts the position keeps,
    // and the bases the positional terms measure against from its immobile units (the
    // evaluation is the search's hot path: a pass over every unit here cost a tenth of it).
    let mut score = 0.0;
    let mut bases = BySide::splat(FewSquares::default());
    let mut movers = BySide::splat(0u32);
    let mut materials = BySide::splat(0.0f32);
    for side in Side::BOTH {
        let mut material = 0.0;
        for kind in UnitKind::ALL {
            let count = position.count(side, kind);
            material += count as f32 * value(kind);
            if !kind.is_immobile() && kind.carrier().is_none() {
                movers[side] += count as u32;
            }
        }
        score += if side == me { material } else { -material };
        materials[side] = material;
        for sq in position.immobile[side].iter() {
            if position.piece_at(sq).is_some_and(|p| p.kind == UnitKind::NavalBase) {
                bases[side].push(sq);
            }
        }
    }
    // A side left with nothing that can ever move (every carrier of its weapons gone) has lost:
    // it will have no legal action on its turn, whatever the side to move does. Without this,
    // level 5 threw its last ship at a marker that could be the enemy's last base or a mine,
    // and lost on the mine (doc/admiral-ai.md, "Endings against nothing").
    if let Some(score) = stranded_score(me, position.to_move(), |side| movers[side] == 0) {
        return score;
    }
    let lead = |side: Side| materials[side] - materials[side.opponent()];
    if weights.trade > 0.0 {
        let gone = 1.0 - (materials[me] + materials[me.opponent()]) / (2.0 * FULL_FLEET_VALUE);
        score += weights.trade * lead(me) * gone;
    }
    if weights.reserve > 0.0 {
        let reserve = |side: Side| (movers[side] as f32 + 1.0).ln();
        score += weights.reserve * (reserve(me) - reserve(me.opponent()));
    }
    if weights.attack_bases > 0.0
        || weights.guard_bases > 0.0
        || weights.armed > 0.0
        || weights.seal > 0.0
        || weights.hunt > 0.0
        || weights.formation > 0.0
        || weights.siege > 0.0
    {
        // Per kind, what closeness to the enemy bases is worth: as a striker, and as a threat
        // the enemy guards its bases against (every mobile unit but mines and the carrier;
        // counted for the unit's side, once per unit, rather than in the enemy's terms).
        let mut approach_worth = [0.0; KINDS];
        for kind in UnitKind::ALL {
            let threat = !kind.is_immobile() && !matches!(kind, UnitKind::Mine | UnitKind::Carrier);
            approach_worth[kind.index()] =
                weights.attack_bases * striker(kind) + if threat { weights.guard_bases * 0.5 } else { 0.0 };
        }
        let quiet = quiet_plies as f32 / QUIET_PLY_LIMIT as f32;
        score += positional(position, me, weights, &bases, &approach_worth, lead(me), quiet)
            - positional(
                position,
                me.opponent(),
                weights,
                &bases,
                &approach_worth,
                lead(me.opponent()),
                quiet,
            );
    }
    score
}

/// One side's positional assets: strikers near enemy bases, own bases kept clear, armed
/// weapons, and its units that threaten the enemy's bases (which cost the enemy as much).
/// `bases` holds each side's bases (by [`Side::index`]); `lead` is the side's material minus
/// the enemy's; `quiet` the share of the quiet-ply draw's count gone. One pass over the side's
/// units serves every term: this is the search's hot path.
fn positional(
    position: &Position,
    side: Side,
    weights: &Weights,
    bases: &BySide<FewSquares>,
    approach_worth: &[f32; KINDS],
    lead: f32,
    quiet: f32,
) -> f32 {
    let enemy = side.opponent();
    let enemy_bases = &bases[enemy];
    let own_bases = &bases[side];
    let mut score = 0.0;
    // Against a fleet that can no longer strike, sealing our bases and keeping our mines
    // armed guard against nothing, and only hold back the ships that can still win.
    let threatened = can_strike_bases(position, enemy);
    if weights.seal > 0.0 && threatened {
        for base in own_bases.iter() {
            score -=
                weights.seal * base.orthogonal().filter(|&n| position.piece_at(n).is_none()).count() as f32;
        }
    }
    // Per enemy base: the nearest hunter (the hunt), and the mines sealing it with the nearest
    // minesweeper to one of them (the siege).
    let mut hunter = [u8::MAX; FewSquares::CAPACITY];
    let mut sweeper = [u8::MAX; FewSquares::CAPACITY];
    let mut sealing = [FewSquares::default(); FewSquares::CAPACITY];
    if weights.siege > 0.0 {
        for (mines, base) in sealing.iter_mut().zip(enemy_bases.iter()) {
            for n in base.orthogonal() {
                if position.piece_at(n).is_some_and(|p| p.side == enemy && p.kind == UnitKind::Mine) {
                    mines.push(n);
                }
            }
        }
    }
    // Where each kind of tethered weapon is armed: next to one of the side's carriers of it
    // (by `carrier_slot`), a few word operations instead of eight squares per weapon.
    let armed_zones = position.carriers[side].map(SquareSet::touching);
    let enemy_spots = Spots::of(enemy_bases);
    // Summed apart from `score`, one addition per unit: a chain of dependent additions was the
    // slowest part of this loop.
    let mut approach = 0.0;
    let mut fleet_pull = 0.0;
    for sq in position.occupied_by(side).iter() {
        let kind = position.piece_at(sq).expect("occupied").kind;
        let worth = approach_worth[kind.index()];
        // The distance to each enemy base, measured once for every term that needs it.
        let to_bases = enemy_spots.distances_from(sq);
        let d = if worth > 0.0 || weights.siege > 0.0 { to_bases.iter().min().copied() } else { None };
        if weights.hunt > 0.0 && HUNTERS[kind.index()] {
            for (closest, &distance) in hunter.iter_mut().zip(&to_bases) {
                *closest = (*closest).min(distance);
            }
        }
        if weights.siege > 0.0 {
            if let (Some(pull), Some(d)) = (PULL[kind.index()], d) {
                fleet_pull += pull * reach(d);
            }
            if kind == UnitKind::Minesweeper {
                for (closest, mines) in sweeper.iter_mut().zip(&sealing) {
                    if let Some(d) = nearest(sq, mines) {
                        *closest = (*closest).min(d);
                    }
                }
            }
        }
        if weights.formation > 0.0 {
            score += weights.formation * pair_gain(position, sq, kind) as f32;
        }
        if let Some(slot) = kind.carrier().and_then(carrier_slot) {
            if armed_zones[slot].contains(sq) && (threatened || kind != UnitKind::Mine) {
                score += weights.armed;
            }
        }
        if let Some(d) = d.filter(|_| worth > 0.0) {
            approach += worth * closeness(d);
        }
    }
    score += approach;
    if weights.hunt > 0.0 {
        for &d in hunter.iter().filter(|&&d| d != u8::MAX) {
            score += weights.hunt / d.max(1) as f32;
        }
    }
    if weights.siege > 0.0 {
        // How far the side has closed in: each scale ship's closeness to the nearest base,
        // weighed by its strength (a battleship [`FLEET_PULL`]), and per base the closeness of
        // the nearest minesweeper to a mine on one of its sides (which only a minesweeper
        // clears and survives). Linear across the whole board, so that every step of a long
        // approach counts, unlike the hunter's 1/d.
        let sweep: f32 = sweeper.iter().filter(|&&d| d != u8::MAX).map(|&d| reach(d)).sum();
        let ahead = (lead / PRESS_LEAD).clamp(0.0, 2.0);
        score += weights.siege * (1.0 + SIEGE_URGENCY * quiet + PRESS * ahead) * (fleet_pull + sweep);
    }
    score
}

/// Whether `side` has anything left that could ever destroy a base: a scale ship, the
/// fireship, or an aircraft with a carrier to fly from (a torpedo needs a torpedo boat, itself a
/// scale ship; a bomb's blast takes a sealed base too). Against a fleet with none, sealing our
/// bases and keeping our mines armed guard against nothing: in drawn arena games against
/// `players/hunter.py`, the enemy down to a carrier and immobile units, level 5 kept its last
/// ships beside its own bases and dragged its mines along until the quiet-ply draw
/// (doc/admiral-ai.md, "Endings against nothing").
fn can_strike_bases(position: &Position, side: Side) -> bool {
    // The position keeps the contact attackers (scale ships and the fireship) as a set.
    let count = |kind| position.count(side, kind);
    !position.contact[side].is_empty() || (count(UnitKind::Aircraft) > 0 && count(UnitKind::Carrier) > 0)
}

/// How much a unit of `kind` counts as a striker against the enemy bases (1 for the strongest).
fn striker(kind: UnitKind) -> f32 {
    match kind {
        UnitKind::Aircraft | UnitKind::Battleship | UnitKind::Raider | UnitKind::Cruiser => 1.0,
        UnitKind::Destroyer | UnitKind::Submarine | UnitKind::CruiserSubmarine | UnitKind::Minesweeper => 0.6,
        UnitKind::PatrolShip | UnitKind::TorpedoBoat | UnitKind::Fireship => 0.3,
        _ => 0.0,
    }
}

/// How much stronger the scale ship of `kind` on `sq` is in the best pair it forms with an
/// orthogonal neighbour than alone (0 when it has no partner). Pairs carry most of what
/// formations give, and looking at four squares keeps the evaluation cheap.
fn pair_gain(position: &Position, sq: Square, kind: UnitKind) -> u8 {
    let Some(alone) = kind.strength().filter(|_| can_team(kind)) else { return 0 };
    let side = position.piece_at(sq).map(|p| p.side);
    let partners = &PAIRS[kind.index()];
    sq.orthogonal()
        .filter_map(|n| position.piece_at(n).filter(|p| Some(p.side) == side))
        .map(|p| partners[p.kind.index()])
        .max()
        .unwrap_or(0)
        .saturating_sub(alone)
}

/// [`pair_strength`] of every two kinds, 0 for none (every pair is stronger): a lookup per
/// neighbour, where the `match` cost a mispredicted jump.
const PAIRS: [[u8; KINDS]; KINDS] = {
    let mut table = [[0; KINDS]; KINDS];
    let mut a = 0;
    while a < KINDS {
        let mut b = 0;
        while b < KINDS {
            if let Some(strength) = pair_strength(UnitKind::ALL[a], UnitKind::ALL[b]) {
                table[a][b] = strength;
            }
            b += 1;
        }
        a += 1;
    }
    table
};

/// How much stronger the siege is at the quiet-ply draw than after an attack. In traced
/// level-5 mirror games without the siege, fleets with a lead of 60 points sat in their own
/// half until the draw; with it (urgency 6, [`FLEET_PULL`] 3), 7 of 8 such games were decided.
const SIEGE_URGENCY: f32 = 6.0;

/// How much harder the siege pulls for a side ahead in material, per [`PRESS_LEAD`] points of
/// lead (counted up to two): a side with the lead presses for the bases at once instead of
/// waiting for the quiet-ply count to drive it. Against `players/cautious.py`, a stand-in that
/// keeps to its half, level 5 drew 15 of 40 arena games without it (3 of them ahead) and 7 of
/// 40 with it (1 ahead; doc/admiral-ai.md).
const PRESS: f32 = 6.0;

/// The lead in material that counts as one step of [`PRESS`] (a naval base is worth 45).
const PRESS_LEAD: f32 = 50.0;

/// What the whole fleet's approach weighs against the minesweeper's (a battleship next to the
/// enemy base counts [`FLEET_PULL`], a minesweeper next to a sealing mine 1).
const FLEET_PULL: f32 = 3.0;

/// Per kind, whether it hunts the enemy bases (scale ships and the fireship; see
/// [`Weights::hunt`]): a lookup in the per-unit loop.
const HUNTERS: [bool; KINDS] = {
    let mut table = [false; KINDS];
    let mut i = 0;
    while i < KINDS {
        let kind = UnitKind::ALL[i];
        table[i] = kind.is_scale_ship() || matches!(kind, UnitKind::Fireship);
        i += 1;
    }
    table
};

/// Per kind with a strength, what its closeness to the nearest enemy base weighs in the siege
/// (a battleship [`FLEET_PULL`]): computed once, in the order the siege always computed it.
const PULL: [Option<f32>; KINDS] = {
    let mut table = [None; KINDS];
    let mut i = 0;
    while i < KINDS {
        if let Some(strength) = UnitKind::ALL[i].strength() {
            table[i] = Some(FLEET_PULL * strength as f32 / 15.0);
        }
        i += 1;
    }
    table
};

/// 1 next to the target, falling to 0 across the whole board (27 squares).
fn reach(distance: u8) -> f32 {
    REACH[distance.min(27) as usize]
}

/// [`reach`] and [`closeness`] by distance, computed once: a division per unit was the
/// slowest step of the evaluation.
const REACH: [f32; 28] = falloff(27.0, 26.0);
const CLOSENESS: [f32; 15] = falloff(14.0, 13.0);

const fn falloff<const N: usize>(far: f32, scale: f32) -> [f32; N] {
    let mut table = [0.0; N];
    let mut d = 0;
    while d < N {
        table[d] = (far - d as f32) / scale;
        d += 1;
    }
    table
}

fn nearest(from: Square, targets: &FewSquares) -> Option<u8> {
    targets.iter().map(|t| from.distance(t)).min()
}

/// At most [`FewSquares::CAPACITY`] squares, kept on the stack: a side's bases (two in a real game), or
/// the mines around one base. The evaluation runs millions of times per decision; a `Vec`
/// per call cost a tenth of the search's time.
#[derive(Copy, Clone, Default)]
struct FewSquares {
    at: [Option<Square>; FewSquares::CAPACITY],
    len: usize,
}

impl FewSquares {
    /// Squares beyond this many are not counted (only hand-made positions have them).
    const CAPACITY: usize = 4;

    fn push(&mut self, sq: Square) {
        if let Some(slot) = self.at.get_mut(self.len) {
            *slot = Some(sq);
            self.len += 1;
        }
    }

    fn iter(&self) -> impl Iterator<Item = Square> + '_ {
        self.at.iter().flatten().copied()
    }
}

/// A [`FewSquares`] as columns and rows, taken apart once for the distances measured from every
/// unit (each `Square::col` and `Square::row` is a division).
#[derive(Copy, Clone, Default)]
struct Spots {
    at: [(u8, u8); FewSquares::CAPACITY],
    len: usize,
}

impl Spots {
    fn of(squares: &FewSquares) -> Spots {
        let mut spots = Spots::default();
        for sq in squares.iter() {
            spots.at[spots.len] = (sq.col(), sq.row());
            spots.len += 1;
        }
        spots
    }

    /// The distance from `from` to each spot, in order (as `Square::distance` measures it).
    fn distances_from(&self, from: Square) -> Distances {
        let (col, row) = (from.col(), from.row());
        let mut distances = Distances { at: [0; FewSquares::CAPACITY], len: self.len };
        for (distance, &(c, r)) in distances.at.iter_mut().zip(&self.at[..self.len]) {
            *distance = col.abs_diff(c) + row.abs_diff(r);
        }
        distances
    }
}

/// The distances from one square to each of a [`FewSquares`], in order, on the stack.
#[derive(Copy, Clone)]
struct Distances {
    at: [u8; FewSquares::CAPACITY],
    len: usize,
}

impl Distances {
    fn iter(&self) -> std::slice::Iter<'_, u8> {
        self.at[..self.len].iter()
    }
}

impl<'a> IntoIterator for &'a Distances {
    type Item = &'a u8;
    type IntoIter = std::slice::Iter<'a, u8>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// 1 next to the target, falling to 0 at 14 squares away.
fn closeness(distance: u8) -> f32 {
    CLOSENESS[distance.min(14) as usize]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::testing::admiral::position as pos;

    /// The positions of `common` units plus each of `variants`.
    fn variants<const N: usize>(common: &str, variants: [&str; N]) -> [Position; N] {
        variants.map(|units| pos(&format!("{common} {units}")))
    }

    #[test]
    fn ships_in_formation_are_worth_more_than_the_same_ships_apart() {
        let bases = "a1:NB n1:NB a15:nb n15:nb g12:cr";
        let [together, apart, mixed] =
            variants(bases, ["e5:CR e6:CR h5:DD", "e5:CR g6:CR h5:DD", "e5:CR e6:DD h5:CR"]);
        // Without the siege, which also moves with the cruiser.
        let w = Weights { siege: 0.0, ..Weights::ADMIRAL };
        let (t, a, m) = (
            evaluate(&together, Side::South, &w),
            evaluate(&apart, Side::South, &w),
            evaluate(&mixed, Side::South, &w),
        );
        // Two cruisers side by side defend at 18 instead of 7 each: 11 points each.
        assert!((t - a - 2.0 * 11.0 * w.formation).abs() < 0.3, "{t} {a}");
        assert!(m < t, "a cruiser and a destroyer form no pair: {m} {t}");
        assert_eq!(pair_gain(&together, "e5".parse().unwrap(), UnitKind::Cruiser), 11);
        assert_eq!(pair_gain(&mixed, "e5".parse().unwrap(), UnitKind::Cruiser), 0);
    }

    #[test]
    fn the_siege_pulls_ships_and_sweepers_towards_the_enemy_bases_harder_as_the_draw_nears() {
        // Material even (North 3 points ahead), so that no lead presses (see the next test).
        let bases = "a1:NB b1:NB a2:MN b2:DD n15:nb m15:nb n14:mn l15:mn a15:bb b15:rd";
        let [far, near, sweeper_near] = variants(bases, ["c3:BB d3:MS", "k10:BB h14:MS", "c3:BB k14:MS"]);
        let w = Weights { siege: 1.0, ..Weights::MATERIAL };
        let gain = |a: &Position, b: &Position, quiet: u16| {
            let (mut a, mut b) = (a.clone(), b.clone());
            a.set_quiet_plies(quiet);
            b.set_quiet_plies(quiet);
            evaluate(&a, Side::South, &w) - evaluate(&b, Side::South, &w)
        };
        assert!(gain(&near, &far, 0) > 0.5, "{}", gain(&near, &far, 0));
        assert!(gain(&sweeper_near, &far, 0) > 0.5, "a sweeper next to a sealing mine");
        assert!(gain(&near, &far, 180) > 3.0 * gain(&near, &far, 0), "the pull grows as the draw nears");
        let nothing = Weights::MATERIAL;
        assert_eq!(evaluate(&near, Side::South, &nothing), evaluate(&far, Side::South, &nothing));
    }

    #[test]
    fn anchored_the_siege_is_judged_at_the_decisions_count_whatever_the_lines_own() {
        let [near] =
            variants("a1:NB b1:NB a2:MN b2:DD n15:nb m15:nb n14:mn l15:mn a15:bb b15:rd", ["k10:BB"]);
        let w = Weights::ADMIRAL;
        let (mut late, mut reset) = (near.clone(), near.clone());
        late.set_quiet_plies(170);
        reset.set_quiet_plies(0);
        // A trade restarts the line's count; anchored at 170, the urgency stays.
        assert_eq!(evaluate_anchored(&reset, Side::South, &w, 170), evaluate(&late, Side::South, &w));
        assert_eq!(evaluate_anchored(&late, Side::South, &w, 0), evaluate(&reset, Side::South, &w));
        assert!(evaluate(&late, Side::South, &w) > evaluate(&reset, Side::South, &w) + 1.0);
    }

    #[test]
    fn an_even_trade_is_worth_making_for_the_side_ahead_and_not_for_the_side_behind() {
        // South two battleships (30 points) ahead; a cruiser each, far from everything, and a
        // destroyer each that stays (a side left without movers has lost).
        let bases = "a1:NB b1:NB n15:nb m15:nb e1:DD k14:dd c3:BB d3:BB";
        let [before, traded] = variants(bases, ["g5:CR g10:cr", ""]);
        let w = Weights { trade: 1.0, ..Weights::MATERIAL };
        let gain = |side: Side| evaluate(&traded, side, &w) - evaluate(&before, side, &w);
        // The lead, 30, times the share of both full fleets the two cruisers were: 14 of 695.
        let expected = 30.0 * 14.0 / (2.0 * FULL_FLEET_VALUE);
        assert!((gain(Side::South) - expected).abs() < 1e-3, "{} against {expected}", gain(Side::South));
        assert!((gain(Side::North) + expected).abs() < 1e-3, "the side behind loses as much");
        // Material alone is indifferent to it; at even material the trade changes nothing.
        let plain = Weights::MATERIAL;
        assert_eq!(evaluate(&traded, Side::South, &plain), evaluate(&before, Side::South, &plain));
        let [even, even_traded] = variants("a1:NB b1:NB n15:nb m15:nb e1:DD k14:dd", ["g5:CR g10:cr", ""]);
        assert_eq!(evaluate(&even, Side::South, &w), evaluate(&even_traded, Side::South, &w));
        assert_eq!(FULL_FLEET_VALUE, 347.5);
    }

    #[test]
    fn the_siege_pulls_harder_for_the_side_ahead_in_material() {
        // North ahead by 5.5 points: no lead presses South here.
        let bases = "a1:NB b1:NB a2:MN b2:DD n15:nb m15:nb n14:mn l15:mn a15:bb b15:rd";
        // The same approach of a battleship, with two more South battleships and a raider
        // standing far back (South ahead by 33 points), or five more (by 108).
        let [far, near, far_ahead, near_ahead, far_far_ahead, near_far_ahead] = variants(
            bases,
            [
                "c3:BB",
                "k10:BB",
                "c3:BB e1:BB f1:BB g1:RD",
                "k10:BB e1:BB f1:BB g1:RD",
                "c3:BB e1:BB f1:BB g1:RD h1:BB i1:BB j1:BB k1:BB h2:BB",
                "k10:BB e1:BB f1:BB g1:RD h1:BB i1:BB j1:BB k1:BB h2:BB",
            ],
        );
        let w = Weights { siege: 1.0, ..Weights::MATERIAL };
        let gain = |a: &Position, b: &Position| evaluate(a, Side::South, &w) - evaluate(b, Side::South, &w);
        let (level, ahead, far_ahead) =
            (gain(&near, &far), gain(&near_ahead, &far_ahead), gain(&near_far_ahead, &far_far_ahead));
        assert!(level > 0.5, "{level}");
        assert!(ahead > 1.5 * level, "a lead presses: {ahead} against {level}");
        assert!(far_ahead > ahead, "a bigger lead presses harder: {far_ahead} against {ahead}");
        // The press is capped: a lead beyond two steps pulls no harder.
        assert!(far_ahead <= level * (1.0 + 2.0 * PRESS) * 1.001, "{far_ahead} against {level}");
    }

    #[test]
    fn bases_are_sealed_and_mines_kept_armed_only_against_a_fleet_that_can_still_strike() {
        // What a destroyer is worth beside our base (sealing it) or beside our mine (arming
        // it), against a step away, with North keeping the given units.
        let gain = |weights: Weights, beside: &str, away: &str, north: &str| {
            let [beside, away] = variants(&format!("a1:NB a2:MN n15:nb {north}"), [beside, away]);
            evaluate(&beside, Side::South, &weights) - evaluate(&away, Side::South, &weights)
        };
        let seal = |north: &str| gain(Weights { seal: 2.0, ..Weights::MATERIAL }, "b1:DD", "c1:DD", north);
        let armed = |north: &str| {
            gain(Weights { armed: 1.0, ..Weights::MATERIAL }, "f8:DD g7:MN", "f8:DD g5:MN", north)
        };
        for striker in ["h9:ps", "h9:ms", "h9:fs", "h9:cv h10:ac"] {
            assert_eq!(seal(striker), 2.0, "{striker} can still strike the base");
            assert_eq!(armed(striker), 1.0, "{striker} can still strike the base");
        }
        // A carrier alone, its aircraft lost; a mine or a torpedo without its carrier; a bomb
        // (whose blast takes a sealed base as well).
        for harmless in ["h9:cv", "h9:cv h12:mn", "h9:tp", "h9:ab"] {
            assert_eq!(seal(harmless), 0.0, "{harmless} cannot strike the base");
            assert_eq!(armed(harmless), 0.0, "{harmless} cannot strike the base");
        }
    }

    #[test]
    fn a_side_left_with_nothing_that_moves_has_lost() {
        // South's destroyer gone, its mine cannot move: lost before its turn comes, whoever
        // evaluates; North to move still has its carrier.
        let mut stranded = pos("a1:NB a2:MN n15:nb m15:mn h9:cv");
        stranded.set_to_move(Side::North);
        assert_eq!(evaluate(&stranded, Side::South, &Weights::ADMIRAL), -WIN);
        assert_eq!(evaluate(&stranded, Side::North, &Weights::MATERIAL), WIN);
        // With the destroyer, nothing is decided.
        let mut afloat = pos("a1:NB a2:MN b2:DD n15:nb m15:mn h9:cv");
        afloat.set_to_move(Side::North);
        assert!(evaluate(&afloat, Side::South, &Weights::ADMIRAL).abs() < WIN / 2.0);
    }
}

//! The evaluation of a full (sampled) position: material, a reserve of movers (a side that
//! cannot move loses), advance, the pull towards the enemy flag, and (levels 4 and 5) the
//! miners' race for the flags.

use crate::ai::score::{decided_score, stranded_score};
use crate::shared::BySide;
use crate::shared::Rules;
use crate::shared::Side;
use crate::stratego::board::SqSet;
use crate::stratego::piece::{Rank, RANKS};
use crate::stratego::position::Position;

pub use crate::ai::score::WIN;
use crate::shared::SetupPosition;
/// What a piece is worth in material (the flag's worth is the game itself).
pub const fn value(rank: Rank) -> f32 {
    match rank {
        Rank::Spy => 3.0,
        Rank::Scout => 1.0,
        Rank::Miner => 2.2,
        Rank::Sergeant => 1.2,
        Rank::Lieutenant => 1.8,
        Rank::Captain => 2.6,
        Rank::Major => 3.6,
        Rank::Colonel => 5.0,
        Rank::General => 7.0,
        Rank::Marshal => 9.0,
        Rank::Bomb => 0.8,
        Rank::Flag => 0.0,
    }
}

/// Weights of the evaluation's positional terms.
#[derive(Copy, Clone, Debug)]
pub struct Weights {
    /// Reward for keeping pieces that can move (a side that cannot move loses), logarithmic.
    pub reserve: f32,
    /// Reward per piece for being far forward.
    pub advance: f32,
    /// Reward for own pieces near the enemy flag, penalty for enemy pieces near one's own.
    pub flag: f32,
    /// The same for pieces within three squares of a flag (miners twice): the breach that
    /// decides most games between AIs, where every other piece has died on the bombs.
    pub breach: f32,
    /// Reward for one's miners' threat to the enemy flag, counted in moves along the squares
    /// they could walk (see the private `race` module).
    pub race: f32,
    /// Penalty for the enemy miners' threat to one's own flag, counted the same way: the
    /// defence, which draws pieces that beat miners across their paths.
    pub defence: f32,
}

impl Weights {
    /// Material only, plus the reserve.
    pub const GREEDY: Weights =
        Weights { reserve: 6.0, advance: 0.3, flag: 0.0, breach: 0.0, race: 0.0, defence: 0.0 };
    /// Level 5; levels 3 and 4 weigh the race and the defence less. The miners' race at 8 took
    /// what was level 3 from 0.465 (200 arena games, seed 2026) to 0.723 and 0.743 (seeds 2026
    /// and 7) against level 2 over 12 worlds; at 24, level 5 scored 0.670 against level 4 where
    /// it scored 0.650 at 16 (seed 2026, 200 games each).
    pub const FULL: Weights =
        Weights { reserve: 6.0, advance: 0.2, flag: 0.5, breach: 1.0, race: 24.0, defence: 24.0 };
}

/// The evaluation of a full position for `me`.
pub fn evaluate(position: &Position, me: Side, weights: &Weights) -> f32 {
    if let Some(score) = decided_score(position.status(), me) {
        return score;
    }
    if let Some(score) = stranded_score(me, position.to_move(), |side| position.mobile_of(side).is_empty()) {
        return score;
    }
    evaluate_material(position, me, weights)
}

/// Each side's pieces by rank ([`Rank::index`]), gathered in the evaluation's one pass over the
/// board and read by the terms after it (the miners' race reads miners, spies and scouts).
pub(super) type Army = BySide<[SqSet; RANKS]>;

/// [`value`] by [`Rank::index`]: a lookup, where the `match` compiled to a jump per piece.
const VALUES: [f32; RANKS] = {
    let mut table = [0.0; RANKS];
    let mut i = 0;
    while i < RANKS {
        table[i] = value(Rank::ALL[i]);
        i += 1;
    }
    table
};

/// How close a piece is to the enemy flag, by distance: 1 on it, falling to 0 at 18 squares
/// (a table: a division per piece was a good part of the evaluation).
const CLOSENESS: [f32; 19] = {
    let mut table = [0.0; 19];
    let mut d = 0;
    while d < table.len() {
        table[d] = (18 - d) as f32 / 18.0;
        d += 1;
    }
    table
};

/// The evaluation without the terminal test (the caller knows the game goes on).
///
/// Every term adds up its pieces in square order, as it always has: the same sums to the last
/// bit, so that speeding the evaluation up changes no decision.
fn evaluate_material(position: &Position, me: Side, weights: &Weights) -> f32 {
    // What a piece of each rank is worth to each side: a spy only kills a marshal.
    let mut values = BySide::splat(VALUES);
    for side in Side::BOTH {
        if position.count(side.opponent(), Rank::Marshal) == 0 {
            values[side][Rank::Spy.index()] = 0.5;
        }
    }
    // The advance of a piece by its row counted from its side, computed once per row.
    let advance: [f32; 10] = std::array::from_fn(|row| weights.advance * row as f32 / 9.0);
    let mut score = 0.0;
    let mut army: Army = BySide::splat([SqSet::EMPTY; RANKS]);
    let occupied = position.occupied_by(Side::South).or(position.occupied_by(Side::North));
    for sq in occupied.iter() {
        let Some(piece) = position.piece_at(sq) else { continue };
        army[piece.side][piece.kind.index()].insert(sq);
        let mut v = values[piece.side][piece.kind.index()];
        if weights.advance > 0.0 && !piece.kind.is_immobile() && piece.kind != Rank::Spy {
            v += advance[usize::from(sq.rank_from(piece.side))];
        }
        score += if piece.side == me { v } else { -v };
    }
    // The last flag in square order, should a hand-made position hold several.
    let flag = |side: Side| army[side][Rank::Flag.index()].iter().last();
    if weights.reserve > 0.0 {
        let movers = |side: Side| (position.mobile_of(side).len() as f32 + 1.0).ln();
        score += weights.reserve * (movers(me) - movers(me.opponent()));
    }
    for side in Side::BOTH {
        // Our miners' threat counts for us, the enemy's against us.
        let weight = if side == me { weights.race } else { -weights.defence };
        let Some(flag) = flag(side.opponent()) else { continue };
        if weight != 0.0 {
            score += super::race::threat_in(position, &army, side, flag) * weight;
        }
    }
    if weights.flag > 0.0 || weights.breach > 0.0 {
        for side in Side::BOTH {
            let Some(flag) = flag(side.opponent()) else { continue };
            let miners = army[side][Rank::Miner.index()];
            // Every mobile piece is drawn towards the enemy flag; the last few squares count most.
            let near: f32 = position
                .mobile_of(side)
                .iter()
                .map(|sq| {
                    let distance = sq.distance(flag);
                    let closeness = CLOSENESS[usize::from(distance.min(18))];
                    let mut near = weights.flag * closeness * closeness;
                    if distance <= 3 && weights.breach > 0.0 {
                        let miner = miners.contains(sq);
                        near += weights.breach * (4 - distance) as f32 / 3.0 * if miner { 2.0 } else { 1.0 };
                    }
                    near
                })
                .sum();
            score += if side == me { near } else { -near };
        }
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::testing::stratego::sq;
    use crate::stratego::piece::Piece;

    /// Both flags walled in by bombs, a South miner on `south` walking towards North's flag and
    /// a North miner on `north` towards South's.
    fn miners(south: &str, north: &str) -> Position {
        let mut position = Position::empty(Side::South);
        let put = |position: &mut Position, square: &str, side, rank| {
            position.put(sq(square), Piece::new(side, rank));
        };
        for (square, rank) in [("a1", Rank::Flag), ("b1", Rank::Bomb), ("a2", Rank::Bomb)] {
            put(&mut position, square, Side::South, rank);
        }
        for (square, rank) in [("j10", Rank::Flag), ("i10", Rank::Bomb), ("j9", Rank::Bomb)] {
            put(&mut position, square, Side::North, rank);
        }
        put(&mut position, south, Side::South, Rank::Miner);
        put(&mut position, north, Side::North, Rank::Miner);
        position
    }

    #[test]
    fn the_race_counts_our_miners_and_the_defence_the_enemys() {
        let none = Weights { race: 0.0, defence: 0.0, ..Weights::FULL };
        let race = Weights { race: 1.0, ..none };
        let defence = Weights { defence: 1.0, ..none };
        // What the term weighted by `weights` adds to South's evaluation.
        let term = |position: &Position, weights: &Weights| {
            evaluate(position, Side::South, weights) - evaluate(position, Side::South, &none)
        };
        // Our miner nearer North's flag: the race rewards it, the defence does not see it.
        let (ours_near, ours_far) = (miners("j6", "a5"), miners("h3", "a5"));
        assert!(term(&ours_near, &race) > term(&ours_far, &race));
        assert!(term(&ours_far, &race) > 0.0);
        assert!((term(&ours_near, &defence) - term(&ours_far, &defence)).abs() < 1e-4);
        // North's miner nearer our flag: only the defence minds.
        let theirs_far = miners("j6", "e9");
        assert!(term(&ours_near, &defence) < term(&theirs_far, &defence));
        assert!(term(&theirs_far, &defence) <= 0.0);
        assert!((term(&ours_near, &race) - term(&theirs_far, &race)).abs() < 1e-4);
    }
}

//! The evaluation of a full (sampled) position: material, a reserve of movers (a side that
//! cannot move loses), advance, the pull towards the enemy flag, and (levels 4 and 5) the
//! miners' race for the flags.

use crate::ai::score::decided_score;
use crate::shared::BySide;
use crate::shared::Side;
use crate::stratego::board::Sq;
use crate::stratego::piece::Rank;
use crate::stratego::position::Position;

pub use crate::ai::score::WIN;
/// What a piece is worth in material (the flag's worth is the game itself).
pub fn value(rank: Rank) -> f32 {
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
    // A side without movers has lost, though the referee only says so on its turn (when both
    // have none, the side to move is the one stuck).
    let stuck = |side: Side| position.mobile_of(side).is_empty();
    match (stuck(me), stuck(me.opponent())) {
        (true, true) if position.to_move() == me => return -WIN,
        (true, true) => return WIN,
        (true, false) => return -WIN,
        (false, true) => return WIN,
        (false, false) => {}
    }
    evaluate_material(position, me, weights)
}

/// The evaluation without the terminal test (the caller knows the game goes on).
fn evaluate_material(position: &Position, me: Side, weights: &Weights) -> f32 {
    let mut score = 0.0;
    let mut flags: BySide<Option<Sq>> = BySide::splat(None);
    for (sq, piece) in position.pieces() {
        let mut v = value(piece.rank);
        if piece.rank == Rank::Spy && position.count(piece.side.opponent(), Rank::Marshal) == 0 {
            v = 0.5;
        }
        if piece.rank == Rank::Flag {
            flags[piece.side] = Some(sq);
        }
        if weights.advance > 0.0 && !piece.rank.is_immobile() && piece.rank != Rank::Spy {
            v += weights.advance * sq.rank_from(piece.side) as f32 / 9.0;
        }
        score += if piece.side == me { v } else { -v };
    }
    if weights.reserve > 0.0 {
        let movers = |side: Side| (position.mobile_of(side).len() as f32 + 1.0).ln();
        score += weights.reserve * (movers(me) - movers(me.opponent()));
    }
    for side in Side::BOTH {
        // Our miners' threat counts for us, the enemy's against us.
        let weight = if side == me { weights.race } else { -weights.defence };
        let Some(flag) = flags[side.opponent()] else { continue };
        if weight != 0.0 {
            score += super::race::threat(position, side, flag) * weight;
        }
    }
    if weights.flag > 0.0 || weights.breach > 0.0 {
        for side in Side::BOTH {
            let Some(flag) = flags[side.opponent()] else { continue };
            // Every mobile piece is drawn towards the enemy flag; the last few squares count most.
            let near: f32 = position
                .mobile_of(side)
                .iter()
                .map(|sq| {
                    let distance = sq.distance(flag);
                    let closeness = (18 - distance.min(18)) as f32 / 18.0;
                    let mut near = weights.flag * closeness * closeness;
                    if distance <= 3 && weights.breach > 0.0 {
                        let miner = position.piece_at(sq).is_some_and(|p| p.rank == Rank::Miner);
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
    use crate::stratego::piece::Piece;

    /// Both flags walled in by bombs, a South miner on `south` walking towards North's flag and
    /// a North miner on `north` towards South's.
    fn miners(south: &str, north: &str) -> Position {
        let mut position = Position::empty(Side::South);
        let put = |position: &mut Position, sq: &str, side, rank| {
            position.put(Sq::parse(sq).unwrap(), Piece::new(side, rank));
        };
        for (sq, rank) in [("a1", Rank::Flag), ("b1", Rank::Bomb), ("a2", Rank::Bomb)] {
            put(&mut position, sq, Side::South, rank);
        }
        for (sq, rank) in [("j10", Rank::Flag), ("i10", Rank::Bomb), ("j9", Rank::Bomb)] {
            put(&mut position, sq, Side::North, rank);
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

//! The miners' race: how close each side's miners are to taking the enemy flag, counted in
//! moves along the squares they could really walk.
//!
//! Between AIs most games end with a flag walled in by bombs and taken by a miner, and the
//! one-move search with its exchange of attacks sees a miner only once it stands at the wall.
//! Counting a miner's path in moves gives every step of a walk (and every step that blocks
//! one) a value: a miner may cross empty squares, enemy bombs, the flag and the enemy's scouts
//! and spy (which it beats), but not the squares next to an enemy piece that beats it, where
//! it would be struck. A defender that steps into a miner's way cuts its path, so the same
//! count draws defenders across intruders' paths.

use super::eval::Army;
use crate::shared::SetupPosition;
use crate::shared::{BySide, Side};
use crate::stratego::board::{Sq, SqSet};
use crate::stratego::piece::{Rank, RANKS};
use crate::stratego::position::Position;

/// Moves beyond which a miner's path counts for nothing.
const HORIZON: u8 = 16;

/// How much each move further away lowers a miner's threat.
const DECAY: f32 = 0.8;

/// What the nearest miner and the second nearest count for.
const SHARES: [f32; 2] = [1.0, 0.5];

/// The threat `side`'s miners pose to the enemy flag on `flag`: the nearest miner counts 1 when
/// it needs one move, [`DECAY`] times less per move more, and the second nearest half as much
/// ([`SHARES`]).
pub fn threat(position: &Position, side: Side, flag: Sq) -> f32 {
    let mut army: Army = BySide::splat([SqSet::EMPTY; RANKS]);
    for owner in Side::BOTH {
        for sq in position.occupied_by(owner).iter() {
            if let Some(piece) = position.piece_at(sq) {
                army[owner][piece.kind.index()].insert(sq);
            }
        }
    }
    threat_in(position, &army, side, flag)
}

/// [`threat`] with each side's pieces by rank already gathered, as the evaluation's one pass
/// over the board gathers them.
pub(super) fn threat_in(position: &Position, army: &Army, side: Side, flag: Sq) -> f32 {
    let miners = army[side][Rank::Miner.index()];
    if miners.is_empty() {
        return 0.0;
    }
    let enemy = side.opponent();
    // The enemy's movers a miner cannot walk through (every rank from the miner up), and those
    // that would strike it (above the miner).
    let weak = army[enemy][Rank::Spy.index()].or(army[enemy][Rank::Scout.index()]);
    let blockers = position.mobile_of(enemy).without(weak);
    let strikers = blockers.without(army[enemy][Rank::Miner.index()]);
    let own_fixed = position.occupied_by(side).without(position.mobile_of(side));
    let mut target = SqSet::EMPTY;
    target.insert(flag);
    let passable =
        SqSet::LAND.without(own_fixed).without(blockers).without(strikers.spread()).or(miners).or(target);
    let mut reached = target;
    let mut threat = 0.0;
    let mut counted = 0;
    for moves in 1..=HORIZON {
        let next = reached.spread().and(passable);
        if next == reached {
            break;
        }
        let arrived = next.without(reached).and(miners).len();
        for _ in 0..arrived.min(SHARES.len() - counted) {
            threat += SHARES[counted] * DECAY.powi(i32::from(moves) - 1);
            counted += 1;
        }
        if counted == SHARES.len() {
            break;
        }
        reached = next;
    }
    threat
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::testing::stratego::sq;
    use crate::shared::Rules;
    use crate::stratego::piece::Piece;

    /// North's flag on a10 walled in by bombs on b10 and a9, a South miner on `miner`.
    fn walled(miner: &str) -> Position {
        let mut position = Position::empty(Side::South);
        position.put(sq("a10"), Piece::new(Side::North, Rank::Flag));
        position.put(sq("b10"), Piece::new(Side::North, Rank::Bomb));
        position.put(sq("a9"), Piece::new(Side::North, Rank::Bomb));
        position.put(sq("j10"), Piece::new(Side::North, Rank::Scout));
        position.put(sq(miner), Piece::new(Side::South, Rank::Miner));
        position.put(sq("j1"), Piece::new(Side::South, Rank::Flag));
        position
    }

    #[test]
    fn a_miner_counts_its_moves_through_the_bomb_wall() {
        // a7 → a8 → a9 (the bomb) → a10 (the flag): three moves.
        let three = threat(&walled("a7"), Side::South, sq("a10"));
        assert!((three - DECAY * DECAY).abs() < 1e-6, "{three}");
        let one_more = threat(&walled("a6"), Side::South, sq("a10"));
        assert!((one_more - DECAY.powi(3)).abs() < 1e-6, "{one_more}");
    }

    #[test]
    fn a_piece_that_beats_miners_cuts_the_path_beside_it() {
        let open = threat(&walled("a6"), Side::South, sq("a10"));
        let mut guarded = walled("a6");
        // A North sergeant on b9 strikes a9 and b10, the only ways in.
        guarded.put(sq("b9"), Piece::new(Side::North, Rank::Sergeant));
        let cut = threat(&guarded, Side::South, sq("a10"));
        assert!(cut < open, "{cut} < {open}");
        assert_eq!(cut, 0.0);
    }

    #[test]
    fn lakes_and_own_bombs_are_walked_around() {
        let mut position = walled("c4");
        // Straight up column c runs into the lake at c5: around it by b or e.
        let around = threat(&position, Side::South, sq("a10"));
        position.put(sq("b4"), Piece::new(Side::South, Rank::Bomb));
        let longer = threat(&position, Side::South, sq("a10"));
        assert!(longer < around, "{longer} < {around}");
        assert!(around > 0.0);
    }

    #[test]
    fn no_miner_no_threat() {
        let mut position = walled("a7");
        position.remove(sq("a7"));
        assert_eq!(threat(&position, Side::South, sq("a10")), 0.0);
    }
}

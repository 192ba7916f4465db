//! What one side can know from the public events of a Stratego game: the identities both
//! sides have revealed, which pieces have moved, and how each enemy piece has behaved towards
//! the side's identified pieces.

use super::board::{Sq, SqSet, SQUARES};
use super::event::Event;
use super::piece::Rank;
use super::view::Conduct;
use crate::shared::{Side, SideMemory};

/// What is public about one side's pieces: the last revealed identity on each square, carried
/// along as pieces move, and which pieces have moved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Dossier {
    pub(crate) identity: [Option<Rank>; SQUARES],
    pub(crate) moved: SqSet,
    /// How many times each piece has moved or struck, up to [`RESTLESS_MOVES`].
    moves: MoveCounts,
}

/// A count per square from 0 to 3, in two bit sets (a byte per square would make every game's
/// memory half as big again).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
struct MoveCounts([SqSet; 2]);

impl MoveCounts {
    /// The count on `sq`.
    fn get(&self, sq: Sq) -> u8 {
        u8::from(self.0[0].contains(sq)) | u8::from(self.0[1].contains(sq)) << 1
    }

    /// Sets the count on `sq` to `count`, at most 3.
    fn set(&mut self, sq: Sq, count: u8) {
        let count = count.min(3);
        for (bit, set) in self.0.iter_mut().enumerate() {
            if count >> bit & 1 == 1 {
                set.insert(sq);
            } else {
                set.remove(sq);
            }
        }
    }

    /// The count on `sq`, which is set to 0.
    fn take(&mut self, sq: Sq) -> u8 {
        let count = self.get(sq);
        self.set(sq, 0);
        count
    }
}

/// A piece that has moved or struck this many times is restless (see
/// [`Recollection::restless`](super::view::Recollection::restless)); at most 3.
pub const RESTLESS_MOVES: u8 = 3;

impl Dossier {
    pub(crate) fn new() -> Dossier {
        Dossier { identity: [None; SQUARES], moved: SqSet::EMPTY, moves: MoveCounts::default() }
    }

    /// Forgets whatever stood on `sq`.
    pub(crate) fn forget(&mut self, sq: Sq) {
        self.identity[sq.index()] = None;
        self.moved.remove(sq);
        self.moves.set(sq, 0);
    }

    /// The pieces that have moved or struck at least [`RESTLESS_MOVES`] times.
    pub(crate) fn restless(&self) -> impl Iterator<Item = Sq> + '_ {
        self.moved.iter().filter(|sq| self.moves.get(*sq) >= RESTLESS_MOVES)
    }

    /// Learns from one public event about the pieces of `owner`.
    pub(crate) fn learn(&mut self, owner: Side, event: &Event) {
        match *event {
            Event::Moved { side, from, to, .. } if side == owner => {
                let known = self.identity[from.index()].take();
                // Only a scout goes further than one square.
                self.identity[to.index()] = if from.distance(to) > 1 { Some(Rank::Scout) } else { known };
                self.moved.remove(from);
                self.moved.insert(to);
                let moves = self.moves.take(from);
                self.moves.set(to, moves + 1);
            }
            Event::Attacked { side, attacker, defender, winner } => {
                if side == owner {
                    let moves = self.moves.get(attacker.square) + 1;
                    self.forget(attacker.square);
                    if winner == Some(owner) {
                        self.identity[defender.square.index()] = Some(attacker.rank);
                        self.moved.insert(defender.square);
                        self.moves.set(defender.square, moves);
                    }
                } else if winner == Some(owner) {
                    self.identity[defender.square.index()] = Some(defender.rank);
                }
            }
            Event::Destroyed { side, square, .. } if side == owner => self.forget(square),
            _ => {}
        }
    }
}

/// What one side remembers: the enemy's revealed pieces, what the enemy knows of its own, and
/// the conduct of every enemy piece. Built only from events that side saw, all of them public.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Memory {
    /// The enemy's pieces.
    pub(crate) enemy: Dossier,
    /// The side's own pieces as the enemy knows them.
    pub(crate) own: Dossier,
    /// For each enemy piece: the strongest identified own piece it stepped next to.
    approached: [Option<Rank>; SQUARES],
    /// For each enemy piece: the weakest identified own piece it stepped away from.
    fled: [Option<Rank>; SQUARES],
}

impl SideMemory<Event> for Memory {
    type Kind = Rank;

    fn identify(&mut self, index: usize, kind: Rank) {
        self.enemy.identity[index] = Some(kind);
    }

    fn new() -> Memory {
        Memory {
            enemy: Dossier::new(),
            own: Dossier::new(),
            approached: [None; SQUARES],
            fled: [None; SQUARES],
        }
    }

    /// Learns from one public event (as `viewer` saw it).
    fn learn(&mut self, viewer: Side, event: &Event) {
        let enemy = viewer.opponent();
        match *event {
            Event::Moved { side, from, to, .. } if side == enemy => self.observe(from, to),
            Event::Attacked { side, attacker, defender, winner } if side == enemy => {
                let (approached, fled) = self.take_conduct(attacker.square);
                if winner == Some(enemy) {
                    self.approached[defender.square.index()] = approached;
                    self.fled[defender.square.index()] = fled;
                }
            }
            Event::Destroyed { side, square, .. } if side == enemy => {
                self.take_conduct(square);
            }
            _ => {}
        }
        self.enemy.learn(enemy, event);
        self.own.learn(viewer, event);
    }
}

impl Memory {
    /// Forgets the enemy piece on `sq` (it is gone).
    pub(crate) fn forget_enemy(&mut self, sq: Sq) {
        self.enemy.forget(sq);
        self.take_conduct(sq);
    }

    /// The squares of the side's own pieces whose identity the enemy has seen.
    pub(crate) fn exposed(&self) -> Vec<Sq> {
        Sq::all().filter(|sq| self.own.identity[sq.index()].is_some()).collect()
    }

    /// The conduct of the enemy piece on `sq`, if it has shown any.
    pub(crate) fn conduct(&self, sq: Sq) -> Option<Conduct> {
        let (approached, fled) = (self.approached[sq.index()], self.fled[sq.index()]);
        (approached.is_some() || fled.is_some()).then_some(Conduct { square: sq, approached, fled })
    }

    fn take_conduct(&mut self, sq: Sq) -> (Option<Rank>, Option<Rank>) {
        (self.approached[sq.index()].take(), self.fled[sq.index()].take())
    }

    /// An enemy piece stepped from `from` to `to`: which of our identified mobile pieces it
    /// now stands next to, and which it left.
    fn observe(&mut self, from: Sq, to: Sq) {
        let (approached, fled) = self.take_conduct(from);
        let identified = |sq: Sq| self.own.identity[sq.index()].filter(|rank| !rank.is_immobile());
        let next_to = to.neighbours().filter_map(identified);
        let left = from.neighbours().filter(|sq| to.distance(*sq) > 1).filter_map(identified);
        self.approached[to.index()] = next_to.chain(approached).max_by_key(|rank| rank.strength());
        self.fled[to.index()] = left.chain(fled).min_by_key(|rank| rank.strength());
    }
}

//! An Admiral match: the shared [`crate::shared::Game`] over Admiral's [`Position`], what
//! each side remembers, and Admiral's own game methods (defence options and choices).

use crate::admiral::action::Action;
use crate::admiral::event::Event;
use crate::admiral::formation::Partners;
use crate::admiral::position::Position;
use crate::admiral::resolve::{Defense, PlayError};
use crate::admiral::square::{Side, Square, SquareSet, SQUARES};
use crate::admiral::unit::{UnitKind, KINDS};
use crate::shared::SideMemory;

/// What one side remembers of the enemy's markers: the last revealed identity on each square,
/// carried along as markers move, which markers have moved, and how many units of each kind
/// were identified after moving. Built only from events that side saw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Memory {
    pub(crate) identity: [Option<UnitKind>; SQUARES],
    pub(crate) moved: SquareSet,
    /// Our own units the enemy has seen move, followed as they move: what it knows are none of
    /// the kinds that never move.
    pub(crate) own_moved: SquareSet,
    /// Enemy markers seen moving with no marker of theirs on the eight squares around them,
    /// before or after the move, followed as they move: no aircraft, torpedo or mine, which
    /// move only beside their carrier.
    pub(crate) untethered: SquareSet,
    /// The same among our own units, as the enemy saw them move.
    pub(crate) own_untethered: SquareSet,
    /// Enemy units identified (in a strike, a battle or their destruction) after they had
    /// moved, by kind ([`UnitKind::index`]), each unit once.
    pub(crate) revealed_movers: [u8; KINDS],
    /// The markers already counted in `revealed_movers`, followed as they move.
    counted: SquareSet,
}

impl SideMemory<Event> for Memory {
    type Kind = UnitKind;

    fn identify(&mut self, index: usize, kind: UnitKind) {
        self.identity[index] = Some(kind);
    }

    fn new() -> Memory {
        Memory {
            identity: [None; SQUARES],
            moved: SquareSet::EMPTY,
            own_moved: SquareSet::EMPTY,
            untethered: SquareSet::EMPTY,
            own_untethered: SquareSet::EMPTY,
            revealed_movers: [0; KINDS],
            counted: SquareSet::EMPTY,
        }
    }

    fn learn(&mut self, viewer: Side, event: &Event) {
        let enemy = viewer.opponent();
        match *event {
            Event::Moved { side, from, to, .. } if side == enemy => {
                self.identity[to.index()] = self.identity[from.index()].take();
                self.moved.remove(from);
                self.moved.insert(to);
                follow(&mut self.untethered, from, to);
                if self.counted.contains(from) {
                    self.counted.remove(from);
                    self.counted.insert(to);
                }
            }
            Event::Moved { from, to, .. } => {
                self.own_moved.remove(from);
                self.own_moved.insert(to);
                follow(&mut self.own_untethered, from, to);
            }
            Event::Struck { side, attacker, target, .. } => {
                let seen = if side == enemy { attacker } else { target };
                self.identity[seen.square.index()] = Some(seen.kind);
                self.count_mover(seen.square, seen.kind);
            }
            Event::Battle { side, attackers, defenders, .. } => {
                let group = if side == enemy { attackers } else { defenders };
                for member in group.members() {
                    self.identity[member.square.index()] = Some(member.kind);
                    self.count_mover(member.square, member.kind);
                }
            }
            Event::Detonated { side, at } if side == enemy => {
                self.identity[at.index()] = Some(UnitKind::AtomicBomb);
            }
            Event::Destroyed { side, square, kind } => {
                if side == enemy {
                    self.count_mover(square, kind);
                    self.counted.remove(square);
                }
                self.identity[square.index()] = None;
                for set in
                    [&mut self.moved, &mut self.own_moved, &mut self.untethered, &mut self.own_untethered]
                {
                    set.remove(square);
                }
            }
            _ => {}
        }
    }
}

impl Memory {
    /// Notes a move of `side` from `from` to `to`, played from `before`: a unit with no unit
    /// of its side on the eight squares around it, before or after the move, is no tethered
    /// weapon (rules §5: a weapon moves only next to a carrier of its kind, before or after).
    /// Every player sees where the markers stand, so both sides learn it.
    pub(crate) fn note_move(
        &mut self,
        viewer: Side,
        side: Side,
        from: Square,
        to: Square,
        before: &Position,
    ) {
        let company = before.occupied_by(side).minus(SquareSet::from_iter([from]));
        let around = SquareSet::from_iter([from, to]).touching();
        if around.and(company).is_empty() {
            if side == viewer {
                self.own_untethered.insert(to);
            } else {
                self.untethered.insert(to);
            }
        }
    }

    /// Counts the enemy unit of `kind` just identified on `sq` among the revealed movers, if
    /// the marker there has moved and was not counted before.
    fn count_mover(&mut self, sq: Square, kind: UnitKind) {
        if self.moved.contains(sq) && !self.counted.contains(sq) {
            self.revealed_movers[kind.index()] = self.revealed_movers[kind.index()].saturating_add(1);
            self.counted.insert(sq);
        }
    }
}

/// Moves a square of `set` along with its unit.
fn follow(set: &mut SquareSet, from: Square, to: Square) {
    if set.contains(from) {
        set.remove(from);
        set.insert(to);
    }
}

/// Why an Admiral match could not be set up or replayed.
pub type GameError = crate::shared::GameError<Position>;

/// An Admiral match: the true position (server side only), the record, and each side's memory.
pub type Game = crate::shared::Game<Position>;

impl Game {
    /// The defender's choices if `action` starts a battle of scale ships (see
    /// [`Position::defense_options`]).
    pub fn defense_options(&self, action: &Action) -> Option<Vec<Partners>> {
        self.position().defense_options(action)
    }

    /// Plays an action of the side to move and returns the full events (server side; give each
    /// player [`crate::shared::SeenEvent::seen_by`] or a [`crate::View`]). Nothing changes on error.
    pub fn play(&mut self, action: &Action, defense: Defense) -> Result<Vec<Event>, PlayError> {
        self.play_with(action, defense)
    }

    /// Test support: the identity `viewer` remembers on a square (even with intel off).
    #[doc(hidden)]
    pub fn remembered(&self, viewer: Side, sq: Square) -> Option<UnitKind> {
        self.memory(viewer).identity[sq.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::admiral::event::Weapon;
    use crate::admiral::formation::Placed;

    fn sq(text: &str) -> Square {
        text.parse().unwrap()
    }

    fn moved(side: Side, from: &str, to: &str) -> Event {
        Event::Moved { side, kind: None, from: sq(from), to: sq(to) }
    }

    fn struck(side: Side, attacker: (&str, UnitKind), target: (&str, UnitKind)) -> Event {
        let placed = |(square, kind): (&str, UnitKind)| Placed { square: sq(square), kind };
        Event::Struck { side, weapon: Weapon::Contact, attacker: placed(attacker), target: placed(target) }
    }

    fn destroyed(side: Side, square: &str, kind: UnitKind) -> Event {
        Event::Destroyed { side, kind, square: sq(square) }
    }

    /// South's memory after `events`.
    fn south_after(events: &[Event]) -> Memory {
        let mut memory = Memory::new();
        for event in events {
            memory.learn(Side::South, event);
        }
        memory
    }

    #[test]
    fn enemy_units_identified_after_moving_are_counted_once_each_by_kind() {
        use UnitKind::*;
        let (s, n) = (Side::South, Side::North);
        let memory = south_after(&[
            // A destroyer moves, strikes and loses: counted once though seen twice.
            moved(n, "e8", "e7"),
            struck(n, ("e7", Destroyer), ("e6", Cruiser)),
            destroyed(n, "e7", Destroyer),
            // A cruiser moves twice, is struck (revealed), moves on and is later destroyed.
            moved(n, "h9", "h8"),
            moved(n, "h8", "h7"),
            struck(s, ("h6", Battleship), ("h7", Cruiser)),
            moved(n, "h7", "i7"),
            destroyed(n, "i7", Cruiser),
            // A minesweeper that never moved is struck and destroyed: not counted.
            struck(s, ("k8", Battleship), ("k9", Minesweeper)),
            destroyed(n, "k9", Minesweeper),
            // Our own unit, moved and destroyed: not counted.
            moved(s, "c5", "c6"),
            destroyed(s, "c6", Submarine),
        ]);
        let mut expected = [0u8; KINDS];
        expected[Destroyer.index()] = 1;
        expected[Cruiser.index()] = 1;
        assert_eq!(memory.revealed_movers, expected);
    }

    #[test]
    fn a_unit_identified_before_it_moved_counts_only_when_seen_again_after_moving() {
        let n = Side::North;
        let mut events = vec![
            struck(Side::South, ("e6", UnitKind::Battleship), ("e7", UnitKind::Raider)),
            moved(n, "e7", "e8"),
        ];
        assert_eq!(south_after(&events).revealed_movers, [0; KINDS]);
        events.push(struck(n, ("e8", UnitKind::Raider), ("e9", UnitKind::Minesweeper)));
        assert_eq!(south_after(&events).revealed_movers[UnitKind::Raider.index()], 1);
    }
}

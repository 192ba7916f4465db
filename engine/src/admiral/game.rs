//! An Admiral match: the shared [`crate::shared::Game`] over Admiral's [`Position`], what
//! each side remembers, and Admiral's own game methods (defence options and choices).

use crate::admiral::action::Action;
use crate::admiral::event::Event;
use crate::admiral::formation::Partners;
use crate::admiral::position::Position;
use crate::admiral::resolve::{Defense, PlayError};
use crate::admiral::square::{Side, Square, SquareSet, SQUARES};
use crate::admiral::unit::UnitKind;
use crate::shared::SideMemory;

/// What one side remembers of the enemy's markers: the last revealed identity on each square,
/// carried along as markers move. Built only from events that side saw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Memory {
    pub(crate) identity: [Option<UnitKind>; SQUARES],
    pub(crate) moved: SquareSet,
}

impl SideMemory<Event> for Memory {
    type Kind = UnitKind;

    fn identify(&mut self, index: usize, kind: UnitKind) {
        self.identity[index] = Some(kind);
    }

    fn new() -> Memory {
        Memory { identity: [None; SQUARES], moved: SquareSet::EMPTY }
    }

    fn learn(&mut self, viewer: Side, event: &Event) {
        let enemy = viewer.opponent();
        match *event {
            Event::Moved { side, from, to, .. } if side == enemy => {
                self.identity[to.index()] = self.identity[from.index()].take();
                self.moved.remove(from);
                self.moved.insert(to);
            }
            Event::Struck { side, attacker, target, .. } => {
                let seen = if side == enemy { attacker } else { target };
                self.identity[seen.square.index()] = Some(seen.kind);
            }
            Event::Battle { side, attackers, defenders, .. } => {
                let group = if side == enemy { attackers } else { defenders };
                for member in group.members() {
                    self.identity[member.square.index()] = Some(member.kind);
                }
            }
            Event::Detonated { side, at } if side == enemy => {
                self.identity[at.index()] = Some(UnitKind::AtomicBomb);
            }
            Event::Destroyed { square, .. } => {
                self.identity[square.index()] = None;
                self.moved.remove(square);
            }
            _ => {}
        }
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

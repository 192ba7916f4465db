//! What one side may know: its own fleet, the enemy's markers, remembered identities (intel),
//! losses on both sides and the last turn as it saw it. Views are the only thing the rest of
//! the program shows a player.

use serde::{Deserialize, Serialize};

use crate::admiral::action::Action;
use crate::admiral::event::Event;
use crate::admiral::outcome::{Outcome, Status};
use crate::admiral::square::{AdmiralBoard, Side, Square};
use crate::admiral::unit::{UnitKind, KINDS};
use crate::shared::view::{self, Shown, ViewCell};

/// One square as a side sees it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "cell", rename_all = "snake_case")]
pub enum Cell {
    /// Nothing there.
    Empty,
    /// One of the viewer's own units.
    Own {
        /// What it is.
        kind: UnitKind,
    },
    /// An enemy marker, with its last revealed identity when intel is on and it was seen.
    Enemy {
        /// The remembered identity, if any.
        intel: Option<UnitKind>,
    },
}

/// Everything one side may know about a game, and nothing more.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    /// Whose view this is.
    pub viewer: Side,
    /// The side to move.
    pub to_move: Side,
    /// `ongoing`, `south_wins`, `north_wins` or `draw`.
    pub status: Status,
    /// How the game ended, once it has.
    pub outcome: Option<Outcome>,
    /// Plies played so far.
    pub ply: u32,
    /// Consecutive plies without a unit destroyed (200 draw the game; under rules version 1,
    /// without an attack).
    pub quiet_plies: u16,
    /// Whether remembered identities of enemy markers are shown.
    pub intel: bool,
    /// The board: own units, enemy markers; see [`View::cell`].
    #[serde(with = "crate::shared::view::board_text")]
    pub cells: Vec<Cell>,
    /// The last action as the viewer knows it (an enemy's undeclared partners hidden).
    pub last_action: Option<Action>,
    /// Who made the last action.
    pub last_mover: Option<Side>,
    /// What happened in the last action, as the viewer saw it.
    pub last_turn: Vec<Event>,
    /// Enemy markers that have moved at least once (so they are no base or stationary mine),
    /// in square order; empty when intel is off.
    pub moved_markers: Vec<Square>,
    /// The viewer's own units whose identity the opponent has seen (in battles, strikes and
    /// losses every player watches), in square order; empty when intel is off. What the
    /// enemy knows of us is ours to know: it says which of our ships it can pick out.
    #[serde(default)]
    pub exposed: Vec<Square>,
    /// The viewer's units lost so far, by kind (index = `UnitKind::index`).
    pub own_losses: [u8; KINDS],
    /// Enemy units destroyed so far, by kind (every destroyed unit is revealed).
    pub enemy_losses: [u8; KINDS],
}

impl View {
    /// The cell at a square.
    pub fn cell(&self, sq: Square) -> Cell {
        self.cells[sq.index()]
    }

    /// The viewer's own units with their squares, in square order.
    pub fn own_units(&self) -> impl Iterator<Item = (Square, UnitKind)> + '_ {
        view::own_pieces(&self.cells)
    }

    /// Enemy markers with their remembered identities, in square order.
    pub fn enemy_markers(&self) -> impl Iterator<Item = (Square, Option<UnitKind>)> + '_ {
        view::enemy_pieces(&self.cells)
    }

    /// True when it is the viewer's turn in an ongoing game.
    pub fn my_turn(&self) -> bool {
        self.status == Status::Ongoing && self.to_move == self.viewer
    }
}

impl ViewCell for Cell {
    type Board = AdmiralBoard;
    type Kind = UnitKind;
    const BARE: &'static [(Cell, &'static str)] = &[(Cell::Empty, ".")];

    fn holding(piece: Shown<UnitKind>) -> Cell {
        match piece {
            Shown::Own(kind) => Cell::Own { kind },
            Shown::Enemy(intel) => Cell::Enemy { intel },
        }
    }

    fn piece(self) -> Option<Shown<UnitKind>> {
        match self {
            Cell::Empty => None,
            Cell::Own { kind } => Some(Shown::Own(kind)),
            Cell::Enemy { intel } => Some(Shown::Enemy(intel)),
        }
    }
}

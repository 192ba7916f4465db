//! What one side may know of a Stratego game: its own pieces, where enemy pieces stand, the
//! enemy pieces it has seen revealed, losses, and the public counters.

use serde::{Deserialize, Serialize};

use super::action::Action;
use super::board::{Sq, SqSet, StrategoBoard};
use super::event::{Event, Outcome};
use super::piece::{Rank, RANKS};
use super::position::{generate, Repetition};
use crate::shared::view::{self, Shown, ViewCell};
use crate::shared::BySide;
use crate::shared::Side;
use crate::shared::Status;

/// One square as a side sees it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "cell", rename_all = "snake_case")]
pub enum Cell {
    /// Nothing there.
    Empty,
    /// A lake square.
    Lake,
    /// One of the viewer's pieces.
    Own {
        /// What it is.
        rank: Rank,
    },
    /// An enemy piece, with its last revealed identity when known.
    Enemy {
        /// The remembered identity.
        intel: Option<Rank>,
    },
}

/// How an enemy piece has behaved towards the viewer's pieces that the enemy has identified
/// (moves are public, so this is as much the viewer's knowledge as the moves themselves). A
/// piece that steps next to a known piece usually beats it; one that steps away usually would
/// lose to it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Conduct {
    /// The enemy piece's square.
    pub square: Sq,
    /// The strongest identified mobile piece of the viewer's it stepped next to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub approached: Option<Rank>,
    /// The weakest identified mobile piece of the viewer's it stepped away from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fled: Option<Rank>,
}

/// Everything one side may know about a Stratego game, and nothing more.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    /// Whose view.
    pub viewer: Side,
    /// The side to move.
    pub to_move: Side,
    /// `ongoing`, `south_wins`, `north_wins` or `draw`.
    pub status: Status,
    /// How it ended, once it has.
    pub outcome: Option<Outcome>,
    /// Plies played.
    pub ply: u32,
    /// Consecutive plies without an attack (200 draw the game).
    pub quiet_plies: u16,
    /// Whether remembered identities of enemy pieces are shown.
    pub intel: bool,
    /// The board (see [`View::cell`]).
    #[serde(with = "crate::shared::view::board_text")]
    pub cells: Vec<Cell>,
    /// The last action (all actions are public in Stratego).
    pub last_action: Option<Action>,
    /// Who made it.
    pub last_mover: Option<Side>,
    /// Its events as the viewer saw them.
    pub last_turn: Vec<Event>,
    /// Enemy pieces that have moved (so they are no bomb or flag), in square order; empty when
    /// intel is off.
    pub moved_markers: Vec<Sq>,
    /// The viewer's pieces whose identity the enemy has seen, in square order; empty when intel
    /// is off.
    #[serde(default)]
    pub exposed: Vec<Sq>,
    /// The viewer's pieces that have moved (the enemy knows they are no bomb or flag), in square
    /// order; empty when intel is off.
    #[serde(default)]
    pub own_moved: Vec<Sq>,
    /// The conduct of enemy pieces that have shown any, in square order; empty when intel is
    /// off.
    #[serde(default)]
    pub conduct: Vec<Conduct>,
    /// The viewer's pieces lost, by kind (index = [`Rank::index`]).
    pub own_losses: [u8; RANKS],
    /// Enemy pieces removed, by kind.
    pub enemy_losses: [u8; RANKS],
    /// Both sides' standing under the two-square rule (South first); moves are public.
    pub repetition: BySide<Repetition>,
}

impl View {
    /// The cell at a square.
    pub fn cell(&self, sq: Sq) -> Cell {
        self.cells[sq.index()]
    }

    /// The viewer's pieces, in square order.
    pub fn own_pieces(&self) -> impl Iterator<Item = (Sq, Rank)> + '_ {
        view::own_pieces(&self.cells)
    }

    /// Enemy pieces with their remembered identities, in square order.
    pub fn enemy_markers(&self) -> impl Iterator<Item = (Sq, Option<Rank>)> + '_ {
        view::enemy_pieces(&self.cells)
    }

    /// True when it is the viewer's turn in an ongoing game.
    pub fn my_turn(&self) -> bool {
        self.status == Status::Ongoing && self.to_move == self.viewer
    }

    /// The viewer's legal actions, computed from the view alone (the same list the referee
    /// gives when it is the viewer's turn): legality depends only on own pieces, where enemy
    /// pieces stand, and the public two-square counts.
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::new();
        if self.status != Status::Ongoing {
            return out;
        }
        let (mut own, mut mobile, mut scouts, mut enemy) =
            (SqSet::EMPTY, SqSet::EMPTY, SqSet::EMPTY, SqSet::EMPTY);
        for sq in Sq::all() {
            match self.cell(sq) {
                Cell::Own { rank } => {
                    own.insert(sq);
                    if !rank.is_immobile() {
                        mobile.insert(sq);
                    }
                    if rank == Rank::Scout {
                        scouts.insert(sq);
                    }
                }
                Cell::Enemy { .. } => enemy.insert(sq),
                _ => {}
            }
        }
        generate(own, mobile, scouts, enemy, &self.repetition[self.viewer], &mut out);
        out
    }
}

impl ViewCell for Cell {
    type Board = StrategoBoard;
    type Kind = Rank;
    const BARE: &'static [(Cell, &'static str)] = &[(Cell::Empty, "."), (Cell::Lake, "~")];

    fn holding(piece: Shown<Rank>) -> Cell {
        match piece {
            Shown::Own(rank) => Cell::Own { rank },
            Shown::Enemy(intel) => Cell::Enemy { intel },
        }
    }

    fn piece(self) -> Option<Shown<Rank>> {
        match self {
            Cell::Empty | Cell::Lake => None,
            Cell::Own { rank } => Some(Shown::Own(rank)),
            Cell::Enemy { intel } => Some(Shown::Enemy(intel)),
        }
    }
}

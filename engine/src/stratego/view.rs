//! What one side may know of a Stratego game: its own pieces, where enemy pieces stand, the
//! enemy pieces it has seen revealed, losses, and the public counters.

use serde::{Deserialize, Serialize};

use super::action::Action;
use super::board::{Sq, SqSet, StrategoBoard};
use super::piece::Rank;
use super::position::{generate, Position, Repetition};
use crate::shared::view::{self, own_and_enemy_cells, ViewCell};
use crate::shared::BySide;
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
        /// What it is (`rank` in JSON, as it always was).
        #[serde(rename = "rank")]
        kind: Rank,
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
pub type View = view::View<Position>;

/// What else a Stratego player remembers (its views' [`view::ViewRules::Recollection`]): shown
/// only with intel.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Recollection {
    /// The viewer's pieces that have moved (the enemy knows they are no bomb or flag), in square
    /// order; empty when intel is off.
    #[serde(default)]
    pub own_moved: Vec<Sq>,
    /// The conduct of enemy pieces that have shown any, in square order; empty when intel is
    /// off.
    #[serde(default)]
    pub conduct: Vec<Conduct>,
    /// The enemy pieces that have moved or struck at least three times, in square order; empty
    /// when intel is off. Pieces sent on errands are mostly the strong ones.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub restless: Vec<Sq>,
}

/// Stratego's public counters (its views' [`view::ViewRules::Standing`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    /// Both sides' standing under the two-square rule (South first); moves are public.
    pub repetition: BySide<Repetition>,
}

impl View {
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
                Cell::Own { kind: rank } => {
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
        generate(own, mobile, scouts, enemy, &self.standing.repetition[self.viewer], &mut out);
        out
    }
}

impl ViewCell for Cell {
    type Board = StrategoBoard;
    type Kind = Rank;
    const BARE: &'static [(Cell, &'static str)] = &[(Cell::Empty, "."), (Cell::Lake, "~")];

    fn bare(sq: Sq) -> Cell {
        if sq.is_lake() {
            Cell::Lake
        } else {
            Cell::Empty
        }
    }

    own_and_enemy_cells!();
}

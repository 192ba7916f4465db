//! What one side may know: its own fleet, the enemy's markers, remembered identities (intel),
//! losses on both sides and the last turn as it saw it. Views are the only thing the rest of
//! the program shows a player.

use serde::{Deserialize, Serialize};

use crate::admiral::position::Position;
use crate::admiral::square::{AdmiralBoard, Square};
use crate::admiral::unit::{UnitKind, KINDS};
use crate::shared::view::{self, own_and_enemy_cells, ViewCell};

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

/// What else an Admiral player remembers (its views' [`view::ViewRules::Recollection`]): shown
/// only with intel.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Recollection {
    /// Enemy units identified after they had moved (in a strike, a battle, or destroyed), by
    /// kind (index = the kind's index), each unit once: which kinds the enemy sends out. Left
    /// out while all zero.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub revealed_movers: [u8; KINDS],
    /// The viewer's own units the enemy has seen move, in square order: it knows they are
    /// none of the kinds that never move. Left out while empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub own_moved: Vec<Square>,
    /// Enemy markers seen moving with no marker of theirs on the eight squares around them,
    /// before or after the move, in square order: no aircraft, torpedo or mine, which move
    /// only beside their carrier. Left out while empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub untethered: Vec<Square>,
    /// The viewer's own units the enemy has seen move so (its `untethered`). Left out while
    /// empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub own_untethered: Vec<Square>,
}

fn is_zero(counts: &[u8; KINDS]) -> bool {
    counts.iter().all(|&count| count == 0)
}

/// Everything one side may know about an Admiral game, and nothing more.
pub type View = view::View<Position>;

impl ViewCell for Cell {
    type Board = AdmiralBoard;
    type Kind = UnitKind;
    const BARE: &'static [(Cell, &'static str)] = &[(Cell::Empty, ".")];

    fn bare(_: Square) -> Cell {
        Cell::Empty
    }

    own_and_enemy_cells!();
}

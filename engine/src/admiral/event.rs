//! What happens on the board, as a flat stream of events per action.
//!
//! The full stream (every kind known) is what the record and the career code read; each side
//! sees it through [`SeenEvent::seen_by`], which hides what that side may not know.

use serde::{Deserialize, Serialize};

use crate::admiral::formation::{Group, Placed};
use crate::admiral::outcome::Outcome;
use crate::admiral::square::{Side, Square};
use crate::admiral::unit::UnitKind;
use crate::shared::SeenEvent;

/// How an attack was delivered.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Weapon {
    /// A ship or the fireship striking an adjacent square.
    Contact,
    /// The aircraft striking along a line, 1–4 squares.
    Aircraft,
    /// A torpedo fired along a line, 1–2 squares.
    Torpedo,
}

/// One thing that happened during an action.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// A unit moved one square. `kind` is `None` when the viewer may not know it.
    Moved {
        /// Owner of the unit.
        side: Side,
        /// What moved, if known to the viewer.
        kind: Option<UnitKind>,
        /// Where from.
        from: Square,
        /// Where to.
        to: Square,
    },
    /// An attack. Attacker and target are revealed to both players.
    Struck {
        /// The attacking side.
        side: Side,
        /// How the attack was delivered.
        weapon: Weapon,
        /// The attacking unit (after any move).
        attacker: Placed,
        /// The attacked unit.
        target: Placed,
    },
    /// A battle of scale ships: both declared groups, revealed to both players.
    Battle {
        /// The attacking side.
        side: Side,
        /// The attacker's group, acting ship first.
        attackers: Group,
        /// The defender's group, target first.
        defenders: Group,
        /// The attacker's strength on the 1–21 scale.
        attack_strength: u8,
        /// The defender's strength on the 1–21 scale.
        defense_strength: u8,
        /// The side whose group won, `None` on a tie (both groups destroyed).
        winner: Option<Side>,
    },
    /// An atomic bomb exploded, by its owner's order or because it was struck.
    Detonated {
        /// The bomb's owner.
        side: Side,
        /// The centre of the blast.
        at: Square,
    },
    /// A unit was removed from the board (revealed to both players).
    Destroyed {
        /// Owner of the unit.
        side: Side,
        /// What it was.
        kind: UnitKind,
        /// Where it stood.
        square: Square,
    },
    /// The game ended.
    Ended {
        /// The result and its reason.
        outcome: Outcome,
    },
}

impl Event {
    /// True if this event is part of an attack (anything but a move or the end).
    pub fn is_combat(&self) -> bool {
        !matches!(self, Event::Moved { .. } | Event::Ended { .. })
    }
}

impl SeenEvent for Event {
    type Kind = UnitKind;

    fn moved_kind(&mut self) -> Option<(Side, &mut Option<UnitKind>)> {
        let Event::Moved { side, kind, .. } = self else { return None };
        Some((*side, kind))
    }
}

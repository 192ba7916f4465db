//! The Admiral's bluff: the fireship set up and escorted like the carrier, on the other flank.
//!
//! Routes and escorts tell an observant opponent where the valuable units are. A fireship in
//! the carrier's row, mirrored across the board and ringed by real warships, looks just like
//! the carrier group; a raid on it costs the raider its ship (anything that attacks a fireship
//! goes down with it).

use crate::admiral::autoplace::{ring, Cell};
use crate::admiral::layout::{Layout, ZONE_WIDTH};
use crate::admiral::unit::UnitKind;

/// Escorts the decoy wants around it (the carrier usually has two or three neighbours).
const ESCORTS: usize = 3;

/// Units that may change places without breaking a plan: no base, weapon, carrier or tender.
fn is_filler(kind: Option<UnitKind>) -> bool {
    matches!(
        kind,
        None | Some(
            UnitKind::Cruiser
                | UnitKind::Submarine
                | UnitKind::PatrolShip
                | UnitKind::Minesweeper
                | UnitKind::CruiserSubmarine
        )
    )
}

fn is_escort(kind: Option<UnitKind>) -> bool {
    matches!(kind, Some(UnitKind::Cruiser | UnitKind::CruiserSubmarine | UnitKind::Submarine))
}

fn find(layout: &Layout, kind: UnitKind) -> Option<Cell> {
    layout.cells().find(|(_, k)| *k == Some(kind)).map(|(c, _)| c)
}

/// Moves the fireship to the carrier's mirror cell (or the nearest free filler cell to it) and
/// swaps cruisers and submarines around it. Leaves the layout unchanged when there is no room.
pub fn escort_fireship_like_carrier(layout: &mut Layout) {
    let (Some(carrier), Some(fireship)) = (find(layout, UnitKind::Carrier), find(layout, UnitKind::Fireship))
    else {
        return;
    };
    let mirror = (carrier.0, ZONE_WIDTH - 1 - carrier.1);
    let far_from_carrier = |c: Cell| c.1.abs_diff(carrier.1) >= 4;
    let distance = |c: Cell| 2 * c.0.abs_diff(mirror.0) + c.1.abs_diff(mirror.1);
    let Some(spot) = layout
        .cells()
        .filter(|&(c, k)| c.0 >= 2 && far_from_carrier(c) && (c == fireship || is_filler(k)))
        .map(|(c, _)| c)
        .min_by_key(|&c| distance(c))
    else {
        return;
    };
    layout.swap(spot, fireship);
    let mut have = ring(spot).filter(|&n| is_escort(layout.get(n.0, n.1))).count();
    for slot in ring(spot).collect::<Vec<_>>() {
        if have >= ESCORTS {
            break;
        }
        if is_escort(layout.get(slot.0, slot.1)) || !is_filler(layout.get(slot.0, slot.1)) {
            continue;
        }
        // Take an escort from the front half of the zone, away from both groups.
        let donor = layout.cells().find(|&(c, k)| {
            is_escort(k) && c.0 <= 1 && ring(spot).all(|n| n != c) && ring(carrier).all(|n| n != c)
        });
        if let Some((donor, _)) = donor {
            layout.swap(slot, donor);
            have += 1;
        }
    }
}

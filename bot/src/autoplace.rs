//! Auto-placement, behind two functions.
//!
//! STAND-IN: `admiral_engine::autoplace::{auto_layout, complete_layout}` (linked placement
//! with styles) is being written on another branch. Until it lands these produce a uniformly
//! shuffled legal layout (bases kept out of the front row). Swap the bodies for the engine
//! calls then; the signatures (seed in, legal complete layout out) stay.

use admiral_engine::{Dice, Layout, UnitKind};

/// A complete legal layout from a seed (deterministic).
pub fn auto_layout(seed: u64) -> Layout {
    complete_layout(&Layout::empty(), seed)
}

/// Completes a partial layout (no kind over its count) into a legal complete one, keeping
/// every placed unit where it is when possible (deterministic in `seed`).
pub fn complete_layout(partial: &Layout, seed: u64) -> Layout {
    let mut dice = Dice::new(seed);
    let mut layout = partial.clone();
    // Move any base out of the front row first.
    for file in 0..14 {
        if layout.get(0, file) == Some(UnitKind::NavalBase) {
            layout.set(0, file, None);
        }
    }
    let mut missing: Vec<UnitKind> = layout
        .missing()
        .into_iter()
        .flat_map(|(k, n)| std::iter::repeat_n(k, n as usize))
        .collect();
    // Bases first, into empty cells behind the front row.
    let bases = missing
        .iter()
        .filter(|k| **k == UnitKind::NavalBase)
        .count();
    missing.retain(|k| *k != UnitKind::NavalBase);
    for _ in 0..bases {
        let mut back: Vec<(usize, usize)> = layout
            .cells()
            .filter(|((d, _), k)| *d > 0 && k.is_none())
            .map(|(c, _)| c)
            .collect();
        if back.is_empty() {
            // Every back cell is taken: move some non-base unit forward to make room.
            let (cell, kind) = layout
                .cells()
                .find(|((d, _), k)| *d > 0 && k.is_some_and(|k| k != UnitKind::NavalBase))
                .map(|(c, k)| (c, k.unwrap_or(UnitKind::NavalBase)))
                .unwrap_or(((1, 0), UnitKind::NavalBase));
            layout.set(cell.0, cell.1, None);
            missing.push(kind);
            back.push(cell);
        }
        dice.shuffle(&mut back);
        layout.set(back[0].0, back[0].1, Some(UnitKind::NavalBase));
    }
    let mut empty: Vec<(usize, usize)> = layout
        .cells()
        .filter(|(_, k)| k.is_none())
        .map(|(c, _)| c)
        .collect();
    dice.shuffle(&mut empty);
    dice.shuffle(&mut missing);
    for (kind, cell) in missing.into_iter().zip(empty) {
        layout.set(cell.0, cell.1, Some(kind));
    }
    layout
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn auto_layouts_are_legal_and_deterministic() {
        for seed in 0..200 {
            let layout = auto_layout(seed);
            assert!(layout.validate().is_ok(), "seed {seed}");
            assert_eq!(layout, auto_layout(seed));
        }
    }

    #[test]
    fn completion_keeps_placed_units() {
        let mut partial = Layout::empty();
        partial.set(0, 0, Some(UnitKind::Battleship));
        partial.set(4, 13, Some(UnitKind::NavalBase));
        let full = complete_layout(&partial, 7);
        assert!(full.validate().is_ok());
        assert_eq!(full.get(0, 0), Some(UnitKind::Battleship));
        assert_eq!(full.get(4, 13), Some(UnitKind::NavalBase));
    }
}

//! What the public record leaves no doubt about: the kinds of hidden units that can only be
//! one thing.
//!
//! Every destroyed unit is shown to both players, so each knows how many of every kind the
//! other still has, and which of those it has not identified. A hidden unit that has moved is
//! none of the kinds that never move, one that moved with no unit of its side around it is no
//! tethered weapon (an aircraft, torpedo or mine moves only beside its carrier), and a naval
//! base never stands in its front row. When that leaves a unit a single kind, its owner's
//! opponent knows what it is as surely as if a battle had shown it: the last two units that move are a carrier without its aircraft and
//! a destroyer, the carrier identified, so the other marker that moves is the destroyer.
//! Level 5 works this out for the enemy's markers (they count as identified in its belief
//! and its exchange) and for its own ships and weapons (the enemy may strike those in the
//! exchange, as it may strike a seen aircraft).

use crate::admiral::layout::Layout;
use crate::admiral::square::{Side, Square, SquareSet};
use crate::admiral::unit::{UnitKind, KINDS};
use crate::admiral::view::View;

/// A hidden unit as its owner's opponent sees it.
#[derive(Copy, Clone, Debug)]
pub struct Marker {
    /// Where it stands.
    pub square: Square,
    /// Whether the opponent has seen it move.
    pub moved: bool,
    /// Whether the opponent has seen it move with no unit of its side around it (so it is no
    /// tethered weapon).
    pub untethered: bool,
}

/// The kinds of the `markers` of `owner` that the opponent can work out, `unseen` being how many
/// of each kind the owner has that the opponent has not identified (the fleet minus losses minus
/// the identified units still afloat). A deduced unit leaves the pool, which may settle
/// another; markers the counts contradict are left alone.
pub fn deduce(owner: Side, markers: &[Marker], unseen: [u8; KINDS]) -> Vec<(Square, UnitKind)> {
    let mut pool = unseen;
    let mut open: Vec<Marker> = markers.to_vec();
    let mut settled = Vec::new();
    loop {
        let found = open.iter().enumerate().find_map(|(i, m)| single_kind(owner, m, &pool).map(|k| (i, k)));
        let Some((i, kind)) = found else { return settled };
        let marker = open.swap_remove(i);
        pool[kind.index()] -= 1;
        settled.push((marker.square, kind));
    }
}

/// The one kind `marker` can be with `pool` unseen, if there is only one.
fn single_kind(owner: Side, marker: &Marker, pool: &[u8; KINDS]) -> Option<UnitKind> {
    let front_row_or_beyond = || Layout::cell_of(owner, marker.square).is_none_or(|(depth, _)| depth == 0);
    let mut possible = UnitKind::ALL.into_iter().filter(|kind| {
        pool[kind.index()] > 0
            && !(marker.moved && kind.is_immobile())
            && !(marker.untethered && kind.carrier().is_some())
            && !(*kind == UnitKind::NavalBase && front_row_or_beyond())
    });
    let kind = possible.next()?;
    possible.next().is_none().then_some(kind)
}

/// The enemy markers `view`'s viewer can identify from the public record alone.
pub fn enemy_markers(view: &View) -> Vec<(Square, UnitKind)> {
    let mut unseen = afloat(&view.enemy_losses);
    let untethered: SquareSet = view.recollection.untethered.iter().copied().collect();
    let mut markers = Vec::new();
    for (square, intel) in view.enemy_markers() {
        match intel {
            Some(kind) => unseen[kind.index()] = unseen[kind.index()].saturating_sub(1),
            None => markers.push(Marker {
                square,
                moved: view.moved_markers.contains(&square),
                untethered: untethered.contains(square),
            }),
        }
    }
    deduce(view.viewer.opponent(), &markers, unseen)
}

/// The viewer's own ships and weapons the enemy can identify from the public record alone,
/// though it has not seen them. Bases and the stationary mine are left out: the exchange lets
/// no hidden enemy unit strike our bases (see [`super::Threats`]), and a base the enemy could
/// work out made every line of a lost-looking ending equally lost, so level 5 stopped
/// defending it (doc/admiral-ai.md, "What the public losses tell").
pub fn own_units(view: &View) -> SquareSet {
    let exposed: SquareSet = view.exposed.iter().copied().collect();
    let moved: SquareSet = view.recollection.own_moved.iter().copied().collect();
    let untethered: SquareSet = view.recollection.own_untethered.iter().copied().collect();
    let mut unseen = afloat(&view.own_losses);
    let mut markers = Vec::new();
    for (square, kind) in view.own_pieces() {
        if exposed.contains(square) {
            unseen[kind.index()] = unseen[kind.index()].saturating_sub(1);
        } else {
            markers.push(Marker {
                square,
                moved: moved.contains(square),
                untethered: untethered.contains(square),
            });
        }
    }
    let deduced = deduce(view.viewer, &markers, unseen).into_iter();
    deduced.filter(|(_, kind)| !kind.is_immobile()).map(|(square, _)| square).collect()
}

/// How many of each kind a fleet with these `losses` still has.
fn afloat(losses: &[u8; KINDS]) -> [u8; KINDS] {
    UnitKind::ALL.map(|kind| kind.fleet_count().saturating_sub(losses[kind.index()]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::admiral::autoplace::auto_layout;
    use crate::admiral::game::Game;
    use crate::admiral::resolve::Defense;
    use crate::admiral::view::Cell;
    use crate::ai::admiral::{Ai, Budget};
    use crate::ai::testing::admiral::{position, sq};
    use crate::shared::{SetupPosition, Style};

    /// South's view of `units`, North's markers on `identified` identified, those on
    /// `moved` (either side's) seen to move, and the `exposed` South units known to North;
    /// every unit not on the board counts as lost.
    fn view(units: &str, identified: &[&str], moved: &[&str], exposed: &[&str]) -> View {
        let position = position(units);
        let game = Game::from_position(position.clone(), true);
        let mut view = game.view_remembering(Side::South);
        for name in identified {
            view.cells[sq(name).index()] =
                Cell::Enemy { intel: Some(position.piece_at(sq(name)).unwrap().kind) };
        }
        for name in moved {
            match view.cell(sq(name)) {
                Cell::Own { .. } => view.recollection.own_moved.push(sq(name)),
                _ => view.moved_markers.push(sq(name)),
            }
        }
        view.exposed = exposed.iter().map(|name| sq(name)).collect();
        for kind in UnitKind::ALL {
            view.enemy_losses[kind.index()] = kind.fleet_count() - position.count(Side::North, kind) as u8;
            view.own_losses[kind.index()] = kind.fleet_count() - position.count(Side::South, kind) as u8;
        }
        view
    }

    const SOUTH: &str = "a1:NB b1:NB c1:SM g6:DD e6:CV";

    #[test]
    fn the_one_marker_left_that_moves_beside_an_identified_carrier_is_the_destroyer() {
        let view = view(&format!("{SOUTH} e9:cv g9:dd n15:nb m15:nb n14:sm"), &["e9"], &["e9", "g9"], &[]);
        // The three that never moved are two bases and the stationary mine, in some order.
        assert_eq!(enemy_markers(&view), vec![(sq("g9"), UnitKind::Destroyer)]);
    }

    #[test]
    fn one_deduction_settles_the_next() {
        // Once g9 is the destroyer, the marker in North's front row (row 11) that never moved
        // can only be the stationary mine, as no base stands there; the other two are bases.
        let view = view(&format!("{SOUTH} e9:cv g9:dd n15:nb m15:nb c11:sm"), &["e9"], &["e9", "g9"], &[]);
        let mut deduced = enemy_markers(&view);
        deduced.sort();
        let mut expected = vec![
            (sq("g9"), UnitKind::Destroyer),
            (sq("c11"), UnitKind::StationaryMine),
            (sq("n15"), UnitKind::NavalBase),
            (sq("m15"), UnitKind::NavalBase),
        ];
        expected.sort();
        assert_eq!(deduced, expected);
    }

    #[test]
    fn our_last_moving_unit_is_known_to_the_enemy_once_it_has_seen_the_carrier() {
        let seen = view(&format!("{SOUTH} n15:nb m15:nb"), &[], &["g6", "e6"], &["e6"]);
        assert_eq!(own_units(&seen), SquareSet::from_iter([sq("g6")]));
        // With the carrier unseen, the moving marker may be either.
        let unseen = view(&format!("{SOUTH} n15:nb m15:nb"), &[], &["g6", "e6"], &[]);
        assert_eq!(own_units(&unseen), SquareSet::EMPTY);
        // Without the stationary mine, North can also tell our bases; they are not counted.
        let bases = view("a1:NB b1:NB g6:DD e6:CV n15:nb m15:nb", &[], &["g6", "e6"], &["e6"]);
        assert_eq!(own_units(&bases), SquareSet::from_iter([sq("g6")]));
    }

    #[test]
    fn a_ship_seen_moving_alone_is_no_mine() {
        // Our mines are still afloat, so a marker of ours that moved may be one of them, towed
        // by the destroyer; once North has seen it move with nothing of ours around it, it is
        // the destroyer.
        let units = "a1:NB b1:NB c1:MN d1:MN g6:DD e6:CV n15:nb m15:nb";
        let mut seen = view(units, &[], &["g6", "e6"], &["e6"]);
        assert_eq!(own_units(&seen), SquareSet::EMPTY);
        seen.recollection.own_untethered = vec![sq("g6")];
        assert_eq!(own_units(&seen), SquareSet::from_iter([sq("g6")]));
    }

    #[test]
    fn every_deduction_in_games_of_level_1_is_true() {
        let mut deductions = 0;
        for seed in 0..24u64 {
            let mut game = Game::new(
                &auto_layout(seed, Style::Balanced),
                &auto_layout(seed + 100, Style::Aggressive),
                true,
            )
            .unwrap();
            let mut players = [Ai::new(1, seed, Budget::Fixed), Ai::new(1, seed + 1, Budget::Fixed)];
            while game.outcome().is_none() && game.ply() < 3000 {
                for viewer in Side::BOTH {
                    let view = game.view_remembering(viewer);
                    for (square, kind) in enemy_markers(&view) {
                        assert_eq!(
                            game.position().piece_at(square).map(|p| p.kind),
                            Some(kind),
                            "seed {seed}"
                        );
                        deductions += 1;
                    }
                    for square in own_units(&game.view_remembering(viewer.opponent())).iter() {
                        let Cell::Enemy { intel: None } = view.cell(square) else {
                            panic!("seed {seed}: {square} deduced though identified");
                        };
                        deductions += 1;
                    }
                }
                let side = game.to_move();
                let legal = game.legal_actions();
                let action = players[side as usize].choose(&game.view_remembering(side), &legal);
                game.play(&action, Defense::Auto).unwrap();
            }
        }
        assert!(deductions > 100, "the games gave only {deductions} deductions");
    }
}

//! One test per row of the special-encounter table (rules §6.3) and the bomb (§7).

use admiral_engine::*;

use crate::support::*;

/// Spectators that keep both sides able to move, so the game goes on after the action.
const KEEP: &str = "a1:PS n15:ps";

fn fixture(units: &str) -> Position {
    pos(&format!("{units} {KEEP}"), Side::South)
}

/// Plays `action` in `position`, checks that it destroys `lost` (in event order) and returns
/// the position after it.
fn destroys(mut position: Position, action: &str, lost: &[&str]) -> Position {
    assert_eq!(destroyed(&play(&mut position, action)), lost, "{action}");
    position
}

/// [`destroys`] in any order (a blast destroys what stands in it square by square).
fn destroys_in_any_order(mut position: Position, action: &str, lost: &[&str]) -> Position {
    let mut destroyed = destroyed(&play(&mut position, action));
    destroyed.sort();
    let mut lost = lost.to_vec();
    lost.sort();
    assert_eq!(destroyed, lost, "{action}");
    position
}

#[test]
fn any_ship_attacking_the_carrier_sinks_it_and_its_aircraft() {
    let p = destroys(fixture("e5:MS e6:cv h9:ac"), "e5xe6", &["e6:cv", "h9:ac"]);
    assert_eq!(at(&p, "e5"), "MS", "attacker stays");
}

#[test]
fn battleship_or_raider_shoots_down_the_aircraft() {
    for attacker in ["BB", "RD"] {
        let p = destroys(fixture(&format!("e5:{attacker} e6:ac f6:cv")), "e5xe6", &["e6:ac"]);
        assert_eq!(at(&p, "e5"), attacker);
    }
}

#[test]
fn other_ships_attacking_the_aircraft_are_destroyed() {
    for attacker in ["CR", "DD", "PS", "TB", "CS", "MS", "SS"] {
        let p =
            destroys(fixture(&format!("e5:{attacker} e6:ac f6:cv")), "e5xe6", &[&format!("e5:{attacker}")]);
        assert_eq!(at(&p, "e6"), "ac", "{attacker}");
    }
}

#[test]
fn aircraft_attacking_battleship_or_raider_is_shot_down() {
    for target in ["bb", "rd"] {
        let p = destroys(fixture(&format!("e5:AC d5:CV e8:{target}")), "e5xe8", &["e5:AC"]);
        assert_eq!(at(&p, "e8"), target);
    }
}

#[test]
fn aircraft_against_aircraft_both_are_destroyed() {
    destroys(fixture("e5:AC d5:CV e7:ac f7:cv"), "e5xe7", &["e7:ac", "e5:AC"]);
}

#[test]
fn aircraft_destroys_any_other_ship_and_stays() {
    for target in ["cr", "dd", "ps", "tb", "cs", "ms", "ss"] {
        // At range 4.
        let p = destroys(fixture(&format!("e5:AC d5:CV i5:{target}")), "e5xi5", &[&format!("i5:{target}")]);
        assert_eq!(at(&p, "e5"), "AC", "{target}");
    }
}

#[test]
fn aircraft_destroying_the_enemy_carrier_takes_its_aircraft_too() {
    destroys(fixture("e5:AC d5:CV e6:cv k12:ac"), "e5xe6", &["e6:cv", "k12:ac"]);
}

#[test]
fn aircraft_only_reveals_mines_torpedoes_and_the_fireship() {
    for target in ["mn", "sm", "tp", "fs"] {
        let mut p = fixture(&format!("e5:AC d5:CV e7:{target}"));
        let events = play(&mut p, "e5xe7");
        assert!(destroyed(&events).is_empty(), "{target}");
        assert!(events.iter().any(|e| matches!(e, Event::Struck { target: Placed { .. }, .. })));
        assert_eq!(p.quiet_plies(), 1, "a reveal-only attack does not restart the quiet count");
    }
}

#[test]
fn aircraft_destroys_a_naval_base() {
    destroys(fixture("e5:AC d5:CV e9:nb e10:nb"), "e5xe9", &["e9:nb"]);
}

#[test]
fn minesweeper_clears_a_mine_and_stays() {
    let p = destroys(fixture("e5:MS e6:mn"), "e5xe6", &["e6:mn"]);
    assert_eq!(at(&p, "e5"), "MS");
}

#[test]
fn any_other_ship_striking_a_mine_sinks_with_it() {
    for attacker in ["BB", "CR", "RD", "DD", "PS", "TB", "CS", "SS"] {
        destroys(fixture(&format!("e5:{attacker} e6:mn")), "e5xe6", &["e6:mn", &format!("e5:{attacker}")]);
    }
}

#[test]
fn any_ship_striking_the_stationary_mine_sinks_with_it_minesweeper_included() {
    for attacker in ["BB", "MS", "SS"] {
        destroys(fixture(&format!("e5:{attacker} e6:sm")), "e5xe6", &["e6:sm", &format!("e5:{attacker}")]);
    }
}

#[test]
fn a_ship_striking_a_dummy_torpedo_removes_only_the_torpedo() {
    let p = destroys(fixture("e5:CR e6:tp g8:tb"), "e5xe6", &["e6:tp"]);
    assert_eq!(at(&p, "e5"), "CR");
}

#[test]
fn a_ship_striking_an_armed_torpedo_sinks_with_it() {
    destroys(fixture("e5:CR e6:tp f7:tb"), "e5xe6", &["e6:tp", "e5:CR"]);
}

#[test]
fn torpedo_arming_is_judged_after_the_attackers_move() {
    // The torpedo boat of the torpedo's own side decides; our own moving ship does not arm it.
    destroys(fixture("d5:CR e6:tp f4:TB"), "d5-e5xe6", &["e6:tp"]);
}

#[test]
fn ship_and_fireship_destroy_each_other_whoever_attacks() {
    destroys(fixture("e5:BB e6:fs"), "e5xe6", &["e6:fs", "e5:BB"]);
    destroys(fixture("e5:FS e6:cv g9:ac"), "e5xe6", &["e6:cv", "e5:FS", "g9:ac"]);
}

#[test]
fn fireship_against_aircraft_only_reveals() {
    destroys(fixture("e5:FS e6:ac f7:cv"), "e5xe6", &[]);
}

#[test]
fn fireship_against_fireship_both_removed() {
    destroys(fixture("e5:FS e6:fs"), "e5xe6", &["e6:fs", "e5:FS"]);
}

#[test]
fn fireship_against_mines_and_torpedoes_both_removed() {
    for target in ["mn", "sm", "tp"] {
        destroys(fixture(&format!("e5:FS e6:{target}")), "e5xe6", &[&format!("e6:{target}"), "e5:FS"]);
    }
}

#[test]
fn torpedo_sinks_any_ship_and_is_spent() {
    for target in ["bb", "cv", "ss"] {
        let mut p = fixture(&format!("e5:TP d4:TB e7:{target}"));
        let lost = destroyed(&play(&mut p, "e5xe7"));
        assert_eq!(lost[..2], [format!("e7:{target}"), "e5:TP".into()], "{target}");
    }
}

#[test]
fn torpedo_against_mines_fireship_and_torpedo_both_removed() {
    for target in ["mn", "sm", "fs", "tp"] {
        destroys(fixture(&format!("e5:TP d4:TB e6:{target}")), "e5xe6", &[&format!("e6:{target}"), "e5:TP"]);
    }
}

#[test]
fn torpedo_against_aircraft_is_spent_and_the_aircraft_stays() {
    let p = destroys(fixture("e5:TP d4:TB e6:ac f7:cv"), "e5xe6", &["e5:TP"]);
    assert_eq!(at(&p, "e6"), "ac");
}

#[test]
fn attacking_a_naval_base_destroys_it_and_the_attacker_stays() {
    let p = destroys(fixture("e5:CR e6:nb e7:nb"), "e5xe6", &["e6:nb"]);
    assert_eq!(at(&p, "e5"), "CR");
}

#[test]
fn fireship_and_torpedo_are_spent_on_a_naval_base() {
    destroys(fixture("e5:FS e6:nb e7:nb"), "e5xe6", &["e6:nb", "e5:FS"]);
    destroys(fixture("e5:TP d5:TB e6:nb e7:nb"), "e5xe6", &["e6:nb", "e5:TP"]);
}

#[test]
fn striking_the_atomic_bomb_sets_it_off_and_kills_the_attacker_inside_the_blast() {
    let mut p = fixture("e5:CR e6:ab e8:dd h6:ss");
    let events = play(&mut p, "e5xe6");
    assert!(events.iter().any(|e| matches!(e, Event::Detonated { side: Side::North, .. })));
    let mut lost = destroyed(&events);
    lost.sort();
    assert_eq!(lost, ["e5:CR", "e6:ab", "e8:dd"]);
    assert_eq!(at(&p, "h6"), "ss", "three columns away: outside");
}

#[test]
fn aircraft_striking_the_bomb_from_three_squares_survives() {
    let p = destroys(fixture("e5:AC d5:CV e8:ab"), "e5xe8", &["e8:ab"]);
    assert_eq!(at(&p, "e5"), "AC");
    // Two squares away: inside.
    destroys_in_any_order(fixture("e6:AC d5:CV e8:ab"), "e6xe8", &["e6:AC", "e8:ab"]);
}

#[test]
fn bomb_blast_is_a_five_by_five_square_at_the_centre() {
    let mut units = String::from("g8:AB");
    for c in ['e', 'f', 'g', 'h', 'i'] {
        for r in 6..=10 {
            if (c, r) != ('g', 8) {
                units.push_str(&format!(" {c}{r}:ss"));
            }
        }
    }
    units.push_str(" d8:ss j8:ss g5:ss g11:ss"); // just outside
    let mut p = fixture(&units);
    let lost = destroyed(&play(&mut p, "g8!"));
    assert_eq!(lost.len(), 25);
    for outside in ["d8", "j8", "g5", "g11"] {
        assert_eq!(at(&p, outside), "ss", "{outside} is outside the blast");
    }
}

#[test]
fn bomb_blast_is_clipped_at_the_edge_not_shifted() {
    let mut p = fixture("g15:ab e13:SS i15:SS j15:SS g12:SS");
    p.set_to_move(Side::North);
    let p = destroys_in_any_order(p, "g15!", &["e13:SS", "g15:ab", "i15:SS"]);
    assert_eq!(at(&p, "g12"), "SS");
    assert_eq!(at(&p, "j15"), "SS");
}

#[test]
fn bomb_blast_in_the_corner_covers_three_by_three() {
    let corner = fixture("b2:AB c3:SS d4:ss a3:ss d1:ss");
    destroys_in_any_order(corner, "b2!", &["a1:PS", "a3:ss", "b2:AB", "c3:SS", "d1:ss", "d4:ss"]);
    destroys_in_any_order(fixture("a15:AB c13:SS d13:ss"), "a15!", &["a15:AB", "c13:SS"]);
}

#[test]
fn bomb_blast_destroys_the_owners_own_units() {
    // Own carrier lost: its aircraft goes too.
    destroys_in_any_order(fixture("h8:AB h9:BB i9:CV f3:AC"), "h8!", &["f3:AC", "h8:AB", "h9:BB", "i9:CV"]);
}

#[test]
fn bomb_blast_has_no_chain_reaction() {
    // The other bomb, mines, torpedoes and the fireship in the blast are simply destroyed.
    let p = fixture("h8:AB h10:ab k10:ss h9:mn i9:tp g9:fs");
    let p = destroys_in_any_order(p, "h8!", &["g9:fs", "h10:ab", "h8:AB", "h9:mn", "i9:tp"]);
    assert_eq!(at(&p, "k10"), "ss", "the second bomb did not explode");
}

#[test]
fn detonation_is_a_whole_turn_and_needs_no_move() {
    let p = fixture("h8:AB");
    assert!(legal(&p, "h8!"));
    assert!(!legal(&p, "h8-h9xh10"));
    assert!(!legal(&p, "h8xh9"));
}

#[test]
fn carrier_lost_to_the_blast_takes_the_aircraft_wherever_it_is() {
    destroys_in_any_order(fixture("c3:ab e8:AB e9:cv k12:ac"), "e8!", &["e8:AB", "e9:cv", "k12:ac"]);
}

#[test]
fn a_second_carrier_keeps_the_aircraft_flying() {
    let p = destroys(fixture("e5:MS e6:cv k12:ac k13:cv"), "e5xe6", &["e6:cv"]);
    assert_eq!(at(&p, "k12"), "ac");
}

//! Movement, tethers and who may attack what (rules §4, §5, §6.1).

use crate::support::*;
use admiral_engine::*;

#[test]
fn a_move_is_one_square_orthogonally_onto_an_empty_square() {
    let p = pos("e5:CR e6:PS f5:dd", Side::South);
    let moves: Vec<String> =
        p.legal_actions_from(sq("e5")).iter().map(|a| a.to_string()).filter(|a| !a.contains('x')).collect();
    assert_eq!(moves, ["e5-e4", "e5-d5"]);
    assert!(!legal(&p, "e5-f6"), "no diagonal moves");
    assert!(!legal(&p, "e5-e7"), "one square only");
    assert!(!legal(&p, "e5-f5"), "no landing on an enemy");
    assert!(!legal(&p, "e5-e6"), "no landing on a friend");
}

#[test]
fn naval_bases_and_the_stationary_mine_never_move() {
    let p = pos("e2:NB g2:SM a1:PS", Side::South);
    assert!(p.legal_actions_from(sq("e2")).is_empty());
    assert!(p.legal_actions_from(sq("g2")).is_empty());
    assert_eq!(p.why_illegal(&"e2-e3".parse().unwrap()), Some(Illegal::Immobile(UnitKind::NavalBase)));
}

#[test]
fn only_the_side_to_move_acts() {
    let p = pos("e5:CR e9:cr", Side::South);
    assert!(!legal(&p, "e9-e8"));
    assert_eq!(p.why_illegal(&"e9-e8".parse().unwrap()), Some(Illegal::NotYours(sq("e9"))));
}

#[test]
fn aircraft_moves_only_next_to_its_carrier_before_or_after_the_move() {
    // Adjacent before: may step away.
    let p = pos("e5:AC f6:CV", Side::South);
    assert!(legal(&p, "e5-e4") && legal(&p, "e5-d5"));
    // Not adjacent before, adjacent after: may catch up.
    let p = pos("e5:AC g6:CV", Side::South);
    assert!(legal(&p, "e5-f5"));
    assert!(!legal(&p, "e5-d5"));
    assert_eq!(p.why_illegal(&"e5-d5".parse().unwrap()), Some(Illegal::Tethered(UnitKind::Aircraft)));
}

#[test]
fn torpedo_is_tethered_to_any_torpedo_boat() {
    let p = pos("e5:TP h8:TB f4:TB", Side::South);
    assert!(legal(&p, "e5-e6"), "f4 touches e5");
    let p = pos("e5:TP h8:TB", Side::South);
    assert!(p.legal_actions_from(sq("e5")).is_empty());
}

#[test]
fn mine_is_tethered_to_a_destroyer() {
    let p = pos("e5:MN e7:DD", Side::South);
    assert!(legal(&p, "e5-e6"), "adjacent after the move");
    assert!(!legal(&p, "e5-e4"));
    let p = pos("e5:MN e7:CR", Side::South);
    assert!(p.legal_actions_from(sq("e5")).is_empty(), "only a destroyer carries mines");
}

#[test]
fn carriers_move_freely_away_from_their_weapons() {
    let p = pos("e5:AC e6:CV", Side::South);
    assert!(legal(&p, "e6-e7") && legal(&p, "e6-f6"));
}

#[test]
fn carrier_mines_bases_and_stationary_mine_never_attack() {
    let p = pos("e5:CV e6:ss f5:MN f6:ss g5:DD h5:SM h6:ss c5:NB c6:ss", Side::South);
    for from in ["e5", "f5", "h5", "c5"] {
        assert!(p.legal_actions_from(sq(from)).iter().all(|a| !a.is_aggressive()), "{from}");
    }
}

#[test]
fn contact_attacks_reach_orthogonal_neighbours_only() {
    let p = pos("e5:CR e6:ss f6:ss", Side::South);
    assert!(legal(&p, "e5xe6"));
    assert!(!legal(&p, "e5xf6"), "no diagonal attacks");
    assert_eq!(p.why_illegal(&"e5xf6".parse().unwrap()), Some(Illegal::NotAdjacent(sq("f6"))));
    assert_eq!(p.why_illegal(&"e5xe4".parse().unwrap()), Some(Illegal::NoEnemyThere(sq("e4"))));
}

#[test]
fn aircraft_strikes_along_lines_up_to_four_squares_over_other_units() {
    let p = pos("e5:AC d4:CV e6:SS e7:ss e9:ss e10:ss i5:ss j5:ss f6:ss", Side::South);
    assert!(legal(&p, "e5xe7"), "over a friendly unit");
    assert!(legal(&p, "e5xe9") && legal(&p, "e5xi5"));
    assert!(!legal(&p, "e5xe10") && !legal(&p, "e5xj5"), "five squares is out of range");
    assert!(!legal(&p, "e5xf6"), "not diagonally");
}

#[test]
fn aircraft_strikes_only_with_its_carrier_adjacent() {
    let p = pos("e5:AC g5:CV e7:ss", Side::South);
    assert!(!legal(&p, "e5xe7"));
    assert_eq!(p.why_illegal(&"e5xe7".parse().unwrap()), Some(Illegal::NoCarrier(UnitKind::Aircraft)));
    assert!(legal(&p, "e5-f5xf7") || !p.is_legal(&"e5-f5xf7".parse().unwrap()));
    let p = pos("e5:AC g5:CV f8:ss", Side::South);
    assert!(legal(&p, "e5-f5xf8"), "move next to the carrier, then strike");
}

#[test]
fn torpedo_hits_the_first_unit_within_two_squares_if_it_is_an_enemy() {
    let p = pos("e5:TP d5:TB e7:ss", Side::South);
    assert!(legal(&p, "e5xe7"));
    let p = pos("e5:TP d5:TB e6:PS e7:ss", Side::South);
    assert!(!legal(&p, "e5xe7"), "a friendly unit blocks the shot");
    assert_eq!(p.why_illegal(&"e5xe7".parse().unwrap()), Some(Illegal::Blocked(sq("e6"))));
    let p = pos("e5:TP d5:TB e6:mn e7:ss", Side::South);
    assert!(legal(&p, "e5xe6") && !legal(&p, "e5xe7"), "the first enemy takes the torpedo");
    let p = pos("e5:TP d5:TB e8:ss", Side::South);
    assert!(!legal(&p, "e5xe8"), "three squares is out of range");
}

#[test]
fn a_torpedo_without_a_torpedo_boat_is_a_dummy_and_cannot_attack() {
    let p = pos("e5:TP e6:ss", Side::South);
    assert!(!legal(&p, "e5xe6"));
}

#[test]
fn move_then_attack_with_the_same_unit() {
    let p = pos("e5:CR e7:ss", Side::South);
    assert!(legal(&p, "e5-e6xe7"));
    assert!(!legal(&p, "e5-e6xf7"), "target must be next to the new square");
    let p = pos("e5:FS e7:ss", Side::South);
    assert!(legal(&p, "e5-e6xe7"));
    let p = pos("e5:TP d5:TB e8:ss", Side::South);
    assert!(legal(&p, "e5-e6xe8"), "a torpedo may step then fire");
    let p = pos("e5:TP d4:TB e8:ss", Side::South);
    assert!(!legal(&p, "e5-e6xe8"), "the torpedo boat must touch the torpedo where it fires");
}

#[test]
fn after_the_move_the_old_square_is_empty_for_the_torpedo() {
    // Stepping e5-e6 and firing back over e5 (now empty) at e4, two squares away.
    let p = pos("e5:TP d6:TB e4:ss", Side::South);
    assert!(legal(&p, "e5-e6xe4"));
}

#[test]
fn there_is_no_pass_and_no_action_means_defeat() {
    let p = pos("e5:NB e9:cr", Side::South);
    assert!(p.legal_actions().is_empty());
    assert_eq!(p.status(), Status::NorthWins);
    assert_eq!(p.outcome().unwrap().reason, EndReason::NoLegalAction);
}

#[test]
fn every_legal_action_is_listed_once() {
    let p = pos("e5:CR f5:CR e4:CR e6:cr d5:ss", Side::South);
    let list = actions(&p);
    let mut dedup = list.clone();
    dedup.dedup();
    assert_eq!(list, dedup);
}

//! Formations and the strength table (rules §6.2): one test per line of the table.

use crate::support::*;
use admiral_engine::*;

/// Places `group` in a line from e5 eastwards (South), attacking north onto e6, where a lone
/// defender of `defender` stands; returns (attack strength, defense strength, destroyed).
fn battle(group: &[&str], defender: &str) -> (u8, u8, Vec<String>) {
    let cols = ['e', 'f', 'g'];
    let mut units: Vec<String> = group.iter().zip(cols).map(|(k, c)| format!("{c}5:{k}")).collect();
    units.push(format!("e6:{defender}"));
    units.push("a1:PS n15:ps".into());
    let mut p = pos(&units.join(" "), Side::South);
    let partners: Vec<String> = cols[1..group.len()].iter().map(|c| format!("{c}5")).collect();
    let action =
        if partners.is_empty() { "e5xe6".to_string() } else { format!("e5xe6({})", partners.join(",")) };
    let events = play(&mut p, &action);
    let (a, d) = events
        .iter()
        .find_map(|e| match e {
            Event::Battle { attack_strength, defense_strength, .. } => {
                Some((*attack_strength, *defense_strength))
            }
            _ => None,
        })
        .expect("a battle");
    (a, d, destroyed(&events))
}

macro_rules! strength_line {
    ($name:ident, [$($kind:literal),+], $strength:expr) => {
        #[test]
        fn $name() {
            let group = [$($kind),+];
            let (attack, defense, lost) = battle(&group, "ms");
            assert_eq!(attack, $strength);
            assert_eq!(defense, 1);
            assert_eq!(lost, ["e6:ms"], "the weaker group is destroyed");
        }
    };
}

strength_line!(strength_21_is_two_battleships, ["BB", "BB"], 21);
strength_line!(strength_20_is_three_cruisers, ["CR", "CR", "CR"], 20);
strength_line!(strength_19_is_two_raiders_and_a_destroyer, ["RD", "RD", "DD"], 19);
strength_line!(strength_18_is_two_cruisers, ["CR", "CR"], 18);
strength_line!(strength_17_is_cruiser_submarine_and_two_submarines, ["CS", "SS", "SS"], 17);
strength_line!(strength_16_is_three_submarines, ["SS", "SS", "SS"], 16);
strength_line!(strength_15_is_a_battleship, ["BB"], 15);
strength_line!(strength_14_is_two_raiders, ["RD", "RD"], 14);
strength_line!(strength_13_is_three_destroyers, ["DD", "DD", "DD"], 13);
strength_line!(strength_12_is_raider_and_destroyer, ["RD", "DD"], 12);
strength_line!(strength_11_is_two_destroyers, ["DD", "DD"], 11);
strength_line!(strength_10_is_cruiser_submarine_and_submarine, ["CS", "SS"], 10);
strength_line!(strength_9_is_two_submarines, ["SS", "SS"], 9);
strength_line!(strength_8_is_a_raider, ["RD"], 8);
strength_line!(strength_7_is_a_cruiser, ["CR"], 7);
strength_line!(strength_6_is_a_cruiser_submarine, ["CS"], 6);
strength_line!(strength_5_is_a_destroyer, ["DD"], 5);
strength_line!(strength_4_is_a_submarine, ["SS"], 4);
strength_line!(strength_3_is_a_torpedo_boat, ["TB"], 3);
strength_line!(strength_2_is_a_patrol_ship, ["PS"], 2);

#[test]
fn strength_1_is_a_minesweeper_and_equal_groups_both_die() {
    let (attack, defense, lost) = battle(&["MS"], "ms");
    assert_eq!((attack, defense), (1, 1));
    assert_eq!(lost, ["e5:MS", "e6:ms"], "a tie destroys both groups");
}

#[test]
fn the_stronger_defender_destroys_the_whole_attacking_group() {
    let (attack, defense, lost) = battle(&["CR", "CR"], "bb");
    assert_eq!((attack, defense), (18, 15));
    assert_eq!(lost, ["e6:bb"]);
    let (_, _, lost) = battle(&["DD", "DD"], "bb");
    assert_eq!(lost, ["e5:DD", "f5:DD"], "every member of the losing group is destroyed");
}

#[test]
fn a_tie_of_formations_destroys_every_member_of_both() {
    let mut p = pos("e5:DD f5:DD e6:dd f6:dd a1:PS n15:ps", Side::South);
    let events = play(&mut p, "e5xe6(f5)");
    let mut lost = destroyed(&events);
    lost.sort();
    assert_eq!(lost, ["e5:DD", "e6:dd", "f5:DD", "f6:dd"]);
}

#[test]
fn formation_members_must_be_connected_through_their_own_members() {
    // g5 touches e5 only through f5; f5 is an enemy, so no chain.
    let p = pos("e5:CR f5:ss g5:CR e6:cr a1:PS", Side::South);
    assert!(!legal(&p, "e5xe6(g5)"));
    // A chain e5–e4–f4 is fine even though f4 does not touch e5.
    let p = pos("e5:CR e4:CR f4:CR e6:cr", Side::South);
    assert!(legal(&p, "e5xe6(e4,f4)"));
    assert!(!legal(&p, "e5xe6(f4)"), "f4 alone does not touch e5");
}

#[test]
fn only_compositions_of_the_table_form_formations() {
    let p = pos("e5:BB f5:CR e6:cr", Side::South);
    assert!(!legal(&p, "e5xe6(f5)"));
    assert_eq!(p.why_illegal(&"e5xe6(f5)".parse().unwrap()), Some(Illegal::BadFormation));
    let p = pos("e5:PS f5:PS e6:cr", Side::South);
    assert!(!legal(&p, "e5xe6(f5)"), "patrol ships always fight alone");
}

#[test]
fn every_formation_variant_is_a_separate_legal_action() {
    let p = pos("e5:CR f5:CR d5:CR e6:cr", Side::South);
    let attacks: Vec<String> = actions(&p).into_iter().filter(|a| a.starts_with("e5xe6")).collect();
    assert_eq!(attacks, ["e5xe6", "e5xe6(d5)", "e5xe6(d5,f5)", "e5xe6(f5)"]);
}

#[test]
fn for_a_move_then_attack_the_formation_is_judged_after_the_move() {
    // From e5 the cruiser touches d5; after stepping to e6 it touches f6 instead.
    let p = pos("e5:CR d5:CR f6:CR e7:cr", Side::South);
    assert!(legal(&p, "e5-e6xe7(f6)"));
    assert!(!legal(&p, "e5-e6xe7(d5)"));
}

#[test]
fn partners_count_for_nothing_against_anything_but_a_scale_ship() {
    let mut p = pos("e5:CR f5:CR e6:mn a1:PS n15:ps", Side::South);
    let events = play(&mut p, "e5xe6(f5)");
    assert_eq!(destroyed(&events), ["e6:mn", "e5:CR"]);
    assert_eq!(at(&p, "f5"), "CR", "the partner is neither revealed nor harmed");
    assert!(!events.iter().any(|e| matches!(e, Event::Battle { .. })));
}

#[test]
fn the_default_defence_is_the_strongest_group() {
    let mut p = pos("e5:BB e6:cr f6:cr g6:cr e7:ss a1:PS n15:ps", Side::South);
    let options = p.defense_options(&"e5xe6".parse().unwrap()).unwrap();
    assert_eq!(options[0], Partners::new(&[sq("f6"), sq("g6")]).unwrap(), "three cruisers (20)");
    let events = play(&mut p, "e5xe6");
    assert_eq!(destroyed(&events), ["e5:BB"]);
}

#[test]
fn same_strength_defences_are_chosen_by_square_order_of_partners() {
    let p = pos("e5:BB e6:cr d6:cr f6:cr", Side::South);
    let options = p.defense_options(&"e5xe6".parse().unwrap()).unwrap();
    assert_eq!(options[0], Partners::new(&[sq("d6"), sq("f6")]).unwrap());
    assert_eq!(options[1], Partners::new(&[sq("d6")]).unwrap(), "then the pairs, d6 first");
}

#[test]
fn an_explicit_defence_must_be_a_legal_group_containing_the_target() {
    let p = pos("e5:BB e6:cr f6:cr g6:ss a1:PS n15:ps", Side::South);
    let action: Action = "e5xe6".parse().unwrap();
    let mut events = Vec::new();
    let bad = Defense::Group(Partners::new(&[sq("g6")]).unwrap());
    assert_eq!(p.clone().play(&action, bad, &mut events), Err(PlayError::BadDefense));
    let mut q = p.clone();
    let alone = play_with(&mut q, "e5xe6", Defense::Group(Partners::NONE));
    assert_eq!(destroyed(&alone), ["e6:cr"], "the defender chose to fight alone (7 < 15)");
}

#[test]
fn an_explicit_defence_is_ignored_outside_a_battle_of_scale_ships() {
    let mut p = pos("e5:BB e6:mn a1:PS n15:ps", Side::South);
    let anything = Defense::Group(Partners::new(&[sq("a1")]).unwrap());
    assert_eq!(destroyed(&play_with(&mut p, "e5xe6", anything)), ["e6:mn", "e5:BB"]);
}

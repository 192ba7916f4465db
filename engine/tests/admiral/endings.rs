//! The end of the game (rules §9) and the match-level endings.

use crate::support::*;
use admiral_engine::*;

#[test]
fn losing_both_naval_bases_loses_at_once() {
    let mut p = pos("e5:CR e6:nb a1:NB a2:PS n15:ps", Side::South);
    let events = play(&mut p, "e5xe6");
    assert_eq!(p.status(), Status::SouthWins);
    assert_eq!(p.outcome().unwrap().reason, EndReason::BasesDestroyed);
    assert!(matches!(events.last(), Some(Event::Ended { .. })));
    assert!(p.legal_actions().is_empty(), "after the end no action is legal");
}

#[test]
fn losing_one_base_changes_nothing_else() {
    let mut p = pos("e5:CR e6:nb k14:nb a1:NB a2:PS n15:ps", Side::South);
    play(&mut p, "e5xe6");
    assert_eq!(p.status(), Status::Ongoing);
    assert!(!p.legal_actions().is_empty());
}

#[test]
fn one_action_destroying_both_last_bases_is_a_draw() {
    let mut p = pos("e5:AB e4:NB e6:nb a1:PS n15:ps", Side::South);
    play(&mut p, "e5!");
    assert_eq!(p.outcome(), Some(Outcome { status: Status::Draw, reason: EndReason::AllBasesDestroyed }));
}

#[test]
fn two_hundred_quiet_plies_draw_and_any_attack_resets_the_count() {
    let mut p = pos("a1:PS n15:ps e5:AC d5:CV e8:mn", Side::South);
    for ply in 0..QUIET_PLY_LIMIT - 1 {
        let action = match (ply / 2) % 2 {
            0 if ply % 2 == 0 => "a1-a2",
            0 => "n15-n14",
            _ if ply % 2 == 0 => "a2-a1",
            _ => "n14-n15",
        };
        play(&mut p, action);
    }
    assert_eq!(p.quiet_plies(), QUIET_PLY_LIMIT - 1);
    assert_eq!(p.status(), Status::Ongoing);
    // A reveal-only reconnaissance by the aircraft resets the count.
    assert_eq!(p.to_move(), Side::North);
    let last = if at(&p, "n15") == "ps" { "n15-n14" } else { "n14-n15" };
    play(&mut p, last);
    assert_eq!(p.outcome(), Some(Outcome { status: Status::Draw, reason: EndReason::QuietPlies }));

    let mut q = pos("a1:PS n15:ps e5:AC d5:CV e8:mn", Side::South);
    for _ in 0..10 {
        play(&mut q, "a1-a2");
        play(&mut q, "n15-n14");
        play(&mut q, "a2-a1");
        play(&mut q, "n14-n15");
    }
    assert_eq!(q.quiet_plies(), 40);
    play(&mut q, "e5xe8");
    assert_eq!(q.quiet_plies(), 0);
}

#[test]
fn a_side_without_a_legal_action_loses_when_the_position_is_looked_at() {
    let p = pos("a1:NB a2:SM n15:ps", Side::South);
    assert_eq!(p.outcome(), Some(Outcome { status: Status::NorthWins, reason: EndReason::NoLegalAction }));
    let mut game = Game::from_position(p, true);
    assert!(game.legal_actions().is_empty());
    assert_eq!(game.play(&"a1-b1".parse().unwrap(), Defense::Auto), Err(PlayError::GameOver));
}

#[test]
fn the_base_rule_is_judged_before_the_no_action_rule() {
    // South's raid destroys North's last base and North could not move anyway: bases first.
    let mut p = pos("e5:CR e6:nb a1:PS", Side::South);
    play(&mut p, "e5xe6");
    assert_eq!(p.outcome().unwrap().reason, EndReason::BasesDestroyed);
}

#[test]
fn resignation_and_timeout_end_the_game_for_the_other_side() {
    let p = pos("a1:PS n15:ps", Side::South);
    let mut game = Game::from_position(p.clone(), true);
    let outcome = game.end_by(Side::North, EndReason::Resignation).unwrap();
    assert_eq!(outcome.status, Status::SouthWins);
    assert!(game.legal_actions().is_empty());
    assert_eq!(game.end_by(Side::South, EndReason::Timeout), None, "only once");
    let replayed = Game::replay(game.record()).unwrap();
    assert_eq!(replayed.outcome(), game.outcome());
}

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

/// The next move of the side to move's patrol ship, shuttling between two squares.
fn shuttle_action(p: &Position) -> &'static str {
    match (p.to_move(), at(p, "a1") == "PS", at(p, "n15") == "ps") {
        (Side::South, true, _) => "a1-a2",
        (Side::South, false, _) => "a2-a1",
        (Side::North, _, true) => "n15-n14",
        (Side::North, _, false) => "n14-n15",
    }
}

/// `plies` shuttle moves.
fn shuttle(p: &mut Position, plies: u16) {
    for _ in 0..plies {
        play(p, shuttle_action(p));
    }
}

/// Patrol ships to shuttle, South's aircraft beside its carrier, a North mine it can only
/// reveal (e8) and a North cruiser it destroys (i5).
const QUIET: &str = "a1:PS n15:ps e5:AC d5:CV e8:mn i5:cr";

#[test]
fn two_hundred_plies_without_a_destruction_draw() {
    let mut p = pos(QUIET, Side::South);
    shuttle(&mut p, QUIET_PLY_LIMIT - 1);
    assert_eq!(p.quiet_plies(), QUIET_PLY_LIMIT - 1);
    assert_eq!(p.status(), Status::Ongoing);
    assert_eq!(p.to_move(), Side::North);
    shuttle(&mut p, 1);
    assert_eq!(p.outcome(), Some(Outcome { status: Status::Draw, reason: EndReason::QuietPlies }));
}

#[test]
fn only_a_destruction_restarts_the_quiet_count() {
    let mut p = pos(QUIET, Side::South);
    shuttle(&mut p, 40);
    assert_eq!(p.quiet_plies(), 40);
    // Revealing the mine again and again keeps nothing alive (rules §9, since record format 2).
    let events = play(&mut p, "e5xe8");
    assert!(destroyed(&events).is_empty());
    assert_eq!(p.quiet_plies(), 41);
    shuttle(&mut p, 1);
    play(&mut p, "e5xi5");
    assert_eq!(p.quiet_plies(), 0, "the cruiser was destroyed");

    // On the last quiet ply a reveal-only strike draws like any other action without a loss.
    let mut q = pos(QUIET, Side::South);
    q.set_quiet_plies(QUIET_PLY_LIMIT - 1);
    play(&mut q, "e5xe8");
    assert_eq!(q.outcome(), Some(Outcome { status: Status::Draw, reason: EndReason::QuietPlies }));
}

#[test]
fn an_old_record_replays_and_plays_on_under_its_own_quiet_rule() {
    // Format 1 (the first rules): any attack restarted the count, so these turns are a game
    // still going after 240 plies in which the aircraft revealed the mine every 100 plies.
    let mut old = Game::from_position(pos(QUIET, Side::South), true).record().clone();
    old.format = 1;
    let mut replayed = Game::replay(&old).unwrap();
    for ply in 0..240u32 {
        let action = if ply % 100 == 50 { "e5xe8" } else { shuttle_action(replayed.position()) };
        replayed.play(&action.parse().unwrap(), Defense::Auto).unwrap();
    }
    assert_eq!(replayed.status(), Status::Ongoing, "format 1: the strikes restarted the count");
    assert_eq!(replayed.record().format, 1, "the match keeps the rules it started under");
    assert_eq!(replayed.position().quiet_rule(), QuietRule::AnyAttack);
    let again = Game::replay(replayed.record()).unwrap();
    assert_eq!(again.position(), replayed.position());

    // The same turns under today's rule: a draw at ply 200, and the record says so.
    let mut record = replayed.record().clone();
    record.format = RECORD_FORMAT;
    let error = Game::replay(&record).unwrap_err();
    assert!(matches!(error, GameError::Replay { turn: 201, error: PlayError::GameOver }), "{error:?}");
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

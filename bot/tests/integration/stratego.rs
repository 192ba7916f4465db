//! Classic Stratego through the service on a real SQLite file: a whole match against the AI,
//! a whole match between two AIs (one driving a human seat through the public API), and
//! refusals that change nothing.

use crate::common;
use common::*;

use admiral_bot::error::{IllegalMove, LayoutProblems, NotationError};
use admiral_bot::notify::Notice;
use admiral_bot::service::PlayerView;
use admiral_bot::service::{MatchSettings, MatchStatus, Origin};
use admiral_bot::{MatchId, ServiceError, UserId};
use admiral_engine::ai::Budget;
use admiral_engine::stratego::{self, ai::Ai, Layout};
use admiral_engine::{Dice, EndReason, Side, Square};

fn stratego_settings() -> MatchSettings {
    MatchSettings { ruleset: "stratego".into(), ..MatchSettings::default() }
}

/// How the human seat chooses: random legal moves (attacks half of the time) or an engine AI.
enum Driver {
    Random(Dice),
    Ai(Ai),
}

impl Driver {
    async fn choose(&mut self, h: &Harness, user: UserId, id: MatchId) -> Option<String> {
        let legal = h.svc.legal_notations(user, id).await.expect("legal");
        if legal.is_empty() {
            return None;
        }
        match self {
            Driver::Random(dice) => {
                let attacks: Vec<&String> = legal.iter().filter(|a| a.contains('x')).collect();
                Some(if !attacks.is_empty() && dice.chance(0.5) {
                    attacks[dice.below(attacks.len())].clone()
                } else {
                    legal[dice.below(legal.len())].clone()
                })
            }
            Driver::Ai(ai) => {
                let view = h.stratego_view(user, id).await;
                let actions: Vec<stratego::Action> =
                    legal.iter().map(|a| a.parse().expect("notation")).collect();
                Some(ai.choose(&view, &actions).to_string())
            }
        }
    }
}

/// Plays the human seat until the match ends (or resigns at `cap` plies); returns the plies.
async fn play_out(h: &Harness, user: UserId, id: MatchId, driver: &mut Driver, cap: u32) -> u32 {
    let mut key = 0;
    loop {
        h.svc.quiesce().await;
        let (status, ply, _) = h.svc.status(id).await.expect("status");
        if status == MatchStatus::Finished {
            return ply;
        }
        if ply >= cap {
            h.svc.resign("resign", user, id).await.expect("resign");
            return ply;
        }
        match driver.choose(h, user, id).await {
            Some(notation) => {
                key += 1;
                h.svc
                    .act(&format!("k{key}"), user, id, ply, &notation)
                    .await
                    .expect("a legal move is accepted");
            }
            None => tokio::task::yield_now().await,
        }
    }
}

async fn check_finished_unrated(h: &Harness, id: MatchId, user: UserId, plies: u32) {
    let (status, ply, outcome) = h.svc.status(id).await.unwrap();
    assert_eq!(status, MatchStatus::Finished);
    assert_eq!(ply, plies);
    h.deliver().await;
    let ended: Vec<_> = h.picked_from_dms(user, |notice| match notice {
        Notice::MatchEnded { view, outcome, points, awards, .. } => Some((view, outcome, points, awards)),
        _ => None,
    });
    assert_eq!(ended.len(), 1, "one end notice");
    assert!(!ended[0].0.ongoing());
    if let Some(o) = outcome {
        assert_eq!(ended[0].1, o);
    }
    // A Stratego end notice without points or awards, and the career did not move: Stratego
    // is unrated.
    assert!(matches!(*ended[0].0, PlayerView::Stratego(_)) && ended[0].2.is_none() && ended[0].3.is_empty());
    let profile = h.svc.profile(user).await.unwrap();
    assert_eq!((profile.points, profile.rated_matches), (0, 0));
    assert_eq!(count(h.svc.store(), "SELECT COUNT(*) FROM match_points").await, 0);
    // The match row carries its ruleset; the record replays to the same end.
    let ruleset: String = column_of(h.svc.store(), "SELECT ruleset FROM matches WHERE id = $1", id.0).await;
    assert_eq!(ruleset, "stratego");
    let record: stratego::Record =
        serde_json::from_str(&h.svc.record_json(id).await.unwrap().unwrap()).expect("a Stratego record");
    assert_eq!(record.ruleset, "stratego");
    let replayed = stratego::Game::replay(&record).expect("the record replays");
    assert_eq!(replayed.ply(), plies);
    assert!(replayed.outcome().is_some());
    h.svc.forget_cache();
    assert_eq!(h.svc.status(id).await.unwrap().1, plies, "reloaded from the stored events");
    assert_eq!(count(h.svc.store(), "SELECT COUNT(*) FROM timers").await, 0, "no timers left");
}

#[tokio::test]
async fn a_whole_stratego_match_against_the_ai() {
    let h = harness().await;
    let origin = Origin::in_channel(GUILD, CHANNEL);
    let id = h.svc.start_ai(ALICE, 3, stratego_settings(), origin).await.unwrap();
    assert_eq!(h.svc.ruleset(id).await.unwrap(), admiral_engine::Ruleset::Stratego);
    h.deliver().await;
    let setup: Vec<String> = h.picked_from_dms(ALICE, |notice| match notice {
        Notice::SetupOpened { grid, .. } => Some(grid),
        _ => None,
    });
    assert_eq!(setup.len(), 1);
    assert!(Layout::parse(&setup[0]).is_ok(), "the setup preview is a complete Stratego layout");
    // A new auto layout, then the file round trip, then ready: the match starts.
    let grid = h.svc.auto_layout(ALICE, id).await.unwrap();
    let file = h.svc.layout_file(ALICE, id).await.unwrap();
    assert_eq!(h.svc.upload_layout(ALICE, id, &file).await.unwrap(), grid);
    assert_eq!(h.svc.ready(ALICE, id).await.unwrap(), MatchStatus::Playing);
    h.deliver().await;
    assert!(h
        .first_dm(ALICE, |n| your_turn(n) && matches!(n, Notice::Board { deadline: None, .. }))
        .is_some());
    let plies = play_out(&h, ALICE, id, &mut Driver::Random(Dice::new(5)), 3000).await;
    assert!(plies > 0);
    check_finished_unrated(&h, id, ALICE, plies).await;
    // The AI's moves reached Alice as board notices (pictures of her own view).
    let boards = h.out.to_user(ALICE).iter().filter(|n| matches!(n.notice, Notice::Board { .. })).count();
    assert!(boards as u32 >= plies / 2, "a board after each AI move ({boards} for {plies} plies)");
}

#[tokio::test]
async fn a_whole_stratego_match_between_two_ais() {
    let h = harness().await;
    let id = h.svc.start_ai(BOB, 5, stratego_settings(), Origin::default()).await.unwrap();
    h.svc.ready(BOB, id).await.unwrap();
    // Bob's seat is played by the engine's level-2 AI through the public API.
    let mut driver = Driver::Ai(Ai::new(2, 9, Budget::Iterations(8)));
    let plies = play_out(&h, BOB, id, &mut driver, 3000).await;
    check_finished_unrated(&h, id, BOB, plies).await;
}

#[tokio::test]
async fn stratego_challenges_and_refusals_that_change_nothing() {
    let h = harness().await;
    let bad = MatchSettings { ruleset: "chess".into(), ..MatchSettings::default() };
    unchanged(&h, "unknown ruleset", h.svc.challenge(ALICE, BOB, false, bad, Origin::default()), |e| {
        matches!(e, ServiceError::InvalidSettings(_))
    })
    .await;
    let id = h.hvh(stratego_settings()).await;
    let south = h.user_at(id, Side::South).await;
    let north = h.user_at(id, Side::North).await;
    unchanged(&h, "move in setup", h.svc.act("x1", south, id, 0, "a4-a5"), |e| {
        matches!(e, ServiceError::SetupNotReady)
    })
    .await;
    unchanged(&h, "bad layout file", h.svc.upload_layout(south, id, "MA MA MA\nnonsense"), |e| {
        matches!(e, ServiceError::BadLayout(LayoutProblems::Stratego(_)))
    })
    .await;
    let (a, b) = (Square::parse("a1").unwrap(), Square::parse("a2").unwrap());
    unchanged(&h, "Admiral swap in Stratego", h.svc.swap_squares(south, id, a, b), |e| {
        matches!(e, ServiceError::OtherRuleset)
    })
    .await;
    // A partial layout is kept but cannot be declared ready; completing it can.
    let mut partial = Layout::empty();
    partial.set(3, 0, Some(stratego::Rank::Flag));
    h.svc.upload_layout(south, id, &partial.to_text(admiral_engine::Language::En)).await.unwrap();
    unchanged(&h, "ready while incomplete", h.svc.ready(south, id), |e| {
        matches!(e, ServiceError::BadLayout(LayoutProblems::Stratego(_)))
    })
    .await;
    let grid = h.svc.complete_layout(south, id).await.unwrap();
    let completed = Layout::parse(&grid).expect("complete");
    assert_eq!(completed.get(3, 0), Some(stratego::Rank::Flag), "placed pieces stay");
    h.svc.ready(south, id).await.unwrap();
    assert_eq!(h.svc.ready(north, id).await.unwrap(), MatchStatus::Playing);

    unchanged(&h, "not your turn", h.svc.act("x2", north, id, 0, "a7-a6"), |e| {
        matches!(e, ServiceError::NotYourTurn)
    })
    .await;
    unchanged(&h, "not a player", h.svc.act("x3", CAROL, id, 0, "a4-a5"), |e| {
        matches!(e, ServiceError::NotYourMatch)
    })
    .await;
    unchanged(&h, "unreadable", h.svc.act("x4", south, id, 0, "hello"), |e| {
        matches!(e, ServiceError::BadNotation(NotationError::Stratego(_)))
    })
    .await;
    unchanged(&h, "into a lake", h.svc.act("x5", south, id, 0, "c4-c5"), |e| {
        matches!(e, ServiceError::Illegal(IllegalMove::Stratego(_)))
    })
    .await;
    unchanged(&h, "a back-row piece jumps", h.svc.act("x6", south, id, 0, "a1-a2"), |e| {
        matches!(e, ServiceError::Illegal(IllegalMove::Stratego(_)))
    })
    .await;
    unchanged(&h, "stale", h.svc.act("x7", south, id, 3, "a4-a5"), |e| {
        matches!(e, ServiceError::Stale { .. })
    })
    .await;
    unchanged(&h, "defence in Stratego", h.svc.declare_defence("x8", south, id, 0), |e| {
        matches!(e, ServiceError::NoDecision)
    })
    .await;
    // The board is Stratego's; the Admiral-only queries refuse it.
    assert!(h.svc.view(south, id).await.unwrap().admiral().is_none());
    assert!(matches!(h.svc.legal_actions(south, id).await, Err(ServiceError::OtherRuleset)));
    // A legal move is accepted once; the same key again returns the same result.
    let legal = h.svc.legal_notations(south, id).await.unwrap();
    let first = h.svc.act("ok-1", south, id, 0, &legal[0]).await.unwrap();
    assert_eq!(h.svc.act("ok-1", south, id, 0, &legal[0]).await.unwrap(), first);
    assert_eq!(first.ply, 1);
    let view = h.stratego_view(north, id).await;
    assert!(view.my_turn());
    assert_eq!(view.last_action.map(|a| a.to_string()), Some(legal[0].clone()));
    // Resigning ends it for North's opponent: South wins, unrated.
    let r = h.svc.resign("r-1", north, id).await.unwrap();
    let outcome = r.outcome.unwrap();
    assert_eq!(outcome.reason, EndReason::Resignation);
    assert_eq!(outcome.status.winner(), Some(Side::South));
    h.deliver().await;
    assert!(h.out.to_user(south).iter().any(|n| matches!(n.notice, Notice::MatchEnded { .. })));
    assert!(h.out.all().iter().any(|n| matches!(n.notice, Notice::PublicResult { .. })));
}

#[tokio::test]
async fn stratego_setup_and_move_deadlines() {
    use admiral_bot::clock::TimeControl;
    const DAY: i64 = 24 * 3_600_000;
    let h = harness().await;
    let settings = MatchSettings {
        time_control: TimeControl::Correspondence { days_per_move: 1 },
        ..stratego_settings()
    };
    let id = h.hvh(settings).await;
    let south = h.user_at(id, Side::South).await;
    // The setup clock runs out: both layouts are completed and the match starts.
    h.now.advance(3 * DAY);
    h.svc.run_due_timers().await.unwrap();
    assert_eq!(h.svc.status(id).await.unwrap().0, MatchStatus::Playing);
    // South does not move: the move deadline ends the match on time, unrated.
    h.now.advance(2 * DAY);
    h.svc.run_due_timers().await.unwrap();
    let (status, ply, outcome) = h.svc.status(id).await.unwrap();
    assert_eq!((status, ply), (MatchStatus::Finished, 0));
    let outcome = outcome.expect("an outcome");
    assert_eq!(outcome.reason, EndReason::Timeout);
    assert_eq!(outcome.status.winner(), Some(Side::North));
    h.deliver().await;
    assert!(h.out.to_user(south).iter().any(|n| matches!(n.notice, Notice::MatchEnded { .. })));
    assert_eq!(count(h.svc.store(), "SELECT COUNT(*) FROM timers").await, 0);
}

#[tokio::test]
async fn stratego_layouts_can_be_saved_and_reused() {
    let h = harness().await;
    let id = h.svc.start_ai(ALICE, 1, stratego_settings(), Origin::default()).await.unwrap();
    let file = h.svc.layout_file(ALICE, id).await.unwrap();
    h.svc.save_layout(ALICE, "wall", &file).await.unwrap();
    let saved = h.svc.saved_layout(ALICE, "wall", admiral_engine::Language::Ru).await.unwrap();
    assert_eq!(Layout::parse(&saved).unwrap(), Layout::parse(&file).unwrap());
    h.svc.auto_layout(ALICE, id).await.unwrap();
    let grid = h.svc.use_saved_layout(ALICE, id, "wall").await.unwrap();
    assert_eq!(Layout::parse(&grid).unwrap(), Layout::parse(&file).unwrap());
    // An Admiral layout saved under another name does not fit a Stratego match.
    let admiral = admiral_engine::auto_layout(3, admiral_engine::Style::Balanced);
    h.svc.save_layout(ALICE, "fleet", &admiral.to_text(admiral_engine::Language::En)).await.unwrap();
    unchanged(&h, "Admiral layout in Stratego", h.svc.use_saved_layout(ALICE, id, "fleet"), |e| {
        matches!(e, ServiceError::BadLayout(LayoutProblems::Stratego(_)))
    })
    .await;
}

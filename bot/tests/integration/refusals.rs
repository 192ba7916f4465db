//! Every refusal leaves the database unchanged; repeated submissions apply once.

use crate::common;
use common::*;

use admiral_bot::error::{IllegalMove, LayoutProblems, NotationError};
use admiral_bot::service::{MatchSettings, Origin};
use admiral_bot::{ServiceError, UserId};
use admiral_engine::Side;

#[tokio::test]
async fn refusals_leave_the_database_unchanged() {
    let h = harness().await;
    let origin = Origin::in_channel(GUILD, CHANNEL);
    let s = MatchSettings::default();
    unchanged(&h, "self challenge", h.svc.challenge(ALICE, ALICE, false, s.clone(), origin), |e| {
        matches!(e, ServiceError::SelfChallenge)
    })
    .await;
    unchanged(&h, "bot challenge", h.svc.challenge(ALICE, UserId(9), true, s.clone(), origin), |e| {
        matches!(e, ServiceError::BotOpponent)
    })
    .await;
    let c = h.svc.challenge(ALICE, BOB, false, s.clone(), origin).await.unwrap();
    unchanged(&h, "wrong user accepts", h.svc.accept(CAROL, c), |e| {
        matches!(e, ServiceError::NotYourChallenge)
    })
    .await;
    unchanged(&h, "challenger accepts", h.svc.accept(ALICE, c), |e| {
        matches!(e, ServiceError::NotYourChallenge)
    })
    .await;
    unchanged(&h, "wrong user declines", h.svc.decline(CAROL, c), |e| {
        matches!(e, ServiceError::NotYourChallenge)
    })
    .await;

    // Expired challenge: refused before and after the expiry timer ran.
    let c2 = h.svc.challenge(ALICE, CAROL, false, s.clone(), origin).await.unwrap();
    h.now.advance(24 * 3_600_000 + 1);
    unchanged(&h, "expired challenge", h.svc.accept(CAROL, c2), |e| {
        matches!(e, ServiceError::ChallengeExpired)
    })
    .await;
    h.svc.run_due_timers().await.unwrap();
    unchanged(&h, "expired challenge (after timer)", h.svc.accept(CAROL, c2), |e| {
        matches!(e, ServiceError::ChallengeExpired)
    })
    .await;

    let c = h.svc.challenge(ALICE, BOB, false, s.clone(), origin).await.unwrap();
    let id = h.svc.accept(BOB, c).await.unwrap();
    // Setup refusals.
    unchanged(&h, "act in setup", h.svc.act("k0", ALICE, id, 0, "a5-a6"), |e| {
        matches!(e, ServiceError::SetupNotReady)
    })
    .await;
    unchanged(
        &h,
        "bad upload",
        h.svc.upload_layout(ALICE, id, "CV BB XX\n. . ."),
        |e| matches!(e, ServiceError::BadLayout(LayoutProblems::Admiral(errs)) if !errs.is_empty()),
    )
    .await;
    unchanged(&h, "stranger edits setup", h.svc.auto_layout(CAROL, id), |e| {
        matches!(e, ServiceError::NotYourMatch)
    })
    .await;
    unchanged(&h, "unknown saved layout", h.svc.use_saved_layout(ALICE, id, "nope"), |e| {
        matches!(e, ServiceError::NoSuchLayout(_))
    })
    .await;
    let mut partial = admiral_engine::Layout::empty();
    partial.set(0, 0, Some(admiral_engine::UnitKind::Battleship));
    h.svc.upload_layout(ALICE, id, &partial.to_text(admiral_engine::Language::Ru)).await.unwrap();
    unchanged(&h, "ready with an incomplete layout", h.svc.ready(ALICE, id), |e| {
        matches!(e, ServiceError::LayoutIncomplete(_))
    })
    .await;
    h.svc.complete_layout(ALICE, id).await.unwrap();
    // Saved layouts: save the current one, list, show, use, delete.
    let file = h.svc.layout_file(ALICE, id).await.unwrap();
    h.svc.save_layout(ALICE, "wall", &file).await.unwrap();
    assert_eq!(h.svc.saved_layouts(ALICE).await.unwrap(), vec!["wall".to_string()]);
    let shown = h.svc.saved_layout(ALICE, "wall", admiral_engine::Language::Ru).await.unwrap();
    assert_eq!(admiral_engine::Layout::parse(&shown).unwrap(), admiral_engine::Layout::parse(&file).unwrap());
    h.svc.auto_layout(ALICE, id).await.unwrap();
    h.svc.use_saved_layout(ALICE, id, "wall").await.unwrap();
    assert_eq!(h.svc.layout_file(ALICE, id).await.unwrap(), file);
    unchanged(&h, "bad layout save", h.svc.save_layout(ALICE, "bad", "XX"), |e| {
        matches!(e, ServiceError::BadLayout(LayoutProblems::Admiral(_)))
    })
    .await;
    unchanged(&h, "delete unknown layout", h.svc.delete_layout(ALICE, "nope"), |e| {
        matches!(e, ServiceError::NoSuchLayout(_))
    })
    .await;
    h.svc.delete_layout(ALICE, "wall").await.unwrap();
    h.svc.ready(ALICE, id).await.unwrap();
    unchanged(&h, "edit after ready", h.svc.auto_layout(ALICE, id), |e| {
        matches!(e, ServiceError::AlreadyReady)
    })
    .await;
    h.svc.ready(BOB, id).await.unwrap();

    let south = h.user_at(id, Side::South).await;
    let north = h.user_at(id, Side::North).await;
    let legal = h.svc.legal_actions(south, id).await.unwrap();
    let good = legal[0].to_string();
    unchanged(&h, "not your match", h.svc.act("k1", CAROL, id, 0, &good), |e| {
        matches!(e, ServiceError::NotYourMatch)
    })
    .await;
    unchanged(&h, "not your turn", h.svc.act("k2", north, id, 0, &good), |e| {
        matches!(e, ServiceError::NotYourTurn)
    })
    .await;
    unchanged(&h, "stale", h.svc.act("k3", south, id, 5, &good), |e| {
        matches!(e, ServiceError::Stale { made_for: 5, current: 0 })
    })
    .await;
    unchanged(&h, "bad notation", h.svc.act("k4", south, id, 0, "zz9"), |e| {
        matches!(e, ServiceError::BadNotation(NotationError::Admiral(_)))
    })
    .await;
    // An illegal action: a move onto one of our own units or off the zone.
    let illegal = (0..14u8)
        .flat_map(|c| (0..15u8).map(move |r| (c, r)))
        .map(|(c, r)| format!("{}{}-{}{}", (b'a' + c) as char, r + 1, (b'a' + c) as char, r + 3))
        .find(|n| !legal.iter().any(|a| a.to_string() == *n))
        .unwrap();
    unchanged(&h, "illegal", h.svc.act("k5", south, id, 0, &illegal), |e| {
        matches!(e, ServiceError::Illegal(IllegalMove::Admiral(_)))
    })
    .await;
    unchanged(&h, "defence without attack", h.svc.declare_defence("k6", north, id, 0), |e| {
        matches!(e, ServiceError::NoDecision)
    })
    .await;
    unchanged(&h, "stranger resigns", h.svc.resign("k7", CAROL, id), |e| {
        matches!(e, ServiceError::NotYourMatch)
    })
    .await;
    unchanged(&h, "no such match", h.svc.act("k8", south, admiral_bot::MatchId(999), 0, &good), |e| {
        matches!(e, ServiceError::NoSuchMatch(_))
    })
    .await;
    unchanged(&h, "bad AI level", h.svc.start_ai(ALICE, 9, s.clone(), origin), |e| {
        matches!(e, ServiceError::InvalidSettings(_))
    })
    .await;

    // A finished match refuses everything.
    h.svc.resign("r1", north, id).await.unwrap();
    unchanged(&h, "act after the end", h.svc.act("k9", south, id, 0, &good), |e| {
        matches!(e, ServiceError::MatchOver)
    })
    .await;
}

#[tokio::test]
async fn double_submission_applies_once() {
    let h = harness().await;
    let id = h.hvh(MatchSettings::default()).await;
    h.svc.ready(ALICE, id).await.unwrap();
    h.svc.ready(BOB, id).await.unwrap();
    let south = h.user_at(id, Side::South).await;
    let action = h.svc.legal_actions(south, id).await.unwrap()[0].to_string();
    let first = h.svc.act("interaction-1", south, id, 0, &action).await.unwrap();
    let again = h.svc.act("interaction-1", south, id, 0, &action).await.unwrap();
    assert_eq!(first, again, "a retry returns the stored result");
    assert_eq!(count(h.svc.store(), "SELECT COUNT(*) FROM match_events WHERE kind = 'turn'").await, 1);

    // Concurrent double click: many tasks submit the same interaction at once.
    let north = h.user_at(id, Side::North).await;
    let action = h.svc.legal_actions(north, id).await.unwrap()[0].to_string();
    let mut tasks = Vec::new();
    for _ in 0..8 {
        let svc = h.svc.clone();
        let action = action.clone();
        tasks.push(tokio::spawn(async move { svc.act("interaction-2", north, id, 1, &action).await }));
    }
    let mut results = Vec::new();
    for t in tasks {
        results.push(t.await.unwrap().unwrap());
    }
    assert!(results.windows(2).all(|w| w[0] == w[1]));
    assert_eq!(count(h.svc.store(), "SELECT COUNT(*) FROM match_events WHERE kind = 'turn'").await, 2);
    assert_eq!(count(h.svc.store(), "SELECT COUNT(*) FROM submissions").await, 2);
    // A different interaction with the old ply is stale, not applied.
    let r = h.svc.act("interaction-3", north, id, 1, &action).await;
    assert!(matches!(r, Err(ServiceError::NotYourTurn | ServiceError::Stale { .. })), "{r:?}");
    // Resign twice: once.
    let a = h.svc.resign("resign", south, id).await.unwrap();
    let b = h.svc.resign("resign", south, id).await.unwrap();
    assert_eq!(a, b);
    assert_eq!(count(h.svc.store(), "SELECT COUNT(*) FROM match_events WHERE kind = 'ended'").await, 1);
    // Resigned at ply 2, before move 10: nothing counts (career fair play).
    assert_eq!(count(h.svc.store(), "SELECT COUNT(*) FROM match_points").await, 0);
}

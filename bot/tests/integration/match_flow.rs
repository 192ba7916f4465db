//! Full matches through the service against a real SQLite file: human vs human and human vs
//! AI, from the challenge to points and awards.

use crate::common;
use common::*;

use admiral_bot::notify::{Notice, Recipient};
use admiral_bot::service::{MatchSettings, MatchStatus, Origin};
use admiral_engine::{Language, Layout, Side, Status};

#[tokio::test]
async fn human_vs_human_from_challenge_to_awards() {
    let h = harness().await;
    let c = h
        .svc
        .challenge(ALICE, BOB, false, MatchSettings::default(), Origin::in_channel(GUILD, CHANNEL))
        .await
        .unwrap();
    h.deliver().await;
    let public = h.out.all();
    assert!(matches!(public[0].notice, Notice::ChallengeIssued { .. }));
    assert_eq!(public[0].recipient, Recipient::Channel { guild: Some(GUILD), channel: CHANNEL });
    let id = h.svc.accept(BOB, c).await.unwrap();
    assert_eq!(h.svc.accept(BOB, c).await.unwrap(), id, "a repeated accept returns the same match");
    h.deliver().await;
    for u in [ALICE, BOB] {
        assert!(h.out.to_user(u).iter().any(|n| matches!(n.notice, Notice::SetupOpened { .. })));
    }
    // Alice uploads a partial file and completes it; Bob regenerates, swaps and is ready.
    let south = h.user_at(id, Side::South).await;
    let north = h.user_at(id, Side::North).await;
    let mut partial = Layout::empty();
    partial.set(4, 0, Some(admiral_engine::UnitKind::NavalBase));
    h.svc.upload_layout(ALICE, id, &partial.to_text(admiral_engine::Language::En)).await.unwrap();
    assert!(matches!(h.svc.ready(ALICE, id).await, Err(admiral_bot::ServiceError::LayoutIncomplete(_))));
    let grid = h.svc.complete_layout(ALICE, id).await.unwrap();
    assert!(Layout::parse(&grid).is_ok());
    h.svc.auto_layout(BOB, id).await.unwrap();
    let bob_side = if north == BOB { Side::North } else { Side::South };
    let a = Layout::square(bob_side, 1, 0);
    let b = Layout::square(bob_side, 1, 1);
    h.svc.swap_squares(BOB, id, a, b).await.unwrap();
    assert_eq!(h.svc.ready(ALICE, id).await.unwrap(), MatchStatus::Setup);
    assert_eq!(h.svc.ready(BOB, id).await.unwrap(), MatchStatus::Playing);
    h.deliver().await;
    assert!(h.first_dm(south, your_turn).is_some());

    play_random(&h, id, &[ALICE, BOB], 42, 4000).await;
    let (status, _, outcome) = h.svc.status(id).await.unwrap();
    if status == MatchStatus::Playing {
        h.svc.resign("resign-1", south, id).await.unwrap();
    }
    let (status, ply, outcome2) = h.svc.status(id).await.unwrap();
    assert_eq!(status, MatchStatus::Finished);
    let outcome = outcome.or(outcome2).unwrap();
    h.deliver().await;
    for u in [ALICE, BOB] {
        let ended: Vec<_> = h.picked_from_dms(u, |notice| match notice {
            Notice::MatchEnded { points, awards, .. } => Some((points, awards)),
            _ => None,
        });
        assert_eq!(ended.len(), 1, "one end notice each");
        let (points, awards) = &ended[0];
        assert!(points.is_some(), "rated match shows the working");
        let profile = h.svc.profile(u).await.unwrap();
        assert_eq!(profile.rated_matches, 1);
        assert_eq!(profile.points, points.as_ref().unwrap().total);
        assert!(profile.awards.iter().any(|(a, c, _)| a == "veteran" && *c == 1));
        let _ = awards;
    }
    let winner = outcome.status.winner();
    if let Some(w) = winner {
        let wu = if w == Side::South { south } else { north };
        assert_eq!(h.svc.profile(wu).await.unwrap().wins, 1);
    } else {
        assert_eq!(outcome.status, Status::Draw);
    }
    assert!(h.out.all().iter().any(|n| matches!(n.notice, Notice::PublicResult { .. })
        && n.recipient == Recipient::Channel { guild: Some(GUILD), channel: CHANNEL }));
    // The record in the database replays to the same game.
    let replayed = admiral_bot::service::replay_from_store(h.svc.store(), id).await.unwrap().unwrap();
    assert_eq!(replayed.ply(), ply);
    assert_eq!(replayed.outcome(), Some(outcome));
    assert_eq!(count(h.svc.store(), "SELECT COUNT(*) FROM timers").await, 0, "no timers left");
    assert_eq!(count(h.svc.store(), "SELECT COUNT(*) FROM outbox WHERE delivered_at IS NULL").await, 0);
}

#[tokio::test]
async fn human_vs_ai_from_start_to_awards() {
    let h = harness().await;
    let id =
        h.svc.start_ai(CAROL, 5, MatchSettings::default(), Origin::in_channel(GUILD, CHANNEL)).await.unwrap();
    assert!(matches!(
        h.svc.act("early", CAROL, id, 0, "a1-a2").await,
        Err(admiral_bot::ServiceError::SetupNotReady)
    ));
    assert_eq!(h.svc.ready(CAROL, id).await.unwrap(), MatchStatus::Playing);
    play_random(&h, id, &[CAROL], 7, 4000).await;
    h.svc.quiesce().await;
    let (status, _, _) = h.svc.status(id).await.unwrap();
    if status == MatchStatus::Playing {
        h.svc.resign("carol-resigns", CAROL, id).await.unwrap();
    }
    let (status, ply, outcome) = h.svc.status(id).await.unwrap();
    assert_eq!(status, MatchStatus::Finished);
    assert!(ply > 0);
    h.deliver().await;
    let profile = h.svc.profile(CAROL).await.unwrap();
    assert_eq!(profile.rated_matches, 1);
    let ended = h
        .picked_from_dms(CAROL, |notice| match notice {
            Notice::MatchEnded { points, .. } => points,
            _ => None,
        })
        .into_iter()
        .next()
        .expect("end notice with points");
    assert!((ended.opponent_factor - 1.0).abs() < 1e-9, "level 5 counts in full");
    assert_eq!(ended.total, profile.points);
    if outcome.unwrap().status.winner() == Some(Side::South) {
        assert!(profile.awards.iter().any(|(a, _, _)| a == "admirals_match"));
    }
    // The AI's moves went through the record like any other.
    let record = h.svc.record(id).await.unwrap().unwrap();
    assert_eq!(record.turns.len() as u32, ply);
}

/// The adapter runs service calls inside Discord event handlers: every future must be `Send`
/// and the service `Send + Sync + Clone`.
#[allow(dead_code, clippy::let_underscore_future)]
fn service_futures_are_send(svc: admiral_bot::Service) {
    fn send<T: Send>(_: T) {}
    fn shared<T: Send + Sync + Clone>(_: &T) {}
    shared(&svc);
    let m = admiral_bot::MatchId(1);
    send(svc.challenge(ALICE, BOB, false, MatchSettings::default(), Origin::default()));
    send(svc.accept(BOB, admiral_bot::ChallengeId(1)));
    send(svc.upload_layout(ALICE, m, ""));
    send(svc.ready(ALICE, m));
    send(svc.act("k", ALICE, m, 0, "a1-a2"));
    send(svc.declare_defence("k", ALICE, m, 0));
    send(svc.resign("k", ALICE, m));
    send(svc.view(ALICE, m));
    send(svc.legal_actions(ALICE, m));
    send(svc.profile(ALICE));
    send(svc.run_due_timers());
}

/// Public messages (the challenge, the result) are read by the whole channel: they follow
/// the server's language when Discord tells it, else the challenger's, and never switch with
/// the seats (which are drawn at random per match).
#[tokio::test]
async fn public_messages_follow_the_channel_not_the_seats() {
    let h = harness().await;
    h.svc.set_language(ALICE, Language::Ru).await.unwrap();
    let cases =
        [(Some(Language::En), Language::En), (Some(Language::Ru), Language::Ru), (None, Language::Ru)];
    let mut seats_seen = [false; 2];
    for round in 0..6u64 {
        let (server, expected) = cases[round as usize % cases.len()];
        let origin = Origin { language: server, ..Origin::in_channel(GUILD, CHANNEL + round) };
        let c = h.svc.challenge(ALICE, BOB, false, MatchSettings::default(), origin).await.unwrap();
        h.now.advance(1_000 + round as i64 * 7_919);
        let id = h.svc.accept(BOB, c).await.unwrap();
        for u in [ALICE, BOB] {
            h.svc.ready(u, id).await.unwrap();
        }
        let south = h.user_at(id, Side::South).await;
        seats_seen[(south == ALICE) as usize] = true;
        h.svc.resign(&format!("resign{round}"), south, id).await.unwrap();
        h.svc.quiesce().await;
        h.deliver().await;
        let public: Vec<_> = h
            .out
            .all()
            .into_iter()
            .filter(|n| n.recipient == Recipient::Channel { guild: Some(GUILD), channel: CHANNEL + round })
            .collect();
        assert!(public.iter().any(|n| matches!(n.notice, Notice::ChallengeIssued { .. })));
        assert!(public.iter().any(|n| matches!(n.notice, Notice::PublicResult { .. })));
        assert!(
            public.iter().all(|n| n.language == expected),
            "server language {server:?}, South {south:?}: {public:?}"
        );
    }
    assert_eq!(seats_seen, [true, true], "both seatings were exercised");
}

/// Resigning before the match starts, in either ruleset: the match ends at once with the
/// resigner's loss at move 0 (unrated, as any resignation before move 10), what the players had
/// placed is kept and completed, nobody hears of a start, and no timer is left.
#[tokio::test]
async fn resigning_during_setup_ends_the_match_at_once() {
    let h = harness().await;
    for ruleset in ["admiral", "stratego"] {
        let settings = MatchSettings { ruleset: ruleset.into(), ..MatchSettings::default() };
        let id = h.hvh(settings).await;
        h.svc.auto_layout(ALICE, id).await.unwrap();
        h.deliver().await;
        let told = h.out.all().len();
        let bob_side = if h.user_at(id, Side::North).await == BOB { Side::North } else { Side::South };
        let key = format!("resign-in-setup-{ruleset}");
        assert!(matches!(h.svc.resign(&key, CAROL, id).await, Err(admiral_bot::ServiceError::NotYourMatch)));
        h.svc.resign(&key, BOB, id).await.unwrap();
        h.svc.resign(&key, BOB, id).await.expect("a repeated resignation gets the first one's answer");
        assert!(matches!(h.svc.resign("again", BOB, id).await, Err(admiral_bot::ServiceError::MatchOver)));
        let (status, ply, outcome) = h.svc.status(id).await.unwrap();
        assert_eq!((status, ply), (MatchStatus::Finished, 0), "{ruleset}");
        let outcome = outcome.unwrap();
        assert_eq!(outcome.status.winner(), Some(bob_side.opponent()), "{ruleset}");
        assert_eq!(outcome.reason, admiral_engine::EndReason::Resignation, "{ruleset}");
        assert_eq!(count(h.svc.store(), "SELECT COUNT(*) FROM timers").await, 0, "{ruleset}: no timers left");
        assert_eq!(count(h.svc.store(), "SELECT COUNT(*) FROM profiles").await, 0, "{ruleset}: unrated");
        h.deliver().await;
        let after = &h.out.all()[told..];
        for u in [ALICE, BOB] {
            let mine: Vec<_> = after.iter().filter(|n| n.recipient == Recipient::User { user: u }).collect();
            assert_eq!(
                mine.iter().filter(|n| matches!(n.notice, Notice::MatchEnded { .. })).count(),
                1,
                "{ruleset}: one end notice each"
            );
            assert!(
                !mine.iter().any(|n| matches!(n.notice, Notice::Board { .. } | Notice::SetupFilled { .. })),
                "{ruleset}: nobody hears of a start: {mine:?}"
            );
        }
    }
}

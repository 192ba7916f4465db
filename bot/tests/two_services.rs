//! Two services on one database, as two bot processes would be (issue #33): the answer to a
//! challenge is one checked update, so when one process accepts while the other declines or
//! expires the same challenge, exactly one of them wins and the loser is refused, whatever the
//! timing. Nothing here relies on a lock inside one process.

mod common;

use std::sync::Arc;

use admiral_bot::service::{MatchSettings, Origin, Service};
use admiral_bot::store::{Durability, Store};
use admiral_bot::{ManualNow, ServiceError, UserId};
use common::*;

async fn second_service(h: &Harness, now: ManualNow) -> Service {
    let store = Store::open(&url(&h.dir), Durability::Process).await.expect("second store");
    Service::start(store, Arc::new(now), test_config()).await.expect("second service")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn accept_against_decline_in_two_processes_has_one_winner() {
    let h = harness().await;
    let other = second_service(&h, h.now.clone()).await;
    for round in 0..20u64 {
        let (from, to) = (UserId(10_000 + 2 * round), UserId(10_001 + 2 * round));
        let c = h
            .svc
            .challenge(from, to, false, MatchSettings::default(), Origin::in_channel(GUILD, CHANNEL))
            .await
            .expect("challenge");
        let (a, b) = (h.svc.clone(), other.clone());
        let accept = tokio::spawn(async move { a.accept(to, c).await });
        let decline = tokio::spawn(async move { b.decline(to, c).await });
        let (accepted, declined) = (accept.await.unwrap(), decline.await.unwrap());
        let status: String = sqlx::query_scalar("SELECT status FROM challenges WHERE id = ?")
            .bind(c.0)
            .fetch_one(&h.svc.store().read)
            .await
            .unwrap();
        let matches: i64 = count(
            h.svc.store(),
            &format!("SELECT COUNT(*) FROM matches WHERE south_user = {} OR north_user = {}", to.0, to.0),
        )
        .await;
        match (&accepted, &declined) {
            (Ok(_), Err(ServiceError::ChallengeClosed)) => {
                assert_eq!((status.as_str(), matches), ("accepted", 1), "round {round}");
            }
            (Err(ServiceError::ChallengeClosed), Ok(())) => {
                assert_eq!((status.as_str(), matches), ("declined", 0), "round {round}");
            }
            other => panic!("round {round}: both or neither won: {other:?}"),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_expiry_in_another_process_does_not_undo_an_accept() {
    let h = harness().await;
    let other = second_service(&h, h.now.clone()).await;
    let c = h
        .svc
        .challenge(ALICE, BOB, false, MatchSettings::default(), Origin::in_channel(GUILD, CHANNEL))
        .await
        .expect("challenge");
    let m = other.accept(BOB, c).await.expect("accepted in the other process");
    // The first process's timer fires after the deadline: the challenge is no longer open.
    h.now.advance(25 * 3_600_000);
    h.svc.run_due_timers().await.unwrap();
    let status: String = sqlx::query_scalar("SELECT status FROM challenges WHERE id = ?")
        .bind(c.0)
        .fetch_one(&h.svc.store().read)
        .await
        .unwrap();
    assert_eq!(status, "accepted");
    assert_eq!(h.svc.accept(BOB, c).await.unwrap(), m, "accepting again returns the same match");
    assert!(matches!(h.svc.decline(BOB, c).await, Err(ServiceError::ChallengeClosed)));
    h.deliver().await;
    assert!(
        h.out.all().iter().all(|n| !matches!(n.notice, admiral_bot::Notice::ChallengeExpired { .. })),
        "nobody is told an accepted challenge expired"
    );
}

//! Two services on one database, as two bot processes would be (issue #33): the answer to a
//! challenge is one checked update, so when one process accepts while the other declines or
//! expires the same challenge, exactly one of them wins and the loser is refused, whatever the
//! timing. Nothing here relies on a lock inside one process.

use crate::common;

use std::sync::Arc;

use admiral_bot::service::{MatchSettings, Origin, Service, ServiceConfig};
use admiral_bot::store::{Durability, Store};
use admiral_bot::{ManualNow, Now, ServiceError, UserId};
use common::*;

async fn second_service(h: &Harness, now: ManualNow) -> Service {
    second_service_with(h, now, test_config()).await
}

async fn second_service_with(h: &Harness, now: ManualNow, config: ServiceConfig) -> Service {
    let store = Store::open(&h.url, Durability::Process).await.expect("second store");
    Service::start(store, Arc::new(now), config).await.expect("second service")
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
        let status: String =
            column_of(h.svc.store(), "SELECT status FROM challenges WHERE id = $1", c.0).await;
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
    let status: String = column_of(h.svc.store(), "SELECT status FROM challenges WHERE id = $1", c.0).await;
    assert_eq!(status, "accepted");
    assert_eq!(h.svc.accept(BOB, c).await.unwrap(), m, "accepting again returns the same match");
    assert!(matches!(h.svc.decline(BOB, c).await, Err(ServiceError::ChallengeClosed)));
    h.deliver().await;
    assert!(
        h.out.all().iter().all(|n| !matches!(n.notice, admiral_bot::Notice::ChallengeExpired { .. })),
        "nobody is told an accepted challenge expired"
    );
}

/// A match between Alice and Bob, both set up and playing; the players in South, North order.
async fn playing(h: &Harness) -> (admiral_bot::MatchId, [UserId; 2]) {
    playing_with(h, MatchSettings::default()).await
}

/// [`playing`], with `settings`.
async fn playing_with(h: &Harness, settings: MatchSettings) -> (admiral_bot::MatchId, [UserId; 2]) {
    let id = h.hvh(settings).await;
    for u in [ALICE, BOB] {
        h.svc.auto_layout(u, id).await.expect("auto layout");
        h.svc.ready(u, id).await.expect("ready");
    }
    let south = h.user_at(id, admiral_engine::Side::South).await;
    (id, if south == ALICE { [ALICE, BOB] } else { [BOB, ALICE] })
}

/// Two processes, one match: the player to move submits two different legal actions at the
/// same moment, one through each process (a double tap that reached two shards). Exactly one
/// is applied; the other is refused on the fresh position, never applied on a stale copy.
/// Then each process answers the next turn from the other's state: both always show the same
/// position, the record replays to it, and every ply is recorded once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn racing_moves_in_two_processes_apply_exactly_once() {
    let h = harness().await;
    let other = second_service(&h, h.now.clone()).await;
    let (id, users) = playing(&h).await;
    let mut dice = admiral_engine::Dice::new(33);
    for round in 0..30u32 {
        let (_, ply, outcome) = h.svc.status(id).await.expect("status");
        if outcome.is_some() {
            break;
        }
        let mover = users[(ply % 2) as usize];
        // Through the process that did not make the last move: its cached copy is stale.
        let here = if round % 2 == 0 { &other } else { &h.svc };
        let legal = here.legal_actions(mover, id).await.expect("legal actions on a fresh copy");
        assert!(!legal.is_empty(), "round {round}: the mover has moves");
        let (first, second) = (legal[dice.below(legal.len())], legal[dice.below(legal.len())]);
        let (a, b) = (h.svc.clone(), other.clone());
        let one =
            tokio::spawn(
                async move { a.act(&format!("a{round}"), mover, id, ply, &first.to_string()).await },
            );
        let two =
            tokio::spawn(
                async move { b.act(&format!("b{round}"), mover, id, ply, &second.to_string()).await },
            );
        let results = [one.await.unwrap(), two.await.unwrap()];
        let applied = results.iter().filter(|r| r.is_ok()).count();
        assert_eq!(applied, 1, "round {round}: exactly one of two racing moves applies: {results:?}");
        for r in results.iter().filter_map(|r| r.as_ref().err()) {
            assert!(
                matches!(
                    r,
                    ServiceError::Stale { .. } | ServiceError::NotYourTurn | ServiceError::DecisionPending
                ),
                "round {round}: the other is refused on the fresh position: {r:?}"
            );
        }
        let (_, after, _) = other.status(id).await.expect("status");
        assert_eq!(after, ply + 1, "round {round}: one ply, seen by both processes");
        for u in users {
            assert_eq!(h.svc.view(u, id).await.unwrap(), other.view(u, id).await.unwrap(), "round {round}");
        }
    }
    let record = other.record(id).await.unwrap().expect("record");
    let replayed = admiral_engine::Game::replay(&record).expect("the record replays");
    let plies: i64 = count(
        h.svc.store(),
        &format!("SELECT COUNT(*) FROM match_events WHERE match_id = {} AND kind = 'turn'", id.0),
    )
    .await;
    assert_eq!(plies, replayed.ply() as i64, "every ply recorded once");
    assert_eq!(h.svc.status(id).await.unwrap().1, replayed.ply());
}

/// Every process runs the scheduler: two of them sweeping the same due timers at the same
/// moment fire each timer once. Twelve correspondence matches run through setup reminders,
/// setup deadlines (the missing layouts are completed and the match starts), move reminders
/// and move deadlines (the player to move loses on time), with both schedulers racing at
/// every step.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_schedulers_fire_every_timer_once() {
    use admiral_bot::clock::{TimeControl, HOUR_MS};
    let h = harness().await;
    let other = second_service(&h, h.now.clone()).await;
    let settings = MatchSettings {
        time_control: TimeControl::Correspondence { days_per_move: 1 },
        ..MatchSettings::default()
    };
    let mut ids = Vec::new();
    for _ in 0..12 {
        ids.push(h.hvh(settings.clone()).await);
    }
    let mut fired = 0;
    // Setup reminder, setup deadline, move reminder, move deadline: 12 h steps cover them all.
    for _ in 0..6 {
        h.now.advance(12 * HOUR_MS + 1);
        let (a, b) = (h.svc.clone(), other.clone());
        let (one, two) = tokio::join!(
            tokio::spawn(async move { a.run_due_timers().await }),
            tokio::spawn(async move { b.run_due_timers().await })
        );
        fired += one.unwrap().expect("first scheduler") + two.unwrap().expect("second scheduler");
    }
    assert!(fired >= 12 * 4, "every match's timers came due ({fired})");
    let ended = count(
        h.svc.store(),
        "SELECT COUNT(*) FROM matches WHERE status = 'finished' AND end_reason = 'timeout'",
    )
    .await;
    assert_eq!(ended, 12, "every match lost on time once");
    let notices = |kind: &'static str| {
        let store = h.svc.store().clone();
        async move {
            count(
                &store,
                &format!("SELECT COUNT(*) FROM outbox WHERE payload LIKE '%\"notice\":\"{kind}\"%'"),
            )
            .await
        }
    };
    // Each of the two players: one setup reminder, one setup-filled notice, the end once.
    assert_eq!(notices("setup_reminder").await, 24, "one setup reminder per player");
    assert_eq!(notices("setup_filled").await, 24, "one completed setup per player");
    assert_eq!(notices("move_reminder").await, 12, "one move reminder per match");
    assert_eq!(notices("match_ended").await, 24, "one result per player");
    for id in ids {
        let record = h.svc.record(id).await.unwrap().expect("record");
        assert_eq!(record.turns.len(), 0, "nobody moved");
    }
    assert_eq!(count(h.svc.store(), "SELECT COUNT(*) FROM timers").await, 0, "nothing left armed");
}

/// AI turns are jobs in the store: a process that gives the AI the move need not play it. Here
/// the process the player acts through plays no AI at all; two workers sweep the waiting turns
/// at the same moment and each turn is played once. One turn was claimed by a process that
/// then died: it waits until the claim runs out, and then a worker plays it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ai_turns_are_played_once_by_any_process_and_taken_over_after_a_crash() {
    use admiral_bot::service::AI_CLAIM_MS;
    let h = harness_with(ServiceConfig { auto_ai: false, ..test_config() }).await;
    let workers = [second_service(&h, h.now.clone()).await, second_service(&h, h.now.clone()).await];
    let mut ids = Vec::new();
    for k in 0..8u64 {
        let user = UserId(20_000 + k);
        let id = h
            .svc
            .start_ai(user, 1, MatchSettings::default(), Origin::in_channel(GUILD, CHANNEL))
            .await
            .unwrap();
        h.svc.auto_layout(user, id).await.unwrap();
        h.svc.ready(user, id).await.unwrap();
        let action = h.svc.legal_actions(user, id).await.unwrap()[0].to_string();
        h.svc.act(&format!("first{k}"), user, id, 0, &action).await.expect("the player's first move");
        ids.push(id);
    }
    let jobs = "SELECT COUNT(*) FROM ai_jobs";
    assert_eq!(count(h.svc.store(), jobs).await, 8, "eight AI turns wait in the store");
    let dead =
        h.svc.store().claim_ai_job("a process that dies", T0, AI_CLAIM_MS).await.unwrap().expect("a claim");

    let sweep = || async {
        let mut claimed = 0;
        loop {
            let (a, b) = (workers[0].clone(), workers[1].clone());
            let (one, two) = tokio::join!(
                tokio::spawn(async move { a.claim_waiting_ai_turns().await }),
                tokio::spawn(async move { b.claim_waiting_ai_turns().await })
            );
            let round = one.unwrap().unwrap() + two.unwrap().unwrap();
            for w in &workers {
                w.quiesce().await;
            }
            if round == 0 {
                return claimed;
            }
            claimed += round;
        }
    };
    assert_eq!(sweep().await, 7, "the seven free turns, each claimed once");
    for &id in &ids {
        let turns = h.svc.record(id).await.unwrap().expect("record").turns.len();
        let expected = if id == dead.match_id { 1 } else { 2 };
        assert_eq!(turns, expected, "match {}: the AI answered once, or waits for the dead claim", id.0);
    }
    assert_eq!(count(h.svc.store(), jobs).await, 1, "only the dead process's turn waits");

    h.now.advance(AI_CLAIM_MS + 1);
    assert_eq!(sweep().await, 1, "the claim ran out: a worker takes the turn over");
    let turns = h.svc.record(dead.match_id).await.unwrap().expect("record").turns.len();
    assert_eq!(turns, 2, "and plays it once");
    assert_eq!(count(h.svc.store(), jobs).await, 0);
    let fallbacks: u64 = workers.iter().map(|w| w.ai_stats().fallbacks).sum();
    assert_eq!(fallbacks, 0);
}

/// A delivery that stalls on its first notification until released (a dispatcher frozen mid
/// pass: a long pause, a stuck connection), recording what it was handed.
#[derive(Clone, Default)]
struct Stalling {
    handed: Arc<std::sync::Mutex<Vec<admiral_bot::NotificationId>>>,
    release: Arc<tokio::sync::Notify>,
    stalled: Arc<tokio::sync::Notify>,
}

impl admiral_bot::outbox::Delivery for Stalling {
    fn deliver<'a>(
        &'a self,
        n: &'a admiral_bot::Notification,
    ) -> admiral_bot::outbox::BoxFuture<'a, Result<(), admiral_bot::outbox::DeliveryError>> {
        Box::pin(async move {
            let first = {
                let mut handed = self.handed.lock().unwrap();
                handed.push(n.id);
                handed.len() == 1
            };
            if first {
                self.stalled.notify_one();
                self.release.notified().await;
            }
            Ok(())
        })
    }
}

/// One dispatcher at a time: two processes delivering at the same moment hand every
/// notification over once between them. A dispatcher that stalls past its lease loses it:
/// the other process takes the outbox over and delivers everything, and when the stalled one
/// wakes up its writes are fenced off; the one notification it was holding was handed over
/// twice, with the same id (the nonce that makes Discord show it once).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_dispatcher_at_a_time_and_a_stalled_one_is_fenced_off() {
    use admiral_bot::outbox::OUTBOX_LEASE_MS;
    let h = harness().await;
    let other = second_service(&h, h.now.clone()).await;
    for _ in 0..6 {
        h.hvh(MatchSettings::default()).await; // a challenge and an accept: several notices each
    }
    let total = count(h.svc.store(), "SELECT COUNT(*) FROM outbox").await as usize;
    let (a, b) = (admiral_bot::RecordingDelivery::default(), admiral_bot::RecordingDelivery::default());
    let (one, two) = tokio::join!(h.svc.deliver_pending(&a), other.deliver_pending(&b));
    let (one, two) = (one.unwrap(), two.unwrap());
    assert_eq!(one + two, total, "every notification settled once");
    assert!(one == 0 || two == 0, "by one dispatcher: {one} and {two}");
    assert_eq!(a.all().len() + b.all().len(), total, "handed over once each");
    let holder = if one > 0 { &h.svc } else { &other };
    let successor = if one > 0 { &other } else { &h.svc };

    // The holder stalls on the next notification, past its lease.
    h.hvh(MatchSettings::default()).await;
    let more = count(h.svc.store(), "SELECT COUNT(*) FROM outbox WHERE delivered_at IS NULL").await as usize;
    assert!(more >= 2);
    let stalling = Stalling::default();
    let stalled = {
        let (holder, stalling) = (holder.clone(), stalling.clone());
        tokio::spawn(async move { holder.deliver_pending(&stalling).await })
    };
    stalling.stalled.notified().await;
    let after = admiral_bot::RecordingDelivery::default();
    assert_eq!(successor.deliver_pending(&after).await.unwrap(), 0, "the lease is still held");
    h.now.advance(OUTBOX_LEASE_MS + 1);
    assert_eq!(successor.deliver_pending(&after).await.unwrap(), more, "the successor delivers everything");
    stalling.release.notify_one();
    stalled.await.unwrap().unwrap();
    let again: Vec<_> = stalling.handed.lock().unwrap().clone();
    assert_eq!(again.len(), 1, "the stalled dispatcher stops at the lost lease: {again:?}");
    assert!(
        after.all().iter().any(|n| n.id == again[0]),
        "its one notification was the successor's too, same id"
    );
    let marked: i64 =
        column_of(h.svc.store(), "SELECT delivered_at FROM outbox WHERE id = $1", again[0].0).await;
    assert_eq!(marked, h.now.now_ms(), "the stalled dispatcher's late write was fenced off");
    assert_eq!(count(h.svc.store(), "SELECT COUNT(*) FROM outbox WHERE delivered_at IS NULL").await, 0);
}

/// The processes wake each other: a notice committed in one process is delivered by another
/// one's dispatcher (which holds the outbox), woken by a PostgreSQL notification rather than
/// its next poll. On SQLite (one process in production) the poll delivers it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_commit_in_one_process_wakes_the_others() {
    let h = harness().await;
    let other = second_service(&h, h.now.clone()).await;
    let delivered = admiral_bot::RecordingDelivery::default();
    let workers = other.spawn_workers(Arc::new(delivered.clone()));
    // Let the other process take the outbox lease and start listening.
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let c = h
        .svc
        .challenge(ALICE, BOB, false, MatchSettings::default(), Origin::in_channel(GUILD, CHANNEL))
        .await
        .expect("challenge");
    let mut waited = 0;
    while !delivered.all().iter().any(|n| {
        matches!(n.notice, admiral_bot::notify::Notice::ChallengeIssued { challenge, .. } if challenge == c)
    }) {
        waited += 1;
        assert!(waited < 200, "the other process delivers the challenge");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    if h.svc.store().backend == admiral_bot::store::Backend::Postgres {
        assert!(other.wakes_from_other_processes() >= 1, "woken by a notification");
    }
    assert_eq!(h.svc.wakes_from_other_processes(), 0, "nobody else committed");
    workers.shutdown();
}

/// A language chosen through one process is the one the other process answers in at once:
/// the adapter keeps no copy of it (a DM click reaches shard 0's process, a server command
/// the server's shard's).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_language_chosen_in_one_process_is_used_by_the_other() {
    use admiral_bot::discord::App;
    use admiral_engine::Language;
    let h = harness().await;
    let (here, there) = (
        App::new(h.svc.clone()).await.unwrap(),
        App::new(second_service(&h, h.now.clone()).await).await.unwrap(),
    );
    assert_eq!(there.language_for(ALICE, Some("en-US")).await, Language::En, "the locale, at first");
    here.set_explicit_language(ALICE, Some(Language::Ru)).await.unwrap();
    assert_eq!(
        there.language_for(ALICE, Some("en-US")).await,
        Language::Ru,
        "the explicit choice wins everywhere"
    );
    here.set_explicit_language(ALICE, None).await.unwrap();
    assert_eq!(there.language_for(ALICE, Some("en-US")).await, Language::En, "cleared everywhere");
}

/// A process that starts while another is playing repairs what it finds missing (here the
/// move deadline of every match, as in a store from before deadlines were kept) only if the
/// match is still as it loaded it: the other process resigns the same matches during the
/// start, and a match that ended must not be left with a deadline armed after its end.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_start_during_play_elsewhere_arms_nothing_for_a_match_that_ended() {
    use admiral_bot::clock::TimeControl;
    let h = harness().await;
    let settings = MatchSettings {
        time_control: TimeControl::Correspondence { days_per_move: 1 },
        ..MatchSettings::default()
    };
    for round in 0..4 {
        // Every fourth match is left alone: the starting process must repair it.
        let (mut kept, mut resigned) = (Vec::new(), Vec::new());
        for i in 0..16 {
            let (id, _) = playing_with(&h, settings.clone()).await;
            if i % 4 == 3 {
                kept.push(id)
            } else {
                resigned.push(id)
            }
        }
        sqlx::query("DELETE FROM timers WHERE kind = 'move_deadline'")
            .execute(&h.svc.store().write)
            .await
            .unwrap();
        // The store is opened first, so that the start's recovery itself meets the resigning.
        let store = Store::open(&h.url, Durability::Process).await.expect("second store");
        let svc = h.svc.clone();
        let ids = resigned.clone();
        let resigning = tokio::spawn(async move {
            for (i, id) in ids.into_iter().enumerate() {
                svc.resign(&format!("r{round}-{i}"), ALICE, id).await.expect("resign");
            }
        });
        let starting = Service::start(store, Arc::new(h.now.clone()), test_config());
        let (other, done) = tokio::join!(starting, resigning);
        done.unwrap();
        drop(other.expect("second service"));
        for id in resigned {
            let armed =
                count(h.svc.store(), &format!("SELECT COUNT(*) FROM timers WHERE match_id = {}", id.0)).await;
            assert_eq!(armed, 0, "round {round}: {id} ended and has no timers");
        }
        for id in kept {
            let armed = count(
                h.svc.store(),
                &format!("SELECT COUNT(*) FROM timers WHERE match_id = {} AND kind = 'move_deadline'", id.0),
            )
            .await;
            assert_eq!(armed, 1, "round {round}: {id} is still playing and its deadline is armed again");
        }
    }
}

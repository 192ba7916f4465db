//! Clocks, deadlines, reminders, defence declarations, the outbox with closed DMs, and
//! restart recovery, all with a hand-moved clock.

use crate::common;
use common::*;

use admiral_bot::clock::{TimeControl, HOUR_MS};
use admiral_bot::notify::{Notice, Notification, Recipient};
use admiral_bot::outbox::FALLBACK_QUIET_MS;
use admiral_bot::service::{DefencePolicy, MatchSettings, MatchStatus, PlayerView};
use admiral_bot::{timers, UserId};
use admiral_engine::{EndReason, Game, Side, Status};

fn corr(days: u32) -> MatchSettings {
    MatchSettings {
        time_control: TimeControl::Correspondence { days_per_move: days },
        ..MatchSettings::default()
    }
}

fn kinds(notices: &[admiral_bot::Notification]) -> Vec<String> {
    notices
        .iter()
        .map(|n| serde_json::to_value(&n.notice).unwrap()["notice"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn correspondence_reminders_setup_fill_and_timeout_across_restart() {
    let mut h = harness().await;
    let id = h.hvh(corr(1)).await;
    h.svc.ready(ALICE, id).await.unwrap();
    h.deliver().await;
    h.now.advance(12 * HOUR_MS);
    assert_eq!(h.svc.run_due_timers().await.unwrap(), 1);
    h.deliver().await;
    assert!(kinds(&h.out.to_user(BOB)).contains(&"setup_reminder".into()));
    assert!(
        !kinds(&h.out.to_user(ALICE)).contains(&"setup_reminder".into()),
        "ready players are not reminded"
    );
    // The setup clock runs out: Bob's layout is completed and the match starts.
    h.now.advance(12 * HOUR_MS);
    h.svc.run_due_timers().await.unwrap();
    assert_eq!(h.svc.status(id).await.unwrap().0, MatchStatus::Playing);
    h.deliver().await;
    assert!(kinds(&h.out.to_user(BOB)).contains(&"setup_filled".into()));
    let south = h.user_at(id, Side::South).await;
    let north = h.user_at(id, Side::North).await;
    let deadline = h
        .picked_from_dms(south, |notice| match notice {
            Notice::Board { deadline, view } if view.my_turn() => deadline,
            _ => None,
        })
        .into_iter()
        .next()
        .unwrap();
    assert_eq!(deadline, T0 + 48 * HOUR_MS);
    // Reminder 12 h before the move deadline.
    h.now.advance(12 * HOUR_MS + 1);
    h.svc.run_due_timers().await.unwrap();
    h.deliver().await;
    assert!(kinds(&h.out.to_user(south)).contains(&"move_reminder".into()));
    let action = h.svc.legal_actions(south, id).await.unwrap()[0].to_string();
    h.svc.act("m1", south, id, 0, &action).await.unwrap();
    // Restart: the deadline is still armed and is adjudicated.
    h.restart().await;
    let armed = timers::all(&h.svc.store().write).await.unwrap();
    assert!(armed.iter().any(|t| t.kind == timers::TimerKind::MoveDeadline
        && t.side == Some(Side::North)
        && t.ply == Some(1)));
    h.now.advance(24 * HOUR_MS);
    h.svc.run_due_timers().await.unwrap();
    let (status, _, outcome) = h.svc.status(id).await.unwrap();
    assert_eq!(status, MatchStatus::Finished);
    let outcome = outcome.unwrap();
    assert_eq!(outcome.reason, EndReason::Timeout);
    assert_eq!(outcome.status, Status::win_for(Side::South));
    h.deliver().await;
    assert!(kinds(&h.out.to_user(north)).contains(&"match_ended".into()));
    assert_eq!(count(h.svc.store(), "SELECT COUNT(*) FROM timers").await, 0);
}

#[tokio::test]
async fn live_clock_charges_time_and_flags() {
    let h = harness().await;
    let settings = MatchSettings {
        time_control: TimeControl::Live { total_secs: 60, increment_secs: 2 },
        ..MatchSettings::default()
    };
    let id = h.hvh(settings).await;
    h.svc.ready(ALICE, id).await.unwrap();
    h.svc.ready(BOB, id).await.unwrap();
    let south = h.user_at(id, Side::South).await;
    let north = h.user_at(id, Side::North).await;
    h.now.advance(10_000);
    let a = h.svc.legal_actions(south, id).await.unwrap()[0].to_string();
    h.svc.act("l1", south, id, 0, &a).await.unwrap();
    h.now.advance(5_000);
    let a = h.svc.legal_actions(north, id).await.unwrap()[0].to_string();
    h.svc.act("l2", north, id, 1, &a).await.unwrap();
    h.deliver().await;
    // South had 60 s, used 10, got 2 back: 52 s from the moment North moved.
    let deadline = h
        .picked_from_dms(south, |notice| match notice {
            Notice::Board { deadline, view } if view.my_turn() && view.ply() == 2 => deadline,
            _ => None,
        })
        .into_iter()
        .next()
        .unwrap();
    assert_eq!(deadline, T0 + 15_000 + 52_000);
    h.now.advance(51_999);
    h.svc.run_due_timers().await.unwrap();
    assert_eq!(h.svc.status(id).await.unwrap().0, MatchStatus::Playing);
    h.now.advance(1);
    h.svc.run_due_timers().await.unwrap();
    let (_, _, outcome) = h.svc.status(id).await.unwrap();
    assert_eq!(outcome.unwrap().status, Status::win_for(Side::North));
}

/// Plays random moves until the mover has an attack that asks the defender (several defence
/// options); returns that action.
async fn reach_defence_choice(
    h: &Harness,
    id: admiral_bot::MatchId,
    seed: u64,
) -> Option<(admiral_bot::UserId, String, u32)> {
    let mut dice = admiral_engine::Dice::new(seed);
    for k in 0..3000 {
        let (status, ply, _) = h.svc.status(id).await.unwrap();
        if status != MatchStatus::Playing {
            eprintln!("match ended at ply {ply} without a defence choice");
            return None;
        }
        let game = Game::replay(&h.svc.record(id).await.unwrap().unwrap()).unwrap();
        let mover = h.user_at(id, game.to_move()).await;
        let legal = game.legal_actions();
        if let Some(a) = legal.iter().find(|a| game.defense_options(a).is_some_and(|o| o.len() > 1)) {
            return Some((mover, a.to_string(), ply));
        }
        // Prefer attacks: battles of formations come from crowded fronts.
        let attacks: Vec<_> = legal
            .iter()
            .copied()
            .filter(|a| a.is_aggressive() && !matches!(a, admiral_engine::Action::Detonate { .. }))
            .collect();
        let a = if !attacks.is_empty() && dice.chance(0.7) {
            attacks[dice.below(attacks.len())]
        } else {
            legal[dice.below(legal.len())]
        };
        h.svc.act(&format!("r{seed}-{k}"), mover, id, ply, &a.to_string()).await.unwrap();
    }
    eprintln!("no defence choice in 3000 plies");
    None
}

#[tokio::test]
async fn defence_is_asked_and_falls_back_to_auto_at_the_deadline() {
    let h = harness().await;
    h.svc.set_defence_policy(ALICE, DefencePolicy::Ask).await.unwrap();
    h.svc.set_defence_policy(BOB, DefencePolicy::Ask).await.unwrap();
    let mut declared = 0;
    let mut defaulted = 0;
    let mut id = h.hvh(corr(3)).await;
    h.svc.ready(ALICE, id).await.unwrap();
    h.svc.ready(BOB, id).await.unwrap();
    let mut round = 0u64;
    let mut tries = 0;
    while round < 2 {
        tries += 1;
        assert!(tries < 20, "no battle of formations reached");
        let Some((mover, action, ply)) = reach_defence_choice(&h, id, 100 + tries).await else {
            id = h.hvh(corr(3)).await;
            h.svc.ready(ALICE, id).await.unwrap();
            h.svc.ready(BOB, id).await.unwrap();
            continue;
        };
        let defender = if mover == ALICE { BOB } else { ALICE };
        let r = h.svc.act(&format!("att{round}"), mover, id, ply, &action).await.unwrap();
        assert!(r.awaiting_defence);
        assert_eq!(r.ply, ply, "nothing played yet");
        // While pending: the attacker cannot act again; the defender cannot move.
        assert!(h.svc.legal_actions(mover, id).await.unwrap().is_empty());
        let (_, options, deadline) = h.svc.pending_defence(defender, id).await.unwrap().unwrap();
        assert!(options.len() > 1);
        h.deliver().await;
        assert!(h.out.to_user(defender).iter().any(|n| matches!(n.notice, Notice::DefenceRequested { .. })));
        if round == 0 {
            let before = snapshot(h.svc.store()).await;
            assert!(h.svc.declare_defence("bad", defender, id, 99).await.is_err());
            assert!(h.svc.declare_defence("bad2", mover, id, 0).await.is_err());
            assert_eq!(before, snapshot(h.svc.store()).await);
            let r = h.svc.declare_defence("def0", defender, id, options.len() - 1).await.unwrap();
            assert_eq!(r.ply, ply + 1);
            declared += 1;
        } else {
            h.now.set(deadline);
            h.svc.run_due_timers().await.unwrap();
            assert_eq!(h.svc.status(id).await.unwrap().1, ply + 1, "the default policy decided");
            defaulted += 1;
        }
        assert!(h.svc.pending_defence(defender, id).await.unwrap().is_none());
        round += 1;
    }
    assert_eq!((declared, defaulted), (1, 1));
    // The record replays with the declared defences.
    let replayed = admiral_bot::service::replay_from_store(h.svc.store(), id).await.unwrap().unwrap();
    assert_eq!(
        PlayerView::Admiral(replayed.view(Side::South)),
        h.svc.view(h.user_at(id, Side::South).await, id).await.unwrap()
    );
}

/// The public "I cannot DM you" notes about `user` delivered so far.
fn dm_notes(h: &Harness, user: UserId) -> Vec<Notification> {
    h.sent(|n| matches!(n, Notice::DmFallback { user: u } if *u == user))
}

#[tokio::test]
async fn closed_dms_are_remembered_and_routed_to_the_channel() {
    let h = harness().await;
    h.out.close_dms(BOB);
    let id = h.hvh(MatchSettings::default()).await;
    h.deliver().await;
    assert!(h.svc.dm_closed(BOB).await.unwrap());
    assert!(h.out.to_user(BOB).is_empty());
    let fallback = dm_notes(&h, BOB);
    assert_eq!(fallback.len(), 1);
    assert_eq!(fallback[0].recipient, Recipient::Channel { guild: Some(GUILD), channel: CHANNEL });
    assert!(!h.svc.held_notices(BOB).await.unwrap().is_empty(), "kept for ephemeral replies");
    // Later private notices to Bob are not attempted by DM again.
    h.svc.ready(ALICE, id).await.unwrap();
    h.svc.ready(BOB, id).await.unwrap();
    let attempts_before = h.out.attempts.lock().unwrap().len();
    h.deliver().await;
    let attempted: Vec<_> = h.out.attempts.lock().unwrap()[attempts_before..].to_vec();
    let all = h.out.all();
    for id in attempted {
        if let Some(n) = all.iter().find(|n| n.id == id) {
            assert_ne!(n.recipient, Recipient::User { user: BOB });
        }
    }
    assert_eq!(count(h.svc.store(), "SELECT COUNT(*) FROM outbox WHERE delivered_at IS NULL").await, 0);
    assert_eq!(dm_notes(&h, BOB).len(), 1, "one public note per burst of notices, not one per notice");
    // Bob opens his DMs again.
    h.out.closed.lock().unwrap().clear();
    h.svc.set_dm_open(BOB).await.unwrap();
    h.svc.resign("res", ALICE, id).await.unwrap();
    h.deliver().await;
    assert!(h.out.to_user(BOB).iter().any(|n| matches!(n.notice, Notice::MatchEnded { .. })));
}

/// A Stratego player with closed DMs is called to the channel like an Admiral one: for the
/// setup, for their turn and for the end of the match.
#[tokio::test]
async fn closed_dms_call_a_stratego_player_to_the_channel() {
    let h = harness().await;
    h.out.close_dms(BOB);
    let id = h.hvh(MatchSettings { ruleset: "stratego".into(), ..MatchSettings::default() }).await;
    h.deliver().await;
    assert_eq!(dm_notes(&h, BOB).len(), 1, "the setup's note");
    // Past the quiet spell, Bob's turn comes: at the start if he is South, else after Alice's
    // first move.
    h.now.advance(FALLBACK_QUIET_MS + 1);
    h.svc.ready(ALICE, id).await.unwrap();
    h.svc.ready(BOB, id).await.unwrap();
    if h.user_at(id, Side::South).await == ALICE {
        let legal = h.svc.legal_notations(ALICE, id).await.unwrap();
        h.svc.act("first", ALICE, id, 0, &legal[0]).await.unwrap();
    }
    h.deliver().await;
    let notes = dm_notes(&h, BOB);
    assert_eq!(notes.len(), 2, "Bob's turn on the Stratego board");
    assert_eq!(notes[1].recipient, Recipient::Channel { guild: Some(GUILD), channel: CHANNEL });
    // The end is always announced.
    h.svc.resign("res", ALICE, id).await.unwrap();
    h.deliver().await;
    assert_eq!(dm_notes(&h, BOB).len(), 3, "the end of the Stratego match");
}

#[tokio::test]
async fn restart_reloads_matches_and_redelivers_exactly_once() {
    let mut h = harness().await;
    let id = h.hvh(corr(2)).await;
    h.svc.ready(ALICE, id).await.unwrap();
    h.svc.ready(BOB, id).await.unwrap();
    play_random(&h, id, &[ALICE, BOB], 5, 30).await;
    let south = h.user_at(id, Side::South).await;
    let view = h.svc.view(south, id).await.unwrap();
    let queued = count(h.svc.store(), "SELECT COUNT(*) FROM outbox WHERE delivered_at IS NULL").await;
    let armed = timers::all(&h.svc.store().write).await.unwrap();
    assert!(queued > 0);
    h.restart().await;
    assert_eq!(h.svc.view(south, id).await.unwrap(), view);
    assert_eq!(timers::all(&h.svc.store().write).await.unwrap(), armed);
    assert_eq!(h.deliver().await as i64, queued);
    assert_eq!(h.deliver().await, 0);
    let ids: Vec<_> = h.out.all().iter().map(|n| n.id).collect();
    let mut dedup = ids.clone();
    dedup.dedup();
    assert_eq!(ids, dedup, "in order, once each");
    // Play continues after the restart.
    play_random(&h, id, &[ALICE, BOB], 6, 40).await;
    assert_eq!(h.svc.status(id).await.unwrap().1, 40);
}

/// Fails every delivery to one user until told otherwise.
#[derive(Default)]
struct Flaky {
    down: std::sync::Mutex<bool>,
    inner: admiral_bot::RecordingDelivery,
}

impl admiral_bot::Delivery for Flaky {
    fn deliver<'a>(
        &'a self,
        n: &'a admiral_bot::Notification,
    ) -> admiral_bot::outbox::BoxFuture<'a, Result<(), admiral_bot::DeliveryError>> {
        Box::pin(async move {
            if *self.down.lock().unwrap() && n.recipient == (Recipient::User { user: BOB }) {
                return Err(admiral_bot::DeliveryError::Transient("gateway timeout".into()));
            }
            self.inner.deliver(n).await
        })
    }
}

#[tokio::test]
async fn transient_failures_are_retried_in_order_with_back_off() {
    let h = harness().await;
    let flaky = Flaky::default();
    *flaky.down.lock().unwrap() = true;
    let id = h.hvh(MatchSettings::default()).await;
    h.svc.ready(ALICE, id).await.unwrap();
    h.svc.ready(BOB, id).await.unwrap();
    h.svc.deliver_pending(&flaky).await.unwrap();
    assert!(flaky.inner.to_user(BOB).is_empty());
    assert!(!flaky.inner.to_user(ALICE).is_empty(), "others are not held up");
    assert!(!h.svc.dm_closed(BOB).await.unwrap(), "a transient failure is not a closed DM");
    let waiting = count(h.svc.store(), "SELECT COUNT(*) FROM outbox WHERE delivered_at IS NULL").await;
    assert!(waiting >= 2);
    // Back-off: nothing is retried before its time.
    *flaky.down.lock().unwrap() = false;
    assert_eq!(h.svc.deliver_pending(&flaky).await.unwrap(), 0);
    h.now.advance(2_000);
    h.svc.deliver_pending(&flaky).await.unwrap();
    let bob: Vec<_> = flaky.inner.to_user(BOB).iter().map(|n| n.id).collect();
    let mut sorted = bob.clone();
    sorted.sort();
    assert_eq!(bob, sorted, "delivered in order");
    assert_eq!(count(h.svc.store(), "SELECT COUNT(*) FROM outbox WHERE delivered_at IS NULL").await, 0);
}

//! Crash test with real processes: two workers on one database (SQLite, or PostgreSQL under
//! `scripts/test`'s second pass) play a stream of actions in the same matches; one of them,
//! chosen at random, is killed with SIGKILL at random points many times and restarted.
//! Afterwards the state must equal the replay of the committed record, every deadline must be
//! armed, every queued notification must be delivered exactly once, with at most one
//! redelivery per kill absorbed by the receiver (Discord's nonce), and every AI turn is
//! played once.

use crate::common;

use std::collections::HashSet;
use std::io::BufRead;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use admiral_bot::outbox::FileDelivery;
use admiral_bot::service::{replay_from_store, MatchSettings, PlayerView, Service, ServiceConfig};
use admiral_bot::store::{Durability, Store};
use admiral_bot::timers::{self, TimerKind};
use admiral_bot::{MatchId, SystemNow, UserId};
use admiral_engine::{Dice, Side};

const MATCHES: i64 = 12;
const KILLS: usize = 25;

#[allow(clippy::type_complexity)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kill_dash_nine_at_random_points_loses_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let url = common::new_database(&dir).await;
    let sink = dir.path().join("delivered.txt");
    let exe = env!("CARGO_BIN_EXE_crash_worker");
    let mut dice = Dice::new(0xC0FFEE);
    let started = Instant::now();
    let spawn = || {
        Command::new(exe)
            .args([&url, sink.to_str().unwrap(), "7", &MATCHES.to_string()])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn worker")
    };
    // The first worker creates the matches; then both play them, as two bot processes on one
    // database do: the same matches, timers, AI turns and outbox.
    let mut first = spawn();
    let mut line = String::new();
    std::io::BufReader::new(first.stdout.take().unwrap()).read_line(&mut line).unwrap();
    assert_eq!(line.trim(), "ready", "the first worker created the matches");
    let mut workers = [first, spawn()];
    let mut finished = [false, false];
    for i in 0..KILLS {
        // Random points: during start-up and recovery as well as in the middle of play.
        let wait = 50 + dice.below(700) as u64;
        std::thread::sleep(Duration::from_millis(wait));
        let victim = dice.below(2);
        for (w, child) in workers.iter_mut().enumerate() {
            if let Ok(Some(status)) = child.try_wait() {
                assert!(status.success(), "worker {w} failed before kill {i}: {status}");
                finished[w] = true;
            }
        }
        if finished.iter().all(|f| *f) {
            break;
        }
        workers[victim].kill().expect("SIGKILL"); // std's kill is SIGKILL on Unix
        workers[victim].wait().unwrap();
        workers[victim] = spawn();
        finished[victim] = false;
    }
    for child in &mut workers {
        let _ = child.kill();
        child.wait().unwrap();
    }
    eprintln!(
        "{KILLS} kills of two workers in {:?} (all matches finished early: {finished:?})",
        started.elapsed()
    );

    // Restart in this process (AI turns off so nothing moves while we compare).
    let store = Store::open(&url, Durability::Process).await.unwrap();
    let svc = Service::start(
        store.clone(),
        Arc::new(SystemNow),
        ServiceConfig { auto_ai: false, ..ServiceConfig::default() },
    )
    .await
    .unwrap();
    let rows: Vec<(i64, Option<i64>, Option<i64>, String, i64, String)> =
        sqlx::query_as("SELECT id, south_user, north_user, status, ply, settings FROM matches ORDER BY id")
            .fetch_all(&store.read)
            .await
            .unwrap();
    assert!(rows.len() as i64 >= MATCHES - 1, "matches were created");
    let armed = timers::all(&store.write).await.unwrap();
    let mut total_plies = 0;
    for (id, south, north, status, ply, settings) in &rows {
        let id = MatchId(*id);
        let settings: MatchSettings = serde_json::from_str(settings).unwrap();
        let timed = settings.time_control != admiral_bot::TimeControl::Untimed;
        let mine: Vec<_> = armed.iter().filter(|t| t.match_id == Some(id)).collect();
        let Some(game) = replay_from_store(&store, id).await.unwrap() else {
            assert_eq!(status, "setup");
            if timed {
                assert!(
                    mine.iter().any(|t| t.kind == TimerKind::SetupDeadline),
                    "setup deadline of {id} armed"
                );
            }
            continue;
        };
        total_plies += game.ply();
        assert_eq!(*ply as u32, game.ply(), "stored ply of {id} equals its record");
        assert_eq!(status == "finished", game.outcome().is_some(), "status of {id} matches its record");
        if status == "finished" {
            assert_eq!(*ply as u32, game.ply());
            assert!(mine.is_empty(), "finished {id} has no timers: {mine:?}");
        }
        for (side, user) in [(Side::South, south), (Side::North, north)] {
            if let Some(u) = user {
                let live = svc.view(UserId::from_db(*u), id).await.unwrap();
                assert_eq!(
                    live,
                    PlayerView::Admiral(game.view(side)),
                    "{id} {side:?}: live state equals the replay"
                );
            }
        }
        if status == "playing" && timed {
            let pending = svc.pending_defence(
                UserId::from_db(if game.to_move() == Side::South {
                    north.unwrap_or(0)
                } else {
                    south.unwrap_or(0)
                }),
                id,
            );
            let pending = pending.await.unwrap().is_some();
            let ok = mine.iter().any(|t| {
                (t.kind == TimerKind::MoveDeadline
                    && t.ply == Some(game.ply())
                    && t.side == Some(game.to_move()))
                    || (pending && t.kind == TimerKind::DefenceDeadline)
            });
            assert!(ok, "deadline of {id} re-armed: {mine:?}");
        }
    }
    assert!(total_plies > 50, "the stream made progress ({total_plies} plies)");

    // Deliver what is still queued; then every row is delivered exactly once.
    let delivery = FileDelivery::open(&sink).unwrap();
    svc.deliver_pending(&delivery).await.unwrap();
    let undelivered: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM outbox WHERE delivered_at IS NULL")
        .fetch_one(&store.write)
        .await
        .unwrap();
    assert_eq!(undelivered, 0);
    let ids: Vec<i64> =
        sqlx::query_scalar("SELECT id FROM outbox ORDER BY id").fetch_all(&store.write).await.unwrap();
    let text = std::fs::read_to_string(&sink).unwrap();
    let delivered: Vec<i64> = text.lines().map(|l| l.parse().expect("whole lines")).collect();
    let unique: HashSet<i64> = delivered.iter().copied().collect();
    assert_eq!(unique.len(), delivered.len(), "no notification delivered twice");
    assert_eq!(unique, ids.iter().copied().collect::<HashSet<_>>(), "every queued notification delivered");
    let mut dup_path = sink.clone().into_os_string();
    dup_path.push(".dup");
    let redelivered = std::fs::read_to_string(dup_path).unwrap_or_default().lines().count();
    assert!(redelivered <= KILLS, "at most one redelivery per kill: {redelivered}");
    eprintln!(
        "{} matches, {total_plies} plies, {} notifications delivered once each, {redelivered} redeliveries absorbed",
        rows.len(),
        ids.len(),
    );
}

//! Load benchmark (not a test): N concurrent matches play random legal actions through the
//! service into the store; prints actions/s and latency percentiles of `Service::act`
//! (engine, database transaction and outbox insert; no rendering). The store is a new SQLite
//! file, or with `--database URL` an empty database there (e.g. PostgreSQL).
//!
//! ```text
//! cargo run --release -p admiral-bot --example load -- --matches 200 --seconds 20
//! cargo run --release -p admiral-bot --example load -- --matches 200 --seconds 20 --rate 1000
//! cargo run --release -p admiral-bot --example load -- --matches 200 --database postgres://…
//! ```
//! Without `--rate` every match plays as fast as it can (closed loop: maximum throughput).
//! With `--rate R` the matches together submit R actions/s on a fixed schedule (open loop:
//! latency is measured from the scheduled time, so queueing delay is included).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use admiral_bot::clock::TimeControl;
use admiral_bot::outbox::{BoxFuture, Delivery, DeliveryError};
use admiral_bot::service::{MatchSettings, MatchStatus, Origin, Service, ServiceConfig};
use admiral_bot::store::{Durability, Store};
use admiral_bot::{MatchId, Notification, SystemNow, UserId};
use admiral_engine::{Dice, Side};

struct Counting(AtomicU64);
impl Delivery for Counting {
    fn deliver<'a>(&'a self, _: &'a Notification) -> BoxFuture<'a, Result<(), DeliveryError>> {
        self.0.fetch_add(1, Ordering::Relaxed);
        Box::pin(async { Ok(()) })
    }
}

/// CPU seconds (user + system) used by this process so far (Linux).
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let fields: Vec<&str> = stat.rsplit(')').next().unwrap_or("").split_whitespace().collect();
    let ticks = |i: usize| fields.get(i).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0);
    (ticks(11) + ticks(12)) / 100.0
}

mod common;

use common::arg;

async fn new_match(svc: &Service, k: u64, round: u64) -> (MatchId, [UserId; 2]) {
    let a = UserId(1_000_000 + 2 * k);
    let b = UserId(1_000_001 + 2 * k);
    let settings = MatchSettings {
        time_control: TimeControl::Correspondence { days_per_move: 3 },
        ..MatchSettings::default()
    };
    let origin = Origin::in_channel(1, 2 + round);
    let c = svc.challenge(a, b, false, settings, origin).await.expect("challenge");
    let id = svc.accept(b, c).await.expect("accept");
    svc.ready(a, id).await.expect("ready");
    svc.ready(b, id).await.expect("ready");
    let south = if svc.view(a, id).await.expect("view").viewer() == Side::South { a } else { b };
    let north = if south == a { b } else { a };
    (id, [south, north])
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let matches = arg("--matches", 200.0) as u64;
    let seconds = arg("--seconds", 20.0);
    let rate = arg("--rate", 0.0);
    let full = std::env::args().any(|a| a == "--fsync");
    let dir = tempfile::tempdir().expect("temp dir");
    let url = arg("--database", format!("sqlite://{}", dir.path().join("load.db").display()));
    let store = Store::open(&url, if full { Durability::PowerLoss } else { Durability::Process })
        .await
        .expect("store");
    let svc =
        Service::start(store, Arc::new(SystemNow), ServiceConfig::with_ai_time(Duration::from_millis(3)))
            .await
            .expect("service");
    let delivered = Arc::new(Counting(AtomicU64::new(0)));
    let workers = svc.spawn_workers(delivered.clone());
    let setup = Instant::now();
    let mut initial = Vec::new();
    for k in 0..matches {
        initial.push(new_match(&svc, k, 0).await);
    }
    eprintln!("created {matches} matches in {:?}", setup.elapsed());
    let start = Instant::now();
    let cpu_start = cpu_seconds();
    let deadline = start + Duration::from_secs_f64(seconds);
    let finished = Arc::new(AtomicU64::new(0));
    let mut tasks = Vec::new();
    for (k, (id, users)) in initial.into_iter().enumerate() {
        let svc = svc.clone();
        let finished = finished.clone();
        tasks.push(tokio::spawn(async move {
            let mut latencies: Vec<u32> = Vec::new();
            let mut dice = Dice::new(k as u64 + 1);
            let (mut id, mut users) = (id, users);
            let mut round = 0;
            let interval =
                if rate > 0.0 { Duration::from_secs_f64(matches as f64 / rate) } else { Duration::ZERO };
            // Spread the schedules so the matches do not all fire at once.
            let mut next = start + interval.mul_f64(dice.below(1000) as f64 / 1000.0);
            let mut n = 0u64;
            while Instant::now() < deadline {
                if rate > 0.0 {
                    tokio::time::sleep_until(next.into()).await;
                }
                let (status, ply, _) = svc.status(id).await.expect("status");
                if status != MatchStatus::Playing {
                    finished.fetch_add(1, Ordering::Relaxed);
                    round += 1;
                    (id, users) = new_match(&svc, k as u64 + 100_000 * round, round).await;
                    continue;
                }
                let mut acted = false;
                for u in users {
                    let legal = svc.legal_actions(u, id).await.expect("legal");
                    if legal.is_empty() {
                        continue;
                    }
                    let action = legal[dice.below(legal.len())].to_string();
                    n += 1;
                    let t0 = if rate > 0.0 { next } else { Instant::now() };
                    svc.act(&format!("{}:{}:{n}", id.0, ply), u, id, ply, &action).await.expect("act");
                    latencies.push(t0.elapsed().as_micros() as u32);
                    acted = true;
                    break;
                }
                if rate > 0.0 {
                    next += interval;
                }
                if !acted {
                    tokio::task::yield_now().await;
                }
            }
            latencies
        }));
    }
    let mut all: Vec<u32> = Vec::new();
    for t in tasks {
        all.extend(t.await.expect("task"));
    }
    let elapsed = start.elapsed().as_secs_f64();
    let cpu = cpu_seconds() - cpu_start;
    all.sort_unstable();
    let pct = |p: f64| {
        all.get(((all.len() as f64 * p) as usize).min(all.len().saturating_sub(1))).copied().unwrap_or(0)
            as f64
            / 1000.0
    };
    println!(
        "matches={matches} mode={} durability={} actions={} seconds={elapsed:.1} actions_per_sec={:.0} p50_ms={:.2} p95_ms={:.2} p99_ms={:.2} max_ms={:.2} matches_finished={} notifications_delivered={} cpu_ms_per_action={:.3} load_avg={}",
        if rate > 0.0 { format!("open-loop@{rate}/s") } else { "closed-loop".into() },
        if full { "fsync" } else { "process" },
        all.len(),
        all.len() as f64 / elapsed,
        pct(0.50),
        pct(0.95),
        pct(0.99),
        all.last().copied().unwrap_or(0) as f64 / 1000.0,
        finished.load(Ordering::Relaxed),
        delivered.0.load(Ordering::Relaxed),
        cpu * 1000.0 / all.len().max(1) as f64,
        std::fs::read_to_string("/proc/loadavg").unwrap_or_default().split_whitespace().next().unwrap_or("?"),
    );
    workers.shutdown();
}

//! Scenario 7: many matches at once through the fake, all played to the end, reporting
//! interactions per second and the time from an injected interaction to its acknowledgement
//! (p50, p95, max). CI runs a small but real version; the full figure is the ignored test:
//!
//! ```sh
//! E2E_LOAD_MATCHES=50 cargo test -p admiral-e2e --test scenarios load:: -- --ignored --nocapture
//! ```
//!
//! Timing is reported, never asserted (the machine is shared).

use std::time::{Duration, Instant};

use admiral_e2e::bot::Bot;
use admiral_e2e::fake::FakeDiscord;
use admiral_e2e::game::{self, Seat, Turns};
use admiral_e2e::player::Player;

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1]
}

async fn load_run(matches: usize) {
    let fake = FakeDiscord::start().await;
    let _bot = Bot::start(&fake).await;
    let pairs: Vec<(Player, Player)> = (0..matches)
        .map(|i| {
            (Player::join(&fake, &format!("a{i}"), "en-US"), Player::join(&fake, &format!("b{i}"), "en-US"))
        })
        .collect();

    // Every pair starts a match (one after the other: a challenge is a public message).
    let mut ids = Vec::new();
    for (a, b) in &pairs {
        a.challenge(b, &[]).await;
        ids.push(b.accept().await);
    }
    let setup = Instant::now();
    let interactions_before = fake.interaction_count();
    let acks_before = fake.ack_latencies().len();

    // All matches play at once, each as fast as its players go.
    let mut tasks = Vec::new();
    for ((a, b), m) in pairs.into_iter().zip(ids) {
        tasks.push(tokio::spawn(async move {
            a.ready(m).await;
            b.ready(m).await;
            let seats = [Seat { player: &a, turns: Turns::Dm }, Seat { player: &b, turns: Turns::Dm }];
            let south = game::south(seats, m).await;
            game::play_out(seats, m, south, 0, m).await
        }));
    }
    let mut plies = 0;
    for t in tasks {
        plies += t.await.expect("a match task failed").plies;
    }
    let elapsed = setup.elapsed();
    let injected = fake.interaction_count() - interactions_before;
    let mut acks = fake.ack_latencies();
    assert!(acks.len() >= acks_before + injected, "every interaction acknowledged");
    acks.sort();
    let (p50, p95, max) = (percentile(&acks, 0.50), percentile(&acks, 0.95), *acks.last().unwrap());
    println!(
        "load: {matches} matches, {plies} plies, {injected} interactions in {:.1} s = {:.1} interactions/s, \
         {:.1} plies/s; ack latency p50 {:.1} ms, p95 {:.1} ms, max {:.1} ms ({} acks)",
        elapsed.as_secs_f64(),
        injected as f64 / elapsed.as_secs_f64(),
        plies as f64 / elapsed.as_secs_f64(),
        p50.as_secs_f64() * 1e3,
        p95.as_secs_f64() * 1e3,
        max.as_secs_f64() * 1e3,
        acks.len(),
    );
    let finished = fake
        .wait_for(Duration::from_secs(30), |st| {
            let n = st.channel_messages().iter().filter(|m| m.content.starts_with("🏁")).count();
            (n == matches).then_some(n)
        })
        .await;
    assert_eq!(finished, Some(matches), "every match finished with its public result");
    fake.assert_no_problems();
}

/// The CI version: a few matches at once (`E2E_LOAD_MATCHES` overrides).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_matches_small() {
    let n = std::env::var("E2E_LOAD_MATCHES").ok().and_then(|v| v.parse().ok()).unwrap_or(4);
    load_run(n).await;
}

/// The full load run: 50 matches at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "benchmark: about 50 matches' worth of work; run with --ignored"]
async fn concurrent_matches_full() {
    let n = std::env::var("E2E_LOAD_MATCHES").ok().and_then(|v| v.parse().ok()).unwrap_or(50);
    load_run(n).await;
}

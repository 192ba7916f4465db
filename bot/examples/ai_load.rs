//! AI under load (a benchmark, not a test): N players of level-5 matches move at once, so N AI
//! turns wait for this process's search slots. Prints how long the turns waited in line and
//! thought (p50, p95, max), whether any turn got a fallback move, and checks that every
//! decision is the one the same search makes alone, afterwards, with nothing else running.
//!
//! ```text
//! cargo run --release -p admiral-bot --example ai_load -- --matches 20
//! cargo run --release -p admiral-bot --example ai_load -- --matches 20 --searches 1 --level 4
//! cargo run --release -p admiral-bot --example ai_load -- --matches 20 --database postgres://…
//! ```

use std::sync::Arc;
use std::time::{Duration, Instant};

use admiral_bot::ai::AiPlayer;
use admiral_bot::service::{MatchSettings, Origin, Service, ServiceConfig};
use admiral_bot::store::{Durability, Store};
use admiral_bot::{SystemNow, UserId};
use admiral_engine::{Game, Side};

mod common;

use common::arg;

fn percentiles(mut times: Vec<Duration>) -> String {
    times.sort();
    let at = |p: f64| times[((times.len() - 1) as f64 * p).round() as usize].as_secs_f64();
    format!("p50 {:.2} s, p95 {:.2} s, max {:.2} s", at(0.5), at(0.95), at(1.0))
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let matches = arg("--matches", 20) as u64;
    let level = arg("--level", 5).clamp(1, 5) as u8;
    let searches = arg("--searches", ServiceConfig::default_ai_searches());
    let dir = tempfile::tempdir().expect("temp dir");
    let url = arg("--database", format!("sqlite://{}", dir.path().join("ai_load.db").display()));
    let store = Store::open(&url, Durability::Process).await.expect("store");
    let config = ServiceConfig { ai_searches: searches, ..ServiceConfig::default() };
    let svc = Service::start(store, Arc::new(SystemNow), config).await.expect("service");

    let mut games = Vec::new();
    for k in 0..matches {
        let user = UserId(7_000 + k);
        let origin = Origin::in_channel(1, 2);
        let id = svc.start_ai(user, level, MatchSettings::default(), origin).await.expect("AI match");
        svc.ready(user, id).await.expect("ready");
        games.push((user, id));
    }
    println!("{matches} level-{level} matches, {searches} search slots; every player moves at once");
    let started = Instant::now();
    let moves: Vec<_> = games
        .iter()
        .map(|&(user, id)| {
            let svc = svc.clone();
            tokio::spawn(async move {
                let legal = svc.legal_actions(user, id).await.expect("legal");
                svc.act(&format!("load-{}", id.0), user, id, 0, &legal[0].to_string()).await.expect("move");
            })
        })
        .collect();
    for m in moves {
        m.await.expect("move task");
    }
    svc.quiesce().await;
    let all_answered = started.elapsed();
    let stats = svc.ai_stats();
    println!("all {} AI answers within {:.1} s", stats.decisions, all_answered.as_secs_f64());
    println!(
        "queued: {} of {} decisions; fallback moves: {}",
        stats.queued, stats.decisions, stats.fallbacks
    );
    println!("waiting in line: {}", percentiles(stats.waits.clone()));
    println!("thinking:        {}", percentiles(stats.thinking.clone()));

    // The same decisions, alone.
    let mut same = 0;
    let mut alone_times = Vec::new();
    for &(_, id) in &games {
        let record = svc.record(id).await.expect("record").expect("a record");
        let mut after_first = None;
        Game::replay_each(&record, |game, _| {
            if game.ply() == 1 {
                after_first = Some(game.clone());
            }
        })
        .expect("replay");
        let game = after_first.expect("the player's move");
        let seed: i64 = sqlx::query_scalar("SELECT seed FROM matches WHERE id = $1")
            .bind(id.0)
            .fetch_one(&svc.store().read)
            .await
            .expect("seed");
        let t = Instant::now();
        let alone = AiPlayer::new(level).choose(&game, Side::North, seed as u64).expect("a choice");
        alone_times.push(t.elapsed());
        same += (record.turns.get(1).map(|t| t.action) == Some(alone)) as usize;
    }
    println!("alone, one at a time: {}", percentiles(alone_times));
    println!("decisions identical to the search alone: {same} of {}", games.len());
    assert_eq!(same, games.len(), "a decision under load differs from the same search alone");
    assert_eq!(stats.fallbacks, 0, "a fallback move was played");
}

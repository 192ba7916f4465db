//! Shared helpers: a service over a real SQLite file in a temp dir, a manual clock, a
//! recording delivery, table snapshots and random play.
#![allow(dead_code)]

use std::sync::Arc;

use admiral_bot::service::{MatchSettings, Origin, Service, ServiceConfig};
use admiral_bot::store::{Durability, Store};
use admiral_bot::{ManualNow, MatchId, RecordingDelivery, UserId};
use admiral_engine::{Dice, Side};

pub const T0: i64 = 1_800_000_000_000;
pub const ALICE: UserId = UserId(1001);
pub const BOB: UserId = UserId(1002);
pub const CAROL: UserId = UserId(1003);
pub const GUILD: u64 = 77;
pub const CHANNEL: u64 = 88;

pub struct Harness {
    pub dir: tempfile::TempDir,
    pub svc: Service,
    pub now: ManualNow,
    pub out: RecordingDelivery,
}

pub fn url(dir: &tempfile::TempDir) -> String {
    format!("sqlite://{}", dir.path().join("admiral.db").display())
}

/// The service configuration of the tests: AIs think for a few milliseconds, so that whole
/// matches against level 5 fit in a test.
pub fn test_config() -> ServiceConfig {
    ServiceConfig {
        ai_budget: Some(admiral_engine::ai::Budget::Time(std::time::Duration::from_millis(3))),
        ..ServiceConfig::default()
    }
}

pub async fn harness() -> Harness {
    harness_with(test_config()).await
}

pub async fn harness_with(config: ServiceConfig) -> Harness {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::open(&url(&dir), Durability::Process).await.expect("open store");
    let now = ManualNow::new(T0);
    let svc = Service::start(store, Arc::new(now.clone()), config).await.expect("start");
    Harness { dir, svc, now, out: RecordingDelivery::default() }
}

impl Harness {
    /// Restarts the service over the same file (a fresh process would do the same).
    pub async fn restart(&mut self) {
        self.svc.store().close().await;
        let store = Store::open(&url(&self.dir), Durability::Process).await.expect("reopen");
        self.svc = Service::start(store, Arc::new(self.now.clone()), test_config()).await.expect("restart");
    }

    pub async fn deliver(&self) -> usize {
        self.svc.deliver_pending(&self.out).await.expect("deliver")
    }

    /// A challenge from Alice to Bob, accepted; returns the match.
    pub async fn hvh(&self, settings: MatchSettings) -> MatchId {
        let c = self
            .svc
            .challenge(ALICE, BOB, false, settings, Origin::in_channel(GUILD, CHANNEL))
            .await
            .expect("challenge");
        self.svc.accept(BOB, c).await.expect("accept")
    }

    /// Which user sits on `side`.
    pub async fn user_at(&self, id: MatchId, side: Side) -> UserId {
        for u in [ALICE, BOB, CAROL] {
            if let Ok(list) = self.svc.my_matches(u).await {
                if list.iter().any(|m| m.id == id && m.side == side) {
                    return u;
                }
            }
            if let Ok(v) = self.svc.view(u, id).await {
                if v.viewer == side {
                    return u;
                }
            }
        }
        panic!("nobody on {side:?}");
    }
}

/// Every table's rows (except the migrations table) as text, to prove "nothing changed".
pub async fn snapshot(store: &Store) -> String {
    let tables: Vec<String> = sqlx::query_scalar(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '_sqlx%' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )
    .fetch_all(&store.write)
    .await
    .expect("tables");
    let mut out = String::new();
    for t in tables {
        let cols: String = sqlx::query_scalar("SELECT group_concat(name, ', ') FROM pragma_table_info(?)")
            .bind(&t)
            .fetch_one(&store.write)
            .await
            .expect("columns");
        let rows: Vec<String> = sqlx::query_scalar(&format!("SELECT json_array({cols}) FROM {t} ORDER BY 1"))
            .fetch_all(&store.write)
            .await
            .unwrap_or_else(|_| vec![]);
        out.push_str(&format!("== {t}\n{}\n", rows.join("\n")));
    }
    out
}

pub async fn count(store: &Store, sql: &str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(&store.write).await.expect("count")
}

/// Plays random legal actions for whoever is to move until the match ends or `cap` plies.
pub async fn play_random(h: &Harness, id: MatchId, users: &[UserId], seed: u64, cap: u32) {
    let mut dice = Dice::new(seed);
    let mut key = 0u64;
    loop {
        h.svc.quiesce().await;
        let (status, ply, _) = h.svc.status(id).await.expect("status");
        if status != admiral_bot::service::MatchStatus::Playing || ply >= cap {
            return;
        }
        let mut moved = false;
        for &u in users {
            if let Some((_, options, _)) = h.svc.pending_defence(u, id).await.expect("pending") {
                key += 1;
                let i = dice.below(options.len());
                h.svc.declare_defence(&format!("d{seed}-{key}"), u, id, i).await.expect("defend");
                moved = true;
                break;
            }
            let legal = h.svc.legal_actions(u, id).await.expect("legal");
            if legal.is_empty() {
                continue;
            }
            let action = legal[dice.below(legal.len())];
            key += 1;
            h.svc
                .act(&format!("k{seed}-{key}"), u, id, ply, &action.to_string())
                .await
                .expect("legal action accepted");
            moved = true;
            break;
        }
        if !moved {
            // The AI is thinking (or a timer is due): let it run.
            tokio::task::yield_now().await;
        }
    }
}

//! Shared helpers: a service over a real database (a SQLite file in a temp dir, or a new
//! PostgreSQL database when `ADMIRAL_TEST_POSTGRES` names a server), a manual clock, a
//! recording delivery, table snapshots and random play.
#![allow(dead_code)]

pub mod discord;

use std::sync::Arc;

use admiral_bot::service::{MatchSettings, Origin, PlayerView, Service, ServiceConfig};
use admiral_bot::store::{Backend, Durability, Store};
use admiral_bot::{ManualNow, MatchId, Notice, Notification, RecordingDelivery, UserId};
use admiral_engine::{stratego, Dice, Side};

pub const T0: i64 = 1_800_000_000_000;
pub const ALICE: UserId = UserId(1001);
pub const BOB: UserId = UserId(1002);
pub const CAROL: UserId = UserId(1003);
pub const GUILD: u64 = 77;
pub const CHANNEL: u64 = 88;

pub struct Harness {
    pub dir: tempfile::TempDir,
    /// The database's URL (to open it again, or a second time).
    pub url: String,
    pub svc: Service,
    pub now: ManualNow,
    pub out: RecordingDelivery,
}

/// A new, empty database for one test (see `admiral_bot::store::scratch`).
pub async fn new_database(dir: &tempfile::TempDir) -> String {
    admiral_bot::store::scratch::database(dir.path(), "admiral").await.expect("scratch database")
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
    let url = new_database(&dir).await;
    let store = Store::open(&url, Durability::Process).await.expect("open store");
    let now = ManualNow::new(T0);
    let svc = Service::start(store, Arc::new(now.clone()), config).await.expect("start");
    Harness { dir, url, svc, now, out: RecordingDelivery::default() }
}

impl Harness {
    /// Restarts the service over the same file (a fresh process would do the same).
    pub async fn restart(&mut self) {
        self.svc.store().close().await;
        let store = Store::open(&self.url, Durability::Process).await.expect("reopen");
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

    /// The user's view of a Stratego match (the board the Stratego AI reads).
    pub async fn stratego_view(&self, user: UserId, id: MatchId) -> stratego::View {
        match self.svc.view(user, id).await.expect("view") {
            PlayerView::Stratego(view) => view,
            PlayerView::Admiral(_) => panic!("{id} is an Admiral match"),
        }
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
                if v.viewer() == side {
                    return u;
                }
            }
        }
        panic!("nobody on {side:?}");
    }

    /// The notifications delivered to anyone (a DM or a channel) whose notice is `wanted`,
    /// oldest first.
    pub fn sent(&self, wanted: impl Fn(&Notice) -> bool) -> Vec<Notification> {
        self.out.all().into_iter().filter(|n| wanted(&n.notice)).collect()
    }

    /// The first notification delivered to anyone whose notice is `wanted`.
    pub fn first_sent(&self, wanted: impl Fn(&Notice) -> bool) -> Option<Notification> {
        self.sent(wanted).into_iter().next()
    }

    /// The DMs delivered to `user` whose notice is `wanted`, oldest first.
    pub fn dms(&self, user: UserId, wanted: impl Fn(&Notice) -> bool) -> Vec<Notification> {
        self.out.to_user(user).into_iter().filter(|n| wanted(&n.notice)).collect()
    }

    /// The first DM delivered to `user` whose notice is `wanted`.
    pub fn first_dm(&self, user: UserId, wanted: impl Fn(&Notice) -> bool) -> Option<Notification> {
        self.dms(user, wanted).into_iter().next()
    }

    /// The latest DM delivered to `user` whose notice is `wanted`.
    pub fn last_dm(&self, user: UserId, wanted: impl Fn(&Notice) -> bool) -> Option<Notification> {
        self.dms(user, wanted).pop()
    }

    /// What `pick` takes from each DM delivered to `user`, oldest first (the DMs it takes
    /// nothing from are skipped).
    pub fn picked_from_dms<T>(&self, user: UserId, pick: impl FnMut(Notice) -> Option<T>) -> Vec<T> {
        self.out.to_user(user).into_iter().map(|n| n.notice).filter_map(pick).collect()
    }
}

/// Whether a notice is a board that asks its reader to move.
pub fn your_turn(notice: &Notice) -> bool {
    matches!(notice, Notice::Board { view, .. } if view.my_turn())
}

/// One column of the row whose id is `id` (the query's `$1`).
pub async fn column_of<T>(store: &Store, sql: &str, id: i64) -> T
where
    T: for<'r> sqlx::Decode<'r, sqlx::Any> + sqlx::Type<sqlx::Any> + Send + Unpin,
{
    sqlx::query_scalar(sql).bind(id).fetch_one(&store.read).await.expect("one row")
}

/// Every table's rows (except the migrations table) as text, to prove "nothing changed".
pub async fn snapshot(store: &Store) -> String {
    let tables: Vec<String> = sqlx::query_scalar(match store.backend {
        Backend::Sqlite => {
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '_sqlx%'
             AND name NOT LIKE 'sqlite_%' ORDER BY name"
        }
        Backend::Postgres => {
            "SELECT CAST(table_name AS TEXT) FROM information_schema.tables
             WHERE table_schema = 'public' AND table_name NOT LIKE '\\_sqlx%' ORDER BY 1"
        }
    })
    .fetch_all(&store.write)
    .await
    .expect("tables");
    let mut out = String::new();
    for t in tables {
        let rows = table_rows(store, &t, "1").await;
        out.push_str(&format!("== {t}\n{}\n", rows.join("\n")));
    }
    out
}

/// Every row of `table` as a JSON array of its columns, in `order`.
pub async fn table_rows(store: &Store, table: &str, order: &str) -> Vec<String> {
    let (columns, row) = match store.backend {
        Backend::Sqlite => ("SELECT group_concat(name, ', ') FROM pragma_table_info($1)", "json_array"),
        Backend::Postgres => (
            "SELECT string_agg(CAST(column_name AS TEXT), ', ' ORDER BY ordinal_position)
             FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1",
            "json_build_array",
        ),
    };
    let cols: String =
        sqlx::query_scalar(columns).bind(table).fetch_one(&store.write).await.expect("columns");
    let text = match store.backend {
        Backend::Sqlite => "",
        Backend::Postgres => "::text",
    };
    sqlx::query_scalar(&format!("SELECT {row}({cols}){text} FROM {table} ORDER BY {order}"))
        .fetch_all(&store.write)
        .await
        .expect("rows")
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

/// Runs `f`, which must be refused as `expect` says, and checks that the database did not
/// change.
pub async fn unchanged<T: std::fmt::Debug>(
    h: &Harness,
    what: &str,
    f: impl std::future::Future<Output = Result<T, admiral_bot::ServiceError>>,
    expect: impl Fn(&admiral_bot::ServiceError) -> bool,
) {
    let before = snapshot(h.svc.store()).await;
    let r = f.await;
    match &r {
        Err(e) if expect(e) => {}
        other => panic!("{what}: unexpected {other:?}"),
    }
    assert!(r.unwrap_err().is_refusal(), "{what} is a refusal");
    let after = snapshot(h.svc.store()).await;
    assert_eq!(before, after, "{what} changed the database");
}

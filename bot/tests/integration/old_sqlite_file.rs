//! A database written by an earlier version (before the `ruleset` backfill and the public
//! language, migrations 0003 and later) opens with today's store: the missing migrations run,
//! the data is kept, and its live match loads. A match created before a rules change plays on
//! under the rules it started with.

use crate::common;

use std::sync::Arc;

use admiral_bot::service::{replay_from_store, MatchSettings, MatchStatus, Service};
use admiral_bot::store::{Backend, Durability, Store};
use admiral_bot::ManualNow;
use admiral_engine::{QuietRule, RECORD_FORMAT};
use common::{column_of, harness, play_random, test_config, ALICE, BOB, T0};
use sqlx::sqlite::{SqliteConnectOptions, SqlitePoolOptions};

/// Creates the file as a version with only migrations 0001 and 0002 did (through sqlx's own
/// SQLite driver, as that version did), with a Stratego match in setup.
async fn old_file(dir: &std::path::Path) -> String {
    let migrations = dir.join("old_migrations");
    std::fs::create_dir(&migrations).unwrap();
    for file in ["0001_service.sql", "0002_discord_adapter.sql"] {
        let from = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../migrations/sqlite").join(file);
        std::fs::copy(from, migrations.join(file)).unwrap();
    }
    let path = dir.join("old.db");
    let pool = SqlitePoolOptions::new()
        .connect_with(SqliteConnectOptions::new().filename(&path).create_if_missing(true))
        .await
        .unwrap();
    sqlx::migrate::Migrator::new(migrations.as_path()).await.unwrap().run(&pool).await.unwrap();
    let settings = MatchSettings { ruleset: "stratego".into(), rated: false, ..MatchSettings::default() };
    let settings = as_before_rules_versions(&settings);
    sqlx::query("INSERT INTO players (user_id, created_at) VALUES (?, 0), (?, 0)")
        .bind(ALICE.db())
        .bind(BOB.db())
        .execute(&pool)
        .await
        .unwrap();
    // The column's default ('admiral') stands, as in rows written before 0003.
    sqlx::query(
        "INSERT INTO matches (id, south_user, north_user, settings, status, seed, created_at)
         VALUES (1, ?, ?, ?, 'setup', 42, ?)",
    )
    .bind(ALICE.db())
    .bind(BOB.db())
    .bind(settings)
    .bind(T0)
    .execute(&pool)
    .await
    .unwrap();
    pool.close().await;
    format!("sqlite://{}", path.display())
}

#[tokio::test]
async fn an_old_sqlite_file_is_migrated_and_keeps_its_matches() {
    let dir = tempfile::tempdir().unwrap();
    let url = old_file(dir.path()).await;
    let store = Store::open(&url, Durability::Process).await.expect("open the old file");
    assert_eq!(store.backend, Backend::Sqlite);
    let versions: Vec<i64> = sqlx::query_scalar("SELECT version FROM _sqlx_migrations ORDER BY version")
        .fetch_all(&store.read)
        .await
        .unwrap();
    assert_eq!(versions, [1, 2, 3, 4, 5, 6], "the missing migrations ran");
    let ruleset: String =
        sqlx::query_scalar("SELECT ruleset FROM matches WHERE id = 1").fetch_one(&store.read).await.unwrap();
    assert_eq!(ruleset, "stratego", "0003 backfilled the ruleset from the settings");

    let svc = Service::start(store, Arc::new(ManualNow::new(T0)), test_config()).await.expect("start");
    let mine = svc.my_matches(ALICE).await.unwrap();
    assert_eq!(mine.len(), 1, "{mine:?}");
    assert_eq!(mine[0].status, MatchStatus::Setup);
    assert_eq!(svc.my_matches(BOB).await.unwrap().len(), 1);
}

/// The settings as a version before rules versions stored them: without `rules`.
fn as_before_rules_versions(settings: &MatchSettings) -> String {
    let mut json = serde_json::to_value(settings).unwrap();
    json.as_object_mut().unwrap().remove("rules").expect("today's settings name their rules");
    json.to_string()
}

#[tokio::test]
async fn a_match_created_before_the_rules_change_plays_on_under_its_own_rules() {
    let mut h = harness().await;
    let id = h.hvh(MatchSettings::default()).await;
    h.svc.ready(ALICE, id).await.unwrap();
    assert_eq!(h.svc.ready(BOB, id).await.unwrap(), MatchStatus::Playing);
    play_random(&h, id, &[ALICE, BOB], 3, 6).await;
    let game = replay_from_store(h.svc.store(), id).await.unwrap().unwrap();
    assert_eq!(game.record().format, RECORD_FORMAT, "a new match is played under today's rules");
    assert_eq!(game.position().quiet_rule(), QuietRule::Destruction);

    // The same match as it would stand had an earlier version created it.
    let stored: String = column_of(h.svc.store(), "SELECT settings FROM matches WHERE id = $1", id.0).await;
    let old = as_before_rules_versions(&serde_json::from_str(&stored).unwrap());
    sqlx::query("UPDATE matches SET settings = $1 WHERE id = $2")
        .bind(old)
        .bind(id.0)
        .execute(&h.svc.store().write)
        .await
        .unwrap();
    h.restart().await;
    let game = replay_from_store(h.svc.store(), id).await.unwrap().unwrap();
    assert_eq!(game.record().format, 1);
    assert_eq!(game.position().quiet_rule(), QuietRule::AnyAttack, "the first rules' quiet count");
    play_random(&h, id, &[ALICE, BOB], 4, 12).await;
    let (_, ply, _) = h.svc.status(id).await.unwrap();
    let game = replay_from_store(h.svc.store(), id).await.unwrap().unwrap();
    assert_eq!((game.ply(), game.record().format), (ply, 1), "it plays on, and is stored, as it began");
}

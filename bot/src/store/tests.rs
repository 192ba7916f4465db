//! The typed queries against a real database: a SQLite file in a temporary directory, or a
//! new PostgreSQL database when `ADMIRAL_TEST_POSTGRES` names a server.

use admiral_engine::Language;

use super::challenges::ChallengeParties;
use super::discord::ChallengeMessage;
use super::matches::MatchSeats;
use super::{Durability, Store};
use crate::ids::{ChallengeId, MatchId, UserId};
use crate::model::DefencePolicy;

const ALICE: UserId = UserId(1001);
const BOB: UserId = UserId(1002);
/// A snowflake above `i64::MAX`: stored as its bit pattern, it must come back unchanged.
const BIG: u64 = u64::MAX - 7;

async fn open() -> (tempfile::TempDir, Store) {
    let dir = tempfile::tempdir().expect("temp dir");
    let url = super::scratch::database(dir.path(), "admiral").await.expect("scratch database");
    let store = Store::open(&url, Durability::Process).await.expect("open store");
    (dir, store)
}

/// Fixture rows (what the service would have written).
async fn seed(store: &Store, sql: &str) {
    sqlx::raw_sql(sql).execute(&store.write).await.expect("seed");
}

const PLAYERS: &str = "INSERT INTO players (user_id, language, defence_policy, created_at) VALUES
    (1001, 'ru', 'ask', 0), (1002, 'en', 'auto', 0);";

/// A new store holding Alice and Bob ([`PLAYERS`]) and then the rows of `fixture`.
async fn open_with_players(fixture: &str) -> (tempfile::TempDir, Store) {
    let (dir, store) = open().await;
    seed(&store, PLAYERS).await;
    seed(&store, fixture).await;
    (dir, store)
}

#[tokio::test]
async fn explicit_language_round_trip() {
    let (_dir, store) = open().await;
    assert!(!store.explicit_language(ALICE).await.unwrap(), "never chosen");
    store.set_explicit_language(ALICE, true).await.unwrap();
    assert!(store.explicit_language(ALICE).await.unwrap());
    assert!(!store.explicit_language(BOB).await.unwrap(), "per user");
    store.set_explicit_language(ALICE, false).await.unwrap();
    assert!(!store.explicit_language(ALICE).await.unwrap(), "cleared");
}

#[tokio::test]
async fn challenge_message_remembered_replaced_and_read_back() {
    let (_dir, store) = open().await;
    let c = ChallengeId(7);
    assert_eq!(store.challenge_message(c).await.unwrap(), None);
    let first = ChallengeMessage { channel: 88, message: 5001 };
    store.remember_challenge_message(c, first).await.unwrap();
    assert_eq!(store.challenge_message(c).await.unwrap(), Some(first));
    let second = ChallengeMessage { channel: BIG, message: BIG - 1 };
    store.remember_challenge_message(c, second).await.unwrap();
    assert_eq!(store.challenge_message(c).await.unwrap(), Some(second), "replaced, big ids intact");
    let rows: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM discord_challenge_messages")
        .fetch_one(&store.read)
        .await
        .unwrap();
    assert_eq!(rows, 1, "one row per challenge");
    assert_eq!(store.challenge_message(ChallengeId(8)).await.unwrap(), None);
}

#[tokio::test]
async fn stored_language_and_defence_policy() {
    let (_dir, store) = open().await;
    assert_eq!(store.stored_language(ALICE).await.unwrap(), None, "unknown player");
    assert_eq!(store.stored_defence_policy(ALICE).await.unwrap(), None);
    seed(&store, PLAYERS).await;
    assert_eq!(store.stored_language(ALICE).await.unwrap(), Some(Language::Ru));
    assert_eq!(store.stored_language(BOB).await.unwrap(), Some(Language::En));
    assert_eq!(store.stored_defence_policy(ALICE).await.unwrap(), Some(DefencePolicy::Ask));
    assert_eq!(store.stored_defence_policy(BOB).await.unwrap(), Some(DefencePolicy::Auto));
}

#[tokio::test]
async fn challenge_parties_with_and_without_public_language() {
    let (_dir, store) = open_with_players(
        "INSERT INTO challenges (id, challenger, challenged, settings, created_at, expires_at, public_language)
         VALUES (1, 1001, 1002, '{}', 0, 1, 'ru'), (2, 1002, 1001, '{}', 0, 1, NULL);",
    )
    .await;
    assert_eq!(
        store.challenge_parties(ChallengeId(1)).await.unwrap(),
        Some(ChallengeParties { challenger: ALICE, challenged: BOB, public_language: Some(Language::Ru) })
    );
    assert_eq!(
        store.challenge_parties(ChallengeId(2)).await.unwrap(),
        Some(ChallengeParties { challenger: BOB, challenged: ALICE, public_language: None })
    );
    assert_eq!(store.challenge_parties(ChallengeId(3)).await.unwrap(), None);
}

#[tokio::test]
async fn saved_layout_grid_by_user_and_name() {
    let (_dir, store) = open_with_players(
        "INSERT INTO layouts (user_id, name, grid, created_at) VALUES (1001, 'wall', 'G1', 0);",
    )
    .await;
    assert_eq!(store.saved_layout_grid(ALICE, "wall").await.unwrap().as_deref(), Some("G1"));
    assert_eq!(store.saved_layout_grid(ALICE, "other").await.unwrap(), None);
    assert_eq!(store.saved_layout_grid(BOB, "wall").await.unwrap(), None, "another player's");
}

#[tokio::test]
async fn finished_matches_newest_first_with_seats() {
    let (_dir, store) = open_with_players(
        "INSERT INTO matches (id, south_user, north_user, ai_level, settings, status, seed, created_at) VALUES
           (1, 1001, 1002, NULL, '{}', 'finished', 0, 0),
           (2, NULL, 1001, 3, '{}', 'finished', 0, 0),
           (3, 1001, 1002, NULL, '{}', 'playing', 0, 0),
           (4, 1002, NULL, 5, '{}', 'finished', 0, 0);",
    )
    .await;
    let vs_bob = MatchSeats { id: MatchId(1), south: Some(ALICE), north: Some(BOB), ai_level: None };
    let vs_ai = MatchSeats { id: MatchId(2), south: None, north: Some(ALICE), ai_level: Some(3) };
    assert_eq!(store.finished_matches(ALICE, 100).await.unwrap(), vec![vs_ai, vs_bob]);
    assert_eq!(store.finished_matches(ALICE, 1).await.unwrap(), vec![vs_ai], "limit");
    assert_eq!(store.last_finished_match(ALICE).await.unwrap(), Some(MatchId(2)));
    assert_eq!(store.last_finished_match(BOB).await.unwrap(), Some(MatchId(4)));
    assert_eq!(store.last_finished_match(UserId(9)).await.unwrap(), None);
    assert_eq!(store.match_seats(MatchId(1)).await.unwrap(), Some(vs_bob));
    assert_eq!(store.match_seats(MatchId(3)).await.unwrap().map(|m| m.id), Some(MatchId(3)), "any status");
    assert_eq!(store.match_seats(MatchId(99)).await.unwrap(), None);
}

#[test]
fn a_refused_database_url_is_named_by_its_scheme_alone() {
    let refused =
        super::Backend::of_url("mysql://admiral:s3cr3t@db.example/admiral").unwrap_err().to_string();
    assert!(refused.contains("\"mysql\""), "{refused}");
    assert!(!refused.contains("s3cr3t"), "the password stays out of the message: {refused}");
}

/// Another connection moves match 1 on, one committed step at a time: each step appends an
/// event, bumps the version and sets both clocks to the new version, as an accepted move does.
/// Every read of the match while it does so must see one step whole: as many events as the
/// version says, and the clocks of that same version.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_read_while_another_connection_commits_is_one_version_of_it() {
    use super::events::{self, MatchEvent};
    use super::matches::{self, ClockRow};
    use super::{Batch, WriteTx};
    use admiral_engine::Side;

    const STEPS: i64 = 150;
    let (_dir, store) = open_with_players(
        "INSERT INTO matches (id, south_user, north_user, settings, status, seed, created_at)
           VALUES (1, 1001, 1002, '{}', 'playing', 0, 0);
         INSERT INTO clocks (match_id, south_ms, north_ms, running_since) VALUES (1, 0, 0, 0);",
    )
    .await;
    let id = MatchId(1);
    let writer = {
        let store = store.clone();
        tokio::spawn(async move {
            for version in 0..STEPS {
                let mut batch = Batch::new();
                let mut tx = WriteTx::start(&store.write, &mut batch).await.unwrap();
                let turn = MatchEvent::Turn { side: Side::South, turn: version.to_string() };
                events::append_in(&mut batch, id, version, &turn, 0);
                matches::set_ply_in(&mut batch, id, version as u32 + 1, version);
                let clocks = ClockRow { remaining_ms: [Some(version + 1); 2], running_since: Some(0) };
                matches::save_clocks_in(&mut batch, id, &clocks);
                tx.flush(&mut batch).await.unwrap();
                tx.commit().await.unwrap();
            }
        })
    };
    let mut reads = 0;
    while !writer.is_finished() || reads == 0 {
        let rows = store.match_rows(id).await.unwrap().expect("match 1");
        let version = rows.row.version;
        assert_eq!(rows.events.len() as i64, version, "events against the version (read {reads})");
        assert_eq!(
            rows.clocks.remaining_ms,
            [Some(version); 2],
            "the clocks against the version (read {reads})"
        );
        assert_eq!(rows.preferences.0, [Language::Ru, Language::En], "the seats' languages");
        reads += 1;
    }
    writer.await.unwrap();
    let last = store.match_rows(id).await.unwrap().unwrap();
    assert_eq!((last.row.version, last.events.len()), (STEPS, STEPS as usize));
    assert_eq!(store.match_rows(MatchId(2)).await.unwrap().map(|r| r.row.version), None, "no such match");
}

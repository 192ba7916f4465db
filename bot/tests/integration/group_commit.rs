//! Group commit: members of a failed group are re-run alone, each with its own answer.

use crate::common;

use admiral_bot::store::{Batch, BatchError, Durability, GroupCommit, Store};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failing_member_does_not_take_the_group_down() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&common::new_database(&dir).await, Durability::Process).await.unwrap();
    let group = GroupCommit::spawn(store.write.clone(), store.writers());
    let mut tasks = Vec::new();
    for i in 0..40i64 {
        let group = group.clone();
        tasks.push(tokio::spawn(async move {
            let mut b = Batch::new();
            b.sql("INSERT INTO players (user_id, created_at) VALUES (").bind(i).sql(", 0)").end();
            if i % 10 == 7 {
                // Must change one row; changes none.
                b.sql("UPDATE players SET language = 'ru' WHERE user_id = ")
                    .bind(-1i64)
                    .end_checked("missing");
            }
            if i % 10 == 3 {
                // A duplicate key: the statement fails.
                b.sql("INSERT INTO players (user_id, created_at) VALUES (").bind(i).sql(", 0)").end();
            }
            (i, group.commit(b).await)
        }));
    }
    for t in tasks {
        let (i, r) = t.await.unwrap();
        match i % 10 {
            7 => assert!(matches!(r, Err(BatchError::Check("missing"))), "{i}: {r:?}"),
            3 => assert!(matches!(r, Err(BatchError::Db(_))), "{i}: {r:?}"),
            _ => assert!(r.is_ok(), "{i}: {r:?}"),
        }
    }
    let ids: Vec<i64> = sqlx::query_scalar("SELECT user_id FROM players ORDER BY user_id")
        .fetch_all(&store.write)
        .await
        .unwrap();
    let expected: Vec<i64> = (0..40).filter(|i| i % 10 != 7 && i % 10 != 3).collect();
    assert_eq!(ids, expected, "failed members left nothing behind; the others committed");
}

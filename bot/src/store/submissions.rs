//! `submissions`: the result of every accepted submission under its idempotency key (the
//! Discord interaction id), so that a repeated key is answered, not applied again.

use super::{Batch, Store};
use crate::ids::{MatchId, UserId};

/// An accepted submission.
#[derive(Clone, Debug)]
pub struct Submission<'a> {
    /// The idempotency key.
    pub key: &'a str,
    /// Who submitted it (`None`: the AI).
    pub user: Option<UserId>,
    /// The match.
    pub match_id: MatchId,
    /// The result as JSON.
    pub result: String,
    /// When (Unix ms).
    pub now: i64,
}

/// Records a submission as part of `batch`, checked as `"submission"`: the check fails if the
/// key was recorded already (another writer applied it first).
pub fn record_in(batch: &mut Batch, submission: &Submission<'_>) {
    batch
        .sql("INSERT INTO submissions (key, user_id, match_id, result, created_at) VALUES (")
        .bind(submission.key)
        .sql(", ")
        .bind(submission.user.map_or(0, |u| u.db()))
        .sql(", ")
        .bind(submission.match_id.0)
        .sql(", ")
        .bind(submission.result.clone())
        .sql(", ")
        .bind(submission.now)
        .sql(") ON CONFLICT (key) DO NOTHING")
        .end_checked("submission");
}

impl Store {
    /// The stored result (JSON) of the submission with `key`, if it was accepted.
    pub async fn submission_result(&self, key: &str) -> Result<Option<String>, sqlx::Error> {
        sqlx::query_scalar("SELECT result FROM submissions WHERE key = $1")
            .bind(key)
            .fetch_optional(&self.write)
            .await
    }
}

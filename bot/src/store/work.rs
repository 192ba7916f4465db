//! `leases` and `ai_jobs` (`migrations/*/0005_shared_work.sql`): the duties that any of several
//! processes on one database may take on, and which exactly one does at a time.

use super::{Batch, Store};
use crate::ids::MatchId;

/// A lease held: the holder's fencing token, which writes under the lease check.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Lease {
    /// Incremented at every change of holder.
    pub token: i64,
}

/// An AI turn claimed for this process.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct AiJob {
    /// The match.
    pub match_id: MatchId,
    /// The ply the AI is to play.
    pub ply: u32,
}

impl Store {
    /// Takes or renews the lease `name` for `holder` until `now + ttl_ms`: granted if nobody
    /// holds it, if `holder` does, or if its holder let it expire. The token changes only when
    /// the holder does.
    pub async fn acquire_lease(
        &self,
        name: &str,
        holder: &str,
        now: i64,
        ttl_ms: i64,
    ) -> Result<Option<Lease>, sqlx::Error> {
        let token: Option<i64> = sqlx::query_scalar(
            "INSERT INTO leases (name, holder, token, expires_at) VALUES ($1, $2, 1, $3)
             ON CONFLICT (name) DO UPDATE
                SET token = CASE WHEN leases.holder = excluded.holder THEN leases.token ELSE leases.token + 1 END,
                    holder = excluded.holder, expires_at = excluded.expires_at
              WHERE leases.holder = excluded.holder OR leases.expires_at < $4
             RETURNING token",
        )
        .bind(name)
        .bind(holder)
        .bind(now + ttl_ms)
        .bind(now)
        .fetch_optional(&self.write)
        .await?;
        Ok(token.map(|token| Lease { token }))
    }

    /// Frees the leases and AI claims of processes of this host that are gone (`is_gone` says,
    /// given a holder's name), so that a process restarted after a crash resumes at once
    /// instead of waiting for its predecessor's lease to run out. Returns how many were freed.
    pub async fn free_claims_of_gone_processes(
        &self,
        is_gone: impl Fn(&str) -> bool,
    ) -> Result<u64, sqlx::Error> {
        let mut freed = 0;
        let holders: Vec<String> = sqlx::query_scalar(
            "SELECT holder FROM leases UNION SELECT claimed_by FROM ai_jobs WHERE claimed_by IS NOT NULL",
        )
        .fetch_all(&self.write)
        .await?;
        for holder in holders.iter().filter(|h| is_gone(h)) {
            freed += sqlx::query("UPDATE leases SET expires_at = 0 WHERE holder = $1")
                .bind(holder)
                .execute(&self.write)
                .await?
                .rows_affected();
            freed += sqlx::query(
                "UPDATE ai_jobs SET claimed_by = NULL, claimed_until = NULL WHERE claimed_by = $1",
            )
            .bind(holder)
            .execute(&self.write)
            .await?
            .rows_affected();
        }
        Ok(freed)
    }

    /// Claims the oldest AI turn nobody holds (never claimed, or its claim ran out) for
    /// `holder` until `now + ttl_ms`.
    pub async fn claim_ai_job(
        &self,
        holder: &str,
        now: i64,
        ttl_ms: i64,
    ) -> Result<Option<AiJob>, sqlx::Error> {
        let sql = format!(
            "UPDATE ai_jobs SET claimed_by = $1, claimed_until = $2
              WHERE match_id = (SELECT match_id FROM ai_jobs
                                 WHERE claimed_until IS NULL OR claimed_until < $3
                                 ORDER BY created_at, match_id LIMIT 1{})
             RETURNING match_id, ply",
            self.skip_locked()
        );
        let row: Option<(i64, i64)> = sqlx::query_as(&sql)
            .bind(holder)
            .bind(now + ttl_ms)
            .bind(now)
            .fetch_optional(&self.write)
            .await?;
        Ok(row.map(|(id, ply)| AiJob { match_id: MatchId(id), ply: ply as u32 }))
    }

    /// Claims the AI turn of match `id` at `ply` for `holder`, unless another process holds it
    /// or it was played. True if claimed (or already this holder's).
    pub async fn claim_ai_job_of(
        &self,
        id: MatchId,
        ply: u32,
        holder: &str,
        now: i64,
        ttl_ms: i64,
    ) -> Result<bool, sqlx::Error> {
        let claimed = sqlx::query(
            "UPDATE ai_jobs SET claimed_by = $1, claimed_until = $2
              WHERE match_id = $3 AND ply = $4
                AND (claimed_until IS NULL OR claimed_until < $5 OR claimed_by = $1)",
        )
        .bind(holder)
        .bind(now + ttl_ms)
        .bind(id.0)
        .bind(ply as i64)
        .bind(now)
        .execute(&self.write)
        .await?;
        Ok(claimed.rows_affected() == 1)
    }

    /// Gives up a claim (the turn could not be played here; another process may take it).
    pub async fn release_ai_job(&self, id: MatchId, holder: &str) -> Result<(), sqlx::Error> {
        sqlx::query("UPDATE ai_jobs SET claimed_by = NULL, claimed_until = NULL WHERE match_id = $1 AND claimed_by = $2")
            .bind(id.0)
            .bind(holder)
            .execute(&self.write)
            .await?;
        Ok(())
    }
}

/// Adds to `batch`: the AI is to play `ply` in match `id` (a new, unclaimed job replaces one of
/// an earlier ply; a job of this ply stays as it is, claimed or not).
pub fn ai_job_in(batch: &mut Batch, id: MatchId, ply: u32, now: i64) {
    batch
        .sql("INSERT INTO ai_jobs (match_id, ply, created_at) VALUES (")
        .bind(id.0)
        .sql(", ")
        .bind(ply as i64)
        .sql(", ")
        .bind(now)
        .sql(
            ") ON CONFLICT (match_id) DO UPDATE SET ply = excluded.ply, created_at = excluded.created_at,
               claimed_by = NULL, claimed_until = NULL WHERE ai_jobs.ply <> excluded.ply",
        )
        .end();
}

/// Adds to `batch`: the AI has no turn to play in match `id`.
pub fn no_ai_job_in(batch: &mut Batch, id: MatchId) {
    batch.sql("DELETE FROM ai_jobs WHERE match_id = ").bind(id.0).end();
}

//! Deadlines and reminders kept in the `timers` table. One scheduler task sleeps until the
//! earliest due row (or until woken when a new one is armed) and hands due rows to the
//! service, which acts on each in its own transaction and deletes it there. Because the rows
//! live in the database, a restart re-arms everything by simply starting the scheduler.

use admiral_engine::Side;
use sqlx::AnyConnection;

use super::Batch;
use crate::ids::{ChallengeId, MatchId};

/// What a timer does when due.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TimerKind {
    /// An unanswered challenge expires.
    ChallengeExpiry,
    /// The setup clock fills in the rest of unfinished layouts and starts the match.
    SetupDeadline,
    /// Reminds unready players before the setup deadline.
    SetupReminder,
    /// The side to move loses on time.
    MoveDeadline,
    /// Reminds the side to move before its deadline.
    MoveReminder,
    /// The default policy declares the pending defence.
    DefenceDeadline,
}

impl TimerKind {
    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            TimerKind::ChallengeExpiry => "challenge_expiry",
            TimerKind::SetupDeadline => "setup_deadline",
            TimerKind::SetupReminder => "setup_reminder",
            TimerKind::MoveDeadline => "move_deadline",
            TimerKind::MoveReminder => "move_reminder",
            TimerKind::DefenceDeadline => "defence_deadline",
        }
    }

    /// From the stored name.
    pub fn parse(s: &str) -> Option<TimerKind> {
        [
            TimerKind::ChallengeExpiry,
            TimerKind::SetupDeadline,
            TimerKind::SetupReminder,
            TimerKind::MoveDeadline,
            TimerKind::MoveReminder,
            TimerKind::DefenceDeadline,
        ]
        .into_iter()
        .find(|k| k.as_str() == s)
    }
}

/// A due (or future) timer row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Timer {
    /// Row key.
    pub key: String,
    /// What it does.
    pub kind: TimerKind,
    /// The match, for match timers.
    pub match_id: Option<MatchId>,
    /// The challenge, for challenge expiry.
    pub challenge_id: Option<ChallengeId>,
    /// The side concerned, if any.
    pub side: Option<Side>,
    /// The ply it was armed for.
    pub ply: Option<u32>,
    /// When.
    pub due_at: i64,
}

/// The row key of a match's timer of `kind` (one of each kind per match).
pub fn match_key(m: MatchId, kind: TimerKind) -> String {
    format!("m{}:{}", m.0, kind.as_str())
}

/// The row key of a challenge's expiry.
pub fn challenge_key(c: ChallengeId) -> String {
    format!("c{}:{}", c.0, TimerKind::ChallengeExpiry.as_str())
}

/// Arms (or re-arms) a match timer in the caller's transaction.
pub async fn arm_match(
    conn: &mut AnyConnection,
    m: MatchId,
    kind: TimerKind,
    side: Option<Side>,
    ply: u32,
    due_at: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO timers (key, match_id, kind, side, ply, due_at) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (key) DO UPDATE SET side = excluded.side, ply = excluded.ply, due_at = excluded.due_at",
    )
    .bind(match_key(m, kind))
    .bind(m.0)
    .bind(kind.as_str())
    .bind(side.map(|s| s.name()))
    .bind(ply as i64)
    .bind(due_at)
    .execute(conn)
    .await?;
    Ok(())
}

/// Arms (or re-arms) a match timer as part of a [`Batch`].
pub fn arm_match_in(
    batch: &mut Batch,
    m: MatchId,
    kind: TimerKind,
    side: Option<Side>,
    ply: u32,
    due_at: i64,
) {
    batch
        .sql("INSERT INTO timers (key, match_id, kind, side, ply, due_at) VALUES (")
        .bind(match_key(m, kind))
        .sql(", ")
        .bind(m.0)
        .sql(", ")
        .bind(kind.as_str())
        .sql(", ")
        .bind(side.map(|s| s.name()))
        .sql(", ")
        .bind(ply as i64)
        .sql(", ")
        .bind(due_at)
        .sql(") ON CONFLICT (key) DO UPDATE SET side = excluded.side, ply = excluded.ply, due_at = excluded.due_at")
        .end();
}

/// Disarms match timers of the given kinds as part of a [`Batch`].
pub fn disarm_match_in(batch: &mut Batch, m: MatchId, kinds: &[TimerKind]) {
    batch.sql("DELETE FROM timers WHERE key IN (");
    for (i, k) in kinds.iter().enumerate() {
        if i > 0 {
            batch.sql(", ");
        }
        batch.bind(match_key(m, *k));
    }
    batch.sql(")").end();
}

/// Disarms match timers of the given kinds (all kinds if empty).
pub async fn disarm_match(
    conn: &mut AnyConnection,
    m: MatchId,
    kinds: &[TimerKind],
) -> Result<(), sqlx::Error> {
    if kinds.is_empty() {
        sqlx::query("DELETE FROM timers WHERE match_id = $1").bind(m.0).execute(conn).await?;
        return Ok(());
    }
    let sql = format!("DELETE FROM timers WHERE key IN ({})", super::placeholders(1, kinds.len()));
    let mut query = sqlx::query(&sql);
    for k in kinds {
        query = query.bind(match_key(m, *k));
    }
    query.execute(conn).await?;
    Ok(())
}

/// Arms a challenge's expiry.
pub async fn arm_challenge(conn: &mut AnyConnection, c: ChallengeId, due_at: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO timers (key, challenge_id, kind, due_at) VALUES ($1, $2, 'challenge_expiry', $3)
         ON CONFLICT (key) DO UPDATE SET due_at = excluded.due_at",
    )
    .bind(challenge_key(c))
    .bind(c.0)
    .bind(due_at)
    .execute(conn)
    .await?;
    Ok(())
}

/// Deletes one timer row.
pub async fn delete(conn: &mut AnyConnection, key: &str) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM timers WHERE key = $1").bind(key).execute(conn).await?;
    Ok(())
}

type TimerRow = (String, String, Option<i64>, Option<i64>, Option<String>, Option<i64>, i64);

fn from_row(r: TimerRow) -> Option<Timer> {
    Some(Timer {
        kind: TimerKind::parse(&r.1)?,
        key: r.0,
        match_id: r.2.map(MatchId),
        challenge_id: r.3.map(ChallengeId),
        side: r.4.as_deref().and_then(Side::from_name),
        ply: r.5.map(|p| p as u32),
        due_at: r.6,
    })
}

/// Timers due at `now`, earliest first.
pub async fn due(pool: &sqlx::AnyPool, now: i64, limit: i64) -> Result<Vec<Timer>, sqlx::Error> {
    let rows: Vec<TimerRow> = sqlx::query_as(
        "SELECT key, kind, match_id, challenge_id, side, ply, due_at FROM timers WHERE due_at <= $1
         ORDER BY due_at, key LIMIT $2",
    )
    .bind(now)
    .bind(limit)
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().filter_map(from_row).collect())
}

/// Every armed timer (tests, diagnostics).
pub async fn all(pool: &sqlx::AnyPool) -> Result<Vec<Timer>, sqlx::Error> {
    let rows: Vec<TimerRow> = sqlx::query_as(
        "SELECT key, kind, match_id, challenge_id, side, ply, due_at FROM timers ORDER BY due_at, key",
    )
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().filter_map(from_row).collect())
}

/// When the timer `key` is due, if it is armed.
pub async fn due_at(pool: &sqlx::AnyPool, key: &str) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("SELECT due_at FROM timers WHERE key = $1").bind(key).fetch_optional(pool).await
}

/// Claims `timer` as part of a [`Batch`] (checked as `"timer"`): deletes its row if it is
/// still the one read (a timer re-armed meanwhile, same key and a new due time, stays; one
/// handled meanwhile fails the check). On PostgreSQL another process claiming the same row at
/// the same moment skips it instead of waiting (`skip_locked`, see [`super::Store::skip_locked`]);
/// if the claimer dies before its commit, the row is free again.
pub fn claim_in(batch: &mut Batch, timer: &Timer, skip_locked: &str) {
    batch
        .sql("DELETE FROM timers WHERE key IN (SELECT key FROM timers WHERE key = ")
        .bind(timer.key.clone())
        .sql(" AND due_at = ")
        .bind(timer.due_at)
        .sql(skip_locked)
        .sql(")")
        .end_checked("timer");
}

/// The earliest due time, if any timer is armed.
pub async fn next_due(pool: &sqlx::AnyPool) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("SELECT MIN(due_at) FROM timers").fetch_one(pool).await
}

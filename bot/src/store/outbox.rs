//! `outbox`: queued notifications, their delivery marks, and the lease that lets one process
//! at a time deliver them.
//!
//! A row's `recipient` is the JSON of its [`Recipient`] (also the key that keeps one
//! recipient's rows in order), its `payload` the JSON of the notice with its language.

use admiral_engine::Language;
use sqlx::AnyConnection;

use super::{Batch, BatchError, Store};
use crate::ids::{MatchId, NotificationId, UserId};
use crate::notify::{Notice, Notification, Outgoing, Recipient};

/// The name of the outbox's lease (see [`Store::acquire_lease`]).
pub const LEASE: &str = "outbox";

/// How a row was settled (the `outcome` column).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Settled {
    /// Delivered.
    Delivered,
    /// Unreadable; dropped (logged).
    Dropped,
    /// The player's DMs were closed: kept for ephemeral pick-up.
    Fallback,
}

impl Settled {
    fn as_str(self) -> &'static str {
        match self {
            Settled::Delivered => "dm",
            Settled::Dropped => "dropped",
            Settled::Fallback => "fallback",
        }
    }
}

/// Writes under the outbox lease: they take effect only while the lease is still `holder`'s
/// with `token`, so a dispatcher that stalled past its lease cannot mark what its successor
/// is delivering.
#[derive(Copy, Clone, Debug)]
pub struct Fence<'a> {
    /// The process holding the lease.
    pub holder: &'a str,
    /// The lease's fencing token when it was taken.
    pub token: i64,
}

impl Fence<'_> {
    /// Appends the condition to the current statement of `batch` (after a `WHERE`).
    fn check(self, batch: &mut Batch) {
        batch
            .sql(" AND EXISTS (SELECT 1 FROM leases WHERE name = ")
            .bind(LEASE)
            .sql(" AND holder = ")
            .bind(self.holder)
            .sql(" AND token = ")
            .bind(self.token)
            .sql(")");
    }
}

/// An undelivered row.
#[derive(Clone, Debug)]
pub struct Undelivered {
    /// The row id.
    pub id: NotificationId,
    /// The recipient as stored: rows with the same key go out in id order.
    pub recipient_key: String,
    /// Failed attempts so far.
    pub attempts: i64,
    /// Not before (Unix ms): back-off after a failure.
    pub next_try_at: i64,
    /// The notification; `None` if the row cannot be read.
    pub notification: Option<Notification>,
}

/// The stored form of a notice in `language` (the `payload` column).
fn payload_json(language: Language, notice: &Notice) -> String {
    serde_json::json!({ "language": language, "notice": notice }).to_string()
}

/// One stored row read back.
fn decode(id: i64, recipient: &str, match_id: Option<i64>, payload: &str) -> Option<Notification> {
    let recipient: Recipient = serde_json::from_str(recipient).ok()?;
    let value: serde_json::Value = serde_json::from_str(payload).ok()?;
    let language: Language = serde_json::from_value(value.get("language")?.clone()).ok()?;
    let notice: Notice = serde_json::from_value(value.get("notice")?.clone()).ok()?;
    Some(Notification {
        id: NotificationId(id),
        recipient,
        match_id: match_id.map(MatchId),
        language,
        notice,
    })
}

/// Queues notifications in the caller's transaction (one statement).
pub async fn enqueue(conn: &mut AnyConnection, now: i64, items: &[Outgoing]) -> Result<(), sqlx::Error> {
    let mut batch = Batch::new();
    enqueue_in(&mut batch, now, items);
    Ok(batch.run(conn).await?)
}

/// Queues notifications as part of a [`Batch`].
pub fn enqueue_in(batch: &mut Batch, now: i64, items: &[Outgoing]) {
    if items.is_empty() {
        return;
    }
    batch.sql("INSERT INTO outbox (recipient, match_id, payload, created_at) VALUES ");
    for (i, item) in items.iter().enumerate() {
        batch
            .sql(if i == 0 { "(" } else { ", (" })
            .bind(serde_json::to_string(&item.recipient).unwrap_or_default())
            .sql(", ")
            .bind(item.match_id.map(|m| m.0))
            .sql(", ")
            .bind(payload_json(item.language, &item.notice))
            .sql(", ")
            .bind(now)
            .sql(")");
    }
    batch.end();
}

/// Runs one fenced statement; false if the lease is no longer the fence's.
async fn run_fenced(conn: &mut AnyConnection, mut batch: Batch) -> Result<bool, sqlx::Error> {
    match batch.run(conn).await {
        Ok(()) => Ok(true),
        Err(BatchError::Check(_)) => Ok(false),
        Err(BatchError::Db(e)) => Err(e),
    }
}

/// The statement that settles row `id`, fenced and checked.
fn settle_statement(fence: Fence<'_>, id: NotificationId, now: i64, how: Settled) -> Batch {
    let mut batch = Batch::new();
    batch
        .sql("UPDATE outbox SET delivered_at = ")
        .bind(now)
        .sql(", outcome = ")
        .bind(how.as_str())
        .sql(" WHERE id = ")
        .bind(id.0);
    fence.check(&mut batch);
    batch.end_checked("lease");
    batch
}

/// Settles row `id` in the caller's transaction, under the lease: false if the lease is
/// lost (nothing changed; the row is left to the successor).
pub async fn settle_in(
    conn: &mut AnyConnection,
    fence: Fence<'_>,
    id: NotificationId,
    now: i64,
    how: Settled,
) -> Result<bool, sqlx::Error> {
    run_fenced(conn, settle_statement(fence, id, now, how)).await
}

impl Store {
    /// Whether any undelivered row is due at `now` (one read on the index `outbox_pending`).
    pub async fn outbox_has_due(&self, now: i64) -> Result<bool, sqlx::Error> {
        let due: Option<i64> = sqlx::query_scalar(
            "SELECT id FROM outbox WHERE delivered_at IS NULL AND next_try_at <= $1 LIMIT 1",
        )
        .bind(now)
        .fetch_optional(&self.read)
        .await?;
        Ok(due.is_some())
    }

    /// Up to `limit` undelivered rows after row `after`, in id order (read from the readers:
    /// they see every committed row, and the writer stays free for actions).
    pub async fn undelivered_after(&self, after: i64, limit: i64) -> Result<Vec<Undelivered>, sqlx::Error> {
        let rows: Vec<(i64, String, Option<i64>, String, i64, i64)> = sqlx::query_as(
            "SELECT id, recipient, match_id, payload, attempts, next_try_at FROM outbox
             WHERE delivered_at IS NULL AND id > $1 ORDER BY id LIMIT $2",
        )
        .bind(after)
        .bind(limit)
        .fetch_all(&self.read)
        .await?;
        Ok(rows
            .into_iter()
            .map(|(id, recipient, match_id, payload, attempts, next_try_at)| Undelivered {
                id: NotificationId(id),
                notification: decode(id, &recipient, match_id, &payload),
                recipient_key: recipient,
                attempts,
                next_try_at,
            })
            .collect())
    }

    /// Settles row `id` under the lease: false if the lease is lost.
    pub async fn settle(
        &self,
        fence: Fence<'_>,
        id: NotificationId,
        now: i64,
        how: Settled,
    ) -> Result<bool, sqlx::Error> {
        run_fenced(&mut *self.write.acquire().await?, settle_statement(fence, id, now, how)).await
    }

    /// Puts row `id` off until `until` after a failed attempt, under the lease.
    pub async fn postpone(
        &self,
        fence: Fence<'_>,
        id: NotificationId,
        until: i64,
    ) -> Result<(), sqlx::Error> {
        let mut batch = Batch::new();
        batch
            .sql("UPDATE outbox SET attempts = attempts + 1, next_try_at = ")
            .bind(until)
            .sql(" WHERE id = ")
            .bind(id.0);
        fence.check(&mut batch);
        batch.end();
        run_fenced(&mut *self.write.acquire().await?, batch).await?;
        Ok(())
    }
}

/// Whether a public "I cannot DM you" note for `user` in match `m` was queued after `since`
/// (the note as stored in either language: the player may have switched in between).
pub async fn dm_note_queued_since(
    conn: &mut AnyConnection,
    m: MatchId,
    user: UserId,
    since: i64,
) -> Result<bool, sqlx::Error> {
    let note = Notice::DmFallback { user };
    let recent: Option<i64> = sqlx::query_scalar(
        "SELECT id FROM outbox WHERE match_id = $1 AND payload IN ($2, $3) AND created_at > $4 LIMIT 1",
    )
    .bind(m.0)
    .bind(payload_json(Language::En, &note))
    .bind(payload_json(Language::Ru, &note))
    .bind(since)
    .fetch_optional(conn)
    .await?;
    Ok(recent.is_some())
}

/// Notices kept for a player whose DMs are closed (newest last), for ephemeral replies.
pub async fn held_for(store: &Store, user: UserId, limit: i64) -> Result<Vec<Notification>, sqlx::Error> {
    let recipient = serde_json::to_string(&Recipient::User { user }).unwrap_or_default();
    let rows: Vec<(i64, String, Option<i64>, String)> = sqlx::query_as(
        "SELECT id, recipient, match_id, payload FROM outbox WHERE recipient = $1 AND outcome = 'fallback'
         ORDER BY id DESC LIMIT $2",
    )
    .bind(recipient)
    .bind(limit)
    .fetch_all(&store.read)
    .await?;
    let mut out: Vec<Notification> =
        rows.into_iter().filter_map(|(id, r, m, p)| decode(id, &r, m, &p)).collect();
    out.reverse();
    Ok(out)
}

//! The notification outbox: rows written in the transaction of what they announce, delivered
//! afterwards in id order through a [`Delivery`], marked delivered, retried on failure.
//!
//! Exactly once: a row is handed to the delivery until it is marked, right after it was
//! delivered; a crash between the two hands that one row over again with the same
//! [`NotificationId`], so deliveries must be idempotent per id (the Discord adapter sends the id
//! as the message nonce with `enforce_nonce`).
//!
//! One dispatcher at a time: with several processes on one database, the process holding the
//! `outbox` lease delivers (see [`OUTBOX_LEASE_MS`]); its writes are fenced by the lease's
//! token, so a dispatcher that stalled past its lease cannot mark what its successor is
//! delivering. A successor hands over again what the last one delivered but had not marked:
//! the nonce makes Discord show it once.
//!
//! Closed DMs: a delivery answering [`DeliveryError::DmClosed`] marks the player, the row is
//! kept for ephemeral pick-up (outcome `fallback`) and a public notice without secrets goes to
//! the match's channel. Later private notices to that player skip the DM attempt until
//! [`crate::Service::set_dm_open`] clears the flag.

use std::collections::{HashMap, HashSet};
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex};

use admiral_engine::Language;
use sqlx::AnyConnection;

use crate::ids::{MatchId, NotificationId, UserId};
use crate::notify::{Notice, Notification, Recipient};
use crate::store::{Batch, BatchError, Store};

/// Why a delivery failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DeliveryError {
    /// The user does not accept DMs from the bot (remembered; routed to the fallback).
    #[error("the user's DMs are closed")]
    DmClosed,
    /// Anything else (network, rate limit): retried later with back-off.
    #[error("transient delivery failure: {0}")]
    Transient(String),
}

/// A boxed future (object-safe async).
pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// Sends notifications somewhere: the Discord adapter, or a recorder in tests.
pub trait Delivery: Send + Sync + 'static {
    /// Delivers one notification. Must be idempotent per `notification.id`.
    fn deliver<'a>(&'a self, notification: &'a Notification) -> BoxFuture<'a, Result<(), DeliveryError>>;
}

/// Records every delivered notification (tests); users listed as closed get `DmClosed`.
#[derive(Default, Clone)]
pub struct RecordingDelivery {
    /// Everything delivered, in order.
    pub delivered: Arc<Mutex<Vec<Notification>>>,
    /// Users whose DMs are closed.
    pub closed: Arc<Mutex<HashSet<UserId>>>,
    /// Every delivery attempt (ids), including failed ones.
    pub attempts: Arc<Mutex<Vec<NotificationId>>>,
}

impl RecordingDelivery {
    /// A copy of everything delivered so far.
    pub fn all(&self) -> Vec<Notification> {
        self.delivered.lock().map(|d| d.clone()).unwrap_or_default()
    }
    /// Delivered notifications addressed to a user by DM.
    pub fn to_user(&self, user: UserId) -> Vec<Notification> {
        self.all().into_iter().filter(|n| n.recipient == Recipient::User { user }).collect()
    }
    /// Closes a user's DMs.
    pub fn close_dms(&self, user: UserId) {
        if let Ok(mut c) = self.closed.lock() {
            c.insert(user);
        }
    }
}

impl Delivery for RecordingDelivery {
    fn deliver<'a>(&'a self, n: &'a Notification) -> BoxFuture<'a, Result<(), DeliveryError>> {
        Box::pin(async move {
            if let Ok(mut a) = self.attempts.lock() {
                a.push(n.id);
            }
            if let Recipient::User { user } = n.recipient {
                if self.closed.lock().map(|c| c.contains(&user)).unwrap_or(false) {
                    return Err(DeliveryError::DmClosed);
                }
            }
            if let Ok(mut d) = self.delivered.lock() {
                if !d.iter().any(|x| x.id == n.id) {
                    d.push(n.clone());
                }
            }
            Ok(())
        })
    }
}

/// A notification to queue (before it has an id).
#[derive(Clone, Debug)]
pub struct Outgoing {
    /// Who.
    pub recipient: Recipient,
    /// About which match.
    pub match_id: Option<MatchId>,
    /// In which language.
    pub language: Language,
    /// What.
    pub notice: Notice,
}

/// Queues notifications in the caller's transaction (one statement).
pub async fn enqueue(conn: &mut AnyConnection, now: i64, items: &[Outgoing]) -> Result<(), sqlx::Error> {
    let mut batch = Batch::new();
    enqueue_in(&mut batch, now, items);
    Ok(batch.run(conn).await?)
}

/// The stored form of a notice in `language` (the `payload` column).
fn payload_json(language: Language, notice: &Notice) -> String {
    serde_json::json!({ "language": language, "notice": notice }).to_string()
}

/// Queues notifications as part of a [`crate::store::Batch`].
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

/// One undelivered row read back.
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

/// How long the outbox lease lasts (service clock) unless its holder renews it; a dispatcher
/// renews it at every page of rows, and a process that dies hands the outbox on after it.
pub const OUTBOX_LEASE_MS: i64 = 15_000;

/// How often a dispatcher looks for notifications that other processes committed (its own
/// commits wake it at once, and so do the others' on PostgreSQL; SQLite has no such signal).
/// An idle look is one read on the index `outbox_pending`.
pub const OUTBOX_POLL_MS: u64 = 100;

/// The name of the outbox's lease.
const LEASE: &str = "outbox";

/// A write under the outbox lease: it only takes effect while the lease is still `holder`'s
/// with `token`.
#[derive(Copy, Clone)]
struct Fence<'a> {
    holder: &'a str,
    token: i64,
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

/// Delivers every due undelivered row once (in id order; a recipient whose delivery failed is
/// skipped for the rest of the pass to keep its order), if `holder` has or can take the
/// outbox lease. Returns how many rows were settled.
pub async fn deliver_pending(
    store: &Store,
    now: i64,
    delivery: &dyn Delivery,
    holder: &str,
) -> Result<usize, sqlx::Error> {
    // Nothing due: no lease taken or renewed, so frequent polling writes nothing (an idle
    // lease runs out, and whoever finds work next takes it).
    let due: Option<i64> =
        sqlx::query_scalar("SELECT id FROM outbox WHERE delivered_at IS NULL AND next_try_at <= $1 LIMIT 1")
            .bind(now)
            .fetch_optional(&store.read)
            .await?;
    if due.is_none() {
        return Ok(0);
    }
    let Some(lease) = store.acquire_lease(LEASE, holder, now, OUTBOX_LEASE_MS).await? else {
        return Ok(0); // another process dispatches
    };
    let fence = Fence { holder, token: lease.token };
    let mut settled = 0;
    let closed: HashSet<i64> = sqlx::query_scalar("SELECT user_id FROM players WHERE dm_closed = 1")
        .fetch_all(&store.read)
        .await?
        .into_iter()
        .collect();
    let mut closed: HashSet<UserId> = closed.into_iter().map(UserId::from_db).collect();
    let mut blocked: HashSet<String> = HashSet::new();
    let mut cursor = 0i64;
    loop {
        let rows: Vec<(i64, String, Option<i64>, String, i64, i64)> = sqlx::query_as(
            "SELECT id, recipient, match_id, payload, attempts, next_try_at FROM outbox
             WHERE delivered_at IS NULL AND id > $1 ORDER BY id LIMIT 128",
        )
        .bind(cursor)
        // Readers see every committed row (WAL); the writer stays free for actions.
        .fetch_all(&store.read)
        .await?;
        let Some(last) = rows.last() else {
            return Ok(settled);
        };
        cursor = last.0;
        if settled > 0 && store.acquire_lease(LEASE, holder, now, OUTBOX_LEASE_MS).await?.is_none() {
            return Ok(settled); // the lease went to another process meanwhile
        }
        for (id, recipient, match_id, payload, attempts, next_try_at) in rows {
            if blocked.contains(&recipient) {
                continue;
            }
            if next_try_at > now {
                // Backing off: this recipient's later rows wait too, to keep their order.
                blocked.insert(recipient);
                continue;
            }
            let Some(n) = decode(id, &recipient, match_id, &payload) else {
                tracing::error!(id, "undecodable outbox row dropped");
                if !mark(store, fence, id, now, "dropped").await? {
                    return Ok(settled);
                }
                continue;
            };
            if let Recipient::User { user } = n.recipient {
                if closed.contains(&user) && n.notice.is_private() {
                    // A probe may have found the DMs open again since the pass began.
                    if store.dm_closed(user).await? {
                        fallback(store, fence, &n, now).await?;
                        settled += 1;
                        continue;
                    }
                    closed.remove(&user);
                }
            }
            match delivery.deliver(&n).await {
                Ok(()) => {
                    settled += 1;
                    // Marked at once: a crash from here on hands over at most this one again.
                    // A dispatcher that stalled (a pause, a stuck connection) may have lost the
                    // lease meanwhile: its mark is fenced off, its successor delivers, and this
                    // one stops at once (this notification goes out twice, with one nonce).
                    if !mark(store, fence, id, now, "dm").await? {
                        return Ok(settled);
                    }
                }
                Err(DeliveryError::DmClosed) => {
                    if let Recipient::User { user } = n.recipient {
                        closed.insert(user);
                        sqlx::query("UPDATE players SET dm_closed = 1 WHERE user_id = $1")
                            .bind(user.db())
                            .execute(&store.write)
                            .await?;
                    }
                    fallback(store, fence, &n, now).await?;
                    settled += 1;
                }
                Err(DeliveryError::Transient(reason)) => {
                    tracing::warn!(id, %reason, "delivery failed; will retry");
                    blocked.insert(recipient);
                    let backoff = 1000i64 << attempts.clamp(0, 10);
                    let mut batch = Batch::new();
                    batch
                        .sql("UPDATE outbox SET attempts = attempts + 1, next_try_at = ")
                        .bind(now + backoff.min(600_000))
                        .sql(" WHERE id = ")
                        .bind(id);
                    fence.check(&mut batch);
                    batch.end();
                    batch.run(&mut *store.write.acquire().await?).await?;
                }
            }
        }
    }
}

/// Marks row `id` settled with `outcome`, under the lease: false if the lease is lost (the
/// row is left to the successor).
async fn mark(
    store: &Store,
    fence: Fence<'_>,
    id: i64,
    now: i64,
    outcome: &str,
) -> Result<bool, sqlx::Error> {
    let mut batch = Batch::new();
    batch
        .sql("UPDATE outbox SET delivered_at = ")
        .bind(now)
        .sql(", outcome = ")
        .bind(outcome)
        .sql(" WHERE id = ")
        .bind(id);
    fence.check(&mut batch);
    batch.end_checked("lease");
    let mut conn = store.write.acquire().await?;
    match batch.run(&mut conn).await {
        Ok(()) => Ok(true),
        Err(BatchError::Check(_)) => Ok(false),
        Err(BatchError::Db(e)) => Err(e),
    }
}

/// How long after a public "I cannot DM you" note the next one for the same player and match is
/// left out (the end of the match is always announced): one note per burst of notices, not one
/// mention per turn.
pub const FALLBACK_QUIET_MS: i64 = 15 * 60 * 1000;

/// Reroutes a private notice for a player with closed DMs: kept for ephemeral pick-up, and
/// (once per match and notice burst, see [`FALLBACK_QUIET_MS`]) a public notice in the match's
/// channel. One transaction.
async fn fallback(store: &Store, fence: Fence<'_>, n: &Notification, now: i64) -> Result<(), sqlx::Error> {
    let mut tx = store.write.begin().await?;
    let mut batch = Batch::new();
    batch
        .sql("UPDATE outbox SET delivered_at = ")
        .bind(now)
        .sql(", outcome = 'fallback' WHERE id = ")
        .bind(n.id.0);
    fence.check(&mut batch);
    batch.end_checked("lease");
    match batch.run(&mut tx).await {
        Ok(()) => {}
        // The lease went to another process: it reroutes this row itself.
        Err(BatchError::Check(_)) => return Ok(()),
        Err(BatchError::Db(e)) => return Err(e),
    }
    let wants_attention = matches!(
        n.notice,
        Notice::YourTurn { .. }
            | Notice::DefenceRequested { .. }
            | Notice::SetupOpened { .. }
            | Notice::MatchEnded { .. }
            | Notice::MoveReminder { .. }
            | Notice::SetupReminder { .. }
    );
    if let (Recipient::User { user }, Some(m), true) = (&n.recipient, n.match_id, wants_attention) {
        let origin: Option<(Option<i64>, Option<i64>)> =
            sqlx::query_as("SELECT guild_id, channel_id FROM matches WHERE id = $1")
                .bind(m.0)
                .fetch_optional(&mut *tx)
                .await?;
        let note = Notice::DmFallback { user: *user };
        // The note as stored in either language (the player may have switched in between).
        let recent: Option<i64> = sqlx::query_scalar(
            "SELECT id FROM outbox WHERE match_id = $1 AND payload IN ($2, $3) AND created_at > $4 LIMIT 1",
        )
        .bind(m.0)
        .bind(payload_json(Language::En, &note))
        .bind(payload_json(Language::Ru, &note))
        .bind(now - FALLBACK_QUIET_MS)
        .fetch_optional(&mut *tx)
        .await?;
        let ending = matches!(n.notice, Notice::MatchEnded { .. });
        if let (Some((guild, Some(channel))), true) = (origin, recent.is_none() || ending) {
            // The note speaks to one player (it mentions them): in their language, not the
            // channel's.
            let language = n.language;
            enqueue(
                &mut tx,
                now,
                &[Outgoing {
                    recipient: Recipient::Channel { guild: guild.map(|g| g as u64), channel: channel as u64 },
                    match_id: Some(m),
                    language,
                    notice: note,
                }],
            )
            .await?;
        }
    }
    tx.commit().await?;
    Ok(())
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

/// Counts by outcome (`None` = undelivered), for tests and health checks.
pub async fn stats(store: &Store) -> Result<HashMap<Option<String>, i64>, sqlx::Error> {
    let rows: Vec<(Option<String>, i64)> =
        sqlx::query_as("SELECT outcome, COUNT(*) FROM outbox GROUP BY outcome")
            .fetch_all(&store.write)
            .await?;
    Ok(rows.into_iter().collect())
}

/// Appends each delivered notification id to a file, once: the receiving side remembers the
/// ids it has seen (like Discord's message nonce, across every process that writes to the
/// file), so a redelivery after a crash is absorbed, and counted in `<file>.dup`. Used by the
/// crash test and handy for local runs without Discord.
pub struct FileDelivery {
    state: Mutex<FileSink>,
    /// Redeliveries absorbed by this process (handed over again after a crash before the row
    /// was marked).
    pub duplicates: std::sync::atomic::AtomicU64,
}

struct FileSink {
    path: std::path::PathBuf,
    /// Every id in the file up to `read`.
    seen: HashSet<i64>,
    read: usize,
    file: std::fs::File,
}

impl FileSink {
    /// Takes in the ids other processes appended since the last look.
    fn catch_up(&mut self) {
        let text = std::fs::read_to_string(&self.path).unwrap_or_default();
        // Only whole lines: another process may be half-way through an append.
        let end = text.rfind('\n').map_or(0, |i| i + 1);
        if end > self.read {
            self.seen.extend(text[self.read..end].lines().filter_map(|l| l.trim().parse::<i64>().ok()));
            self.read = end;
        }
    }
}

impl FileDelivery {
    /// Opens (creating) the file and loads the ids already in it.
    pub fn open(path: &std::path::Path) -> std::io::Result<FileDelivery> {
        let file = std::fs::OpenOptions::new().create(true).append(true).open(path)?;
        let mut sink = FileSink { path: path.to_path_buf(), seen: HashSet::new(), read: 0, file };
        sink.catch_up();
        Ok(FileDelivery { state: Mutex::new(sink), duplicates: std::sync::atomic::AtomicU64::new(0) })
    }
}

impl Delivery for FileDelivery {
    fn deliver<'a>(&'a self, n: &'a Notification) -> BoxFuture<'a, Result<(), DeliveryError>> {
        Box::pin(async move {
            use std::io::Write;
            let mut sink = self.state.lock().map_err(|_| DeliveryError::Transient("poisoned".into()))?;
            sink.catch_up();
            if sink.seen.contains(&n.id.0) {
                self.duplicates.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let mut dup_path = sink.path.clone().into_os_string();
                dup_path.push(".dup");
                let mut dups = std::fs::OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(dup_path)
                    .map_err(|e| DeliveryError::Transient(e.to_string()))?;
                dups.write_all(format!("{}\n", n.id.0).as_bytes())
                    .map_err(|e| DeliveryError::Transient(e.to_string()))?;
                return Ok(());
            }
            // One write of a whole line: appends of several processes do not interleave.
            sink.file
                .write_all(format!("{}\n", n.id.0).as_bytes())
                .map_err(|e| DeliveryError::Transient(e.to_string()))?;
            sink.seen.insert(n.id.0);
            Ok(())
        })
    }
}

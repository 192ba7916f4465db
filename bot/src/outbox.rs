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

use std::collections::HashSet;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex};

use crate::ids::{NotificationId, UserId};
pub use crate::notify::Outgoing;
use crate::notify::{Notice, Notification, Recipient};
pub use crate::store::outbox::{enqueue, enqueue_in, held_for};
use crate::store::outbox::{Fence, Settled, LEASE};
use crate::store::{self, Store};

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

/// How long the outbox lease lasts (service clock) unless its holder renews it; a dispatcher
/// renews it at every page of rows, and a process that dies hands the outbox on after it.
pub const OUTBOX_LEASE_MS: i64 = 15_000;

/// How often a dispatcher looks for notifications that other processes committed (its own
/// commits wake it at once, and so do the others' on PostgreSQL; SQLite has no such signal).
/// An idle look is one read on the index `outbox_pending`.
pub const OUTBOX_POLL_MS: u64 = 100;

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
    if !store.outbox_has_due(now).await? {
        return Ok(0);
    }
    let Some(lease) = store.acquire_lease(LEASE, holder, now, OUTBOX_LEASE_MS).await? else {
        return Ok(0); // another process dispatches
    };
    let fence = Fence { holder, token: lease.token };
    let mut settled = 0;
    let mut closed = store.users_with_closed_dms().await?;
    let mut blocked: HashSet<String> = HashSet::new();
    let mut cursor = 0i64;
    loop {
        let rows = store.undelivered_after(cursor, 128).await?;
        let Some(last) = rows.last() else {
            return Ok(settled);
        };
        cursor = last.id.0;
        if settled > 0 && store.acquire_lease(LEASE, holder, now, OUTBOX_LEASE_MS).await?.is_none() {
            return Ok(settled); // the lease went to another process meanwhile
        }
        for row in rows {
            if blocked.contains(&row.recipient_key) {
                continue;
            }
            if row.next_try_at > now {
                // Backing off: this recipient's later rows wait too, to keep their order.
                blocked.insert(row.recipient_key);
                continue;
            }
            let Some(n) = row.notification else {
                tracing::error!(id = row.id.0, "undecodable outbox row dropped");
                if !store.settle(fence, row.id, now, Settled::Dropped).await? {
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
                    if !store.settle(fence, row.id, now, Settled::Delivered).await? {
                        return Ok(settled);
                    }
                }
                Err(DeliveryError::DmClosed) => {
                    if let Recipient::User { user } = n.recipient {
                        closed.insert(user);
                        store.set_dm_closed(user, true).await?;
                    }
                    fallback(store, fence, &n, now).await?;
                    settled += 1;
                }
                Err(DeliveryError::Transient(reason)) => {
                    tracing::warn!(id = row.id.0, %reason, "delivery failed; will retry");
                    blocked.insert(row.recipient_key);
                    let backoff = 1000i64 << row.attempts.clamp(0, 10);
                    store.postpone(fence, row.id, now + backoff.min(600_000)).await?;
                }
            }
        }
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
    if !store::outbox::settle_in(&mut tx, fence, n.id, now, Settled::Fallback).await? {
        return Ok(()); // the lease went to another process: it reroutes this row itself
    }
    let wants_attention = match &n.notice {
        // Of the boards, "your turn" asks for the note, in either ruleset.
        Notice::Board { view, .. } => view.my_turn(),
        notice => matches!(
            notice,
            Notice::MatchEnded { .. }
                | Notice::DefenceRequested { .. }
                | Notice::SetupOpened { .. }
                | Notice::MoveReminder { .. }
                | Notice::SetupReminder { .. }
        ),
    };
    if let (Recipient::User { user }, Some(m), true) = (&n.recipient, n.match_id, wants_attention) {
        let channel = store::matches::origin_channel(&mut tx, m).await?;
        let quiet = !store::outbox::dm_note_queued_since(&mut tx, m, *user, now - FALLBACK_QUIET_MS).await?;
        let ending = matches!(n.notice, Notice::MatchEnded { .. });
        if let (Some((guild, channel)), true) = (channel, quiet || ending) {
            // The note speaks to one player (it mentions them): in their language, not the
            // channel's.
            enqueue(
                &mut tx,
                now,
                &[Outgoing {
                    recipient: Recipient::Channel { guild, channel },
                    match_id: Some(m),
                    language: n.language,
                    notice: Notice::DmFallback { user: *user },
                }],
            )
            .await?;
        }
    }
    tx.commit().await?;
    Ok(())
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

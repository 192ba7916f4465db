//! The SQLite store: connection pools (WAL, foreign keys), migrations at start-up.
//!
//! Writes go through a single-connection pool so they queue fairly in the application instead
//! of spinning in SQLite's busy handler; reads use a separate small pool (WAL lets readers
//! run beside the writer).
//!
//! Typed queries, one file per table family (each an `impl Store` block returning typed rows):
//! [`players`], [`challenges`], [`matches`], [`layouts`], and [`discord`] for the Discord
//! adapter's own tables. The adapter runs no SQL itself: it calls these through the service.

use std::str::FromStr;
use std::time::Duration;

use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Sqlite, SqliteConnection, SqlitePool};

pub mod challenges;
pub mod discord;
pub mod layouts;
pub mod matches;
pub mod players;

#[cfg(test)]
mod tests;

/// The default database: a file next to the bot, created if missing.
pub const DEFAULT_DATABASE_URL: &str = "sqlite://admiral.db";

/// The database URL: `DATABASE_URL` if set, else [`DEFAULT_DATABASE_URL`].
pub fn database_url_from_env() -> String {
    std::env::var("DATABASE_URL")
        .ok()
        .filter(|s| !s.trim().is_empty())
        .unwrap_or_else(|| DEFAULT_DATABASE_URL.to_string())
}

/// Durability of commits.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Durability {
    /// `synchronous=NORMAL` in WAL mode: a commit survives the process being killed at any
    /// instant (the promise "nothing lost" is about the bot process); only a power cut or OS
    /// crash may lose the last transactions. The default.
    #[default]
    Process,
    /// `synchronous=FULL`: every commit is fsynced (survives power loss; slower).
    PowerLoss,
}

/// The two pools over one SQLite file.
#[derive(Clone, Debug)]
pub struct Store {
    /// One connection: every write transaction goes here.
    pub write: SqlitePool,
    /// Readers.
    pub read: SqlitePool,
    /// One connection for background WAL checkpoints.
    checkpoint: SqlitePool,
}

impl Store {
    /// Opens (creating if missing) the database at `url`, turns on WAL and foreign keys, and
    /// applies the migrations in `migrations/`.
    pub async fn open(url: &str, durability: Durability) -> Result<Store, sqlx::Error> {
        let options = SqliteConnectOptions::from_str(url)?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .foreign_keys(true)
            .synchronous(match durability {
                Durability::Process => SqliteSynchronous::Normal,
                Durability::PowerLoss => SqliteSynchronous::Full,
            })
            .busy_timeout(Duration::from_secs(10))
            .pragma("cache_size", "-16000")
            // Checkpoints (which fsync the database file) run in a background task instead of
            // inside whichever commit crosses the threshold; this is only the safety net.
            .pragma("wal_autocheckpoint", "20000")
            .pragma("temp_store", "memory");
        let write = SqlitePoolOptions::new()
            .max_connections(1)
            .min_connections(1)
            .acquire_timeout(Duration::from_secs(60))
            .connect_with(options.clone())
            .await?;
        sqlx::migrate!("../migrations").run(&write).await.map_err(|e| sqlx::Error::Migrate(Box::new(e)))?;
        let checkpoint = SqlitePoolOptions::new().max_connections(1).connect_with(options.clone()).await?;
        let read = SqlitePoolOptions::new()
            .max_connections(4)
            .acquire_timeout(Duration::from_secs(60))
            .connect_with(options.read_only(true))
            .await?;
        Ok(Store { write, read, checkpoint })
    }

    /// Spawns a task that checkpoints the WAL into the database file every `every`, off the
    /// write path (PASSIVE: never blocks the writer or readers).
    pub fn spawn_checkpointer(&self, every: Duration) -> tokio::task::JoinHandle<()> {
        let pool = self.checkpoint.clone();
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(every).await;
                if let Err(e) = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)").execute(&pool).await {
                    tracing::warn!(error = %e, "checkpoint failed");
                }
            }
        })
    }

    /// Opens the database named by `DATABASE_URL` (or the default file).
    pub async fn open_from_env() -> Result<Store, sqlx::Error> {
        Store::open(&database_url_from_env(), Durability::default()).await
    }

    /// Closes both pools.
    pub async fn close(&self) {
        self.read.close().await;
        self.checkpoint.close().await;
        self.write.close().await;
    }
}

/// A value bound in a [`Batch`].
#[derive(Clone, Debug)]
pub enum Arg {
    /// An integer.
    Int(i64),
    /// An integer or NULL.
    OptInt(Option<i64>),
    /// Text.
    Text(String),
    /// Text or NULL.
    OptText(Option<String>),
}

impl From<i64> for Arg {
    fn from(v: i64) -> Arg {
        Arg::Int(v)
    }
}
impl From<Option<i64>> for Arg {
    fn from(v: Option<i64>) -> Arg {
        Arg::OptInt(v)
    }
}
impl From<String> for Arg {
    fn from(v: String) -> Arg {
        Arg::Text(v)
    }
}
impl From<&str> for Arg {
    fn from(v: &str) -> Arg {
        Arg::Text(v.to_string())
    }
}
impl From<Option<&str>> for Arg {
    fn from(v: Option<&str>) -> Arg {
        Arg::OptText(v.map(str::to_string))
    }
}

/// Several statements sent to SQLite as one multi-statement query: one round trip to the
/// connection's worker thread instead of one per statement (the main cost of a small
/// transaction). Positional `?` parameters are bound across the statements in order. Batches
/// can be appended to one another (group commit).
#[derive(Default)]
pub struct Batch {
    sql: String,
    args: Vec<Arg>,
    statements: usize,
    /// (statement index, label) of statements that must change exactly one row.
    checks: Vec<(usize, &'static str)>,
    /// A merged group: its text will not repeat.
    one_off: bool,
}

/// A batch statement that should have changed exactly one row did not.
#[derive(Debug)]
pub enum BatchError {
    /// The database failed.
    Db(sqlx::Error),
    /// The labelled check failed.
    Check(&'static str),
}

impl From<sqlx::Error> for BatchError {
    fn from(e: sqlx::Error) -> Self {
        BatchError::Db(e)
    }
}

impl Batch {
    /// An empty batch.
    pub fn new() -> Batch {
        Batch::default()
    }

    /// Appends SQL text to the current statement.
    pub fn sql(&mut self, text: &str) -> &mut Batch {
        self.sql.push_str(text);
        self
    }

    /// Appends a bound value to the current statement.
    pub fn bind(&mut self, value: impl Into<Arg>) -> &mut Batch {
        self.sql.push('?');
        self.args.push(value.into());
        self
    }

    /// Ends the current statement.
    pub fn end(&mut self) -> &mut Batch {
        self.sql.push_str(";\n");
        self.statements += 1;
        self
    }

    /// Ends the current statement, which must change exactly one row.
    pub fn end_checked(&mut self, label: &'static str) -> &mut Batch {
        self.checks.push((self.statements, label));
        self.end()
    }

    /// True if nothing was added.
    pub fn is_empty(&self) -> bool {
        self.statements == 0
    }

    /// Appends every statement of `other`.
    pub fn append(&mut self, other: Batch) {
        let offset = self.statements;
        self.sql.push_str(&other.sql);
        self.args.extend(other.args);
        self.checks.extend(other.checks.into_iter().map(|(i, l)| (i + offset, l)));
        self.statements += other.statements;
    }

    /// Runs every statement (in the caller's transaction) and empties the batch.
    pub async fn run(&mut self, conn: &mut SqliteConnection) -> Result<(), BatchError> {
        use futures_util::TryStreamExt;
        if self.statements == 0 {
            return Ok(());
        }
        let batch = std::mem::take(self);
        // Merged group texts are one-off: keep them out of the statement cache.
        let mut query = sqlx::query(&batch.sql).persistent(!batch.one_off);
        for arg in batch.args {
            query = match arg {
                Arg::Int(v) => query.bind(v),
                Arg::OptInt(v) => query.bind(v),
                Arg::Text(v) => query.bind(v),
                Arg::OptText(v) => query.bind(v),
            };
        }
        let mut changes = Vec::with_capacity(batch.statements);
        {
            let mut results = sqlx::Executor::fetch_many(&mut *conn, query);
            while let Some(item) = results.try_next().await? {
                if let sqlx::Either::Left(done) = item {
                    changes.push(done.rows_affected());
                }
            }
        }
        for (i, label) in batch.checks {
            if changes.get(i).copied() != Some(1) {
                return Err(BatchError::Check(label));
            }
        }
        Ok(())
    }
}

/// Group commit: transactions that consist of one [`Batch`] each are queued to one writer
/// task, which runs whatever is queued as one SQLite transaction (one round trip for all the
/// statements, one commit). If any member fails (an error or a failed check), the group is
/// rolled back and its members are run again one by one, so each gets its own answer and
/// none is affected by another.
#[derive(Clone)]
pub struct GroupCommit {
    queue: tokio::sync::mpsc::UnboundedSender<(Batch, tokio::sync::oneshot::Sender<Result<(), BatchError>>)>,
}

/// At most this many transactions share one commit.
const GROUP_MAX: usize = 64;

impl GroupCommit {
    /// Starts the writer task over the write pool.
    pub fn spawn(pool: SqlitePool) -> GroupCommit {
        let (queue, mut rx) = tokio::sync::mpsc::unbounded_channel::<(
            Batch,
            tokio::sync::oneshot::Sender<Result<(), BatchError>>,
        )>();
        tokio::spawn(async move {
            while let Some(first) = rx.recv().await {
                let mut group = vec![first];
                while group.len() < GROUP_MAX {
                    match rx.try_recv() {
                        Ok(job) => group.push(job),
                        Err(_) => break,
                    }
                }
                run_group(&pool, group).await;
            }
        });
        GroupCommit { queue }
    }

    /// Commits `batch` as (part of) one transaction; returns once it is durable.
    pub async fn commit(&self, batch: Batch) -> Result<(), BatchError> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        self.queue.send((batch, tx)).map_err(|_| BatchError::Db(sqlx::Error::PoolClosed))?;
        rx.await.map_err(|_| BatchError::Db(sqlx::Error::PoolClosed))?
    }
}

type Job = (Batch, tokio::sync::oneshot::Sender<Result<(), BatchError>>);

async fn run_one(pool: &SqlitePool, batch: Batch) -> Result<(), BatchError> {
    let mut head = Batch::new();
    let mut tx = WriteTx::start(pool, &mut head).await?;
    head.append(batch);
    match tx.flush(&mut head).await {
        Ok(_) => Ok(tx.commit().await?),
        Err(e) => {
            let _ = tx.rollback().await;
            Err(e)
        }
    }
}

async fn run_group(pool: &SqlitePool, group: Vec<Job>) {
    if group.len() == 1 {
        for (batch, reply) in group {
            let _ = reply.send(run_one(pool, batch).await);
        }
        return;
    }
    // Keep a copy of each member to re-run it alone if the group fails.
    let mut merged = Batch::new();
    let started = WriteTx::start(pool, &mut merged).await;
    let mut copies = Vec::with_capacity(group.len());
    let mut replies = Vec::with_capacity(group.len());
    for (batch, reply) in group {
        copies.push(Batch {
            sql: batch.sql.clone(),
            args: batch.args.clone(),
            statements: batch.statements,
            checks: batch.checks.clone(),
            one_off: false,
        });
        merged.append(batch);
        merged.one_off = true;
        replies.push(reply);
    }
    let group_ok = match started {
        Ok(mut tx) => match tx.flush(&mut merged).await {
            Ok(_) => tx.commit().await.is_ok(),
            Err(_) => {
                let _ = tx.rollback().await;
                false
            }
        },
        Err(_) => false,
    };
    if group_ok {
        for reply in replies {
            let _ = reply.send(Ok(()));
        }
        return;
    }
    for (batch, reply) in copies.into_iter().zip(replies) {
        let _ = reply.send(run_one(pool, batch).await);
    }
}

/// A write transaction whose `BEGIN` travels in the first [`Batch`] instead of its own round
/// trip: the hot path (an accepted action) costs two round trips to SQLite's worker thread,
/// the batch and `COMMIT`. Direct statements must come after [`WriteTx::flush`].
///
/// If the transaction is neither committed nor rolled back (an error or a cancelled future),
/// the connection is closed instead of returned to the pool, which rolls it back.
pub struct WriteTx {
    conn: sqlx::pool::PoolConnection<Sqlite>,
    finished: bool,
}

impl WriteTx {
    /// Takes the write connection and puts `BEGIN IMMEDIATE` at the head of `batch`, which
    /// must be empty.
    pub async fn start(pool: &SqlitePool, batch: &mut Batch) -> Result<WriteTx, sqlx::Error> {
        let conn = pool.acquire().await?;
        batch.sql("BEGIN IMMEDIATE").end();
        Ok(WriteTx { conn, finished: false })
    }

    /// Runs what the batch holds (the `BEGIN` included, the first time) and gives the
    /// connection for direct statements inside the transaction.
    pub async fn flush(&mut self, batch: &mut Batch) -> Result<&mut SqliteConnection, BatchError> {
        batch.run(&mut self.conn).await?;
        Ok(&mut self.conn)
    }

    /// Commits.
    pub async fn commit(mut self) -> Result<(), sqlx::Error> {
        sqlx::query("COMMIT").execute(&mut *self.conn).await?;
        self.finished = true;
        Ok(())
    }

    /// Rolls back.
    pub async fn rollback(mut self) -> Result<(), sqlx::Error> {
        sqlx::query("ROLLBACK").execute(&mut *self.conn).await?;
        self.finished = true;
        Ok(())
    }
}

impl Drop for WriteTx {
    fn drop(&mut self) {
        if !self.finished {
            self.conn.close_on_drop();
        }
    }
}

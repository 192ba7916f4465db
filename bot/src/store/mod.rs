//! The store: connection pools over SQLite (the embedded default) or PostgreSQL (several
//! processes on one database), migrations at start-up.
//!
//! Both backends run the same SQL through `sqlx::Any`: every value the store keeps is an
//! integer or text (times are Unix milliseconds, Discord ids the i64 bit pattern of the
//! snowflake), which is all `Any` needs to carry, and placeholders are written `$1`, `$2`, …,
//! which both SQLite and PostgreSQL read. What differs is kept here: the migrations
//! (`migrations/sqlite/`, `migrations/postgres/`), the connection settings, how a write
//! transaction and a read snapshot ([`ReadTx`]) begin, and how a [`Batch`] travels.
//!
//! On SQLite, writes go through a single-connection pool so they queue fairly in the
//! application instead of spinning in SQLite's busy handler; reads use a separate small pool
//! (WAL lets readers run beside the writer).
//!
//! Typed queries, one file per table family (each an `impl Store` block returning typed rows):
//! [`players`], [`challenges`], [`matches`], [`layouts`], and [`discord`] for the Discord
//! adapter's own tables. The adapter runs no SQL itself: it calls these through the service.

use std::time::Duration;

use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::{Any, AnyConnection, AnyPool, Executor};

pub mod careers;
pub mod challenges;
pub mod discord;
pub mod events;
pub mod layouts;
pub mod lessons;
pub mod matches;
mod migrations;
pub mod outbox;
pub mod players;
pub mod scratch;
pub mod submissions;
pub mod timers;
pub mod work;

#[cfg(test)]
mod tests;

/// A closed set of values a text column stores by name (a status, a state), read back
/// strictly: an unknown name is a decoding error, never a default.
pub trait StoredName: Copy + PartialEq + 'static {
    /// What the column holds, for the error message (`challenge status`).
    const WHAT: &'static str;
    /// Every value.
    const ALL: &'static [Self];

    /// The stored name.
    fn as_str(self) -> &'static str;

    /// The value stored as `name`.
    fn decode(name: &str) -> Result<Self, sqlx::Error> {
        Self::ALL
            .iter()
            .copied()
            .find(|value| value.as_str() == name)
            .ok_or_else(|| sqlx::Error::Decode(format!("unknown {} {name:?}", Self::WHAT).into()))
    }
}

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
    /// SQLite: `synchronous=NORMAL` in WAL mode: a commit survives the process being killed at
    /// any instant (the promise "nothing lost" is about the bot process); only a power cut or
    /// OS crash may lose the last transactions. The default. PostgreSQL: the server's own
    /// settings decide.
    #[default]
    Process,
    /// SQLite: `synchronous=FULL`: every commit is fsynced (survives power loss; slower).
    PowerLoss,
}

/// Which database a [`Store`] speaks to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Backend {
    /// One SQLite file, one process.
    Sqlite,
    /// A PostgreSQL database, possibly shared by several processes.
    Postgres,
}

impl Backend {
    /// The backend a database URL names (`sqlite:` or `postgres:`/`postgresql:`).
    pub fn of_url(url: &str) -> Result<Backend, sqlx::Error> {
        if url.starts_with("sqlite:") {
            Ok(Backend::Sqlite)
        } else if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            Ok(Backend::Postgres)
        } else {
            Err(sqlx::Error::Configuration(
                // Only the scheme: the rest may hold a password.
                format!(
                    "DATABASE_URL must start with sqlite:// or postgres://, not {:?}",
                    url.split_once("://").map_or(url, |(scheme, _)| scheme)
                )
                .into(),
            ))
        }
    }
}

/// The pools over one database.
#[derive(Clone, Debug)]
pub struct Store {
    /// Which database this is.
    pub backend: Backend,
    /// Write transactions (SQLite: one connection, every write transaction goes here).
    pub write: AnyPool,
    /// Readers.
    pub read: AnyPool,
    /// SQLite: one connection for background WAL checkpoints.
    checkpoint: Option<AnyPool>,
    /// The URL it was opened with (PostgreSQL: for the listener's own connection).
    url: String,
}

/// The PostgreSQL notification channel on which processes wake each other's workers.
pub const WORK_CHANNEL: &str = "admiral_work";

/// Write connections of one process on PostgreSQL (see [`Store::writers`]).
const POSTGRES_WRITERS: usize = 4;

/// The per-connection settings of SQLite (WAL, foreign keys, durability, busy timeout).
fn sqlite_pragmas(durability: Durability, read_only: bool) -> String {
    let synchronous = match durability {
        Durability::Process => "NORMAL",
        Durability::PowerLoss => "FULL",
    };
    // Checkpoints (which fsync the database file) run in a background task instead of inside
    // whichever commit crosses the threshold; `wal_autocheckpoint` is only the safety net.
    let mut pragmas = format!(
        "PRAGMA busy_timeout = 10000; PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON;
         PRAGMA synchronous = {synchronous}; PRAGMA cache_size = -16000;
         PRAGMA wal_autocheckpoint = 20000; PRAGMA temp_store = MEMORY;"
    );
    if read_only {
        pragmas.push_str(" PRAGMA query_only = ON;");
    }
    pragmas
}

/// A pool whose every new connection first runs `setup` (if any).
async fn pool(url: &str, options: AnyPoolOptions, setup: Option<String>) -> Result<AnyPool, sqlx::Error> {
    let connect: AnyConnectOptions = url.parse()?;
    let options = match setup {
        Some(sql) => options.after_connect(move |conn, _| {
            let sql = sql.clone();
            Box::pin(async move {
                conn.execute(sql.as_str()).await?;
                Ok(())
            })
        }),
        None => options,
    };
    options.connect_with(connect).await
}

/// Adds `mode=rwc` (create the file if missing) to a SQLite URL that names no mode.
fn sqlite_create_url(url: &str) -> String {
    if url.contains("mode=") || url.contains(":memory:") {
        url.to_string()
    } else if url.contains('?') {
        format!("{url}&mode=rwc")
    } else {
        format!("{url}?mode=rwc")
    }
}

impl Store {
    /// Opens the database at `url` and applies its backend's migrations. A SQLite file is
    /// created if missing and runs in WAL mode with foreign keys on.
    pub async fn open(url: &str, durability: Durability) -> Result<Store, sqlx::Error> {
        sqlx::any::install_default_drivers();
        match Backend::of_url(url)? {
            Backend::Sqlite => Store::open_sqlite(url, durability).await,
            Backend::Postgres => Store::open_postgres(url).await,
        }
    }

    async fn open_sqlite(url: &str, durability: Durability) -> Result<Store, sqlx::Error> {
        let url = sqlite_create_url(url);
        let writer = || AnyPoolOptions::new().max_connections(1).acquire_timeout(Duration::from_secs(60));
        let setup = Some(sqlite_pragmas(durability, false));
        let write = pool(&url, writer().min_connections(1), setup.clone()).await?;
        migrations::migrator(Backend::Sqlite)
            .await?
            .run(&write)
            .await
            .map_err(|e| sqlx::Error::Migrate(Box::new(e)))?;
        let checkpoint = pool(&url, writer(), setup).await?;
        let read = pool(
            &url,
            AnyPoolOptions::new().max_connections(4).acquire_timeout(Duration::from_secs(60)),
            Some(sqlite_pragmas(durability, true)),
        )
        .await?;
        Ok(Store { backend: Backend::Sqlite, write, read, checkpoint: Some(checkpoint), url })
    }

    async fn open_postgres(url: &str) -> Result<Store, sqlx::Error> {
        // One writer connection per process, as on SQLite: the service's write transactions
        // queue in the application (and share commits in the group commit).
        let write = pool(
            url,
            AnyPoolOptions::new()
                .max_connections(1)
                .min_connections(1)
                .acquire_timeout(Duration::from_secs(60)),
            None,
        )
        .await?;
        // sqlx's PostgreSQL migrator holds an advisory lock: processes starting together are safe.
        migrations::migrator(Backend::Postgres)
            .await?
            .run(&write)
            .await
            .map_err(|e| sqlx::Error::Migrate(Box::new(e)))?;
        let read = pool(
            url,
            AnyPoolOptions::new().max_connections(4).acquire_timeout(Duration::from_secs(60)),
            None,
        )
        .await?;
        Ok(Store { backend: Backend::Postgres, write, read, checkpoint: None, url: url.to_string() })
    }

    /// Spawns a task that checkpoints the WAL into the database file every `every`, off the
    /// write path (PASSIVE: never blocks the writer or readers). Nothing to do on PostgreSQL.
    pub fn spawn_checkpointer(&self, every: Duration) -> Option<tokio::task::JoinHandle<()>> {
        let pool = self.checkpoint.clone()?;
        Some(tokio::spawn(async move {
            loop {
                tokio::time::sleep(every).await;
                if let Err(e) = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)").execute(&pool).await {
                    tracing::warn!(error = %e, "checkpoint failed");
                }
            }
        }))
    }

    /// How many write transactions of this process may run at once: SQLite has one writer;
    /// PostgreSQL takes several, which only ever touch different matches (each match's
    /// writes queue behind its lock in the service, and across processes behind its row).
    pub fn writers(&self) -> usize {
        match self.backend {
            Backend::Sqlite => 1,
            Backend::Postgres => POSTGRES_WRITERS,
        }
    }

    /// The end of a `SELECT` that claims rows for its transaction: on PostgreSQL the rows are
    /// locked and rows another transaction holds are skipped (`FOR UPDATE SKIP LOCKED`), so
    /// that several processes share a queue without waiting on each other; SQLite has one
    /// writer at a time and needs nothing.
    pub fn skip_locked(&self) -> &'static str {
        match self.backend {
            Backend::Sqlite => "",
            Backend::Postgres => " FOR UPDATE SKIP LOCKED",
        }
    }

    /// PostgreSQL: a listener on the channel [`WORK_CHANNEL`], on a connection of its own, for
    /// the wake-ups of the other processes ([`Store::announce_work`]). `None` on SQLite (one
    /// process: its own tasks are woken directly).
    pub async fn listen(&self) -> Result<Option<sqlx::postgres::PgListener>, sqlx::Error> {
        if self.backend != Backend::Postgres {
            return Ok(None);
        }
        let mut listener = sqlx::postgres::PgListener::connect(&self.url).await?;
        listener.listen(WORK_CHANNEL).await?;
        Ok(Some(listener))
    }

    /// PostgreSQL: wakes the other processes' workers (a notification on [`WORK_CHANNEL`]
    /// whose payload names the sender): new notifications to deliver, timers or AI turns may
    /// be waiting. Nothing on SQLite.
    pub async fn announce_work(&self, sender: &str) -> Result<(), sqlx::Error> {
        if self.backend == Backend::Postgres {
            sqlx::query("SELECT pg_notify($1, $2)")
                .bind(WORK_CHANNEL)
                .bind(sender)
                .execute(&self.read)
                .await?;
        }
        Ok(())
    }

    /// Opens the database named by `DATABASE_URL` (or the default file).
    pub async fn open_from_env() -> Result<Store, sqlx::Error> {
        Store::open(&database_url_from_env(), Durability::default()).await
    }

    /// Starts a read-only transaction on a reader connection ([`ReadTx`]).
    pub async fn read_tx(&self) -> Result<ReadTx, sqlx::Error> {
        let mut conn = self.read.acquire().await?;
        let begin = match self.backend {
            // Deferred: the first read takes the snapshot, and nothing waits for the writer.
            Backend::Sqlite => "BEGIN",
            Backend::Postgres => "BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY",
        };
        sqlx::query(begin).execute(&mut *conn).await?;
        Ok(ReadTx(TxConn { conn, finished: false }))
    }

    /// Closes the pools.
    pub async fn close(&self) {
        self.read.close().await;
        if let Some(pool) = &self.checkpoint {
            pool.close().await;
        }
        self.write.close().await;
    }
}

/// `count` placeholders numbered from `first`, comma-separated (`$2, $3, $4`): for lists
/// bound into `IN (…)`.
pub fn placeholders(first: usize, count: usize) -> String {
    (first..first + count).map(|n| format!("${n}")).collect::<Vec<_>>().join(", ")
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

/// Several statements run as one unit. On SQLite they travel as one multi-statement query:
/// one round trip to the connection's worker thread instead of one per statement (the main
/// cost of a small transaction). PostgreSQL refuses several statements with bound values in
/// one prepared call, so there each statement is its own (cached) prepared statement. Batches
/// can be appended to one another (group commit).
#[derive(Default)]
pub struct Batch {
    /// The statements' text; each bound value is a [`PLACEHOLDER`], written out per backend
    /// when the batch runs.
    sql: String,
    args: Vec<Arg>,
    /// Where each ended statement's text ends in `sql`.
    ends: Vec<usize>,
    /// (statement index, label) of statements that must change exactly one row.
    checks: Vec<(usize, &'static str)>,
    /// A merged group: its text will not repeat.
    one_off: bool,
}

/// Stands for a bound value in a [`Batch`]'s text until the batch runs (SQL never holds NUL).
const PLACEHOLDER: char = '\0';

/// A batch statement that should have changed exactly one row did not.
#[derive(Debug)]
pub enum BatchError {
    /// The database failed.
    Db(sqlx::Error),
    /// The labelled check failed.
    Check(&'static str),
}

impl From<BatchError> for sqlx::Error {
    /// For batches that carry no checks of their own: a failed check is then a bug, reported
    /// as a protocol error with its label.
    fn from(e: BatchError) -> sqlx::Error {
        match e {
            BatchError::Db(e) => e,
            BatchError::Check(label) => sqlx::Error::Protocol(format!("unexpected failed check: {label}")),
        }
    }
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
        self.sql.push(PLACEHOLDER);
        self.args.push(value.into());
        self
    }

    /// Ends the current statement.
    pub fn end(&mut self) -> &mut Batch {
        self.sql.push_str(";\n");
        self.ends.push(self.sql.len());
        self
    }

    /// Ends the current statement, which must change exactly one row.
    pub fn end_checked(&mut self, label: &'static str) -> &mut Batch {
        self.checks.push((self.ends.len(), label));
        self.end()
    }

    /// True if nothing was added.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Appends every statement of `other`.
    pub fn append(&mut self, other: Batch) {
        let offset = self.ends.len();
        let base = self.sql.len();
        self.sql.push_str(&other.sql);
        self.args.extend(other.args);
        self.ends.extend(other.ends.into_iter().map(|end| end + base));
        self.checks.extend(other.checks.into_iter().map(|(i, l)| (i + offset, l)));
    }

    /// A copy of the statements (to run them again alone).
    fn duplicate(&self) -> Batch {
        Batch {
            sql: self.sql.clone(),
            args: self.args.clone(),
            ends: self.ends.clone(),
            checks: self.checks.clone(),
            one_off: false,
        }
    }

    /// Runs every statement (in the caller's transaction) and empties the batch.
    pub async fn run(&mut self, conn: &mut AnyConnection) -> Result<(), BatchError> {
        if self.ends.is_empty() {
            return Ok(());
        }
        let batch = std::mem::take(self);
        if conn.backend_name() == "SQLite" {
            let changes = batch.run_as_one(conn).await?;
            batch.check(|i| changes.get(i).copied())
        } else {
            batch.run_one_by_one(conn).await
        }
    }

    /// The first failed check, given each statement's count of changed rows.
    fn check(&self, changes: impl Fn(usize) -> Option<u64>) -> Result<(), BatchError> {
        match self.checks.iter().find(|(i, _)| changes(*i) != Some(1)) {
            Some((_, label)) => Err(BatchError::Check(label)),
            None => Ok(()),
        }
    }

    /// SQLite: one multi-statement query, `?` placeholders bound in order across statements;
    /// returns each statement's count of changed rows.
    async fn run_as_one(&self, conn: &mut AnyConnection) -> Result<Vec<u64>, sqlx::Error> {
        use futures_util::TryStreamExt;
        let sql = self.sql.replace(PLACEHOLDER, "?");
        // Merged group texts are one-off: keep them out of the statement cache.
        let query = bind_all(sqlx::query(&sql).persistent(!self.one_off), self.args.iter().cloned());
        let mut changes = Vec::with_capacity(self.ends.len());
        let mut results = Executor::fetch_many(&mut *conn, query);
        while let Some(item) = results.try_next().await? {
            if let sqlx::Either::Left(done) = item {
                changes.push(done.rows_affected());
            }
        }
        Ok(changes)
    }

    /// PostgreSQL: one prepared statement each, `$1`, `$2`, … numbered per statement. A failed
    /// check stops the batch at once: the statements after it would act on a row another
    /// writer changed (and might wait on its locks or trip over its keys).
    async fn run_one_by_one(&self, conn: &mut AnyConnection) -> Result<(), BatchError> {
        let mut args = self.args.iter().cloned();
        let mut start = 0;
        for (index, &end) in self.ends.iter().enumerate() {
            let text = self.sql[start..end].trim_end_matches(['\n', ';']);
            start = end;
            let mut sql = String::with_capacity(text.len() + 8);
            let mut count = 0;
            for c in text.chars() {
                if c == PLACEHOLDER {
                    count += 1;
                    sql.push_str(&format!("${count}"));
                } else {
                    sql.push(c);
                }
            }
            let query = bind_all(sqlx::query(&sql), args.by_ref().take(count));
            let changed = query.execute(&mut *conn).await?.rows_affected();
            if let Some((_, label)) = self.checks.iter().find(|(i, _)| *i == index) {
                if changed != 1 {
                    return Err(BatchError::Check(label));
                }
            }
        }
        Ok(())
    }
}

fn bind_all<'q>(
    mut query: sqlx::query::Query<'q, Any, sqlx::any::AnyArguments<'q>>,
    args: impl Iterator<Item = Arg>,
) -> sqlx::query::Query<'q, Any, sqlx::any::AnyArguments<'q>> {
    for arg in args {
        query = match arg {
            Arg::Int(v) => query.bind(v),
            Arg::OptInt(v) => query.bind(v),
            Arg::Text(v) => query.bind(v),
            Arg::OptText(v) => query.bind(v),
        };
    }
    query
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

type Job = (Batch, tokio::sync::oneshot::Sender<Result<(), BatchError>>);

/// At most this many transactions share one commit.
const GROUP_MAX: usize = 64;

impl GroupCommit {
    /// Starts `writers` writer tasks over the write pool (see [`Store::writers`]).
    pub fn spawn(pool: AnyPool, writers: usize) -> GroupCommit {
        let (queue, rx) = tokio::sync::mpsc::unbounded_channel::<Job>();
        // Each writer takes whatever is queued when it is free: while one commits, the next
        // gathers the following group.
        let rx = std::sync::Arc::new(tokio::sync::Mutex::new(rx));
        for _ in 0..writers.max(1) {
            let (pool, rx) = (pool.clone(), rx.clone());
            tokio::spawn(async move {
                loop {
                    let group = {
                        let mut rx = rx.lock().await;
                        let Some(first) = rx.recv().await else { return };
                        let mut group = vec![first];
                        while group.len() < GROUP_MAX {
                            match rx.try_recv() {
                                Ok(job) => group.push(job),
                                Err(_) => break,
                            }
                        }
                        group
                    };
                    run_group(&pool, group).await;
                }
            });
        }
        GroupCommit { queue }
    }

    /// Commits `batch` as (part of) one transaction; returns once it is durable.
    pub async fn commit(&self, batch: Batch) -> Result<(), BatchError> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        self.queue.send((batch, tx)).map_err(|_| BatchError::Db(sqlx::Error::PoolClosed))?;
        rx.await.map_err(|_| BatchError::Db(sqlx::Error::PoolClosed))?
    }
}

async fn run_one(pool: &AnyPool, batch: Batch) -> Result<(), BatchError> {
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

async fn run_group(pool: &AnyPool, group: Vec<Job>) {
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
        copies.push(batch.duplicate());
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

/// A pooled connection inside a transaction. If the transaction is neither committed nor
/// rolled back (an error or a cancelled future), the connection is closed instead of returned
/// to the pool, which rolls it back.
struct TxConn {
    conn: sqlx::pool::PoolConnection<Any>,
    finished: bool,
}

impl TxConn {
    /// Ends the transaction with `statement` (`COMMIT` or `ROLLBACK`).
    async fn finish(mut self, statement: &str) -> Result<(), sqlx::Error> {
        sqlx::query(statement).execute(&mut *self.conn).await?;
        self.finished = true;
        Ok(())
    }
}

impl Drop for TxConn {
    fn drop(&mut self) {
        if !self.finished {
            self.conn.close_on_drop();
        }
    }
}

/// A write transaction whose `BEGIN` travels in the first [`Batch`] instead of its own round
/// trip: the hot path (an accepted action) costs two round trips to SQLite's worker thread,
/// the batch and `COMMIT`. Direct statements must come after [`WriteTx::flush`].
///
/// If the transaction is neither committed nor rolled back (an error or a cancelled future),
/// the connection is closed instead of returned to the pool, which rolls it back.
pub struct WriteTx(TxConn);

impl WriteTx {
    /// Takes a write connection and puts `BEGIN` at the head of `batch`, which must be empty
    /// (on SQLite `BEGIN IMMEDIATE`, which takes the write lock at once).
    pub async fn start(pool: &AnyPool, batch: &mut Batch) -> Result<WriteTx, sqlx::Error> {
        let conn = pool.acquire().await?;
        batch.sql(begin_statement(&conn)).end();
        Ok(WriteTx(TxConn { conn, finished: false }))
    }

    /// Runs what the batch holds (the `BEGIN` included, the first time) and gives the
    /// connection for direct statements inside the transaction.
    pub async fn flush(&mut self, batch: &mut Batch) -> Result<&mut AnyConnection, BatchError> {
        batch.run(&mut self.0.conn).await?;
        Ok(&mut self.0.conn)
    }

    /// Commits.
    pub async fn commit(self) -> Result<(), sqlx::Error> {
        self.0.finish("COMMIT").await
    }

    /// Rolls back.
    pub async fn rollback(self) -> Result<(), sqlx::Error> {
        self.0.finish("ROLLBACK").await
    }
}

/// A read-only transaction on a reader connection: every query in it sees the database as
/// one snapshot, whatever other connections and processes commit meanwhile (SQLite: the
/// snapshot of its first read, kept until it ends; PostgreSQL: `REPEATABLE READ`). For rows
/// that must agree with each other, such as a match's row, record and clocks.
pub struct ReadTx(TxConn);

impl ReadTx {
    /// The connection, for queries inside the snapshot.
    pub fn conn(&mut self) -> &mut AnyConnection {
        &mut self.0.conn
    }

    /// Ends the transaction (nothing was written: this only lets the snapshot go).
    pub async fn end(self) -> Result<(), sqlx::Error> {
        self.0.finish("COMMIT").await
    }
}

/// The statement that opens a write transaction on `conn`'s backend: SQLite's `IMMEDIATE`
/// takes the write lock at once, so a transaction never fails half-way to upgrade its lock.
pub fn begin_statement(conn: &AnyConnection) -> &'static str {
    if conn.backend_name() == "SQLite" {
        "BEGIN IMMEDIATE"
    } else {
        "BEGIN"
    }
}

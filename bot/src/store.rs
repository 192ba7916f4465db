//! The SQLite store: connection pools (WAL, foreign keys), migrations at start-up.
//!
//! Writes go through a single-connection pool so they queue fairly in the application instead
//! of spinning in SQLite's busy handler; reads use a separate small pool (WAL lets readers
//! run beside the writer).

use std::str::FromStr;
use std::time::Duration;

use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Sqlite, SqliteConnection, SqlitePool};

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
        sqlx::migrate!("../migrations")
            .run(&write)
            .await
            .map_err(|e| sqlx::Error::Migrate(Box::new(e)))?;
        let checkpoint = SqlitePoolOptions::new()
            .max_connections(1)
            .connect_with(options.clone())
            .await?;
        let read = SqlitePoolOptions::new()
            .max_connections(4)
            .acquire_timeout(Duration::from_secs(60))
            .connect_with(options.read_only(true))
            .await?;
        Ok(Store {
            write,
            read,
            checkpoint,
        })
    }

    /// Spawns a task that checkpoints the WAL into the database file every `every`, off the
    /// write path (PASSIVE: never blocks the writer or readers).
    pub fn spawn_checkpointer(&self, every: Duration) -> tokio::task::JoinHandle<()> {
        let pool = self.checkpoint.clone();
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(every).await;
                if let Err(e) = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
                    .execute(&pool)
                    .await
                {
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

/// Several statements sent to SQLite as one multi-statement query: one round trip to the
/// connection's worker thread instead of one per statement (the main cost of a small
/// transaction). Positional `?` parameters are bound across the statements in order.
pub struct Batch {
    qb: sqlx::QueryBuilder<'static, Sqlite>,
    statements: usize,
    /// (statement index, label) of statements that must change exactly one row.
    checks: Vec<(usize, &'static str)>,
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

impl Default for Batch {
    fn default() -> Self {
        Batch::new()
    }
}

impl Batch {
    /// An empty batch.
    pub fn new() -> Batch {
        Batch {
            qb: sqlx::QueryBuilder::new(""),
            statements: 0,
            checks: Vec::new(),
        }
    }

    /// Appends SQL text to the current statement.
    pub fn sql(&mut self, text: &str) -> &mut Batch {
        self.qb.push(text);
        self
    }

    /// Appends a bound value to the current statement.
    pub fn bind<T>(&mut self, value: T) -> &mut Batch
    where
        T: 'static + sqlx::Encode<'static, Sqlite> + sqlx::Type<Sqlite> + Send,
    {
        self.qb.push_bind(value);
        self
    }

    /// Ends the current statement.
    pub fn end(&mut self) -> &mut Batch {
        self.qb.push(";\n");
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

    /// Runs every statement (in the caller's transaction) and empties the batch.
    pub async fn run(&mut self, conn: &mut SqliteConnection) -> Result<(), BatchError> {
        use futures_util::TryStreamExt;
        if self.statements == 0 {
            return Ok(());
        }
        let mut batch = std::mem::take(self);
        let query = batch.qb.build();
        let mut results = sqlx::Executor::fetch_many(&mut *conn, query);
        let mut index = 0;
        let mut changes = Vec::with_capacity(batch.statements);
        while let Some(item) = results.try_next().await? {
            if let sqlx::Either::Left(done) = item {
                changes.push(done.rows_affected());
                index += 1;
            }
        }
        drop(results);
        let _ = index;
        for (i, label) in batch.checks {
            if changes.get(i).copied() != Some(1) {
                return Err(BatchError::Check(label));
            }
        }
        Ok(())
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
        Ok(WriteTx {
            conn,
            finished: false,
        })
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

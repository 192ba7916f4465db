//! The SQLite store: connection pools (WAL, foreign keys), migrations at start-up.
//!
//! Writes go through a single-connection pool so they queue fairly in the application instead
//! of spinning in SQLite's busy handler; reads use a separate small pool (WAL lets readers
//! run beside the writer).

use std::str::FromStr;
use std::time::Duration;

use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::SqlitePool;

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
        let read = SqlitePoolOptions::new()
            .max_connections(4)
            .acquire_timeout(Duration::from_secs(60))
            .connect_with(options.read_only(true))
            .await?;
        Ok(Store { write, read })
    }

    /// Opens the database named by `DATABASE_URL` (or the default file).
    pub async fn open_from_env() -> Result<Store, sqlx::Error> {
        Store::open(&database_url_from_env(), Durability::default()).await
    }

    /// Closes both pools.
    pub async fn close(&self) {
        self.read.close().await;
        self.write.close().await;
    }
}

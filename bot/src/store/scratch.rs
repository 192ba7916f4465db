//! Fresh, empty databases for tests, benchmarks and examples, on either backend.
//!
//! The same test runs on SQLite or PostgreSQL depending on the environment: with
//! [`POSTGRES_ENV`] set to a server URL whose user may create databases (the throwaway cluster
//! that `scripts/test` starts), every scratch database is a new database on that server;
//! otherwise it is a SQLite file in a directory the caller owns.

use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

use sqlx::{AnyConnection, Connection, Executor};

use super::Backend;

/// The environment variable naming a PostgreSQL server for scratch databases.
pub const POSTGRES_ENV: &str = "ADMIRAL_TEST_POSTGRES";

/// The PostgreSQL server named by [`POSTGRES_ENV`], if any.
pub fn postgres_server() -> Option<String> {
    std::env::var(POSTGRES_ENV).ok().filter(|s| !s.trim().is_empty())
}

/// The backend scratch databases are made on in this environment.
pub fn backend() -> Backend {
    if postgres_server().is_some() {
        Backend::Postgres
    } else {
        Backend::Sqlite
    }
}

/// The URL of a new, empty database: on the [`POSTGRES_ENV`] server if set, else the SQLite
/// file `name.db` in `dir`. The database is created; its tables come with [`super::Store::open`].
pub async fn database(dir: &Path, name: &str) -> Result<String, sqlx::Error> {
    match postgres_server() {
        Some(server) => postgres_database(&server).await,
        None => Ok(format!("sqlite://{}", dir.join(format!("{name}.db")).display())),
    }
}

/// Creates a database with a name no other test of any process uses, and returns its URL.
async fn postgres_database(server: &str) -> Result<String, sqlx::Error> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    sqlx::any::install_default_drivers();
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or_default();
    let name =
        format!("scratch_{}_{}_{}", std::process::id(), COUNTER.fetch_add(1, Ordering::Relaxed), nanos);
    let mut admin = AnyConnection::connect(server).await?;
    admin.execute(format!("CREATE DATABASE {name}").as_str()).await?;
    admin.close().await?;
    Ok(with_database(server, &name))
}

/// `server` with its database (the URL's path) replaced by `name`, keeping any parameters.
fn with_database(server: &str, name: &str) -> String {
    let (base, query) = match server.split_once('?') {
        Some((base, query)) => (base, Some(query)),
        None => (server, None),
    };
    // The path starts at the first '/' after "scheme://authority".
    let authority_start = base.find("://").map_or(0, |i| i + 3);
    let root = base[authority_start..].find('/').map_or(base.len(), |i| authority_start + i);
    let mut url = format!("{}/{name}", &base[..root]);
    if let Some(query) = query {
        url.push('?');
        url.push_str(query);
    }
    url
}

#[cfg(test)]
mod tests {
    use super::with_database;

    #[test]
    fn the_database_name_replaces_the_path() {
        assert_eq!(with_database("postgres://u@h:5/postgres", "x"), "postgres://u@h:5/x");
        assert_eq!(with_database("postgres://u@h:5", "x"), "postgres://u@h:5/x");
        assert_eq!(
            with_database("postgres://u@h/db?sslmode=disable", "x"),
            "postgres://u@h/x?sslmode=disable"
        );
    }
}

//! The schema migrations, compiled into the binary: one list per backend, applied by sqlx's
//! migrator exactly as `sqlx::migrate!` would apply the same files (same versions,
//! descriptions and checksums, so databases migrated by earlier builds are accepted).
//!
//! Why not `sqlx::migrate!`: that macro is the only use of sqlx's `macros` feature here, and
//! the feature builds a second copy of sqlx's drivers (and the macro crate) for the compiler
//! host; embedding the files with `include_str!` costs nothing at build time.

use std::borrow::Cow;
use std::future::Future;
use std::pin::Pin;

use sqlx::error::BoxDynError;
use sqlx::migrate::{Migration, MigrationSource, MigrationType, Migrator};

use super::Backend;

/// One migration file: its name (`<version>_<description>.sql`) and its text.
type File = (&'static str, &'static str);

/// Embeds the migration files, each named once with the folders (under `migrations/`) of its
/// SQLite and its PostgreSQL text: `sqlite` and `postgres` for one written in each dialect (a
/// name missing from either folder fails the build), `common` twice for one whose SQL both
/// backends read alike.
macro_rules! embed {
    ($($name:literal from $sqlite:literal and $postgres:literal),+ $(,)?) => {
        /// SQLite's migrations.
        const SQLITE: &[File] =
            &[$(($name, include_str!(concat!("../../../migrations/", $sqlite, "/", $name)))),+];
        /// PostgreSQL's migrations: the same tables in its dialect.
        const POSTGRES: &[File] =
            &[$(($name, include_str!(concat!("../../../migrations/", $postgres, "/", $name)))),+];
    };
}

embed!(
    "0001_service.sql" from "sqlite" and "postgres",
    "0002_discord_adapter.sql" from "sqlite" and "postgres",
    "0003_ruleset.sql" from "sqlite" and "postgres",
    "0004_public_language.sql" from "sqlite" and "postgres",
    "0005_shared_work.sql" from "sqlite" and "postgres",
    "0006_lessons.sql" from "common" and "common",
);

/// The embedded files of one backend, as a source for sqlx's migrator.
#[derive(Debug)]
struct Embedded(&'static [File]);

impl Embedded {
    /// The migrations, read from the file names as sqlx reads a migrations directory.
    fn migrations(&self) -> Result<Vec<Migration>, BoxDynError> {
        let mut migrations =
            self.0.iter().map(|&(name, sql)| migration(name, sql)).collect::<Result<Vec<_>, _>>()?;
        migrations.sort_by_key(|m| m.version);
        Ok(migrations)
    }
}

impl MigrationSource<'static> for Embedded {
    fn resolve(self) -> Pin<Box<dyn Future<Output = Result<Vec<Migration>, BoxDynError>> + Send>> {
        Box::pin(async move { self.migrations() })
    }
}

/// One migration from its file name and text, with the version, description, type and
/// transaction flag sqlx's directory reader would give it.
fn migration(name: &str, sql: &'static str) -> Result<Migration, BoxDynError> {
    let (version, rest) =
        name.split_once('_').ok_or_else(|| format!("migration {name:?}: no version prefix"))?;
    let version: i64 =
        version.parse().map_err(|_| format!("migration {name:?}: the version is not a number"))?;
    let kind = MigrationType::from_filename(rest);
    let description = rest.trim_end_matches(kind.suffix()).replace('_', " ");
    let no_tx = sql.starts_with("-- no-transaction");
    Ok(Migration::new(version, Cow::Owned(description), kind, Cow::Borrowed(sql), no_tx))
}

/// The migrator for a backend's schema.
pub(super) async fn migrator(backend: Backend) -> Result<Migrator, sqlx::Error> {
    let files = match backend {
        Backend::Sqlite => SQLITE,
        Backend::Postgres => POSTGRES,
    };
    Migrator::new(Embedded(files)).await.map_err(|e| sqlx::Error::Migrate(Box::new(e)))
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;

    /// Every file in a backend's migrations directory and in `common/` is embedded, with the
    /// same text, version, description and checksum as sqlx's own reader gives it (a new file
    /// cannot be forgotten, and databases migrated from the directory by earlier builds are
    /// accepted).
    #[test]
    fn the_embedded_migrations_are_the_directorys() {
        let read = |dir: &str| {
            let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../migrations").join(dir);
            sqlx::migrate::resolve_blocking(&path).expect("migrations directory")
        };
        for (dir, files) in [("sqlite", SQLITE), ("postgres", POSTGRES)] {
            let mut from_disk = read(dir);
            from_disk.extend(read("common"));
            from_disk.sort_by_key(|(migration, _)| migration.version);
            let embedded = Embedded(files).migrations().expect("embedded migrations");
            assert_eq!(embedded.len(), from_disk.len(), "{dir}: every file is embedded");
            for (ours, (theirs, _)) in embedded.iter().zip(&from_disk) {
                assert_eq!(ours.version, theirs.version, "{dir}");
                assert_eq!(ours.description, theirs.description, "{dir}");
                assert_eq!(ours.migration_type, theirs.migration_type, "{dir}");
                assert_eq!(ours.sql, theirs.sql, "{dir}");
                assert_eq!(ours.checksum, theirs.checksum, "{dir}");
                assert_eq!(ours.no_tx, theirs.no_tx, "{dir}");
            }
        }
    }
}

//! Issue #33: the store owns all SQL. The Discord adapter (`bot/src/discord/`) calls the
//! service in domain terms and never runs a query or touches a pool itself; the service, the
//! outbox, the careers and the tools call typed store functions (`bot/src/store/`, one file per
//! table family) and hold no SQL text of their own.

use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`, recursively.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display())) {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    files
}

#[test]
fn the_discord_adapter_runs_no_sql() {
    let adapter = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/discord");
    let files = rust_files(&adapter);
    assert!(files.len() > 5, "the adapter's sources were not found under {}", adapter.display());
    let forbidden = ["sqlx", ".store()"];
    let mut found = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("readable source");
        for (n, line) in text.lines().enumerate() {
            for word in forbidden.iter().filter(|w| line.contains(*w)) {
                found.push(format!("{}:{}: `{word}`: {}", file.display(), n + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "the Discord adapter must call the service or the store, not run SQL:\n{}",
        found.join("\n")
    );
}

/// Whether `line` holds SQL text or runs a query.
fn sql_on(line: &str) -> Option<&'static str> {
    const QUERIES: [&str; 5] = ["sqlx::query", "sqlx::raw_sql", "query_as(", "query_scalar(", ".sql("];
    const STATEMENTS: [&str; 6] =
        ["\"SELECT ", "\"INSERT ", "\"UPDATE ", "\"DELETE ", "\"CREATE ", "\"BEGIN"];
    QUERIES.into_iter().chain(STATEMENTS).find(|w| line.contains(w))
}

#[test]
fn only_the_store_holds_sql() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let store = src.join("store");
    let files: Vec<PathBuf> = rust_files(&src).into_iter().filter(|f| !f.starts_with(&store)).collect();
    assert!(files.len() > 20, "the bot's sources were not found under {}", src.display());
    let mut found = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("readable source");
        for (n, line) in text.lines().enumerate() {
            if let Some(word) = sql_on(line) {
                found.push(format!("{}:{}: `{word}`: {}", file.display(), n + 1, line.trim()));
            }
        }
    }
    assert!(found.is_empty(), "SQL outside bot/src/store/:\n{}", found.join("\n"));
}

//! Issue #33: the store owns all SQL. The Discord adapter (`bot/src/discord/`) calls the
//! service (or the store) in domain terms and never runs a query or touches a pool itself.

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

//! Embeds the lesson files: writes `lesson_files.rs`, a list of `(id, include_str!(…))` for
//! every `lessons/<ruleset>/<name>.toml`, sorted by id, so that adding a lesson is adding a file;
//! and `lesson_counts.rs`, the number of lessons on each game's path.

use std::fs;
use std::path::Path;

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("lessons");
    println!("cargo::rerun-if-changed={}", root.display());
    let mut files = Vec::new();
    for folder in fs::read_dir(&root).expect("engine/lessons exists") {
        let folder = folder.expect("a readable lessons folder").path();
        if !folder.is_dir() {
            continue;
        }
        println!("cargo::rerun-if-changed={}", folder.display());
        let ruleset = folder.file_name().and_then(|n| n.to_str()).expect("a UTF-8 folder name").to_string();
        for file in fs::read_dir(&folder).expect("a readable lessons folder") {
            let path = file.expect("a readable lesson file").path();
            if path.extension().is_some_and(|e| e == "toml") {
                let stem = path.file_stem().and_then(|n| n.to_str()).expect("a UTF-8 file name");
                files.push((format!("{ruleset}/{stem}"), path.clone()));
            }
        }
    }
    files.sort();
    let entries: String = files
        .iter()
        .map(|(id, path)| format!("    ({id:?}, include_str!({:?})),\n", path.display().to_string()))
        .collect();
    let out_dir = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    fs::write(Path::new(&out_dir).join("lesson_files.rs"), format!("&[\n{entries}]\n"))
        .expect("OUT_DIR is writable");
    let count = |ruleset: &str| files.iter().filter(|(id, _)| id.starts_with(&format!("{ruleset}/"))).count();
    let counts = format!(
        "/// Lessons on Admiral's path.\npub const ADMIRAL_LESSONS: u64 = {};\n\
         /// Lessons on classic Stratego's path.\npub const STRATEGO_LESSONS: u64 = {};\n",
        count("admiral"),
        count("stratego")
    );
    fs::write(Path::new(&out_dir).join("lesson_counts.rs"), counts).expect("OUT_DIR is writable");
}

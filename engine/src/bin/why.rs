//! `admiral-why`: what an AI level weighed at one decision of a recorded game (see
//! `admiral_engine::tools::why`).
//!
//! ```text
//! admiral-arena --a 5 --b cmd:"python3 players/hunter.py" --games 80 --seed 11 --iterations 300 --verbose --records rec > out.txt
//! admiral-why rec/game-39.json 803
//! ```
//! The position after PLY turns of the record is set up again and the side to move decides it
//! from its own view, as in the game; the search's candidates are listed with their scores.

use std::process::ExitCode;

use admiral_engine::ai::{Ai, Budget};
use admiral_engine::tools::flags::{print_report, Flags};
use admiral_engine::tools::why::deliberate_at;
use admiral_engine::Record;

const USAGE: &str = "usage: admiral-why [--level N] [--iterations N] [--seed N] [--all] RECORD PLY\n  RECORD: a game's JSON record (admiral-arena --records, or a match download)\n  PLY: how many of its turns to play first; the side to move then decides\n  --level: the AI level that decides (default 5)\n  --iterations: worlds its search refines (default 300, what the arena's 20 ms buys)\n  --seed: its random seed (default 1)\n  --all: list every legal action, not only the refined ones";

fn main() -> ExitCode {
    print_report(run)
}

fn run(args: &[String]) -> Result<String, String> {
    let mut flags = Flags::new(args).usage_on_missing(USAGE);
    let (mut level, mut iterations, mut seed, mut all, mut rest) = (5, 300, 1, false, Vec::new());
    while let Some(flag) = flags.next_flag() {
        match flag {
            "--level" => level = flags.number(flag)?,
            "--iterations" => iterations = flags.number(flag)?,
            "--seed" => seed = flags.number(flag)?,
            "--all" => all = true,
            "--help" | "-h" => return Err(USAGE.into()),
            other if other.starts_with("--") => return Err(format!("unknown flag `{other}`\n{USAGE}")),
            other => rest.push(other.to_string()),
        }
    }
    let [path, ply] = rest.as_slice() else {
        return Err(format!("expected RECORD PLY\n{USAGE}"));
    };
    if !(1..=5).contains(&level) {
        return Err(format!("--level: {level} is not a level (1-5)\n{USAGE}"));
    }
    let ply: usize = ply.parse().map_err(|_| format!("PLY: `{ply}` is not a number of turns\n{USAGE}"))?;
    let json = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let record: Record = serde_json::from_str(&json).map_err(|e| format!("{path}: {e}"))?;
    let mut ai = Ai::new(level as u8, seed, Budget::Iterations(iterations.clamp(1, u32::MAX as u64) as u32));
    let mut why = deliberate_at(&record, ply, &mut ai).map_err(|e| format!("{path}: {e}"))?;
    why.all = all;
    Ok(why.to_string())
}

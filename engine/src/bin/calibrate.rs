//! `admiral-calibrate`: how well level 5's belief foretold the enemy's markers in recorded
//! arena games (see `admiral_engine::tools::calibration`).
//!
//! ```text
//! admiral-arena --a 5 --b cmd:"python3 players/hunter.py" --games 80 --seed 11 --verbose --records rec > out.txt
//! admiral-calibrate out.txt rec
//! ```
//! Each `OUT DIR` pair is an arena's `--verbose` output and its `--records` directory: every
//! game listed in OUT (`game=N a_side=S`) is read from `DIR/game-N.json`, from the seat of the
//! first-named player (`--seat b`: the second's).

use std::collections::HashMap;
use std::process::ExitCode;

use admiral_engine::tools::calibration::Calibration;
use admiral_engine::tools::flags::{print_report, Flags};
use admiral_engine::{Record, Side};

const USAGE: &str = "usage: admiral-calibrate [--worlds N] [--seat a|b] OUT DIR [OUT DIR ...]\n  OUT: an admiral-arena --verbose output; DIR: its --records directory\n  --worlds: worlds drawn per forecast (default 200)\n  --seat: whose belief is read, the first-named player's (a, default) or the second's (b)";

fn main() -> ExitCode {
    print_report(run)
}

fn run(args: &[String]) -> Result<String, String> {
    let mut flags = Flags::new(args).usage_on_missing(USAGE);
    let (mut worlds, mut second_seat, mut files) = (200, false, Vec::new());
    while let Some(flag) = flags.next_flag() {
        match flag {
            "--worlds" => worlds = flags.number(flag)? as usize,
            "--seat" => {
                second_seat = match flags.value(flag)?.as_str() {
                    "a" => false,
                    "b" => true,
                    other => return Err(format!("--seat: `{other}` is neither a nor b\n{USAGE}")),
                }
            }
            "--help" | "-h" => return Err(USAGE.into()),
            file => files.push(file.to_string()),
        }
    }
    if files.is_empty() || files.len() % 2 != 0 {
        return Err(format!("expected pairs of OUT DIR\n{USAGE}"));
    }
    let mut calibration = Calibration::new(worlds);
    for pair in files.chunks(2) {
        let (out, dir) = (&pair[0], &pair[1]);
        let text = std::fs::read_to_string(out).map_err(|e| format!("{out}: {e}"))?;
        for line in text.lines().filter(|line| line.starts_with("game=")) {
            let fields: HashMap<&str, &str> =
                line.split_whitespace().filter_map(|f| f.split_once('=')).collect();
            let (Some(game), Some(a_side)) = (fields.get("game"), fields.get("a_side")) else {
                return Err(format!("{out}: no game number or a_side in `{line}`"));
            };
            let Some(a_side) = Side::BOTH.into_iter().find(|side| side.name() == *a_side) else {
                return Err(format!("{out}: a_side `{a_side}` is neither south nor north"));
            };
            let seat = if second_seat { a_side.opponent() } else { a_side };
            let path = format!("{dir}/game-{game}.json");
            let json = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
            let record: Record = serde_json::from_str(&json).map_err(|e| format!("{path}: {e}"))?;
            calibration.add_game(&record, seat).map_err(|e| format!("{path}: {e}"))?;
        }
    }
    Ok(calibration.report())
}

//! `admiral-referee`: the rules as a JSON-lines service on stdin/stdout.
//!
//! One JSON object per input line, one answer per line, until end of input. Every answer has
//! `"ok"`; a failed command has `"error"` and changes nothing. The protocol is documented in
//! `doc/referee.md`.

use std::io::{self, BufRead, Write};

use admiral_engine::referee::Referee;

fn main() {
    let stdin = io::stdin();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut referee = Referee::new();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        if let Some(answer) = referee.handle_line(&line) {
            if writeln!(out, "{answer}").and_then(|_| out.flush()).is_err() {
                break;
            }
        }
    }
}

//! `admiral-random-player [SEED]`: the example outside program for Admiral's JSON-lines player
//! protocol (`doc/player-protocol.md`), and the protocol's test partner. It sets up with the
//! balanced auto-placement, plays a uniformly random action of the `legal` list it is sent, and
//! defends with a random option; it exits after the `end` message or at the end of its input.
//!
//! ```text
//! admiral-arena --a 1 --b cmd:"admiral-random-player 7" --games 10
//! ```

use std::io::{BufRead, Write};
use std::process::ExitCode;

use admiral_engine::{auto_layout, Dice, Language, Style};
use serde_json::{json, Value};

/// A random element of a JSON list of strings, if it has one.
fn pick(list: Option<&Value>, dice: &mut Dice) -> Option<String> {
    let list = list?.as_array()?;
    if list.is_empty() {
        return None;
    }
    list[dice.below(list.len())].as_str().map(str::to_string)
}

/// The answer to one message, `None` for a message that wants none.
fn answer(message: &Value, seed: u64, dice: &mut Dice) -> Option<Value> {
    match message.get("type")?.as_str()? {
        "setup" => {
            // A different layout for each seat of the same seed.
            let side = if message.get("side")?.as_str()? == "south" { 0 } else { 1 };
            Some(json!({ "layout": auto_layout(seed ^ side, Style::Balanced).grid_text(Language::En) }))
        }
        "turn" => Some(json!({ "action": pick(message.get("legal"), dice)? })),
        "defend" => Some(json!({ "defense": pick(message.get("options"), dice)? })),
        _ => None,
    }
}

fn main() -> ExitCode {
    let seed = match std::env::args().nth(1).map(|s| s.parse::<u64>()) {
        None => 1,
        Some(Ok(seed)) => seed,
        Some(Err(_)) => {
            eprintln!("usage: admiral-random-player [SEED]");
            return ExitCode::from(2);
        }
    };
    let mut dice = Dice::new(seed);
    let stdout = std::io::stdout();
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let Ok(message) = serde_json::from_str::<Value>(&line) else { continue };
        if message.get("type").and_then(Value::as_str) == Some("end") {
            break;
        }
        if let Some(reply) = answer(&message, seed, &mut dice) {
            let mut out = stdout.lock();
            if writeln!(out, "{reply}").and_then(|_| out.flush()).is_err() {
                break;
            }
        }
    }
    ExitCode::SUCCESS
}

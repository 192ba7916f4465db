//! The referee protocol's commands for a Stratego game (`"ruleset":"stratego"` on `load` or
//! `new`); [`crate::referee::Referee`] dispatches to these once a Stratego game is loaded.

use std::time::Duration;

use serde_json::{json, Map, Value};

use super::action::Action;
use super::ai::Ai;
use super::game::Game;
use super::layout::{describe_errors, Layout};
use super::position::Position;
use crate::shared::Budget;
use crate::shared::Language;
use crate::shared::Side;

pub(crate) type Answer = Result<Map<String, Value>, String>;

fn fields<const N: usize>(entries: [(&str, Value); N]) -> Map<String, Value> {
    entries.into_iter().map(|(k, v)| (k.to_string(), v)).collect()
}

fn string_field<'a>(request: &'a Map<String, Value>, name: &str) -> Result<&'a str, String> {
    request.get(name).and_then(Value::as_str).ok_or_else(|| format!("missing string field \"{name}\""))
}

/// `load`: a position in Stratego position text.
pub(crate) fn load(request: &Map<String, Value>) -> Result<Game, String> {
    let text = string_field(request, "position")?;
    let to_move = match request.get("to_move") {
        None => Side::South,
        Some(v) => {
            v.as_str().and_then(Side::from_name).ok_or("\"to_move\" must be \"south\" or \"north\"")?
        }
    };
    let position = Position::from_text(text, to_move).map_err(|e| e.to_string())?;
    Ok(Game::from_position(position, true))
}

/// `new`: both sides' Stratego layout files.
pub(crate) fn new(request: &Map<String, Value>) -> Result<Game, String> {
    let read = |field: &str, side: &str| -> Result<Layout, String> {
        Layout::parse(string_field(request, field)?).map_err(|errors| {
            format!("{side} layout: {}", describe_errors(&errors, Language::En).replace('\n', "; "))
        })
    };
    let south = read("south_layout", "south")?;
    let north = read("north_layout", "north")?;
    Game::new(&south, &north, true).map_err(|e| e.to_string())
}

/// Every other command, on a loaded Stratego game.
pub(crate) fn handle(cmd: &str, request: &Map<String, Value>, game: &mut Game) -> Answer {
    match cmd {
        "legal" => {
            let mut actions: Vec<String> = game.legal_actions().iter().map(Action::to_string).collect();
            actions.sort();
            Ok(fields([("actions", json!(actions))]))
        }
        "play" => {
            let action = Action::parse(string_field(request, "action")?).map_err(|e| e.to_string())?;
            let events = game.play(&action).map_err(|e| e.to_string())?;
            Ok(fields([("events", json!(events)), ("status", json!(game.status()))]))
        }
        "position" => Ok(fields([
            ("position", json!(game.position().to_text())),
            ("to_move", json!(game.to_move())),
            ("status", json!(game.status())),
        ])),
        "view" => {
            let side = request
                .get("side")
                .and_then(Value::as_str)
                .and_then(Side::from_name)
                .ok_or("\"side\" must be \"south\" or \"north\"")?;
            Ok(fields([("view", serde_json::to_value(game.view(side)).map_err(|e| e.to_string())?)]))
        }
        "ai" => {
            let level = request
                .get("level")
                .and_then(Value::as_u64)
                .filter(|l| (1..=5).contains(l))
                .ok_or("\"level\" must be a whole number from 1 to 5")? as u8;
            let seed = request
                .get("seed")
                .map_or(Some(0), Value::as_u64)
                .ok_or("\"seed\" must be a whole number")?;
            let budget = match (request.get("iterations"), request.get("budget_ms")) {
                (Some(n), _) => Budget::Iterations(
                    n.as_u64()
                        .filter(|n| *n >= 1)
                        .ok_or("\"iterations\" must be a whole number of at least 1")?
                        as u32,
                ),
                (None, Some(ms)) => Budget::Time(Duration::from_millis(
                    ms.as_u64().ok_or("\"budget_ms\" must be a whole number of milliseconds")?,
                )),
                (None, None) => Budget::for_level(level),
            };
            let legal = game.legal_actions();
            if legal.is_empty() {
                return Err("the game is over: there is no action to choose".into());
            }
            let view = game.view_remembering(game.to_move());
            let action = Ai::new(level, seed, budget).choose(&view, &legal);
            Ok(fields([("action", json!(action.to_string()))]))
        }
        other => {
            Err(format!("unknown command \"{other}\" (one of load, new, legal, play, position, view, ai)"))
        }
    }
}

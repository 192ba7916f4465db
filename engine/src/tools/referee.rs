//! The referee protocol (JSON lines), as a library so that it can be tested without a process.
//! The commands are written once over the shared [`Rules`]; a session holds a game of either
//! ruleset ([`Loaded`]) and dispatches to it.

use serde_json::{json, Map, Value};

use std::time::Duration;

use crate::admiral::game::Game;
use crate::shared::game::Game as AnyGame;
use crate::shared::{Budget, Rules, Ruleset, Side};
use crate::stratego;

/// The game a referee session has loaded, of either ruleset (boxed: a game with both sides'
/// memories is a few kilobytes, and the session holds one at a time).
#[derive(Clone, Debug)]
pub enum Loaded {
    /// An Admiral game.
    Admiral(Box<Game>),
    /// A Stratego game (`"ruleset":"stratego"` on `load` or `new`).
    Stratego(Box<stratego::Game>),
}

/// A referee session: at most one game (of either ruleset), driven by JSON commands.
#[derive(Default)]
pub struct Referee {
    game: Option<Loaded>,
}

type Answer = Result<Map<String, Value>, String>;

impl Referee {
    /// A referee with no game loaded.
    pub fn new() -> Referee {
        Referee::default()
    }

    /// The Admiral game in progress, if any.
    pub fn game(&self) -> Option<&Game> {
        match &self.game {
            Some(Loaded::Admiral(game)) => Some(game.as_ref()),
            _ => None,
        }
    }

    /// The Stratego game in progress, if any.
    pub fn stratego_game(&self) -> Option<&stratego::Game> {
        match &self.game {
            Some(Loaded::Stratego(game)) => Some(game.as_ref()),
            _ => None,
        }
    }

    /// Answers one input line; blank lines get no answer.
    pub fn handle_line(&mut self, line: &str) -> Option<String> {
        if line.trim().is_empty() {
            return None;
        }
        let answer = match serde_json::from_str::<Value>(line) {
            Ok(Value::Object(request)) => self.handle(&request),
            Ok(_) => Err("each line must be a JSON object such as {\"cmd\":\"legal\"}".into()),
            Err(e) => Err(format!("not valid JSON: {e}")),
        };
        let value = match answer {
            Ok(mut fields) => {
                fields.insert("ok".into(), Value::Bool(true));
                Value::Object(fields)
            }
            Err(error) => json!({ "ok": false, "error": error }),
        };
        Some(value.to_string())
    }

    fn handle(&mut self, request: &Map<String, Value>) -> Answer {
        let cmd = request
            .get("cmd")
            .and_then(Value::as_str)
            .ok_or("missing \"cmd\" (one of load, new, legal, play, position, view, ai)")?;
        if cmd == "load" || cmd == "new" {
            let ruleset = match request.get("ruleset") {
                None => Ruleset::Admiral,
                Some(Value::String(r)) if r == "admiral" => Ruleset::Admiral,
                Some(Value::String(r)) if r == "stratego" => Ruleset::Stratego,
                Some(other) => {
                    return Err(format!(
                        "unsupported ruleset {other}: this referee knows \"admiral\" and \"stratego\""
                    ))
                }
            };
            self.game = Some(match ruleset {
                Ruleset::Admiral => Loaded::Admiral(Box::new(start(cmd, request)?)),
                Ruleset::Stratego => Loaded::Stratego(Box::new(start(cmd, request)?)),
            });
            return Ok(Map::new());
        }
        match &mut self.game {
            Some(Loaded::Stratego(game)) => command(cmd, request, Some(game)),
            Some(Loaded::Admiral(game)) => command(cmd, request, Some(game)),
            // Without a game, the commands still check their fields first.
            None => command::<crate::Position>(cmd, request, None),
        }
    }
}

/// `load` (a position in the ruleset's position text) or `new` (both sides' layout files).
fn start<P: Rules>(cmd: &str, request: &Map<String, Value>) -> Result<AnyGame<P>, String> {
    if cmd == "load" {
        let text = string_field(request, "position")?;
        let to_move = match request.get("to_move") {
            None => Side::South,
            Some(v) => {
                v.as_str().and_then(Side::from_name).ok_or("\"to_move\" must be \"south\" or \"north\"")?
            }
        };
        let position = P::from_text(text, to_move).map_err(|e| e.to_string())?;
        Ok(AnyGame::from_position(position, true))
    } else {
        let read = |field: &str, side: &str| -> Result<P::Layout, String> {
            P::parse_layout(string_field(request, field)?).map_err(|errors| {
                format!("{side} layout: {}", P::describe_layout_errors(&errors).replace('\n', "; "))
            })
        };
        let south = read("south_layout", "south")?;
        let north = read("north_layout", "north")?;
        AnyGame::new(&south, &north, true).map_err(|e| e.to_string())
    }
}

/// Every command but `load` and `new`, on the loaded game if any.
fn command<P: Rules>(cmd: &str, request: &Map<String, Value>, game: Option<&mut AnyGame<P>>) -> Answer {
    match cmd {
        "legal" => {
            let game = loaded(game)?;
            let mut actions: Vec<String> = game.legal_actions().iter().map(|a| a.to_string()).collect();
            actions.sort();
            Ok(fields([("actions", json!(actions))]))
        }
        "play" => {
            let action = P::parse_action(string_field(request, "action")?)?;
            let reply = P::read_reply(request.get("defense"), &action)?;
            let game = loaded(game)?;
            let events = game.play_with(&action, reply).map_err(|e| e.to_string())?;
            Ok(fields([("events", json!(events)), ("status", json!(game.status()))]))
        }
        "position" => {
            let game = loaded(game)?;
            Ok(fields([
                ("position", json!(game.position().to_text())),
                ("to_move", json!(game.to_move())),
                ("status", json!(game.status())),
            ]))
        }
        "view" => {
            let side = request
                .get("side")
                .and_then(Value::as_str)
                .and_then(Side::from_name)
                .ok_or("\"side\" must be \"south\" or \"north\"")?;
            let view = loaded(game)?.view(side);
            Ok(fields([("view", serde_json::to_value(view).map_err(|e| e.to_string())?)]))
        }
        "ai" => ai(request, game),
        other => {
            Err(format!("unknown command \"{other}\" (one of load, new, legal, play, position, view, ai)"))
        }
    }
}

/// `{"cmd":"ai","level":L,"seed":S,"budget_ms":M}` (or `"iterations":N` for a deterministic
/// budget): the AI's choice for the side to move, from that side's view only.
fn ai<P: Rules>(request: &Map<String, Value>, game: Option<&mut AnyGame<P>>) -> Answer {
    let level = request
        .get("level")
        .and_then(Value::as_u64)
        .filter(|l| (1..=5).contains(l))
        .ok_or("\"level\" must be a whole number from 1 to 5")? as u8;
    let seed = request.get("seed").map_or(Some(0), Value::as_u64).ok_or("\"seed\" must be a whole number")?;
    let budget = match (request.get("iterations"), request.get("budget_ms")) {
        (Some(n), _) => Budget::Iterations(
            n.as_u64().filter(|n| *n >= 1).ok_or("\"iterations\" must be a whole number of at least 1")?
                as u32,
        ),
        (None, Some(ms)) => Budget::Time(Duration::from_millis(
            ms.as_u64().ok_or("\"budget_ms\" must be a whole number of milliseconds")?,
        )),
        (None, None) => Budget::for_level(level),
    };
    let game = loaded(game)?;
    let legal = game.legal_actions();
    if legal.is_empty() {
        return Err("the game is over: there is no action to choose".into());
    }
    // The AI sees the game only as its side saw it.
    let view = game.view_remembering(game.to_move());
    let action = P::ai_action(level, seed, budget, &view, &legal);
    Ok(fields([("action", json!(action.to_string()))]))
}

fn loaded<P: Rules>(game: Option<&mut AnyGame<P>>) -> Result<&mut AnyGame<P>, String> {
    game.ok_or_else(no_game)
}

fn no_game() -> String {
    "no game yet: send {\"cmd\":\"load\",...} or {\"cmd\":\"new\",...} first".into()
}

fn fields<const N: usize>(entries: [(&str, Value); N]) -> Map<String, Value> {
    entries.into_iter().map(|(k, v)| (k.to_string(), v)).collect()
}

fn string_field<'a>(request: &'a Map<String, Value>, name: &str) -> Result<&'a str, String> {
    request.get(name).and_then(Value::as_str).ok_or_else(|| format!("missing string field \"{name}\""))
}

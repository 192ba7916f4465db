//! The referee protocol (JSON lines), as a library so that it can be tested without a process.

use serde_json::{json, Map, Value};

use std::time::Duration;

use crate::action::Action;
use crate::ai::{Ai, Budget};
use crate::formation::Partners;
use crate::game::Game;
use crate::layout::{describe_errors, Layout};
use crate::position::Position;
use crate::resolve::Defense;
use crate::ruleset::Ruleset;
use crate::stratego;
use crate::square::{Side, Square};
use crate::unit::Language;

/// A referee session: at most one game (of either ruleset), driven by JSON commands.
#[derive(Default)]
pub struct Referee {
    game: Option<Game>,
    /// The Stratego game, when the last `load`/`new` said `"ruleset":"stratego"` (then `game`
    /// is `None`).
    stratego: Option<crate::stratego::Game>,
}

type Answer = Result<Map<String, Value>, String>;

impl Referee {
    /// A referee with no game loaded.
    pub fn new() -> Referee {
        Referee::default()
    }

    /// The Admiral game in progress, if any.
    pub fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    /// The Stratego game in progress, if any.
    pub fn stratego_game(&self) -> Option<&crate::stratego::Game> {
        self.stratego.as_ref()
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
            if ruleset == Ruleset::Stratego {
                let game = if cmd == "load" { stratego::referee::load(request)? } else { stratego::referee::new(request)? };
                self.game = None;
                self.stratego = Some(game);
                return Ok(Map::new());
            }
        } else if let Some(game) = self.stratego.as_mut() {
            return stratego::referee::handle(cmd, request, game);
        }
        match cmd {
            "load" => {
                let text = string_field(request, "position")?;
                let to_move = match request.get("to_move") {
                    None => Side::South,
                    Some(v) => v
                        .as_str()
                        .and_then(Side::from_name)
                        .ok_or("\"to_move\" must be \"south\" or \"north\"")?,
                };
                let position = Position::from_text(text, to_move).map_err(|e| e.to_string())?;
                self.game = Some(Game::from_position(position, true));
                self.stratego = None;
                Ok(Map::new())
            }
            "new" => {
                let read = |field: &str, side: &str| -> Result<Layout, String> {
                    Layout::parse(string_field(request, field)?).map_err(|errors| {
                        format!(
                            "{side} layout: {}",
                            describe_errors(&errors, Language::En).replace('\n', "; ")
                        )
                    })
                };
                let south = read("south_layout", "south")?;
                let north = read("north_layout", "north")?;
                self.game = Some(Game::new(&south, &north, true).map_err(|e| e.to_string())?);
                self.stratego = None;
                Ok(Map::new())
            }
            "legal" => {
                let game = self.loaded()?;
                let mut actions: Vec<String> = game.legal_actions().iter().map(Action::to_string).collect();
                actions.sort();
                Ok(fields([("actions", json!(actions))]))
            }
            "play" => {
                let action = Action::parse(string_field(request, "action")?).map_err(|e| e.to_string())?;
                let defense = read_defense(request.get("defense"), &action)?;
                let game = self.game_mut()?;
                let events = game.play(&action, defense).map_err(|e| e.to_string())?;
                Ok(fields([("events", json!(events)), ("status", json!(game.status()))]))
            }
            "position" => {
                let game = self.loaded()?;
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
                let view = self.loaded()?.view(side);
                Ok(fields([("view", serde_json::to_value(view).map_err(|e| e.to_string())?)]))
            }
            "ai" => self.ai(request),
            other => Err(format!(
                "unknown command \"{other}\" (one of load, new, legal, play, position, view, ai)"
            )),
        }
    }

    /// `{"cmd":"ai","level":L,"seed":S,"budget_ms":M}` (or `"iterations":N` for a deterministic
    /// budget): the AI's choice for the side to move, from that side's view only.
    fn ai(&self, request: &Map<String, Value>) -> Answer {
        let level = request
            .get("level")
            .and_then(Value::as_u64)
            .filter(|l| (1..=5).contains(l))
            .ok_or("\"level\" must be a whole number from 1 to 5")? as u8;
        let seed =
            request.get("seed").map_or(Some(0), Value::as_u64).ok_or("\"seed\" must be a whole number")?;
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
        let game = self.loaded()?;
        let legal = game.legal_actions();
        if legal.is_empty() {
            return Err("the game is over: there is no action to choose".into());
        }
        // The AI sees the game only as its side saw it.
        let view = game.view_remembering(game.to_move());
        let action = Ai::new(level, seed, budget).choose(&view, &legal);
        Ok(fields([("action", json!(action.to_string()))]))
    }

    fn loaded(&self) -> Result<&Game, String> {
        self.game.as_ref().ok_or_else(no_game)
    }

    fn game_mut(&mut self) -> Result<&mut Game, String> {
        self.game.as_mut().ok_or_else(no_game)
    }
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

/// `"auto"` (or absent) for the default policy, or the defender's squares, target included.
fn read_defense(value: Option<&Value>, action: &Action) -> Result<Defense, String> {
    match value {
        None | Some(Value::Null) => Ok(Defense::Auto),
        Some(Value::String(s)) if s == "auto" => Ok(Defense::Auto),
        Some(Value::Array(items)) => {
            let mut squares = Vec::new();
            for item in items {
                let text = item.as_str().ok_or("\"defense\" squares must be strings such as \"e4\"")?;
                squares.push(text.parse::<Square>().map_err(|e| e.to_string())?);
            }
            let Some(target) = action.target() else {
                return Ok(Defense::Auto);
            };
            if !squares.contains(&target) {
                return Err(format!("the defence must include the target square {target}"));
            }
            let partners: Vec<Square> = squares.into_iter().filter(|&s| s != target).collect();
            Partners::new(&partners)
                .map(Defense::Group)
                .ok_or_else(|| "a defence group has one to three different squares".into())
        }
        Some(_) => Err("\"defense\" must be \"auto\" or a list of squares".into()),
    }
}

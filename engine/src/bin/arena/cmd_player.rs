//! An outside program as an Admiral arena player, over the project's JSON-lines player
//! protocol (`doc/player-protocol.md`): one process per game ([`crate::program`]), one JSON
//! object per line each way, every answer under a time limit. Whatever the program answers that
//! is not a usable layout, action or defence loses the game for it (`forfeit`), as do silence
//! (`timeout`), a closed output (`forfeit`) and `{"resign":true}` (`resignation`).

use std::time::Duration;

use admiral_engine::arena::{Agent, Forfeit, Seat};
use admiral_engine::{
    group_text, Action, Defense, Dice, EndReason, Event, Layout, Partners, Position, Side, Square, View,
};
use serde_json::{json, Value};

use crate::program::{Reasons, Slot};

/// The protocol's version, sent in the `setup` message.
pub const PROTOCOL_VERSION: u32 = 1;

/// How an Admiral program's failures end its game.
const REASONS: Reasons<EndReason> = Reasons { forfeit: EndReason::Forfeit, timeout: EndReason::Timeout };

/// A player that is an outside program.
pub struct CmdPlayer {
    command: String,
    timeout: Duration,
    program: Slot,
    side: Side,
    /// The plies played since the program was last sent them, as its side saw them.
    history: Vec<Value>,
}

impl CmdPlayer {
    /// A player running `command` (through `sh -c`), allowing `timeout` per answer.
    pub fn new(command: &str, timeout: Duration) -> CmdPlayer {
        CmdPlayer {
            command: command.to_string(),
            timeout,
            program: Slot::default(),
            side: Side::South,
            history: Vec::new(),
        }
    }

    /// Sends `message` and reads the answer's field `key` (a string); `{"resign":true}` resigns.
    fn ask(&mut self, message: &Value, key: &str) -> Result<String, Forfeit> {
        self.program.send(&message.to_string());
        let line = self.program.receive(self.timeout, REASONS)?;
        read_answer(&line, key)
    }

    /// The plies not yet sent, emptied.
    fn take_history(&mut self) -> Value {
        Value::Array(std::mem::take(&mut self.history))
    }
}

/// The field `key` of one answer line, or why the line is no such answer.
fn read_answer(line: &str, key: &str) -> Result<String, Forfeit> {
    let unusable = |detail: String| Forfeit { reason: EndReason::Forfeit, detail };
    let shown: String = line.chars().take(120).collect();
    let value: Value =
        serde_json::from_str(line).map_err(|e| unusable(format!("`{shown}` is not JSON: {e}")))?;
    if value.get("resign") == Some(&Value::Bool(true)) {
        return Err(Forfeit { reason: EndReason::Resignation, detail: "resigned".into() });
    }
    match value.get(key) {
        Some(Value::String(text)) => Ok(text.clone()),
        _ => Err(unusable(format!("`{shown}`: expected {{\"{key}\": \"...\"}}"))),
    }
}

/// Reads a defence group as the notation writes a formation ([`group_text`]): the target, then
/// its partners in parentheses in any order.
fn parse_group(text: &str, target: Square) -> Result<Partners, String> {
    let (head, partners) = admiral_engine::parse_group(text).map_err(|e| e.to_string())?;
    if head != target {
        return Err(format!("the group must start with the target {target}"));
    }
    Ok(partners)
}

/// One ply as `view` (just after it) shows it: who played, the action as the side knows it
/// and the events it saw.
fn ply(view: &View) -> Value {
    json!({
        "side": view.last_mover,
        "action": view.last_action.map(|a| a.to_string()),
        "events": view.last_turn,
    })
}

impl Agent<Position> for CmdPlayer {
    fn name(&self) -> String {
        format!("cmd:{}", self.command.split_whitespace().next().unwrap_or(""))
    }

    fn setup(&mut self, side: Side, seed: u64, opponent: &str) -> Result<Layout, Forfeit> {
        self.side = side;
        self.history.clear();
        self.program.start(&self.command, seed, REASONS)?;
        let message = json!({
            "type": "setup",
            "protocol": PROTOCOL_VERSION,
            "ruleset": "admiral",
            "rules": admiral_engine::RECORD_FORMAT,
            "side": side,
            "opponent": opponent,
            "timeout_ms": self.timeout.as_millis() as u64,
        });
        let layout = self.ask(&message, "layout").and_then(|text| {
            Layout::parse(&text).map_err(|errors| Forfeit {
                reason: EndReason::Forfeit,
                detail: format!(
                    "bad layout: {}",
                    admiral_engine::describe_errors(&errors, admiral_engine::Language::En)
                ),
            })
        });
        if layout.is_err() {
            self.program.stop();
        }
        layout
    }

    fn act(&mut self, seat: &Seat<'_>, legal: &[Action], _dice: &mut Dice) -> Result<Action, Forfeit> {
        let legal: Vec<String> = legal.iter().map(|a| a.to_string()).collect();
        let message =
            json!({ "type": "turn", "view": seat.view(), "history": self.take_history(), "legal": legal });
        let text = self.ask(&message, "action")?;
        Action::parse(&text)
            .map_err(|e| Forfeit { reason: EndReason::Forfeit, detail: format!("action `{text}`: {e}") })
    }

    fn defend(
        &mut self,
        seat: &Seat<'_>,
        attack: &Action,
        options: &[Defense],
        _dice: &mut Dice,
    ) -> Result<Defense, Forfeit> {
        let Some(target) = attack.target() else { return Ok(options[0]) };
        let texts: Vec<String> =
            admiral_engine::ai::agent::groups(options).iter().map(|p| group_text(target, p)).collect();
        let message =
            json!({ "type": "defend", "view": seat.view(), "attack": attack.to_string(), "options": texts });
        let text = self.ask(&message, "defense")?;
        let group = parse_group(&text, target)
            .map_err(|e| Forfeit { reason: EndReason::Forfeit, detail: format!("defence `{text}`: {e}") })?;
        if !texts.contains(&group_text(target, &group)) {
            return Err(Forfeit {
                reason: EndReason::Forfeit,
                detail: format!("defence `{text}` is not one of {}", texts.join(" ")),
            });
        }
        Ok(Defense::Group(group))
    }

    fn observe(&mut self, seat: &Seat<'_>, _action: &Action, _events: &[Event]) {
        self.history.push(ply(&seat.view()));
    }

    fn finish(&mut self, seat: &Seat<'_>) {
        let view = seat.view();
        let result = match view.outcome.map(|o| o.status.winner()) {
            None => "unfinished",
            Some(None) => "draw",
            Some(Some(w)) if w == self.side => "win",
            Some(Some(_)) => "loss",
        };
        let message = json!({
            "type": "end",
            "result": result,
            "status": view.status,
            "reason": view.outcome.map(|o| o.reason),
            "history": self.take_history(),
            "view": view,
        });
        self.program.send(&message.to_string());
        self.program.stop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_print_and_read_back() {
        let sq = |s: &str| s.parse::<Square>().unwrap();
        let target = sq("e4");
        let pair = Partners::new(&[sq("e5"), sq("d4")]).unwrap();
        assert_eq!(group_text(target, &pair), "e4(d4,e5)");
        assert_eq!(group_text(target, &Partners::NONE), "e4");
        assert_eq!(parse_group(" E4 (e5, d4)", target), Ok(pair));
        assert_eq!(parse_group("e4", target), Ok(Partners::NONE));
        assert!(parse_group("e5(e4)", target).unwrap_err().contains("target"));
        assert!(parse_group("e4(d4", target).is_err());
        assert!(parse_group("e4(d4,d4)", target).is_err());
    }

    #[test]
    fn answers_are_json_objects_with_the_field_asked_for() {
        assert_eq!(read_answer(r#"{"action":"e3-e4"}"#, "action").unwrap(), "e3-e4");
        let f = read_answer("e3-e4", "action").unwrap_err();
        assert!(f.reason == EndReason::Forfeit && f.detail.contains("not JSON"), "{f:?}");
        let f = read_answer(r#"{"move":"e3-e4"}"#, "action").unwrap_err();
        assert!(f.detail.contains("expected {\"action\""), "{f:?}");
        assert_eq!(read_answer(r#"{"resign":true}"#, "layout").unwrap_err().reason, EndReason::Resignation);
    }
}

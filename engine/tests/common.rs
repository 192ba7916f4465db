//! Shared helpers for the engine's integration tests.
#![allow(dead_code)]

use admiral_engine::*;

/// Builds a position from `"e3:CR e4:bb"` (upper case South, lower case North).
pub fn pos(units: &str, to_move: Side) -> Position {
    let mut position = Position::empty(to_move);
    for item in units.split_whitespace() {
        let (sq, token) = item.split_once(':').expect("square:CODE");
        let piece = Piece::from_token(token).unwrap_or_else(|| panic!("bad token {token}"));
        position.put(sq.parse().unwrap(), piece);
    }
    position
}

/// A square from text.
pub fn sq(text: &str) -> Square {
    text.parse().unwrap()
}

/// Plays a legal action (auto defence), returning its events.
pub fn play(position: &mut Position, action: &str) -> Vec<Event> {
    play_with(position, action, Defense::Auto)
}

/// Plays a legal action with the given defence.
pub fn play_with(position: &mut Position, action: &str, defense: Defense) -> Vec<Event> {
    let action = Action::parse(action).unwrap();
    let mut events = Vec::new();
    position
        .play(&action, defense, &mut events)
        .unwrap_or_else(|e| panic!("{action} refused: {e}\n{position:?}"));
    events
}

/// The units destroyed by these events, as `"e4:bb"` (case by side), in event order.
pub fn destroyed(events: &[Event]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| match *e {
            Event::Destroyed { side, kind, square } => {
                Some(format!("{square}:{}", Piece::new(side, kind).token()))
            }
            _ => None,
        })
        .collect()
}

/// True if the action is legal for the side to move.
pub fn legal(position: &Position, action: &str) -> bool {
    position.is_legal(&Action::parse(action).unwrap())
}

/// The legal actions as sorted strings.
pub fn actions(position: &Position) -> Vec<String> {
    let mut list: Vec<String> = position.legal_actions().iter().map(|a| a.to_string()).collect();
    list.sort();
    list
}

/// What stands on a square, as a token or ".".
pub fn at(position: &Position, square: &str) -> String {
    position.piece_at(sq(square)).map_or(".".into(), |p| p.token())
}

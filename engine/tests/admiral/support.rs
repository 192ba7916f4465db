//! Helpers for Admiral's tests: the board helpers both rulesets share, and playing actions.

use admiral_engine::*;

#[path = "../common/board.rs"]
mod board;
pub use board::*;

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

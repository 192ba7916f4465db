//! Helpers for the Stratego tests: the board helpers both rulesets share, playing actions,
//! and a complete layout.

use admiral_engine::stratego::*;

use admiral_engine::stratego::Sq as Square;

#[path = "../common/board.rs"]
mod board;
pub use board::*;

/// Plays a legal action, returning its events.
pub fn play(position: &mut Position, action: &str) -> Vec<Event> {
    let action = Action::parse(action).unwrap();
    let mut events = Vec::new();
    position.play(&action, &mut events).unwrap_or_else(|e| panic!("{action} refused: {e}\n{position:?}"));
    events
}

/// The refusal message of an action, or `None` if it is legal.
pub fn refused(position: &Position, action: &str) -> Option<String> {
    let mut copy = position.clone();
    let mut events = Vec::new();
    copy.play(&Action::parse(action).unwrap(), &mut events).err().map(|e| e.to_string())
}

/// A complete layout text (front row first), the same on either seat.
pub const LAYOUT: &str = "\
SC SG SC LT SC SC CA SC LT SC
MI CA MJ GE SP CO MJ CA SG LT
BO MI CO MA MI SG LT CA MJ MI
FL BO BO SG BO MI BO SC SC BO
";

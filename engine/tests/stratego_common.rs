//! Shared helpers for the Stratego integration tests.
#![allow(dead_code)]

use admiral_engine::stratego::*;
use admiral_engine::Side;

/// A position from `"e4:MA e5:sp"` (upper case South, lower case North).
pub fn pos(pieces: &str, to_move: Side) -> Position {
    let mut position = Position::empty(to_move);
    for item in pieces.split_whitespace() {
        let (sq, token) = item.split_once(':').expect("square:CODE");
        let piece = Piece::from_token(token).unwrap_or_else(|| panic!("bad token {token}"));
        position.put(sq.parse().unwrap(), piece);
    }
    position
}

/// A square.
pub fn sq(text: &str) -> Sq {
    text.parse().unwrap()
}

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

/// A complete layout text (front row first), the same on either seat.
pub const LAYOUT: &str = "\
SC SG SC LT SC SC CA SC LT SC
MI CA MJ GE SP CO MJ CA SG LT
BO MI CO MA MI SG LT CA MJ MI
FL BO BO SG BO MI BO SC SC BO
";

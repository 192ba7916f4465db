//! The board helpers that read the same in both rulesets' tests. Each game's `support` module
//! includes this file with its own `Position`, `Piece` and `Square` in scope, so the one text
//! serves both (the two position types share these methods, not a trait).

use admiral_engine::Rules;
use admiral_engine::Side;

use super::{Piece, Position, Square};
use admiral_engine::shared::SetupPosition;

/// A position from `"e3:CR e4:bb"` (upper case South, lower case North).
pub fn pos(pieces: &str, to_move: Side) -> Position {
    let mut position = Position::empty(to_move);
    for item in pieces.split_whitespace() {
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

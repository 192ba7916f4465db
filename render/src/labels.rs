//! The texts a board picture shows around the board, in the viewer's language.

use admiral_engine::Language;

/// One player's line in a status strip.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerLabel {
    /// The name as shown ("You", "@vasya", "AI level 3").
    pub name: String,
    /// The clock text ("2d 04h", "12:30"), if the match is timed.
    pub clock: Option<String>,
}

/// The texts of a board picture, in the viewer's language.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BoardLabels {
    /// The language of unit codes on the picture.
    pub language: Language,
    /// The viewer (bottom strip).
    pub you: PlayerLabel,
    /// The opponent (top strip).
    pub opponent: PlayerLabel,
    /// Turn and status, shown in the strip of the side to move (or the bottom strip once the
    /// game is over): e.g. "Turn 37 · Your move", "Ход 37 · ваш ход", "You won".
    pub status: String,
}

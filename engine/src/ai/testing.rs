//! Squares, actions and positions from their notation, for the AI's unit tests of both games.

/// Admiral's notation.
pub(crate) mod admiral {
    use crate::admiral::action::Action;
    use crate::admiral::position::Position;
    use crate::admiral::square::{Side, Square};
    use crate::admiral::unit::Piece;
    use crate::shared::{Rules, SetupPosition};

    /// The square written `text` (`e7`).
    pub(crate) fn sq(text: &str) -> Square {
        Square::parse(text).unwrap()
    }

    /// The action written `text` (`e7xe6`, `d5-d6xd7(e6)`, `h8!`).
    pub(crate) fn act(text: &str) -> Action {
        Action::parse(text).unwrap()
    }

    /// A position with South to move and the `units` written `e7:CR f9:bb` (South's codes in
    /// upper case, North's in lower case).
    pub(crate) fn position(units: &str) -> Position {
        let mut position = Position::empty(Side::South);
        for item in units.split_whitespace() {
            let (square, token) = item.split_once(':').unwrap();
            position.put(sq(square), Piece::from_token(token).unwrap());
        }
        position
    }
}

/// Stratego's notation.
pub(crate) mod stratego {
    use crate::stratego::board::Sq;

    /// The square written `text` (`a10`).
    pub(crate) fn sq(text: &str) -> Sq {
        Sq::parse(text).unwrap()
    }
}

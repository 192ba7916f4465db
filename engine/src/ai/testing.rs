//! Squares and actions from their notation, for the AI's unit tests of both games.

/// Admiral's notation.
pub(crate) mod admiral {
    use crate::admiral::action::Action;
    use crate::admiral::square::Square;

    /// The square written `text` (`e7`).
    pub(crate) fn sq(text: &str) -> Square {
        Square::parse(text).unwrap()
    }

    /// The action written `text` (`e7xe6`, `d5-d6xd7(e6)`, `h8!`).
    pub(crate) fn act(text: &str) -> Action {
        Action::parse(text).unwrap()
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

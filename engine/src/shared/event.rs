//! What both rulesets' event streams share: the one thing a side may not see of an event, the
//! kind of an enemy piece that merely moved (attacks and losses reveal their pieces to both).

use super::side::Side;

/// One event of a ruleset's stream, as each side sees it.
pub trait SeenEvent: Copy {
    /// The ruleset's kind of piece.
    type Kind;

    /// For a move: the mover's side and the moved piece's kind (`None` where it is not known);
    /// `None` for every other event.
    fn moved_kind(&mut self) -> Option<(Side, &mut Option<Self::Kind>)>;

    /// The event as `viewer` saw it: the kind of an enemy piece that merely moved is hidden.
    fn seen_by(mut self, viewer: Side) -> Self {
        if let Some((side, kind)) = self.moved_kind() {
            if side != viewer {
                *kind = None;
            }
        }
        self
    }
}

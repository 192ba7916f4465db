//! Why a ruleset refused an action, in the shape both rulesets share.

/// Why an action was refused: `A` is how the ruleset names the action, `R` how it says why it
/// is not legal.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayError<A: std::fmt::Display, R: std::fmt::Display> {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// Not a legal action in this position, and why.
    #[error("`{action}` is not legal: {reason}")]
    Illegal {
        /// The refused action.
        action: A,
        /// The specific reason.
        reason: R,
    },
    /// The declared defence is not a legal group containing the target (a ruleset without
    /// defences never gives it).
    #[error(
        "the defence must be a connected formation of the defender's scale ships that contains the target"
    )]
    BadDefense,
}

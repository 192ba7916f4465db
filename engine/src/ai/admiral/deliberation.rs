//! What a searching level weighed before it chose: every candidate it refined, with the scores
//! that ranked and decided it. For tuning and tracing (`admiral-why`), never for play.

use crate::admiral::action::Action;

/// One legal action as the search saw it.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    /// The action.
    pub action: Action,
    /// Its score in the first pass (the one-ply ranking that picks what to refine): the mean
    /// over the first pass's worlds of the evaluation after the action and the exchange, with
    /// the level's preference for advancing, near the quiet-ply draw the draw's stakes, and a
    /// hundredth of noise against ties.
    pub first_pass: f32,
    /// How the refinement scored it; `None` for an action the first pass left out, or one the
    /// budget ran out before a world in which it was legal.
    pub refined: Option<Refinement>,
}

/// A candidate's scores over the refinement's worlds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Refinement {
    /// The score it was chosen or passed over by: the mean over the worlds of the evaluation
    /// after the action and the exchange, with the same preferences and penalties the choice adds.
    pub score: f32,
    /// The share of those worlds in which it destroys an enemy unit.
    pub destroys: f32,
    /// The worlds in which it was legal and scored.
    pub worlds: u32,
}

/// A searching level's decision with its reasons ([`super::Ai::deliberate`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Deliberation {
    /// The action chosen: what [`super::Ai::choose`] would have chosen with the same seed.
    pub chosen: Action,
    /// Worlds the refinement searched.
    pub worlds: u32,
    /// Every legal action in the first pass's order, best first (the refined ones lead);
    /// empty for levels 1–3, which do not search.
    pub candidates: Vec<Candidate>,
}

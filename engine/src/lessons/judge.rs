//! Judging a lesson's game after each turn: the goal met, a named failure, out of turns, the
//! game over without the goal, or play on.

use crate::lessons::lesson::{Lesson, Texts, LEARNER};
use crate::shared::game::{Game, Rules};
use crate::shared::grid::GridSquare;
use crate::shared::layout::{SetupKind, SetupPosition};
use crate::shared::outcome::Status;
use crate::shared::piece::PieceKind;

/// A ruleset's kind of piece.
type KindOf<P> = <P as SetupPosition>::Kind;

/// The kind a code names in the ruleset of `P`, read as its layout files read one (English or
/// Russian codes).
pub(super) fn kind_of_code<P: Rules>(code: &str) -> Option<KindOf<P>> {
    KindOf::<P>::read_code(code, KindOf::<P>::numbering(&[code]))
}

/// A square of the board of `P`.
pub(super) fn square_of<P: Rules>(text: &str) -> Option<GridSquare<<KindOf<P> as SetupKind>::Board>> {
    GridSquare::parse(text)
}

/// How a try stands after a turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The goal is not met yet and nothing has failed.
    Playing,
    /// The goal is met.
    Passed,
    /// The try failed.
    Failed(Failure),
}

/// Why a try failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The failure's key: one of the lesson's, or `turns` (out of turns) or `ended` (the game
    /// ended without the goal).
    pub key: String,
    /// Why, in the lesson's words (`None` for `turns` and `ended` unless the lesson names them:
    /// the caller has general words for those).
    pub why: Option<Texts>,
}

impl Lesson {
    /// How the try in `game` stands (judged after every turn of either side): the goal first,
    /// then the lesson's failures in order, then the game's end on the board, then the turn
    /// limit. A resignation or timeout recorded in `game` does not change the verdict.
    pub fn judge<P: Rules>(&self, game: &Game<P>) -> Verdict
    where
        P::Losses: AsRef<[u8]>,
    {
        if self.goal_met(game) {
            return Verdict::Passed;
        }
        let own_losses = game.losses(LEARNER);
        let lost = |code: &str| match code {
            "any" => own_losses.as_ref().iter().any(|&n| n > 0),
            code => kind_of_code::<P>(code).is_some_and(|kind| own_losses.as_ref()[kind.index()] > 0),
        };
        if let Some(fail) = self.fails.iter().find(|f| lost(&f.lose)) {
            return Verdict::Failed(Failure { key: fail.key.clone(), why: Some(fail.why.clone()) });
        }
        // The board's own verdict: a try that the bot ends (as a resignation) is judged as it
        // stood before.
        if Rules::outcome(game.position()).is_some() {
            return Verdict::Failed(Failure { key: "ended".into(), why: None });
        }
        // Out of turns once the learner has used them all and the opponent has answered the
        // last one (its answer may still cost the learner a piece the lesson warns about).
        if self.turns > 0 && Lesson::turns_played(game) >= self.turns && game.to_move() == LEARNER {
            return Verdict::Failed(Failure { key: "turns".into(), why: None });
        }
        Verdict::Playing
    }

    /// Whether everything the goal asks for holds in `game`.
    fn goal_met<P: Rules>(&self, game: &Game<P>) -> bool
    where
        P::Losses: AsRef<[u8]>,
    {
        let goal = &self.goal;
        let enemy_losses = game.losses(LEARNER.opponent());
        let mut wanted = vec![0u8; enemy_losses.as_ref().len()];
        for kind in goal.sink.iter().filter_map(|code| kind_of_code::<P>(code)) {
            wanted[kind.index()] += 1;
        }
        let sunk = wanted.iter().zip(enemy_losses.as_ref()).all(|(want, got)| got >= want);
        let reached = goal.reach.as_deref().and_then(square_of::<P>).is_none_or(|square| {
            let kind = game.position().kind_of(square, LEARNER);
            match goal.with.as_deref().and_then(kind_of_code::<P>) {
                Some(wanted) => kind == Some(wanted),
                None => kind.is_some(),
            }
        });
        let won = !goal.win || Status::of(Rules::outcome(game.position())) == Status::win_for(LEARNER);
        let total = |losses: P::Losses| losses.as_ref().iter().map(|&n| u32::from(n)).sum::<u32>();
        let ahead = !goal.ahead || total(enemy_losses) > total(game.losses(LEARNER));
        sunk && reached && won && ahead
    }
}

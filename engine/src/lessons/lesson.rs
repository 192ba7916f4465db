//! A lesson as read from its file, and how a try of it starts and how its opponent answers.

use crate::shared::budget::Budget;
use crate::shared::game::{Game, Rules};
use crate::shared::grid::GridSquare;
use crate::shared::language::Language;
use crate::shared::record::Record;
use crate::shared::ruleset::Ruleset;
use crate::shared::side::Side;

/// The learner's side in every lesson (South moves first).
pub const LEARNER: Side = Side::South;

/// A text in both of the project's languages.
#[derive(Clone, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Texts {
    /// English.
    pub en: String,
    /// Russian.
    pub ru: String,
}

impl Texts {
    /// The text in `language`.
    pub fn get(&self, language: Language) -> &str {
        language.pick(&self.en, &self.ru)
    }
}

/// What the learner must bring about, all of it, within the lesson's turns.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Goal {
    /// Enemy pieces to destroy, by English code (a code twice: two of that kind).
    pub sink: Vec<String>,
    /// A square one of the learner's pieces must stand on.
    pub reach: Option<String>,
    /// With `reach`: the kind of piece that must stand there (any of the learner's otherwise).
    pub with: Option<String>,
    /// The learner must win the game.
    pub win: bool,
    /// The learner must have destroyed more enemy pieces than they lost.
    pub ahead: bool,
}

/// When a try has failed, besides running out of turns and the game ending without the goal.
#[derive(Clone, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FailWhen {
    /// The failure's name (tests and the record of a try refer to it).
    pub key: String,
    /// The learner lost a piece of this kind (English code), or any piece (`any`).
    pub lose: String,
    /// Why the try failed, in a sentence or two.
    pub why: Texts,
}

/// One lesson, as read from its file (the id and the game come from the file's path).
#[derive(Clone, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lesson {
    /// `<ruleset>/<file stem>`, e.g. `admiral/01-moving`: stable, stored with a player's
    /// progress.
    #[serde(skip)]
    pub id: String,
    /// The game it is played in.
    #[serde(skip)]
    pub ruleset: Ruleset,
    /// The lesson's name.
    pub title: Texts,
    /// What to do and what to look at, shown when the lesson starts.
    pub brief: Texts,
    /// Offered after a failed try.
    pub hint: Texts,
    /// Said when the goal is met.
    pub success: Texts,
    /// The position text (South the learner, upper case; North lower case); empty in a lesson
    /// that is a whole match.
    #[serde(default)]
    pub position: String,
    /// A lesson that is a whole match (`[match]` in the file): setting up a fleet, then playing
    /// the AI of a level to the end, the goal a win.
    #[serde(rename = "match", default)]
    pub whole_match: Option<WholeMatch>,
    /// Enemy markers whose identity the learner knows from the start (their squares), shown
    /// on the board as a battle would have left them.
    #[serde(default)]
    pub known: Vec<String>,
    /// The learner's turns to reach the goal (0: no limit, in a whole match).
    #[serde(default)]
    pub turns: u32,
    /// The goal.
    pub goal: Goal,
    /// Failures the lesson names, checked after every turn (`[[fail]]` in the file).
    #[serde(rename = "fail", default)]
    pub fails: Vec<FailWhen>,
    /// The opponent's scripted actions, one per turn of theirs; a missing or illegal one is
    /// chosen by the level-1 AI instead.
    #[serde(default)]
    pub replies: Vec<String>,
    /// What the tests play.
    pub check: Check,
}

/// A lesson that is a whole match against the AI.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WholeMatch {
    /// The AI's level (1–5).
    pub level: u8,
}

/// What the tests play to show that a lesson works: its intended solution, and a typical
/// mistake with the failure it must meet.
#[derive(Clone, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Check {
    /// The learner's actions that meet the goal.
    #[serde(default)]
    pub solution: Vec<String>,
    /// A typical wrong try.
    #[serde(default)]
    pub mistake: Vec<String>,
    /// In a whole match, the solution is played by the engine's AI of this level from the
    /// learner's seat, seeded (a whole match cannot be written out move by move).
    #[serde(default)]
    pub solution_player: Option<u8>,
    /// In a whole match, the mistake is played by the AI of this level (0: random legal moves).
    #[serde(default)]
    pub mistake_player: Option<u8>,
    /// The key of the failure `mistake` meets: one of the lesson's, or `turns` or `ended`.
    pub fails: String,
    /// When the opponent attacks and the learner declares a defence (Admiral): the squares of
    /// the group the solution defends with, the target's included; none given: the strongest
    /// group.
    #[serde(default)]
    pub solution_defence: Option<Vec<String>>,
    /// The same for the mistake.
    #[serde(default)]
    pub mistake_defence: Option<Vec<String>>,
}

impl Lesson {
    /// A new game at the lesson's start (intel on: the lesson teaches reading markers, and
    /// what a battle revealed stays marked).
    pub fn start<P: Rules>(&self) -> Result<Game<P>, LessonFileError> {
        let position = P::from_text(&self.position, LEARNER)
            .map_err(|e| LessonFileError::new(&self.id, format!("position: {e}")))?;
        let mut game = Game::from_position(position, true);
        self.tell_known(&mut game)?;
        Ok(game)
    }

    /// A try of the lesson rebuilt from its record, with what the learner knew at its start.
    pub fn replay<P: Rules>(
        &self,
        record: &Record<P::Turn, P::EndReason>,
    ) -> Result<Game<P>, LessonFileError> {
        let mut told = Ok(());
        let game = Game::replay_prepared(record, |game| told = self.tell_known(game), |_, _| {})
            .map_err(|e| LessonFileError::new(&self.id, format!("record: {e}")))?;
        told.map(|()| game)
    }

    /// Tells the learner the identities of the lesson's known markers.
    fn tell_known<P: Rules>(&self, game: &mut Game<P>) -> Result<(), LessonFileError> {
        for text in &self.known {
            let square = GridSquare::parse(text).filter(|&square| game.reveal(LEARNER, square));
            square.ok_or_else(|| {
                LessonFileError::new(&self.id, format!("known: no enemy piece on `{text}`"))
            })?;
        }
        Ok(())
    }

    /// The learner's turns played so far in `game` (the learner moves first).
    pub fn turns_played<P: Rules>(game: &Game<P>) -> u32 {
        game.ply().div_ceil(2)
    }

    /// The opponent's action in `game` (its turn): the scripted one for this turn if it is
    /// legal, else the level-1 AI's choice, seeded. `None` if it has no legal action.
    pub fn reply<P: Rules>(&self, game: &Game<P>, seed: u64) -> Option<P::Action> {
        let legal = game.legal_actions();
        let turn = (game.ply() / 2) as usize;
        let scripted = self.replies.get(turn).and_then(|text| P::parse_action(text).ok());
        match scripted {
            Some(action) if legal.contains(&action) => Some(action),
            _ if legal.is_empty() => None,
            _ => {
                let view = game.view(LEARNER.opponent());
                Some(P::ai_action(1, seed, Budget::for_level(1), &view, &legal))
            }
        }
    }
}

/// What is wrong with a lesson file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("lesson {id}: {problem}")]
pub struct LessonFileError {
    /// The lesson's id.
    pub id: String,
    /// What is wrong.
    pub problem: String,
}

impl LessonFileError {
    pub(super) fn new(id: &str, problem: impl Into<String>) -> LessonFileError {
        LessonFileError { id: id.to_string(), problem: problem.into() }
    }
}

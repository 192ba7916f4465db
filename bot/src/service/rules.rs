//! The ruleset seam of the service: each ruleset's game, layout and moves behind one small
//! interface, so that the match machinery (records, clocks, timers, notices, AI turns) is
//! written once. Only this module (and the Admiral-only defence declarations and career) knows
//! which ruleset a match follows; everything else calls these methods.
//!
//! - [`MatchLayout`]: a seat's setup (parse, grid text, auto placement, completion, checks).
//! - [`MatchGame`]: the game (start, replay from the record rows, play a move, the notices
//!   that show it, the AI's choice, the end).
//! - [`Move`]: a planned move, with Admiral's defence choice.

use std::time::Duration;

use admiral_engine::lessons::{self, Lesson, Verdict};
use admiral_engine::stratego;
use admiral_engine::Rules;
use admiral_engine::{Defense, EndReason, Game, Language, Layout, Outcome, Record, Ruleset, Side, Turn};

use super::encoding::{corrupt, json};
use crate::ai::AiPlayer;
use crate::autoplace;
use crate::error::{IllegalMove, LayoutProblems, NotationError, Result, ServiceError};
use crate::model::MatchSettings;
pub use crate::model::{outcome_of, PlayerView};
use crate::notify::Notice;
use crate::store::events::MatchEvent;
use serde::de::DeserializeOwned;

/// Rebuilds a game from its record; a lesson's try with what its learner knew at the start.
fn rebuild<P: Rules>(
    record: &admiral_engine::shared::Record<P::Turn, P::EndReason>,
    lesson: Option<&Lesson>,
) -> Result<admiral_engine::shared::Game<P>> {
    match lesson {
        Some(lesson) => lesson.replay(record).map_err(|e| corrupt(e.to_string())),
        None => admiral_engine::shared::Game::replay(record).map_err(corrupt),
    }
}

/// The ruleset named in a match's settings.
pub fn ruleset_of(settings: &MatchSettings) -> Result<Ruleset> {
    settings.ruleset_kind()
}

/// Folds a match's events into a record of type `R` (either ruleset's): `start` makes it from
/// the start's JSON, `turn` and `end` add each turn and the ending. `None` before the start.
pub(super) fn fold_record<R, S, T, E>(
    events: &[MatchEvent],
    start: impl Fn(S) -> R,
    turn: impl Fn(&mut R, T),
    end: impl Fn(&mut R, E),
) -> Result<Option<R>>
where
    S: DeserializeOwned,
    T: DeserializeOwned,
    E: DeserializeOwned,
{
    let mut record: Option<R> = None;
    for event in events {
        match event {
            MatchEvent::Started { start: json } => {
                record = Some(start(serde_json::from_str(json).map_err(corrupt)?));
            }
            MatchEvent::Turn { turn: json, .. } => {
                let played = serde_json::from_str(json).map_err(corrupt)?;
                turn(record.as_mut().ok_or_else(|| corrupt("turn before start"))?, played);
            }
            MatchEvent::Ended { ending: json, .. } => {
                let ending = serde_json::from_str(json).map_err(corrupt)?;
                end(record.as_mut().ok_or_else(|| corrupt("end before start"))?, ending);
            }
        }
    }
    Ok(record)
}

/// A seat's (possibly partial) setup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchLayout {
    /// Admiral: 5 × 14.
    Admiral(Layout),
    /// Stratego: 4 × 10.
    Stratego(stratego::Layout),
}

impl MatchLayout {
    /// Nothing placed.
    pub fn empty(ruleset: Ruleset) -> MatchLayout {
        match ruleset {
            Ruleset::Admiral => MatchLayout::Admiral(Layout::empty()),
            Ruleset::Stratego => MatchLayout::Stratego(stratego::Layout::empty()),
        }
    }

    /// Reads a layout file or stored grid (partial allowed); a bad file lists its problems.
    pub fn parse_partial(ruleset: Ruleset, text: &str) -> Result<MatchLayout> {
        Ok(match ruleset {
            Ruleset::Admiral => {
                MatchLayout::Admiral(Layout::parse_partial(text).map_err(LayoutProblems::Admiral)?)
            }
            Ruleset::Stratego => MatchLayout::Stratego(
                stratego::Layout::parse_partial(text).map_err(LayoutProblems::Stratego)?,
            ),
        })
    }

    /// Reads a layout file of either ruleset (saved layouts): Admiral's first, then
    /// Stratego's; a file that is neither gets Admiral's list of problems.
    pub fn parse_any(text: &str) -> Result<MatchLayout> {
        match Layout::parse_partial(text) {
            Ok(l) => Ok(MatchLayout::Admiral(l)),
            Err(admiral_errors) => match stratego::Layout::parse_partial(text) {
                Ok(l) => Ok(MatchLayout::Stratego(l)),
                Err(_) => Err(LayoutProblems::Admiral(admiral_errors).into()),
            },
        }
    }

    /// The stored form.
    pub fn grid_text(&self) -> String {
        match self {
            MatchLayout::Admiral(l) => l.grid_text(Language::En),
            MatchLayout::Stratego(l) => l.grid_text(Language::En),
        }
    }

    /// The downloadable file with its explanatory header.
    pub fn to_text(&self, language: Language) -> String {
        match self {
            MatchLayout::Admiral(l) => l.to_text(language),
            MatchLayout::Stratego(l) => l.to_text(language),
        }
    }

    /// A fresh automatic layout.
    pub fn auto(ruleset: Ruleset, seed: u64) -> MatchLayout {
        match ruleset {
            Ruleset::Admiral => MatchLayout::Admiral(autoplace::auto_layout(seed)),
            Ruleset::Stratego => {
                MatchLayout::Stratego(stratego::auto_layout(seed, admiral_engine::Style::Balanced))
            }
        }
    }

    /// The AI's layout at `level`.
    pub fn for_ai(ruleset: Ruleset, level: u8, seed: u64) -> MatchLayout {
        match ruleset {
            Ruleset::Admiral => MatchLayout::Admiral(autoplace::ai_layout(level, seed)),
            Ruleset::Stratego => MatchLayout::Stratego(stratego::ai::Ai::layout(level, seed)),
        }
    }

    /// Completes the unplaced pieces around the placed ones.
    pub fn completed(&self, seed: u64) -> MatchLayout {
        match self {
            MatchLayout::Admiral(l) => MatchLayout::Admiral(autoplace::complete_layout(l, seed)),
            MatchLayout::Stratego(l) => MatchLayout::Stratego(
                stratego::complete_layout(l, seed, admiral_engine::Style::Balanced)
                    .unwrap_or_else(|_| stratego::auto_layout(seed, admiral_engine::Style::Balanced)),
            ),
        }
    }

    /// Refuses an incomplete or illegal layout (for Ready).
    pub fn check_complete(&self) -> Result<()> {
        match self {
            MatchLayout::Admiral(l) => l.validate().map_err(ServiceError::LayoutIncomplete),
            MatchLayout::Stratego(l) => Ok(l.validate().map_err(LayoutProblems::Stratego)?),
        }
    }

    /// The Admiral layout (swaps of zone squares are an Admiral setup tool).
    pub fn admiral(&self) -> Result<&Layout> {
        match self {
            MatchLayout::Admiral(l) => Ok(l),
            MatchLayout::Stratego(_) => Err(ServiceError::OtherRuleset),
        }
    }
}

/// A planned move, ready to apply.
#[derive(Clone, Debug)]
pub enum Move {
    /// An Admiral action with the defence that answers it.
    Admiral(admiral_engine::Action, Defense),
    /// A Stratego action.
    Stratego(stratego::Action),
}

/// What applying a move did, as the service needs it.
pub struct Played {
    /// It involved an attack (the mover is shown the result too).
    pub combat: bool,
}

/// What a move did, with the mover's view of the board after it.
#[derive(Clone, Debug)]
pub struct MoveAnswer {
    /// The service's result of the move.
    pub result: crate::model::ActResult,
    /// The mover's view after the move.
    pub view: PlayerView,
}

/// A match's game.
#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)] // one per loaded match; boxing would only add a hop
pub enum MatchGame {
    /// Admiral.
    Admiral(Game),
    /// Classic Stratego.
    Stratego(stratego::Game),
}

impl MatchGame {
    /// Starts a game from both seats' complete layouts.
    pub fn start(layouts: [&MatchLayout; 2], intel: bool) -> Result<MatchGame> {
        match layouts {
            [MatchLayout::Admiral(s), MatchLayout::Admiral(n)] => Game::new(s, n, intel)
                .map(MatchGame::Admiral)
                .map_err(|e| corrupt(format!("layouts rejected: {e}"))),
            [MatchLayout::Stratego(s), MatchLayout::Stratego(n)] => stratego::Game::new(s, n, intel)
                .map(MatchGame::Stratego)
                .map_err(|e| corrupt(format!("layouts rejected: {e}"))),
            _ => Err(corrupt("layouts of two rulesets")),
        }
    }

    /// Rebuilds the game from the match's events (`None` before it started).
    pub fn replay(settings: &MatchSettings, events: &[MatchEvent]) -> Result<Option<MatchGame>> {
        let lesson = settings.lesson.as_deref().and_then(|id| lessons::catalogue().ok()?.get(id));
        match ruleset_of(settings)? {
            Ruleset::Admiral => super::record_from_events(settings, events)?
                .map(|r| rebuild(&r, lesson).map(MatchGame::Admiral))
                .transpose(),
            Ruleset::Stratego => {
                let record = fold_record(
                    events,
                    |start| {
                        stratego::Record::started(
                            settings.rules,
                            Ruleset::Stratego.name(),
                            settings.intel,
                            start,
                        )
                    },
                    |record, action| record.turns.push(action),
                    |record, ending| record.ending = Some(ending),
                )?;
                record.map(|r| rebuild(&r, lesson).map(MatchGame::Stratego)).transpose()
            }
        }
    }

    /// The ruleset.
    pub fn ruleset(&self) -> Ruleset {
        match self {
            MatchGame::Admiral(_) => Ruleset::Admiral,
            MatchGame::Stratego(_) => Ruleset::Stratego,
        }
    }

    /// The Admiral game (defence declarations, careers and the Admiral queries need it).
    pub fn admiral(&self) -> Result<&Game> {
        match self {
            MatchGame::Admiral(g) => Ok(g),
            MatchGame::Stratego(_) => Err(ServiceError::OtherRuleset),
        }
    }

    /// The Stratego game.
    pub fn stratego(&self) -> Result<&stratego::Game> {
        match self {
            MatchGame::Stratego(g) => Ok(g),
            MatchGame::Admiral(_) => Err(ServiceError::OtherRuleset),
        }
    }

    /// The side to move.
    pub fn to_move(&self) -> Side {
        match self {
            MatchGame::Admiral(g) => g.to_move(),
            MatchGame::Stratego(g) => g.to_move(),
        }
    }

    /// Plies played.
    pub fn ply(&self) -> u32 {
        match self {
            MatchGame::Admiral(g) => g.ply(),
            MatchGame::Stratego(g) => g.ply(),
        }
    }

    /// The result, once over.
    pub fn outcome(&self) -> Option<Outcome> {
        match self {
            MatchGame::Admiral(g) => g.outcome(),
            MatchGame::Stratego(g) => g.outcome().map(outcome_of),
        }
    }

    /// The legal moves of the side to move, in notation.
    pub fn legal_notations(&self) -> Vec<String> {
        match self {
            MatchGame::Admiral(g) => g.legal_actions().iter().map(|a| a.to_string()).collect(),
            MatchGame::Stratego(g) => g.legal_actions().iter().map(|a| a.to_string()).collect(),
        }
    }

    /// The record's start, as stored in the `started` event.
    pub fn start_json(&self) -> String {
        match self {
            MatchGame::Admiral(g) => json(&g.record().start),
            MatchGame::Stratego(g) => json(&g.record().start),
        }
    }

    /// The last turn, as stored in a `turn` event.
    pub fn last_turn_json(&self) -> Result<String> {
        match self {
            MatchGame::Admiral(g) => {
                let turn: &Turn = g.record().turns.last().ok_or_else(|| corrupt("no turn played"))?;
                Ok(json(turn))
            }
            MatchGame::Stratego(g) => {
                Ok(json(g.record().turns.last().ok_or_else(|| corrupt("no turn played"))?))
            }
        }
    }

    /// How a player ended it (resignation, time), as stored in the `ended` event.
    pub fn ending_json(&self) -> Option<(Side, String)> {
        match self {
            MatchGame::Admiral(g) => g.record().ending.map(|e| (e.side, json(&e))),
            MatchGame::Stratego(g) => g.record().ending.map(|e| (e.side, json(&e))),
        }
    }

    /// The Admiral record (Stratego records are read with [`MatchGame::record_json`]).
    pub fn admiral_record(&self) -> Option<Record> {
        self.admiral().ok().map(|g| g.record().clone())
    }

    /// The full record as JSON (either ruleset; the engine's record format).
    pub fn record_json(&self) -> String {
        match self {
            MatchGame::Admiral(g) => json(g.record()),
            MatchGame::Stratego(g) => json(g.record()),
        }
    }

    /// Reads a move for the side to move: the checks that refuse it change nothing.
    /// Admiral moves are planned by the caller (defence declarations).
    pub fn parse_stratego(&self, notation: &str) -> Result<Move> {
        let g = self.stratego()?;
        let action = stratego::Action::parse(notation).map_err(NotationError::Stratego)?;
        // Dry run on a copy: the engine's own reason, in the mover's knowledge.
        let mut probe = g.clone();
        probe.play(&action).map_err(IllegalMove::Stratego)?;
        Ok(Move::Stratego(action))
    }

    /// Applies a planned move.
    pub fn apply(&mut self, mv: &Move) -> Result<Played> {
        match (self, mv) {
            (MatchGame::Admiral(g), Move::Admiral(action, defense)) => {
                let events = g.play(action, *defense).map_err(IllegalMove::Admiral)?;
                Ok(Played { combat: events.iter().any(admiral_engine::Event::is_combat) })
            }
            (MatchGame::Stratego(g), Move::Stratego(action)) => {
                let events = g.play(action).map_err(IllegalMove::Stratego)?;
                Ok(Played { combat: events.iter().any(|e| matches!(e, stratego::Event::Attacked { .. })) })
            }
            _ => Err(ServiceError::OtherRuleset),
        }
    }

    /// Ends the game because `side` resigned or ran out of time.
    pub fn end_by(&mut self, side: Side, reason: EndReason) -> Option<Outcome> {
        match self {
            MatchGame::Admiral(g) => g.end_by(side, reason),
            MatchGame::Stratego(g) => {
                let reason = match reason {
                    EndReason::Timeout => stratego::EndReason::Timeout,
                    _ => stratego::EndReason::Resignation,
                };
                g.end_by(side, reason).map(outcome_of)
            }
        }
    }

    /// The board as `side` sees it.
    pub fn player_view(&self, side: Side) -> PlayerView {
        match self {
            MatchGame::Admiral(g) => PlayerView::Admiral(g.view(side)),
            MatchGame::Stratego(g) => PlayerView::Stratego(g.view(side)),
        }
    }

    /// `side`'s board as a notice: "your turn" when it is theirs (with `deadline`, the move
    /// buttons), else what the last move did.
    pub fn board_notice(&self, side: Side, deadline: Option<i64>) -> Notice {
        Notice::Board { view: Box::new(self.player_view(side)), deadline }
    }

    /// How long the AI's answer is held back at least (see [`AiPlayer::admiral_answer_floor`]).
    /// Stratego's searches finish in a fraction of a second, as they always did.
    pub fn ai_answer_floor(&self, ai: &AiPlayer) -> Duration {
        match self {
            MatchGame::Admiral(_) => ai.admiral_answer_floor(),
            MatchGame::Stratego(_) => Duration::ZERO,
        }
    }

    /// A try of `lesson` at its start.
    pub fn from_lesson(lesson: &Lesson) -> Result<MatchGame> {
        let broken = |e: admiral_engine::lessons::LessonFileError| corrupt(e.to_string());
        match lesson.ruleset {
            Ruleset::Admiral => lesson.start().map(MatchGame::Admiral).map_err(broken),
            Ruleset::Stratego => lesson.start().map(MatchGame::Stratego).map_err(broken),
        }
    }

    /// How a try of `lesson` stands (see [`Lesson::judge`]).
    pub fn lesson_verdict(&self, lesson: &Lesson) -> Verdict {
        match self {
            MatchGame::Admiral(g) => lesson.judge(g),
            MatchGame::Stratego(g) => lesson.judge(g),
        }
    }

    /// The lesson opponent's action for the side to move: its script, else the level-1 AI.
    pub fn lesson_reply(&self, lesson: &Lesson, seed: u64) -> Option<String> {
        match self {
            MatchGame::Admiral(g) => lesson.reply(g, seed).map(|a| a.to_string()),
            MatchGame::Stratego(g) => lesson.reply(g, seed).map(|a| a.to_string()),
        }
    }

    /// The AI's choice for the side to move (blocking: run it off the async runtime).
    pub fn ai_choice(&self, ai: &AiPlayer, seed: u64) -> Option<String> {
        match self {
            MatchGame::Admiral(g) => ai.choose(g, g.to_move(), seed).map(|a| a.to_string()),
            MatchGame::Stratego(g) => {
                let legal = g.legal_actions();
                if legal.is_empty() {
                    return None;
                }
                let mut engine =
                    stratego::ai::Ai::new(ai.level, AiPlayer::decision_seed(seed, g.ply()), ai.budget);
                Some(engine.choose(&g.view_remembering(g.to_move()), &legal).to_string())
            }
        }
    }
}

//! Guided lessons: small positions on the real board, each with a goal for the learner, a
//! scripted (or level-1 AI) opponent and words in English and Russian for what to do, why a try
//! failed and a hint.
//!
//! Lessons are data, one TOML file each under `engine/lessons/<ruleset>/`, embedded at build
//! time in file-name order (so `01-…`, `02-…` is the path's order). A lesson is played as a
//! normal [`Game`] from its position, the learner as South (moving first) and with the real
//! fog: nothing here shows the learner more than a match would. [`Lesson::judge`] says after
//! every turn whether the goal is met, a failure has happened, or play goes on; the judgement
//! may read the true position (like a referee), but its words are the lesson's fixed texts.

mod catalogue;
mod file;
mod judge;
mod lesson;

pub use catalogue::{catalogue, Lessons, ADMIRAL_LESSONS, STRATEGO_LESSONS};
pub use judge::{Failure, Verdict};
pub use lesson::{Check, FailWhen, Goal, Lesson, LessonFileError, Texts, WholeMatch, LEARNER};

//! The lessons built into the program: every file of `engine/lessons/<ruleset>/`, read and
//! checked once, in path order.

use std::collections::HashMap;

use crate::lessons::file;
use crate::lessons::lesson::{Lesson, LessonFileError};
use crate::shared::ruleset::Ruleset;

/// The lessons of both games, in path order.
#[derive(Clone, Debug)]
pub struct Lessons {
    all: Vec<Lesson>,
    by_id: HashMap<String, usize>,
}

// The number of lessons on each path (constants, for what is measured against the paths).
include!(concat!(env!("OUT_DIR"), "/lesson_counts.rs"));

/// The lesson files built into the program: `(id, text)` in path order.
const FILES: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/lesson_files.rs"));

/// The lessons built into the program, read once ([`Lessons::built_in`]); an error names the
/// broken file (the engine's tests read every file, so a release never has one).
pub fn catalogue() -> Result<&'static Lessons, &'static LessonFileError> {
    static CATALOGUE: std::sync::LazyLock<Result<Lessons, LessonFileError>> =
        std::sync::LazyLock::new(Lessons::built_in);
    CATALOGUE.as_ref()
}

impl Lessons {
    /// Reads the lessons built into the program, checking each against its ruleset (position,
    /// codes, squares, and that the scripted actions are written in its notation).
    pub fn built_in() -> Result<Lessons, LessonFileError> {
        Lessons::read(FILES.iter().copied())
    }

    /// Reads lessons from `(id, text)` pairs, in the order given.
    pub fn read<'a>(files: impl IntoIterator<Item = (&'a str, &'a str)>) -> Result<Lessons, LessonFileError> {
        let all = files.into_iter().map(|(id, text)| file::read(id, text)).collect::<Result<Vec<_>, _>>()?;
        let by_id = all.iter().enumerate().map(|(i, l)| (l.id.clone(), i)).collect();
        Ok(Lessons { all, by_id })
    }

    /// Every lesson of both games.
    pub fn all(&self) -> &[Lesson] {
        &self.all
    }

    /// The path of one game's lessons, in order.
    pub fn path(&self, ruleset: Ruleset) -> impl Iterator<Item = &Lesson> + '_ {
        self.all.iter().filter(move |l| l.ruleset == ruleset)
    }

    /// A lesson by its id.
    pub fn get(&self, id: &str) -> Option<&Lesson> {
        self.by_id.get(id).map(|&i| &self.all[i])
    }

    /// The lesson's place on its game's path: (1-based number, number of lessons).
    pub fn place(&self, id: &str) -> Option<(u32, u32)> {
        let lesson = self.get(id)?;
        let index = self.path(lesson.ruleset).position(|l| l.id == id)?;
        Some((index as u32 + 1, self.path(lesson.ruleset).count() as u32))
    }

    /// The lesson after `id` on its game's path (`None` after the last).
    pub fn next_after(&self, id: &str) -> Option<&Lesson> {
        let lesson = self.get(id)?;
        self.path(lesson.ruleset).skip_while(|l| l.id != id).nth(1)
    }
}

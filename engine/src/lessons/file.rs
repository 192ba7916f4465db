//! Reading a lesson file: TOML into a [`Lesson`], checked against its ruleset so that a broken
//! lesson is refused when the program starts, not when a learner meets it.

use crate::lessons::judge::{kind_of_code, square_of};
use crate::lessons::lesson::{Goal, Lesson, LessonFileError};
use crate::shared::game::Rules;
use crate::shared::ruleset::Ruleset;

/// Reads and checks the lesson `id` (`<ruleset>/<name>`) from its file's text.
pub(super) fn read(id: &str, text: &str) -> Result<Lesson, LessonFileError> {
    let error = |problem: String| LessonFileError::new(id, problem);
    let ruleset = id
        .split_once('/')
        .and_then(|(folder, _)| Ruleset::from_name(folder))
        .ok_or_else(|| error("the file is not in a ruleset's folder".into()))?;
    let mut lesson: Lesson = toml::from_str(text).map_err(|e| error(e.to_string()))?;
    lesson.id = id.to_string();
    lesson.ruleset = ruleset;
    match ruleset {
        Ruleset::Admiral => check::<crate::Position>(&lesson),
        Ruleset::Stratego => check::<crate::stratego::Position>(&lesson),
    }
    .map_err(error)?;
    Ok(lesson)
}

/// Checks what can be checked without playing: the position, every code, square and action,
/// the texts, and that the goal asks for something.
fn check<P: Rules>(lesson: &Lesson) -> Result<(), String> {
    if let Some(whole) = lesson.whole_match {
        return check_whole_match(lesson, whole.level);
    }
    lesson.start::<P>().map_err(|e| e.problem)?;
    let goal = &lesson.goal;
    if goal.sink.is_empty() && goal.reach.is_none() && !goal.win && !goal.ahead {
        return Err("the goal asks for nothing".into());
    }
    if lesson.turns == 0 {
        return Err("a lesson gives at least one turn".into());
    }
    for code in goal.sink.iter().chain(&goal.with) {
        kind_of_code::<P>(code).ok_or_else(|| format!("`{code}` is not a piece code"))?;
    }
    if let Some(square) = &goal.reach {
        square_of::<P>(square).ok_or_else(|| format!("`{square}` is not a square"))?;
    }
    for fail in &lesson.fails {
        if fail.lose != "any" && kind_of_code::<P>(&fail.lose).is_none() {
            return Err(format!("failure {}: `{}` is not a piece code or `any`", fail.key, fail.lose));
        }
        if ["turns", "ended"].contains(&fail.key.as_str()) {
            return Err(format!("failure key `{}` is reserved", fail.key));
        }
    }
    let check = &lesson.check;
    if check.solution.is_empty() || check.mistake.is_empty() {
        return Err("the check plays a solution and a mistake".into());
    }
    let known = lesson.fails.iter().any(|f| f.key == check.fails);
    if !known && !["turns", "ended"].contains(&check.fails.as_str()) {
        return Err(format!("check.fails names no failure: `{}`", check.fails));
    }
    let defences = check.solution_defence.iter().chain(&check.mistake_defence).flatten();
    if let Some(bad) = defences.clone().find(|square| square_of::<P>(square).is_none()) {
        return Err(format!("defence: `{bad}` is not a square"));
    }
    for action in lesson.replies.iter().chain(&check.solution).chain(&check.mistake) {
        P::parse_action(action).map_err(|e| format!("`{action}`: {e}"))?;
    }
    check_texts(lesson)
}

/// A whole match: no position, no script, no turn limit; the goal a win; the tests' players
/// named.
fn check_whole_match(lesson: &Lesson, level: u8) -> Result<(), String> {
    if !(1..=5).contains(&level) {
        return Err(format!("match: level {level} is not 1 to 5"));
    }
    let quiet = lesson.position.is_empty() && lesson.known.is_empty() && lesson.replies.is_empty();
    if !quiet || lesson.turns != 0 || !lesson.fails.is_empty() {
        return Err("a whole match has no position, known markers, replies, turns or failures".into());
    }
    if lesson.goal != (Goal { win: true, ..Goal::default() }) {
        return Err("a whole match's goal is a win".into());
    }
    let check = &lesson.check;
    if check.solution_player.is_none() || check.mistake_player.is_none() || check.fails != "ended" {
        return Err("a whole match's check names its players and fails with `ended`".into());
    }
    check_texts(lesson)
}

/// Every text in English and Russian.
fn check_texts(lesson: &Lesson) -> Result<(), String> {
    let texts = [&lesson.title, &lesson.brief, &lesson.hint, &lesson.success]
        .into_iter()
        .chain(lesson.fails.iter().map(|f| &f.why));
    let cyrillic = |s: &str| s.chars().any(|c| ('\u{0400}'..='\u{04FF}').contains(&c));
    for text in texts {
        if text.en.trim().is_empty() || text.ru.trim().is_empty() {
            return Err("every text is given in English and Russian".into());
        }
        // A text left untranslated, or the two swapped, is caught here.
        if !cyrillic(&text.ru) || cyrillic(&text.en) {
            return Err(format!(
                "`{}` / `{}`: the Russian text is in Russian, the English one in English",
                text.en, text.ru
            ));
        }
    }
    Ok(())
}

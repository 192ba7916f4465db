//! `/admiral learn` and the lesson buttons: each opens a lesson through the service and says
//! where it went (the lesson itself comes by DM: its brief, then the board).

use admiral_engine::lessons;
use admiral_engine::Ruleset;

use crate::discord::autocomplete::{Choice, MAX_CHOICES};
use crate::discord::challenge::handler::{ai_with_ruleset, Clock};
use crate::discord::i18n::tr;
use crate::discord::learn::view::find;
use crate::discord::refusal::Handled;
use crate::discord::ui::Reply;
use crate::discord::{App, Who};
use crate::ids::MatchId;
use crate::service::LessonOpened;

/// `/admiral learn`: the player's place on the path of `ruleset`'s lessons (Admiral's by
/// default), or the `lesson` they picked from the list (passed ones too).
pub async fn learn(app: &App, who: &Who, ruleset: Option<Ruleset>, lesson: Option<&str>) -> Handled {
    let opened = match lesson.map(str::trim).filter(|l| !l.is_empty()) {
        Some(id) => app.service.open_lesson(who.user, id, who.origin).await?,
        None => app.service.learn(who.user, ruleset, who.origin).await?,
    };
    Ok(opened_reply(&opened, who))
}

/// The lessons for the `lesson` option's list, in path order, whose label contains what was
/// typed: "✓ Admiral 3/10 · Formations and their strengths" (✓: passed).
pub async fn lesson_choices(app: &App, who: &Who, typed: &str) -> Vec<Choice> {
    let l = who.lang;
    let Ok(catalogue) = lessons::catalogue() else { return Vec::new() };
    let passed = app.service.passed_lessons(who.user).await.unwrap_or_default();
    let typed = typed.trim().to_lowercase();
    catalogue
        .all()
        .iter()
        .filter_map(|lesson| {
            let (number, count) = catalogue.place(&lesson.id)?;
            let game = match lesson.ruleset {
                Ruleset::Admiral => tr!(l, "game-admiral"),
                Ruleset::Stratego => tr!(l, "game-stratego"),
            };
            let mark = if passed.contains(&lesson.id) { "✓ " } else { "" };
            let label = format!("{mark}{game} {number}/{count} · {}", lesson.title.get(l));
            label.to_lowercase().contains(&typed).then(|| (label, lesson.id.clone()))
        })
        .take(MAX_CHOICES)
        .collect()
}

/// Which lesson button was pressed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LessonButton {
    /// The next lesson, after a pass.
    Next,
    /// Another try of the same lesson.
    Retry,
    /// On to the next lesson without passing this one.
    Skip,
}

/// A lesson button under the end of the try in match `from`.
pub async fn button(app: &App, who: &Who, from: MatchId, which: LessonButton) -> Handled {
    let service = &app.service;
    let opened = match which {
        LessonButton::Next => service.next_lesson(who.user, from, who.origin).await?,
        LessonButton::Retry => service.retry_lesson(who.user, from, who.origin).await?,
        LessonButton::Skip => service.skip_lesson(who.user, from, who.origin).await?,
    };
    Ok(opened_reply(&opened, who))
}

/// The button after the last lesson: a first real match against the AI of level 1, in the
/// game of the lesson's try `from` (its setup DM teaches the rest: auto-placement, a layout
/// file, Ready).
pub async fn first_match(app: &App, who: &Who, from: MatchId) -> Handled {
    let lesson = app.service.lesson_of(who.user, from).await?;
    ai_with_ruleset(app, who, 1, Clock::default(), Some(lesson.ruleset.name())).await
}

/// Where the lesson went: to the DMs (a new try or the one under way), or the path is done.
fn opened_reply(opened: &LessonOpened, who: &Who) -> Reply {
    let l = who.lang;
    let named =
        |id: &str| find(id).map(|(lesson, number, count)| (lesson.title.get(l).to_string(), number, count));
    match opened {
        LessonOpened::Started { lesson, .. } | LessonOpened::Resumed { lesson, .. } => {
            let key = if matches!(opened, LessonOpened::Started { .. }) {
                "learn-started"
            } else {
                "learn-resumed"
            };
            let (title, number, count) = named(lesson).unwrap_or_default();
            Reply::private(tr!(l, key, number = number, count = count, title = title))
        }
        LessonOpened::PathDone { ruleset: Ruleset::Admiral } => Reply::private(tr!(l, "learn-path-done")),
        LessonOpened::PathDone { ruleset: Ruleset::Stratego } => {
            Reply::private(tr!(l, "learn-stratego-path-done"))
        }
    }
}

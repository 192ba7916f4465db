//! What a lesson shows: its brief when a try opens, and the verdict when it ends (why a try
//! failed, with a hint; or the lesson's closing words), with the buttons to go on.

use admiral_engine::lessons::{self, Lesson};
use admiral_engine::Language;

use crate::discord::cid::Cid;
use crate::discord::i18n::tr;
use crate::discord::play::view::board_pic;
use crate::discord::ui::{Comp, Reply, Style};
use crate::ids::MatchId;
use crate::service::PlayerView;

/// A lesson of the catalogue with its place on its path (number, count).
pub(crate) fn find(id: &str) -> Option<(&'static Lesson, u32, u32)> {
    let catalogue = lessons::catalogue().ok()?;
    let (number, count) = catalogue.place(id)?;
    Some((catalogue.get(id)?, number, count))
}

/// The heading of a lesson's messages: "Lesson 2/9 · Attacking".
fn heading(lesson: &Lesson, number: u32, count: u32, l: Language) -> String {
    tr!(l, "lesson-heading", number = number, count = count, title = lesson.title.get(l))
}

/// The brief that opens a try of lesson `id` in match `m` (the board follows).
pub fn brief(m: MatchId, id: &str, l: Language) -> Reply {
    let Some((lesson, number, count)) = find(id) else {
        return Reply::text(tr!(l, "lesson-gone"));
    };
    let mut r =
        Reply::text(format!("📘 **{}**\n{}", heading(lesson, number, count, l), lesson.brief.get(l).trim()));
    if lesson.turns > 0 {
        r.push_line(&tr!(l, "lesson-moves", turns = lesson.turns));
    }
    r.rows = vec![vec![
        Comp::button(Cid::LessonRetry(m).encode(), tr!(l, "btn-lesson-restart"), Style::Secondary),
        Comp::button(Cid::LessonSkip(m).encode(), tr!(l, "btn-lesson-skip"), Style::Secondary),
    ]];
    r
}

/// The end of a try of lesson `id` in match `m`: passed (`failure` none) or why it failed.
pub fn ended(
    m: MatchId,
    id: &str,
    view: &PlayerView,
    failure: Option<&str>,
    next: Option<&str>,
    l: Language,
) -> Reply {
    let Some((lesson, number, count)) = find(id) else {
        return Reply::text(tr!(l, "lesson-gone"));
    };
    let heading = heading(lesson, number, count, l);
    let mut r = match failure {
        None => {
            let mut r = Reply::text(format!(
                "✅ **{heading}** — {}\n{}",
                tr!(l, "lesson-passed"),
                lesson.success.get(l)
            ));
            match next.and_then(find) {
                Some((next, _, _)) => {
                    r.push_line(&tr!(l, "lesson-next", title = next.title.get(l)));
                    r.rows = vec![vec![Comp::button(
                        Cid::LessonNext(m).encode(),
                        tr!(l, "btn-lesson-next"),
                        Style::Primary,
                    )]];
                }
                None => {
                    r.push_line(&tr!(l, "lesson-path-end"));
                    r.rows = vec![vec![Comp::button(
                        Cid::FirstMatch(m).encode(),
                        tr!(l, "btn-first-match"),
                        Style::Primary,
                    )]];
                }
            }
            r
        }
        Some(key) => {
            let why = match lesson.fails.iter().find(|f| f.key == key) {
                Some(fail) => fail.why.get(l).to_string(),
                None if key == "turns" => tr!(l, "lesson-fail-turns", turns = lesson.turns),
                None => tr!(l, "lesson-fail-ended"),
            };
            let mut r = Reply::text(format!("❌ **{heading}** — {}\n{why}", tr!(l, "lesson-failed")));
            r.push_line(&format!("💡 {}", lesson.hint.get(l)));
            r.rows = vec![vec![
                Comp::button(Cid::LessonRetry(m).encode(), tr!(l, "btn-lesson-retry"), Style::Primary),
                Comp::button(Cid::LessonSkip(m).encode(), tr!(l, "btn-lesson-skip"), Style::Secondary),
            ]];
            r
        }
    };
    r.pictures.push(board_pic(view, l, &tr!(l, "lesson-opponent")));
    r
}

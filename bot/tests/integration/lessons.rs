//! Guided lessons through the service on a real database: every lesson is solved by its
//! intended solution and refuses its typical mistake with the lesson's own words and a hint;
//! progress survives a restart; a try never touches the career or a public channel.

use crate::common;
use common::*;

use admiral_bot::career::{AwardProgress, SCHOOL};
use admiral_bot::discord::notices::{notice_reply, NoticeCtx};
use admiral_bot::notify::Notice;
use admiral_bot::service::{LessonOpened, MatchStatus, Origin, PathStanding};
use admiral_bot::{MatchId, ServiceError, UserId};
use admiral_engine::lessons::{self, Lesson};
use admiral_engine::{Language, Ruleset};

fn catalogue() -> &'static lessons::Lessons {
    lessons::catalogue().expect("the built-in lessons read")
}

fn started(opened: LessonOpened) -> MatchId {
    match opened {
        LessonOpened::Started { id, .. } => id,
        other => panic!("expected a new try, got {other:?}"),
    }
}

/// Plays `moves` as the learner in the try `id` (the opponent's scripted replies come from the
/// service's AI turns; when one attacks and the learner is asked, `defence` names the group by
/// its squares, else the first option, the default, is declared), stopping when the try ends;
/// returns how many moves were played.
async fn play(h: &Harness, user: UserId, id: MatchId, moves: &[String], defence: Option<&[String]>) -> usize {
    let mut played = 0;
    loop {
        h.svc.quiesce().await;
        if let Some((attack, options, _)) = h.svc.pending_defence(user, id).await.expect("pending") {
            let target = attack.target().expect("an attack");
            let partners: Vec<String> =
                defence.unwrap_or_default().iter().filter(|s| **s != target.to_string()).cloned().collect();
            let named = |o: &Vec<admiral_engine::Square>| o.iter().map(|s| s.to_string()).collect::<Vec<_>>();
            let index = match defence {
                Some(_) => options
                    .iter()
                    .position(|o| named(o) == partners)
                    .expect("the lesson's defence is offered"),
                None => 0,
            };
            h.svc
                .declare_defence(&format!("lesson:{}:defence:{played}", id.0), user, id, index)
                .await
                .expect("defend");
            continue;
        }
        let (status, ply, _) = h.svc.status(id).await.expect("status");
        if status == MatchStatus::Finished || played == moves.len() {
            return played;
        }
        let key = format!("lesson:{}:{ply}", id.0);
        let notation = &moves[played];
        h.svc.act(&key, user, id, ply, notation).await.unwrap_or_else(|e| panic!("{notation}: {e}"));
        played += 1;
    }
}

/// The end of the try in match `id`, as the learner was told.
fn ended(h: &Harness, user: UserId, id: MatchId) -> (Option<String>, String) {
    let n = h
        .last_dm(user, |n| matches!(n, Notice::LessonEnded { .. }))
        .filter(|n| n.match_id == Some(id))
        .expect("the learner is told how the try ended");
    let Notice::LessonEnded { failure, .. } = &n.notice else { unreachable!() };
    (failure.clone(), notice_reply(&n, &NoticeCtx::default()).text)
}

/// A new try of `lesson` by `user`, playing `moves` (defending with `defence`): checks that the try ended with the last of
/// them, and returns how it ended as the learner was told (the failure, the message's text).
async fn try_lesson(
    h: &Harness,
    user: UserId,
    lesson: &Lesson,
    moves: &[String],
    defence: Option<&[String]>,
) -> (Option<String>, String) {
    let id = started(h.svc.open_lesson(user, &lesson.id, Origin::default()).await.expect("open"));
    let played = play(h, user, id, moves, defence).await;
    assert_eq!(played, moves.len(), "{}: every move is played", lesson.id);
    assert_eq!(h.svc.status(id).await.unwrap().0, MatchStatus::Finished, "{}: the try is over", lesson.id);
    h.deliver().await;
    ended(h, user, id)
}

#[tokio::test]
async fn every_lesson_is_solved_and_explains_its_typical_mistake_with_a_hint() {
    let h = harness().await;
    // A whole match is played below (`the_first_match_lesson…`).
    for (i, lesson) in catalogue().all().iter().enumerate().filter(|(_, l)| l.whole_match.is_none()) {
        let (solver, blunderer) = (UserId(5000 + 2 * i as u64), UserId(5001 + 2 * i as u64));
        let (failure, text) =
            try_lesson(&h, solver, lesson, &lesson.check.solution, lesson.check.solution_defence.as_deref())
                .await;
        assert_eq!(failure, None, "{}: passed", lesson.id);
        assert!(text.contains(lesson.success.get(Language::En)), "{}: {text}", lesson.id);
        let standing = h.svc.lesson_standing(solver).await.unwrap();
        let path = standing.iter().find(|s| s.ruleset == lesson.ruleset).unwrap();
        assert_eq!((path.passed, path.skipped), (1, 0), "{}", lesson.id);

        let (failure, text) =
            try_lesson(&h, blunderer, lesson, &lesson.check.mistake, lesson.check.mistake_defence.as_deref())
                .await;
        assert_eq!(failure.as_deref(), Some(lesson.check.fails.as_str()), "{}", lesson.id);
        if let Some(fail) = lesson.fails.iter().find(|f| f.key == lesson.check.fails) {
            assert!(text.contains(fail.why.get(Language::En)), "{}: the lesson's words: {text}", lesson.id);
        }
        assert!(text.contains(lesson.hint.get(Language::En)), "{}: the hint: {text}", lesson.id);
        let standing = h.svc.lesson_standing(blunderer).await.unwrap();
        assert!(standing.iter().all(|s| s.passed == 0), "{}: a failed try passes nothing", lesson.id);
    }
}

fn first_two(ruleset: Ruleset) -> (&'static Lesson, &'static Lesson) {
    let mut path = catalogue().path(ruleset);
    (path.next().unwrap(), path.next().unwrap())
}

#[tokio::test]
async fn progress_resumes_after_a_restart_and_buttons_pressed_twice_start_one_try() {
    let mut h = harness().await;
    let (first, second) = first_two(Ruleset::Admiral);
    let id = started(h.svc.learn(ALICE, None, Origin::default()).await.unwrap());
    assert_eq!(h.svc.match_lesson(id).await.unwrap().as_deref(), Some(first.id.as_str()));
    play(&h, ALICE, id, &first.check.solution[..1], None).await;
    h.restart().await;
    // The try under way is taken up again, where it stood.
    let again = h.svc.learn(ALICE, None, Origin::default()).await.unwrap();
    assert_eq!(again, LessonOpened::Resumed { lesson: first.id.clone(), id });
    assert_eq!(h.svc.status(id).await.unwrap().1, 2, "the move and the scripted reply survive");
    play(&h, ALICE, id, &first.check.solution[1..], None).await;
    h.deliver().await;
    assert_eq!(ended(&h, ALICE, id).0, None);
    // "Next lesson" twice: one try of the second lesson.
    let next = started(h.svc.next_lesson(ALICE, id, Origin::default()).await.unwrap());
    let twice = h.svc.next_lesson(ALICE, id, Origin::default()).await.unwrap();
    assert_eq!(twice, LessonOpened::Resumed { lesson: second.id.clone(), id: next });
    // A failed try, then "Try again" twice: one new try.
    play(&h, ALICE, next, &second.check.mistake, None).await;
    let retry = started(h.svc.retry_lesson(ALICE, next, Origin::default()).await.unwrap());
    let twice = h.svc.retry_lesson(ALICE, next, Origin::default()).await.unwrap();
    assert_eq!(twice, LessonOpened::Resumed { lesson: second.id.clone(), id: retry });
    // /admiral learn after a restart comes back to the failed lesson's try under way.
    h.restart().await;
    assert_eq!(
        h.svc.learn(ALICE, None, Origin::default()).await.unwrap(),
        LessonOpened::Resumed { lesson: second.id.clone(), id: retry }
    );
    // Skipping leaves the try and opens the third lesson.
    let third = started(h.svc.skip_lesson(ALICE, retry, Origin::default()).await.unwrap());
    assert_eq!(h.svc.status(retry).await.unwrap().0, MatchStatus::Finished);
    assert_ne!(third, retry);
    let standing = h.svc.lesson_standing(ALICE).await.unwrap();
    let admiral: Vec<PathStanding> = standing.into_iter().filter(|s| s.ruleset == Ruleset::Admiral).collect();
    assert_eq!((admiral[0].passed, admiral[0].skipped), (1, 1));
    assert_eq!(admiral[0].lessons, catalogue().path(Ruleset::Admiral).count() as u32);
}

#[tokio::test]
async fn passed_lessons_raise_the_naval_school_badge() {
    let h = harness_with(deterministic_ai()).await;
    let school = |progress: Vec<AwardProgress>| {
        let p = progress.into_iter().find(|p| p.award.key == SCHOOL).expect("the lessons' badge");
        (p.count, p.degree)
    };
    assert_eq!(school(h.svc.award_progress(CAROL).await.unwrap()), (0, 0));
    for lesson in catalogue().path(Ruleset::Admiral).take(3) {
        pass(&h, CAROL, lesson).await;
    }
    assert_eq!(school(h.svc.award_progress(CAROL).await.unwrap()), (3, 3), "degree III after three lessons");
    let admiral = catalogue().path(Ruleset::Admiral).count() as u64;
    for lesson in catalogue().path(Ruleset::Admiral).skip(3) {
        pass(&h, CAROL, lesson).await;
    }
    assert_eq!(school(h.svc.award_progress(CAROL).await.unwrap()), (admiral, 2), "degree II: Admiral's path");
    // Passing a lesson again counts it once.
    pass(&h, CAROL, catalogue().path(Ruleset::Admiral).next().unwrap()).await;
    assert_eq!(school(h.svc.award_progress(CAROL).await.unwrap()), (admiral, 2));
    for lesson in catalogue().path(Ruleset::Stratego) {
        pass(&h, CAROL, lesson).await;
    }
    assert_eq!(school(h.svc.award_progress(CAROL).await.unwrap()).1, 1, "degree I: both paths");
}

/// The service's AI playing its level's own fixed work: the same match on every run.
fn deterministic_ai() -> admiral_bot::service::ServiceConfig {
    admiral_bot::service::ServiceConfig { ai_budget: None, ..test_config() }
}

/// Passes `lesson` as its check's solution does (a whole match: played by its solution's
/// player from the setup on).
async fn pass(h: &Harness, user: UserId, lesson: &Lesson) {
    let failure = match lesson.whole_match {
        None => {
            let defence = lesson.check.solution_defence.as_deref();
            try_lesson(h, user, lesson, &lesson.check.solution, defence).await.0
        }
        Some(_) => {
            let id = started(h.svc.open_lesson(user, &lesson.id, Origin::default()).await.unwrap());
            h.svc.ready(user, id).await.unwrap();
            play_whole_match(h, user, id, lesson.check.solution_player.unwrap()).await;
            h.deliver().await;
            ended(h, user, id).0
        }
    };
    assert_eq!(failure, None, "{} is passed", lesson.id);
}

#[tokio::test]
async fn a_lesson_counts_for_nothing_in_the_career_and_posts_nothing_public() {
    let h = harness().await;
    let (first, _) = first_two(Ruleset::Admiral);
    let before = h.svc.profile(BOB).await.unwrap();
    let id = started(h.svc.learn(BOB, None, Origin::in_channel(GUILD, CHANNEL)).await.unwrap());
    play(&h, BOB, id, &first.check.solution, None).await;
    h.deliver().await;
    assert_eq!(ended(&h, BOB, id).0, None);
    assert_eq!(h.svc.profile(BOB).await.unwrap(), before, "no points, no record, no awards");
    let rebuilt = h.svc.recompute_careers().await.unwrap();
    assert_eq!((rebuilt.matches, rebuilt.players), (0, 0), "rebuilt careers leave lessons out too");
    assert_eq!(h.svc.profile(BOB).await.unwrap(), before);
    assert!(h.sent(|n| matches!(n, Notice::PublicResult { .. })).is_empty(), "nothing public");
}

#[tokio::test]
async fn only_the_learner_acts_and_lesson_buttons_refuse_other_matches() {
    let h = harness().await;
    let id = started(h.svc.learn(ALICE, None, Origin::default()).await.unwrap());
    let (first, _) = first_two(Ruleset::Admiral);
    let err = h.svc.act("bob-try", BOB, id, 0, &first.check.solution[0]).await.unwrap_err();
    assert!(matches!(err, ServiceError::NotYourMatch), "{err:?}");
    assert!(matches!(h.svc.retry_lesson(BOB, id, Origin::default()).await, Err(ServiceError::NotYourMatch)));
    let game = h.hvh(Default::default()).await;
    assert!(matches!(h.svc.skip_lesson(ALICE, game, Origin::default()).await, Err(ServiceError::NotALesson)));
    assert!(matches!(
        h.svc.open_lesson(ALICE, "admiral/99-nope", Origin::default()).await,
        Err(ServiceError::NoSuchLesson(_))
    ));
}

#[tokio::test]
async fn after_the_last_lesson_a_button_starts_a_first_match_against_level_one() {
    use admiral_bot::discord::cid::Cid;
    use admiral_bot::discord::components::component;
    use admiral_bot::discord::ui::Answer;
    use common::discord::{app, who};

    let h = harness().await;
    let a = app(&h).await;
    let last = catalogue().path(Ruleset::Stratego).last().unwrap();
    let id = started(h.svc.open_lesson(ALICE, &last.id, Origin::default()).await.unwrap());
    play(&h, ALICE, id, &last.check.solution, None).await;
    h.deliver().await;
    let n = h.last_dm(ALICE, |n| matches!(n, Notice::LessonEnded { .. })).unwrap();
    let reply = notice_reply(&n, &NoticeCtx::default());
    assert!(reply.ids().contains(&Cid::FirstMatch(id).encode()), "{:?}", reply.ids());
    let Answer::Reply(r) =
        component(&a, &who(ALICE, Language::En, "first"), &Cid::FirstMatch(id), None).await
    else {
        panic!("a reply")
    };
    assert!(r.text.contains("AI level 1"), "{}", r.text);
    // Only the learner of that try can press it.
    let Answer::Reply(foreign) =
        component(&a, &who(BOB, Language::En, "foreign"), &Cid::FirstMatch(id), None).await
    else {
        panic!("a reply")
    };
    assert!(foreign.text.starts_with("⚠️"), "{}", foreign.text);
    assert!(h.svc.my_matches(BOB).await.unwrap().is_empty(), "nothing started for Bob");
    let matches = h.svc.my_matches(ALICE).await.unwrap();
    assert_eq!(matches.len(), 1, "the first match, and the lesson's try is over");
    assert_eq!(h.svc.ruleset(matches[0].id).await.unwrap(), Ruleset::Stratego);
    assert_eq!(h.svc.match_lesson(matches[0].id).await.unwrap(), None, "a real match");
}

#[tokio::test]
async fn any_lesson_can_be_picked_from_the_list_passed_ones_marked() {
    use admiral_bot::discord::learn::handler::{learn, lesson_choices};
    use common::discord::{app, who};

    let h = harness().await;
    let a = app(&h).await;
    let (first, second) = first_two(Ruleset::Admiral);
    let id = started(h.svc.open_lesson(BOB, &first.id, Origin::default()).await.unwrap());
    play(&h, BOB, id, &first.check.solution, None).await;
    let w = who(BOB, Language::En, "ac");
    let all = lesson_choices(&a, &w, "").await;
    assert_eq!(all.len(), catalogue().all().len());
    assert_eq!(
        all[0],
        (
            format!("✓ Admiral 1/{} · {}", catalogue().path(Ruleset::Admiral).count(), first.title.en),
            first.id.clone()
        )
    );
    assert!(!all[1].0.starts_with('✓'), "{}", all[1].0);
    let typed = lesson_choices(&a, &w, "SPY").await;
    assert_eq!(typed.len(), 1, "{typed:?}");
    assert!(typed[0].0.starts_with("Stratego (classic) 3/"), "{}", typed[0].0);
    let ru = lesson_choices(&a, &who(BOB, Language::Ru, "ac-ru"), "атака").await;
    assert_eq!(ru.iter().map(|c| c.1.as_str()).collect::<Vec<_>>(), [second.id.as_str()]);
    // Picking one opens it, even a lesson further down the path.
    let r = learn(&a, &w, None, Some(&typed[0].1)).await.expect("opened");
    assert!(r.text.contains("Lesson 3/3"), "{}", r.text);
    let refused = learn(&a, &w, None, Some("admiral/99-nope")).await.unwrap_err();
    assert!(refused.text(Language::En).contains("no lesson"), "{}", refused.text(Language::En));
}

#[tokio::test]
async fn what_a_learner_knows_at_the_start_survives_a_restart() {
    use admiral_bot::service::PlayerView;
    use admiral_engine::{Cell, Square, UnitKind};

    let mut h = harness().await;
    let (_, second) = first_two(Ruleset::Admiral);
    assert_eq!(second.known, ["e8"]);
    let id = started(h.svc.open_lesson(ALICE, &second.id, Origin::default()).await.unwrap());
    let e8 = Square::parse("e8").unwrap();
    let destroyer = Cell::Enemy { intel: Some(UnitKind::Destroyer) };
    let cell_e8 = |view: PlayerView| view.admiral().map(|v| v.cell(e8));
    assert_eq!(cell_e8(h.svc.view(ALICE, id).await.unwrap()), Some(destroyer));
    h.restart().await;
    assert_eq!(cell_e8(h.svc.view(ALICE, id).await.unwrap()), Some(destroyer), "reloaded from the record");
}

/// Plays the learner's seat of the whole match `id` to its end: the engine's AI of `level`
/// (seeded, a fixed small budget) or, at level 0, random legal moves; defences by default.
async fn play_whole_match(h: &Harness, user: UserId, id: MatchId, level: u8) {
    use admiral_bot::service::PlayerView;
    use admiral_engine::ai::{Ai, Budget};
    use admiral_engine::Dice;

    let mut dice = Dice::new(11);
    loop {
        h.svc.quiesce().await;
        if h.svc.pending_defence(user, id).await.unwrap().is_some() {
            h.svc
                .declare_defence(&format!("whole:{}:d:{}", id.0, dice.below(1 << 30)), user, id, 0)
                .await
                .unwrap();
            continue;
        }
        let (status, ply, _) = h.svc.status(id).await.unwrap();
        if status == MatchStatus::Finished {
            return;
        }
        let legal = h.svc.legal_actions(user, id).await.unwrap();
        if legal.is_empty() {
            continue; // the AI's turn, on its way
        }
        let action = match (level, h.svc.view(user, id).await.unwrap()) {
            (0, _) => legal[dice.below(legal.len())],
            (level, PlayerView::Admiral(view)) => {
                Ai::new(level, 7 ^ u64::from(ply), Budget::Iterations(24)).choose(&view, &legal)
            }
            (_, PlayerView::Stratego(_)) => unreachable!("the first match is Admiral's"),
        };
        h.svc.act(&format!("whole:{}:{ply}", id.0), user, id, ply, &action.to_string()).await.unwrap();
    }
}

#[tokio::test]
async fn the_first_match_lesson_is_a_whole_match_from_the_setup() {
    let h = harness_with(deterministic_ai()).await;
    let lesson = catalogue().all().iter().find(|l| l.whole_match.is_some()).expect("a whole match");
    assert_eq!(catalogue().path(Ruleset::Admiral).last().map(|l| &l.id), Some(&lesson.id), "the last lesson");
    let tries = [
        (CAROL, lesson.check.solution_player.unwrap(), None),
        (BOB, lesson.check.mistake_player.unwrap(), Some(lesson.check.fails.clone())),
    ];
    for (user, player, failure) in tries {
        let id = started(h.svc.open_lesson(user, &lesson.id, Origin::default()).await.unwrap());
        assert_eq!(h.svc.status(id).await.unwrap().0, MatchStatus::Setup, "it begins with the setup");
        h.deliver().await;
        assert!(h.first_dm(user, |n| matches!(n, Notice::SetupOpened { .. })).is_some(), "the setup DM");
        h.svc.ready(user, id).await.unwrap();
        play_whole_match(&h, user, id, player).await;
        h.deliver().await;
        let (got, text) = ended(&h, user, id);
        assert_eq!(got, failure, "player level {player}: {text}");
        if failure.is_some() {
            assert!(text.contains(lesson.hint.get(Language::En)), "the hint: {text}");
        }
    }
}

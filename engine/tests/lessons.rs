//! Every built-in lesson is solvable by its intended solution, and its typical mistake fails with
//! the failure the lesson names (the words a learner is then shown).

use admiral_engine::lessons::{Failure, Lesson, Lessons, Verdict, LEARNER};
use admiral_engine::shared::game::Rules;
use admiral_engine::{stratego, Ruleset};

/// The learner's reply to the opponent's `action`: the defending `group` when given (its
/// squares, the target's included, as the referee protocol writes a defence), else the default.
fn learner_reply<P: Rules>(action: &P::Action, group: Option<&[String]>) -> P::Reply {
    let squares = group.map(|g| serde_json::Value::Array(g.iter().map(|s| s.as_str().into()).collect()));
    P::read_reply(squares.as_ref(), action).expect("the learner's defence")
}

/// Plays the learner's `moves` with the opponent's replies (answered with `defence` when the
/// opponent attacks), judging after every turn as the bot does; returns the verdict and how
/// many of `moves` were played.
fn play<P: Rules>(lesson: &Lesson, moves: &[String], defence: Option<&[String]>) -> (Verdict, usize)
where
    P::Losses: AsRef<[u8]>,
{
    let mut game = lesson.start::<P>().expect("the lesson starts");
    for (played, text) in moves.iter().enumerate() {
        assert_eq!(game.to_move(), LEARNER, "{}: the learner is to move", lesson.id);
        let action = P::parse_action(text).expect("checked when read");
        let reply = P::read_reply(None, &action).expect("the default reply");
        game.play_with(&action, reply)
            .unwrap_or_else(|e| panic!("{}: `{text}` is not legal: {e}", lesson.id));
        let verdict = lesson.judge(&game);
        if verdict != Verdict::Playing {
            return (verdict, played + 1);
        }
        let answer = lesson.reply(&game, 7).expect("the opponent can act while the lesson goes on");
        // The opponent plays its script: a lesson does not lean on the fallback AI's choices.
        let turn = (game.ply() / 2) as usize;
        let scripted = lesson.replies.get(turn).map(|text| P::parse_action(text).expect("checked when read"));
        assert_eq!(Some(answer), scripted, "{}: the opponent's turn {turn} is scripted and legal", lesson.id);
        game.play_with(&answer, learner_reply::<P>(&answer, defence)).expect("the opponent's reply is legal");
        let verdict = lesson.judge(&game);
        if verdict != Verdict::Playing {
            return (verdict, played + 1);
        }
    }
    (lesson.judge(&game), moves.len())
}

fn play_any(lesson: &Lesson, moves: &[String], defence: Option<&[String]>) -> (Verdict, usize) {
    match lesson.ruleset {
        Ruleset::Admiral => play::<admiral_engine::Position>(lesson, moves, defence),
        Ruleset::Stratego => play::<stratego::Position>(lesson, moves, defence),
    }
}

#[test]
fn both_games_have_a_path_of_lessons() {
    let lessons = Lessons::built_in().unwrap_or_else(|e| panic!("{e}"));
    for ruleset in [Ruleset::Admiral, Ruleset::Stratego] {
        assert!(lessons.path(ruleset).count() >= 3, "{ruleset:?} has a path");
    }
    let first = lessons.path(Ruleset::Admiral).next().unwrap();
    assert_eq!(first.id, "admiral/01-moving");
    assert_eq!(lessons.next_after(&first.id).map(|l| l.id.as_str()), Some("admiral/02-attacking"));
    let last = lessons.path(Ruleset::Admiral).last().unwrap();
    assert!(lessons.next_after(&last.id).is_none());
}

#[test]
fn every_lesson_is_solved_by_its_solution_and_refuses_its_typical_mistake() {
    let lessons = Lessons::built_in().unwrap();
    // A whole match is played through the service (bot/tests/integration/lessons.rs).
    for lesson in lessons.all().iter().filter(|l| l.whole_match.is_none()) {
        let (verdict, played) =
            play_any(lesson, &lesson.check.solution, lesson.check.solution_defence.as_deref());
        assert_eq!(verdict, Verdict::Passed, "{}: the solution meets the goal", lesson.id);
        assert_eq!(played, lesson.check.solution.len(), "{}: the whole solution is needed", lesson.id);
        assert!(played as u32 <= lesson.turns, "{}: within the turns", lesson.id);

        let (verdict, played) =
            play_any(lesson, &lesson.check.mistake, lesson.check.mistake_defence.as_deref());
        let Verdict::Failed(Failure { key, why }) = verdict else {
            panic!("{}: the mistake fails, got {verdict:?}", lesson.id)
        };
        assert_eq!(key, lesson.check.fails, "{}", lesson.id);
        assert_eq!(
            played,
            lesson.check.mistake.len(),
            "{}: the failure comes with the mistake's last move",
            lesson.id
        );
        let named = lesson.fails.iter().find(|f| f.key == key).map(|f| f.why.clone());
        assert_eq!(why, named, "{}: the lesson's own words for the failure", lesson.id);
    }
}

#[test]
fn a_broken_lesson_file_is_refused_with_what_is_wrong() {
    let good = include_str!("../lessons/admiral/01-moving.toml");
    let read = |id: &str, text: &str| Lessons::read([(id, text)]).map(|_| ()).map_err(|e| e.to_string());
    assert!(read("admiral/x", good).is_ok());
    assert!(read("chess/x", good).unwrap_err().contains("ruleset's folder"));
    assert!(read("stratego/x", good).unwrap_err().contains("position"));
    // Each edit of the good file, and what the refusal must say.
    let edits = [
        ("with = \"PS\"", "with = \"XX\"", "`XX` is not a piece code"),
        ("reach = \"g7\"", "reach = \"z99\"", "`z99` is not a square"),
        ("ru = \"Ходы и доска\"", "ru = \" \"", "English and Russian"),
        ("ru = \"Ходы и доска\"", "ru = \"Moving and the board\"", "the Russian text is in Russian"),
        ("position = \"\"\"", "known = [\"g3\"]\nposition = \"\"\"", "known: no enemy piece on `g3`"),
        ("\"g3-g4\"", "\"g3-\"", "`g3-`"),
    ];
    for (from, to, says) in edits {
        let broken = good.replace(from, to);
        assert_ne!(broken, good, "{from} is in the file");
        let refusal = read("admiral/x", &broken).unwrap_err();
        assert!(refusal.contains(says), "{refusal}");
    }
    let unknown_field = format!("colour = 1\n{good}");
    assert!(read("admiral/x", &unknown_field).unwrap_err().contains("colour"));
}

#[test]
fn the_path_lengths_are_those_of_the_files() {
    let lessons = Lessons::built_in().unwrap();
    assert_eq!(lessons.path(Ruleset::Admiral).count() as u64, admiral_engine::lessons::ADMIRAL_LESSONS);
    assert_eq!(lessons.path(Ruleset::Stratego).count() as u64, admiral_engine::lessons::STRATEGO_LESSONS);
}

/// The markers a lesson names as known carry their identity on the learner's board from the
/// start, and a try rebuilt from its record (as the bot reloads it) shows the same board.
fn known_markers_survive_a_replay<P: Rules>(lesson: &Lesson)
where
    P::View: PartialEq + std::fmt::Debug,
{
    let mut game = lesson.start::<P>().unwrap();
    let json = |game: &admiral_engine::shared::Game<P>| serde_json::to_value(game.view(LEARNER)).unwrap();
    let board = json(&game)["cells"].as_str().unwrap().to_string();
    let tokens: Vec<&str> = board.split_whitespace().collect();
    let identified = tokens.iter().filter(|t| t.starts_with('?') && t.len() > 1).count();
    assert_eq!(identified, lesson.known.len(), "{}: {board}", lesson.id);
    let first = P::parse_action(&lesson.check.solution[0]).unwrap();
    game.play_with(&first, P::read_reply(None, &first).unwrap()).unwrap();
    if let Some(reply) = lesson.reply(&game, 7) {
        game.play_with(&reply, P::read_reply(None, &reply).unwrap()).unwrap();
    }
    let rebuilt = lesson.replay::<P>(game.record()).unwrap();
    assert_eq!(rebuilt.view(LEARNER), game.view(LEARNER), "{}", lesson.id);
}

#[test]
fn known_markers_are_shown_from_the_start_and_after_a_reload() {
    let lessons = Lessons::built_in().unwrap();
    assert!(lessons.all().iter().filter(|l| !l.known.is_empty()).count() >= 8);
    for lesson in lessons.all().iter().filter(|l| l.whole_match.is_none()) {
        match lesson.ruleset {
            Ruleset::Admiral => known_markers_survive_a_replay::<admiral_engine::Position>(lesson),
            Ruleset::Stratego => known_markers_survive_a_replay::<stratego::Position>(lesson),
        }
    }
}

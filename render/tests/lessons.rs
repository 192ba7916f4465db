//! Lesson boards as learners see them by DM (the README shows these goldens): the fog is
//! the real one, a lesson only starts from a smaller position.

mod common;
use common::{board_labels, check_golden, renderer};

use admiral_engine::lessons::{self, Lesson, LEARNER};
use admiral_engine::shared::game::{Game, Rules};
use admiral_engine::{stratego, Language, Position};

/// The lesson's game after the learner's first `moves` of its solution, each answered by the
/// lesson's opponent.
fn after<P: Rules>(lesson: &Lesson, moves: usize) -> Game<P> {
    let mut game = lesson.start::<P>().expect("the lesson starts");
    for text in &lesson.check.solution[..moves] {
        let action = P::parse_action(text).expect("the lesson's notation");
        game.play_with(&action, P::read_reply(None, &action).expect("the default reply")).expect("legal");
        if let Some(reply) = lesson.reply(&game, 7) {
            game.play_with(&reply, P::read_reply(None, &reply).expect("the default reply")).expect("legal");
        }
    }
    game
}

fn lesson(id: &str) -> &'static Lesson {
    lessons::catalogue().expect("the built-in lessons").get(id).expect("the lesson")
}

#[test]
fn golden_lesson_boards() {
    let r = renderer();
    // A formation attack has just sunk the battleship (English).
    let formations = lesson("admiral/03-formations");
    let game = after::<Position>(formations, 0);
    let mut game = game;
    let attack = Position::parse_action(&formations.check.solution[0]).unwrap();
    game.play_with(&attack, Position::read_reply(None, &attack).unwrap()).unwrap();
    let labels = board_labels(Language::En, game.ply(), ["Lesson", "Урок"]);
    check_golden("lesson_admiral_en", &r.render_board(&game.view(LEARNER), &labels));
    // The miner has cleared the bomb; the flag is next (Russian).
    let miners = lesson("stratego/02-bombs-and-miners");
    let game = after::<stratego::Position>(miners, 1);
    let labels = board_labels(Language::Ru, game.ply(), ["Lesson", "Урок"]);
    check_golden("lesson_stratego_ru", &r.render_stratego_board(&game.view(LEARNER), &labels));
}

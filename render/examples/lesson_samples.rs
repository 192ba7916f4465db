//! Writes the opening board of every built-in lesson as its learner sees it (the fog applied),
//! full size and at Discord's preview width, for lesson authors to look at their positions:
//!
//! `cargo run --release -p admiral-render --example lesson_samples -- --out DIR`

use std::path::PathBuf;

use admiral_engine::lessons::{self, LEARNER};
use admiral_engine::{stratego, Language, Position, Ruleset};
use admiral_render::samples::preview_png;
use admiral_render::{BoardLabels, PlayerLabel, Renderer};

fn main() {
    let mut args = std::env::args().skip(1);
    let out = match (args.next().as_deref(), args.next()) {
        (Some("--out"), Some(dir)) => PathBuf::from(dir),
        _ => PathBuf::from("lesson-samples"),
    };
    std::fs::create_dir_all(&out).expect("the output directory");
    let renderer = Renderer::new();
    let catalogue = lessons::catalogue().expect("the built-in lessons read");
    // A whole match starts from the learner's own fleet: its boards are any match's.
    for lesson in catalogue.all().iter().filter(|l| l.whole_match.is_none()) {
        for language in [Language::En, Language::Ru] {
            let labels = BoardLabels {
                language,
                you: PlayerLabel { name: "you".into(), clock: None },
                opponent: PlayerLabel { name: lesson.title.get(language).into(), clock: None },
                status: lesson.title.get(language).into(),
            };
            let png = match lesson.ruleset {
                Ruleset::Admiral => {
                    let game = lesson.start::<Position>().expect("the lesson starts");
                    renderer.render_board(&game.view(LEARNER), &labels)
                }
                Ruleset::Stratego => {
                    let game = lesson.start::<stratego::Position>().expect("the lesson starts");
                    renderer.render_stratego_board(&game.view(LEARNER), &labels)
                }
            };
            let code = if language == Language::Ru { "ru" } else { "en" };
            let name = format!("{}-{code}", lesson.id.replace('/', "-"));
            std::fs::write(out.join(format!("{name}.png")), &png).expect("write");
            std::fs::write(out.join(format!("{name}.preview400.png")), preview_png(&png, 400))
                .expect("write");
        }
    }
    println!("{} lessons written to {}", catalogue.all().len(), out.display());
}

//! Writes sample Stratego pictures (both seats, both languages, the setup preview; each also
//! as `*.preview400.png`) and measures the board's render time.
//!
//! ```sh
//! cargo run --release -p admiral-render --example stratego_samples -- --out DIR
//! ```

use std::time::Instant;

use admiral_engine::stratego::auto_layout;
use admiral_engine::{Language, Side, Style};
use admiral_render::samples::{preview_png, StrategoSample};
use admiral_render::{BoardLabels, PlayerLabel, Renderer, SetupLabels};

mod common;
use common::median_ms;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let out = args
        .iter()
        .position(|a| a == "--out")
        .and_then(|i| args.get(i + 1))
        .cloned()
        .unwrap_or("stratego-samples".into());
    std::fs::create_dir_all(&out).expect("output directory");
    let r = Renderer::new();
    let t = Instant::now();
    r.warm_stratego();
    let warm_ms = t.elapsed().as_secs_f64() * 1e3;
    let sample = StrategoSample::random(2026, 120);
    let mut ply = sample.plies();
    while ply > 1 && !sample.attacks[ply - 1] {
        ply -= 1;
    }
    let game = sample.game_at(ply, true);
    let write = |name: &str, png: &[u8]| {
        std::fs::write(format!("{out}/{name}.png"), png).expect("write");
        std::fs::write(format!("{out}/{name}.preview400.png"), preview_png(png, 400)).expect("write");
    };
    for viewer in Side::BOTH {
        for (language, tag) in [(Language::En, "en"), (Language::Ru, "ru")] {
            let labels = BoardLabels {
                language,
                you: PlayerLabel {
                    name: if tag == "en" { "You".into() } else { "Вы".into() }, clock: None
                },
                opponent: PlayerLabel { name: "AI level 3".into(), clock: None },
                status: if tag == "en" {
                    format!("Turn {}", ply / 2 + 1)
                } else {
                    format!("Ход {}", ply / 2 + 1)
                },
            };
            write(
                &format!("stratego_board_{viewer}_{tag}"),
                &r.render_stratego_board(&game.view(viewer), &labels),
            );
        }
    }
    let layout = auto_layout(77, Style::Balanced);
    for (language, tag) in [(Language::En, "en"), (Language::Ru, "ru")] {
        let labels = SetupLabels {
            language,
            title: "Your army · South".into(),
            subtitle: "Front row at the top.".into(),
        };
        write(&format!("stratego_setup_{tag}"), &r.render_stratego_setup(&layout, Side::South, &labels));
    }
    let view = game.view(Side::South);
    let labels = BoardLabels { language: Language::En, ..Default::default() };
    let mut size = 0;
    let board_ms = median_ms(50, || size = r.render_stratego_board(&view, &labels).len());
    println!("stratego_warm_ms={warm_ms:.1} board_ms_median={board_ms:.2} board_kib={}", size / 1024);
}

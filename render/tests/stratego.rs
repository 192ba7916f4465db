//! Stratego pictures: the fog at the pixel level, intel off, languages, golden boards for both
//! seats in both languages, and the golden setup preview.

use std::sync::OnceLock;

use admiral_engine::stratego::{auto_layout, Cell, Game, Layout, Sq, View};
use admiral_engine::{Dice, Language, Side, Style};
use admiral_render::samples::StrategoSample;
use admiral_render::{BoardLabels, PlayerLabel, Renderer, SetupLabels};

mod common;
use common::{check_golden, check_one_eye_per_square, golden_dir};

fn renderer() -> &'static Renderer {
    static R: OnceLock<Renderer> = OnceLock::new();
    R.get_or_init(Renderer::new)
}

fn labels(language: Language, ply: u32) -> BoardLabels {
    match language {
        Language::En => BoardLabels {
            language,
            you: PlayerLabel { name: "You".into(), clock: Some("1d 04h".into()) },
            opponent: PlayerLabel { name: "@napoleon".into(), clock: Some("23h 10m".into()) },
            status: format!("Turn {} · Your move", ply / 2 + 1),
        },
        Language::Ru => BoardLabels {
            language,
            you: PlayerLabel { name: "Вы".into(), clock: Some("1д 04ч".into()) },
            opponent: PlayerLabel { name: "@кутузов".into(), clock: Some("23ч 10м".into()) },
            status: format!("Ход {} · ваш ход", ply / 2 + 1),
        },
    }
}

/// Permutes the pieces of `viewer`'s opponent whose identity `viewer` does not remember,
/// among their squares (the engine's test hook; memories untouched).
fn permute_hidden(game: &mut Game, viewer: Side, dice: &mut Dice) {
    let memory = game.view_remembering(viewer);
    let hidden: Vec<Sq> = Sq::all().filter(|&s| memory.cell(s) == (Cell::Enemy { intel: None })).collect();
    for i in (1..hidden.len()).rev() {
        let j = dice.below(i + 1);
        if i != j {
            game.swap_pieces_for_test(hidden[i], hidden[j]);
        }
    }
}

#[test]
fn the_fog_holds_at_the_pixel_level() {
    let r = renderer();
    let mut dice = Dice::new(7);
    for seed in 0..6u64 {
        let sample = StrategoSample::random(500 + seed, 40 + 30 * seed as usize);
        let ply = sample.plies();
        for viewer in Side::BOTH {
            for intel in [true, false] {
                let game = sample.game_at(ply, intel);
                let l = labels(Language::Ru, ply as u32);
                let png = r.render_stratego_board(&game.view(viewer), &l);
                for _ in 0..3 {
                    let mut permuted = game.clone();
                    permute_hidden(&mut permuted, viewer, &mut dice);
                    assert_ne!(
                        permuted.position().to_text(),
                        game.position().to_text(),
                        "the permutation changed nothing"
                    );
                    let png2 = r.render_stratego_board(&permuted.view(viewer), &l);
                    assert!(png == png2, "seed {seed}, {viewer}: the picture depends on hidden pieces");
                }
            }
        }
    }
}

#[test]
fn intel_off_hides_remembered_identities() {
    let r = renderer();
    let sample = StrategoSample::random(11, 160);
    let game = sample.game_at(sample.plies(), true);
    let mut view = game.view(Side::South);
    assert!(view.enemy_markers().any(|(_, k)| k.is_some()), "the sample has intel");
    view.intel = false;
    let mut blind = view.clone();
    for c in blind.cells.iter_mut() {
        if let Cell::Enemy { intel } = c {
            *intel = None;
        }
    }
    blind.moved_markers.clear();
    let l = labels(Language::En, view.ply);
    assert_eq!(r.render_stratego_board(&view, &l), r.render_stratego_board(&blind, &l));
}

/// Own pieces the enemy has identified carry an eye: one small badge in the corner of each
/// such square, and nothing else changes; with intel off there is none.
#[test]
fn own_pieces_the_enemy_has_identified_wear_an_eye() {
    let r = renderer();
    let sample = StrategoSample::random(2026, 120);
    let game = sample.game_at(sample.plies(), true);
    let l = labels(Language::En, sample.plies() as u32);
    for viewer in Side::BOTH {
        let view = game.view(viewer);
        let with =
            |squares: &[Sq]| r.render_stratego_board(&View { exposed: squares.to_vec(), ..view.clone() }, &l);
        check_one_eye_per_square(&view.exposed, with, 28);
        let blind = View { intel: false, ..view.clone() };
        let blind_bare = View { exposed: Vec::new(), ..blind.clone() };
        assert_eq!(r.render_stratego_board(&blind, &l), r.render_stratego_board(&blind_bare, &l));
    }
}

#[test]
fn languages_change_the_picture() {
    let r = renderer();
    let sample = StrategoSample::random(8, 30);
    let view = sample.game_at(sample.plies(), true).view(Side::North);
    let en = labels(Language::En, 10);
    let ru = BoardLabels { language: Language::Ru, ..en.clone() };
    assert_ne!(r.render_stratego_board(&view, &en), r.render_stratego_board(&view, &ru));
}

#[test]
fn the_board_is_a_png_of_the_stated_size() {
    let r = renderer();
    let view = StrategoSample::random(3, 0).game_at(0, true).view(Side::South);
    let png = r.render_stratego_board(&view, &labels(Language::En, 0));
    let (w, h, _) = admiral_render::samples::decode_png_rgb(&png);
    assert_eq!((w, h), r.stratego_board_size());
}

/// A stored view, so that the references do not depend on the engine's move order.
fn golden_view(viewer: Side) -> View {
    let path = golden_dir().join(format!("stratego_view_{viewer}.json"));
    if std::env::var_os("UPDATE_GOLDEN").is_some() || !path.exists() {
        let sample = StrategoSample::random(2026, 120);
        // The last attack before ply 120, so that the picture shows a battle.
        let mut ply = sample.plies();
        while ply > 1 && !sample.attacks[ply - 1] {
            ply -= 1;
        }
        let view = sample.game_at(ply, true).view(viewer);
        std::fs::write(&path, serde_json::to_string_pretty(&view).expect("json")).expect("write fixture");
        return view;
    }
    serde_json::from_str(&std::fs::read_to_string(&path).expect("read fixture")).expect("a view")
}

#[test]
fn golden_boards_for_both_seats_and_languages() {
    let r = renderer();
    for viewer in Side::BOTH {
        let view = golden_view(viewer);
        for (language, tag) in [(Language::En, "en"), (Language::Ru, "ru")] {
            let png = r.render_stratego_board(&view, &labels(language, view.ply));
            check_golden(&format!("stratego_board_{viewer}_{tag}"), &png);
        }
    }
}

#[test]
fn golden_setup_previews() {
    let r = renderer();
    let mut layout: Layout = auto_layout(77, Style::Balanced);
    // Half-made: two pieces missing, so the legend shows a shortfall.
    layout.set(0, 0, None);
    layout.set(1, 4, None);
    for (language, tag, title) in
        [(Language::En, "en", "Your army · South"), (Language::Ru, "ru", "Ваша армия · Юг")]
    {
        let labels = SetupLabels {
            language,
            title: title.into(),
            subtitle: match language {
                Language::En => "Front row at the top. Press Ready when done.".into(),
                Language::Ru => "Передний ряд сверху. Нажмите «Готов», когда закончите.".into(),
            },
        };
        let png = r.render_stratego_setup(&layout, Side::South, &labels);
        check_golden(&format!("stratego_setup_{tag}"), &png);
    }
}

//! Stratego pictures: the fog at the pixel level, intel off, languages, golden boards for both
//! seats in both languages, and the golden setup preview.

use admiral_engine::stratego::{auto_layout, Layout, Sq, View};
use admiral_engine::{Dice, Language, Side, Style};
use admiral_render::samples::StrategoSample;
use admiral_render::{BoardLabels, SetupLabels};

mod common;
use common::{
    board_labels, check_fog_holds, check_golden, check_golden_boards, check_one_eye_per_square, fixture,
    intel_off_and_blind, renderer,
};

fn labels(language: Language, ply: u32) -> BoardLabels {
    board_labels(language, ply, ["@napoleon", "@кутузов"])
}

#[test]
fn the_fog_holds_at_the_pixel_level() {
    let r = renderer();
    check_fog_holds(
        Dice::new(7),
        |seed| StrategoSample::random(500 + seed, 40 + 30 * seed as usize),
        |sample, intel| sample.game_at(sample.plies(), intel),
        |view| r.render_stratego_board(view, &labels(Language::Ru, view.ply)),
        "pieces",
    );
}

#[test]
fn intel_off_hides_remembered_identities() {
    let r = renderer();
    let sample = StrategoSample::random(11, 160);
    let game = sample.game_at(sample.plies(), true);
    let (view, mut blind) = intel_off_and_blind(game.view(Side::South));
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

fn golden_view(viewer: Side) -> View {
    fixture(&format!("stratego_view_{viewer}"), || {
        let sample = StrategoSample::random(2026, 120);
        // The last attack before ply 120, so that the picture shows a battle.
        let mut ply = sample.plies();
        while ply > 1 && !sample.attacks[ply - 1] {
            ply -= 1;
        }
        sample.game_at(ply, true).view(viewer)
    })
}

#[test]
fn golden_boards_for_both_seats_and_languages() {
    let r = renderer();
    check_golden_boards("stratego_board", golden_view, |view: &View, language| {
        r.render_stratego_board(view, &labels(language, view.ply))
    });
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

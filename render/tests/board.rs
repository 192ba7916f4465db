//! The board picture: the fog at the pixel level, golden images in both orientations and both
//! languages, and localisation.

use admiral_engine::{Dice, Language, Side, Square, View};
use admiral_render::samples::SampleGame;
use admiral_render::BoardLabels;

mod common;
use common::{
    board_labels, check_fog_holds, check_golden_boards, check_one_eye_per_square, fixture,
    intel_off_and_blind, renderer,
};

fn labels(language: Language, ply: u32) -> BoardLabels {
    board_labels(language, ply, ["@nelson", "@ушаков"])
}

#[test]
fn the_fog_holds_at_the_pixel_level() {
    let r = renderer();
    check_fog_holds(
        Dice::new(99),
        |seed| SampleGame::random(1000 + seed, 60 + 20 * seed as usize),
        |sample, intel| sample.game_at(sample.plies(), intel),
        |view| r.render_board(view, &labels(Language::Ru, view.ply)),
        "units",
    );
}

#[test]
fn intel_off_hides_remembered_identities() {
    let r = renderer();
    let game = SampleGame::random(5, 160);
    let ply = game.plies();
    let (view, blind) = intel_off_and_blind(game.view(Side::South, ply, true));
    let l = labels(Language::En, ply as u32);
    assert_eq!(r.render_board(&view, &l), r.render_board(&blind, &l));
}

/// Own units the enemy has identified carry an eye: one small badge in the corner of each such
/// square, and nothing else changes; with intel off there is none.
#[test]
fn own_units_the_enemy_has_identified_wear_an_eye() {
    let r = renderer();
    let game = SampleGame::random(2024, 140);
    let ply = game.plies();
    let l = labels(Language::En, ply as u32);
    for viewer in Side::BOTH {
        let view = game.view(viewer, ply, true);
        let with =
            |squares: &[Square]| r.render_board(&View { exposed: squares.to_vec(), ..view.clone() }, &l);
        check_one_eye_per_square(&view.exposed, with, 24);
        let blind = View { intel: false, ..view.clone() };
        assert_eq!(
            r.render_board(&blind, &l),
            r.render_board(&View { exposed: Vec::new(), ..blind.clone() }, &l)
        );
    }
}

#[test]
fn languages_change_the_picture() {
    let r = renderer();
    let game = SampleGame::random(8, 100);
    let view = game.view(Side::North, game.plies(), true);
    let en = r.render_board(&view, &labels(Language::En, 10));
    let mut ru_labels = labels(Language::Ru, 10);
    // Same strip texts: only the unit codes differ.
    ru_labels.you = labels(Language::En, 10).you;
    ru_labels.opponent = labels(Language::En, 10).opponent;
    ru_labels.status = labels(Language::En, 10).status;
    assert_ne!(en, r.render_board(&view, &ru_labels));
}

fn golden_view(viewer: Side) -> View {
    let name = format!("view_{viewer}");
    fixture(&name, || {
        let game = SampleGame::random(2024, 140);
        let mut ply = game.plies();
        while ply > 1 && !game.events[ply - 1].iter().any(|e| e.is_combat()) {
            ply -= 1;
        }
        game.view(viewer, ply, true)
    })
}

#[test]
fn golden_boards_in_both_orientations_and_languages() {
    let r = renderer();
    check_golden_boards("board", golden_view, |view: &View, language| {
        r.render_board(view, &labels(language, view.ply))
    });
}

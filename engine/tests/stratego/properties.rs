//! Stratego properties: random games never panic and always end, pieces only disappear,
//! records replay every state, and views leak nothing about hidden enemy pieces.

use admiral_engine::stratego::*;
use admiral_engine::Rules;
use admiral_engine::{Dice, Side};
use proptest::prelude::*;

use crate::common::{self, check_replay, random_plies};

/// A random legal layout: a uniform shuffle of the army.
fn shuffled_layout(dice: &mut Dice) -> Layout {
    let mut pieces: Vec<Rank> =
        Rank::ALL.into_iter().flat_map(|r| std::iter::repeat_n(r, r.army_count() as usize)).collect();
    dice.shuffle(&mut pieces);
    let mut layout = Layout::empty();
    for (i, rank) in pieces.into_iter().enumerate() {
        layout.set(i / 10, i % 10, Some(rank));
    }
    layout
}

/// A new game from auto-placement in a random style (most seeds) or a uniform shuffle.
fn new_game(seed: u64, intel: bool) -> (Game, Dice) {
    common::new_game(seed, intel, 0.7, auto_layout, shuffled_layout)
}

/// Counts of pieces by side and rank.
fn census(position: &Position) -> [[usize; RANKS]; 2] {
    common::census(position.pieces().map(|(_, piece)| (piece.side, piece.kind.index())))
}

const PLY_CAP: u32 = 20_000;

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn random_games_never_panic_always_end_and_pieces_only_disappear(seed in any::<u64>()) {
        let (mut game, mut dice) = new_game(seed, true);
        let mut before = census(game.position());
        while game.outcome().is_none() {
            prop_assert!(game.ply() < PLY_CAP, "game did not end");
            let legal = game.legal_actions();
            prop_assert!(!legal.is_empty());
            // The view's own move list is the referee's.
            let mut from_view = game.view(game.to_move()).legal_actions();
            let mut expected = legal.clone();
            from_view.sort();
            expected.sort();
            prop_assert_eq!(from_view, expected);
            let action = legal[dice.below(legal.len())];
            game.play(&action).unwrap();
            let after = census(game.position());
            for side in 0..2 {
                for rank in 0..RANKS {
                    prop_assert!(after[side][rank] <= before[side][rank], "a piece appeared");
                }
                prop_assert_eq!(after[side][Rank::Flag.index()] + game.losses(Side::BOTH[side])[Rank::Flag.index()] as usize, 1);
            }
            before = after;
        }
        prop_assert!(game.legal_actions().is_empty());
        prop_assert!(game.view(Side::South).legal_actions().is_empty());
    }

    #[test]
    fn replaying_the_record_reproduces_every_state(seed in any::<u64>(), stop in 1usize..300) {
        let (game, mut dice) = new_game(seed, seed % 2 == 0);
        check_replay(game, &mut dice, stop, ())?;
    }

    #[test]
    fn a_view_does_not_change_when_hidden_enemy_pieces_are_permuted(seed in any::<u64>(), plies in 0usize..300, intel in any::<bool>()) {
        let (mut game, mut dice) = new_game(seed, intel);
        random_plies(&mut game, &mut dice, plies, ());
        for viewer in Side::BOTH {
            let view = game.view(viewer);
            let remembering = game.view_remembering(viewer);
            // Enemy pieces the viewer cannot tell apart: never identified, and (for a fair
            // permutation) both moved or both unmoved.
            let moved: Vec<Sq> = remembering.moved_markers.clone();
            let hidden: Vec<Sq> = remembering
                .enemy_markers()
                .filter(|(_, intel)| intel.is_none())
                .map(|(sq, _)| sq)
                .collect();
            for group in [true, false] {
                let squares: Vec<Sq> = hidden.iter().copied().filter(|sq| moved.contains(sq) == group).collect();
                if squares.len() < 2 { continue; }
                let mut permuted = game.clone();
                for _ in 0..squares.len() {
                    let (a, b) = (squares[dice.below(squares.len())], squares[dice.below(squares.len())]);
                    permuted.swap_for_test(a, b);
                }
                // The view of the permuted game equals the original (moved pieces are never
                // bombs or flags, so the permutation stays a possible world). A permutation
                // that ends the game (an army left boxed in) changes the public status: skip it.
                if permuted.status() != game.status() { continue; }
                prop_assert_eq!(&permuted.view(viewer), &view);
                prop_assert_eq!(&permuted.view_remembering(viewer), &remembering);
                let json_a = serde_json::to_string(&view).unwrap();
                let json_b = serde_json::to_string(&permuted.view(viewer)).unwrap();
                prop_assert_eq!(json_a, json_b);
            }
        }
    }

    #[test]
    fn position_text_round_trips(seed in any::<u64>(), plies in 0usize..200) {
        let (mut game, mut dice) = new_game(seed, true);
        random_plies(&mut game, &mut dice, plies, ());
        let text = game.position().to_text();
        let back = Position::from_text(&text, game.to_move()).unwrap();
        prop_assert_eq!(back.to_text(), text);
    }

    #[test]
    fn notation_and_layout_parsers_never_panic(text in "\\PC{0,40}") {
        let _ = Action::parse(&text);
        let _ = Layout::parse(&text);
        let _ = Position::from_text(&text, Side::South);
        let _ = ucc::UccMove::parse(&text);
    }
}

#[test]
fn the_ai_of_every_level_plays_legal_moves_from_its_view_alone() {
    use admiral_engine::ai::Budget;
    use admiral_engine::stratego::ai::Ai;
    let (mut game, mut dice) = new_game(11, true);
    for ply in 0..120 {
        if game.outcome().is_some() {
            break;
        }
        let legal = game.legal_actions();
        let level = (ply % 5 + 1) as u8;
        let mut ai = Ai::new(level, dice.next_u64(), Budget::Iterations(4));
        let action = ai.choose(&game.view_remembering(game.to_move()), &legal);
        assert!(legal.contains(&action), "level {level} chose {action}");
        game.play(&action).unwrap();
    }
}

#[test]
fn the_ai_is_deterministic_with_an_iteration_budget() {
    use admiral_engine::ai::Budget;
    use admiral_engine::stratego::ai::Ai;
    let (game, _) = new_game(5, true);
    let view = game.view_remembering(Side::South);
    let legal = game.legal_actions();
    for level in 1..=5 {
        let a = Ai::new(level, 9, Budget::Iterations(6)).choose(&view, &legal);
        let b = Ai::new(level, 9, Budget::Iterations(6)).choose(&view, &legal);
        assert_eq!(a, b, "level {level}");
    }
}

/// A loaded position with some North pieces made known to South, as if revealed earlier.
fn known(rows: &str, revealed: &[(&str, Rank)]) -> (Game, View) {
    let game = Game::from_position(Position::from_text(rows, Side::South).unwrap(), true);
    let mut view = game.view_remembering(Side::South);
    for (square, rank) in revealed {
        let sq: Sq = square.parse().unwrap();
        view.cells[sq.index()] = Cell::Enemy { intel: Some(*rank) };
    }
    (game, view)
}

#[test]
fn every_level_takes_a_known_flag_and_the_spy_kills_a_known_marshal() {
    use admiral_engine::ai::Budget;
    use admiral_engine::stratego::ai::Ai;
    let empty = ". . . . . . . . . .\n";
    let board = format!(
        "{}{}{}{}. . ~ ~ . . ~ ~ . .\n. . ~ ~ . . ~ ~ . .\n. . . . . . . . . sg\nfl . . . . . . . . .\nSC ma SP . . . . . . .\nFL BO . . . . . . . .",
        empty, empty, empty, empty
    );
    let (game, view) = known(&board, &[("a3", Rank::Flag), ("b2", Rank::Marshal)]);
    let legal = game.legal_actions();
    for level in 1..=5 {
        let action = Ai::new(level, 1, Budget::Iterations(8)).choose(&view, &legal);
        assert_eq!(action.to_string(), "a2xa3", "level {level}");
    }
    let board = board
        .replace("fl . .", ". . .")
        .replace("j4", "")
        .replace(". . . . . . . . . sg", "fl . . . . . . . . sg");
    let (game, view) = known(&board, &[("b2", Rank::Marshal)]);
    let legal = game.legal_actions();
    for level in 2..=5 {
        let action = Ai::new(level, 1, Budget::Iterations(8)).choose(&view, &legal);
        assert_eq!(action.to_string(), "c2xb2", "level {level}");
    }
}

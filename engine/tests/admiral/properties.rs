//! Property tests: random games, the fog, records and parsers.

use admiral_engine::*;
use proptest::prelude::*;

use crate::common::{self, check_replay, random_plies};
use admiral_engine::shared::SetupPosition;

/// A random legal layout for property tests (uniform shuffle, bases kept out of the front row).
fn shuffled_layout(dice: &mut Dice) -> Layout {
    loop {
        let mut units: Vec<Option<UnitKind>> = UnitKind::ALL
            .into_iter()
            .flat_map(|k| std::iter::repeat_n(Some(k), k.fleet_count() as usize))
            .collect();
        units.resize(70, None);
        dice.shuffle(&mut units);
        let mut layout = Layout::empty();
        for (i, kind) in units.into_iter().enumerate() {
            layout.set(i / 14, i % 14, kind);
        }
        if layout.validate().is_ok() {
            return layout;
        }
    }
}

/// A new game from two random layouts: linked auto-placement in a random style for most seeds,
/// a uniform shuffle for the rest (to reach odd corners such as lone weapons).
fn new_game(seed: u64) -> (Game, Dice) {
    common::new_game(seed, true, 0.75, auto_layout, shuffled_layout)
}

/// Counts of units by side and kind.
fn census(position: &Position) -> [[usize; KINDS]; 2] {
    common::census(position.pieces().map(|(_, piece)| (piece.side, piece.kind.index())))
}

/// The board and the occupancy sets agree: one unit per square, every unit counted once.
fn assert_consistent(position: &Position) {
    for side in Side::BOTH {
        for sq in position.occupied_by(side).iter() {
            assert_eq!(position.piece_at(sq).map(|p| p.side), Some(side));
        }
    }
    let listed = position.occupied_by(Side::South).len() + position.occupied_by(Side::North).len();
    assert_eq!(listed, position.pieces().count());
}

const PLY_CAP: u32 = 20_000;

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn random_games_never_panic_always_end_and_units_only_disappear(seed in any::<u64>()) {
        let (mut game, mut dice) = new_game(seed);
        let mut before = census(game.position());
        while game.outcome().is_none() {
            prop_assert!(game.ply() < PLY_CAP, "game did not end");
            let legal = game.legal_actions();
            prop_assert!(!legal.is_empty());
            let action = legal[dice.below(legal.len())];
            game.play(&action, Defense::Auto).unwrap();
            assert_consistent(game.position());
            let after = census(game.position());
            for side in 0..2 {
                for kind in 0..KINDS {
                    prop_assert!(after[side][kind] <= before[side][kind], "a unit appeared");
                }
            }
            before = after;
        }
        prop_assert!(game.legal_actions().is_empty());
    }

    #[test]
    fn replaying_the_record_reproduces_every_state(seed in any::<u64>(), stop in 1usize..400) {
        let (game, mut dice) = new_game(seed);
        check_replay(game, &mut dice, stop, Defense::Auto)?;
    }

    #[test]
    fn exposed_units_are_exactly_those_the_enemy_view_identifies(seed in any::<u64>(), plies in 0usize..400, intel in any::<bool>()) {
        let (game, _) = random_game_with_intel(seed, plies, intel);
        for viewer in Side::BOTH {
            let theirs = game.view(viewer.opponent());
            let identified: Vec<Square> = Square::all()
                .filter(|&sq| matches!(theirs.cell(sq), Cell::Enemy { intel: Some(_) }))
                .collect();
            let mine = game.view(viewer);
            prop_assert_eq!(&mine.exposed, &identified);
            // What the enemy remembers is true: each exposed square holds that very unit.
            for sq in &mine.exposed {
                let Cell::Enemy { intel: Some(kind) } = theirs.cell(*sq) else { unreachable!() };
                prop_assert_eq!(mine.cell(*sq), Cell::Own { kind });
            }
            if !intel {
                prop_assert!(mine.exposed.is_empty());
            }
        }
    }

    #[test]
    fn what_a_side_knows_of_its_own_moves_is_what_the_other_saw(seed in any::<u64>(), plies in 0usize..600, intel in any::<bool>()) {
        let (game, _) = random_game_with_intel(seed, plies, intel);
        for viewer in Side::BOTH {
            let mine = game.view(viewer);
            let theirs = game.view(viewer.opponent());
            prop_assert_eq!(&mine.recollection.own_moved, &theirs.moved_markers);
            prop_assert_eq!(&mine.recollection.own_untethered, &theirs.recollection.untethered);
            for sq in &mine.recollection.own_moved {
                prop_assert!(matches!(mine.cell(*sq), Cell::Own { .. }), "{} is not ours", sq);
            }
            // A marker seen moving alone moved, and is no tethered weapon.
            for sq in &mine.recollection.untethered {
                prop_assert!(mine.moved_markers.contains(sq), "{} never moved", sq);
                let piece = game.position().piece_at(*sq).expect("a marker");
                prop_assert_eq!(piece.side, viewer.opponent());
                prop_assert!(piece.kind.carrier().is_none(), "{} is a {:?}", sq, piece.kind);
            }
            if !intel {
                prop_assert!(mine.recollection.untethered.is_empty() && mine.recollection.own_moved.is_empty());
            }
        }
    }

    #[test]
    fn revealed_movers_only_grow_and_count_units_that_moved_and_were_seen(seed in any::<u64>(), plies in 0usize..1500, intel in any::<bool>()) {
        let (mut game, mut dice) = new_game(seed);
        game = Game::replay(&Record { intel, ..game.record().clone() }).unwrap();
        let mut before = BySide::splat([0u8; KINDS]);
        for _ in 0..plies {
            if game.outcome().is_some() {
                break;
            }
            let legal = game.legal_actions();
            game.play(&legal[dice.below(legal.len())], Defense::Auto).unwrap();
            for viewer in Side::BOTH {
                let view = game.view(viewer);
                let counts = view.recollection.revealed_movers;
                for kind in UnitKind::ALL {
                    let i = kind.index();
                    prop_assert!(counts[i] >= before[viewer][i], "a count fell");
                    // Each unit counted is still on the board, identified and seen to have
                    // moved, or destroyed.
                    let standing = view
                        .moved_markers
                        .iter()
                        .filter(|&&sq| view.cell(sq) == Cell::Enemy { intel: Some(kind) })
                        .count();
                    prop_assert!(counts[i] as usize <= standing + view.enemy_losses[i] as usize, "{:?} over-counted", kind);
                    if kind.is_immobile() || !intel {
                        prop_assert_eq!(counts[i], 0);
                    }
                }
                before[viewer] = counts;
            }
        }
    }

    #[test]
    fn a_view_does_not_change_when_hidden_enemy_units_are_permuted(seed in any::<u64>(), plies in 0usize..300, intel in any::<bool>()) {
        let (game, mut dice) = random_game_with_intel(seed, plies, intel);
        for viewer in Side::BOTH {
            let enemy = viewer.opponent();
            // The enemy units this viewer has never identified.
            let hidden: Vec<Square> = game
                .position()
                .occupied_by(enemy)
                .iter()
                .filter(|&sq| game.remembered(viewer, sq).is_none())
                .collect();
            let mut permuted = game.clone();
            let mut order = hidden.clone();
            dice.shuffle(&mut order);
            for (a, b) in hidden.iter().zip(order.iter()) {
                permuted.swap_for_test(*a, *b);
            }
            // What the last turn shows of the enemy: a moving marker's kind never, undeclared
            // partners never (they are shown only when a battle revealed them).
            let view = game.view(viewer);
            for event in &view.last_turn {
                if let Event::Moved { side, kind, .. } = event {
                    prop_assert!(*side == viewer || kind.is_none(), "enemy move leaks its kind");
                }
            }
            let battle = view.last_turn.iter().any(|e| matches!(e, Event::Battle { .. }));
            if view.last_mover == Some(enemy) && !battle {
                prop_assert!(view.last_action.unwrap().partners().is_empty(), "partners leaked");
            }
            let original = serde_json::to_vec(&game.view(viewer)).unwrap();
            let changed = serde_json::to_vec(&permuted.view(viewer)).unwrap();
            // The result is public: a permutation may only differ where it ends the game.
            if permuted.status() == game.status() {
                prop_assert_eq!(original, changed);
            }
        }
    }

    #[test]
    fn every_listed_action_is_legal_and_anything_else_is_refused_with_a_reason(seed in any::<u64>(), plies in 0usize..200, garbage in proptest::collection::vec((0usize..210, 0usize..210, 0usize..210), 20)) {
        let (mut game, mut dice) = new_game(seed);
        random_plies(&mut game, &mut dice, plies, Defense::Auto);
        let position = game.position().clone();
        let legal = position.legal_actions();
        // The fast whole-set generator and the unit-by-unit reference agree exactly.
        let mut fast = legal.clone();
        let mut reference = position.legal_actions_unit_by_unit();
        fast.sort();
        reference.sort();
        prop_assert_eq!(fast, reference);
        for action in &legal {
            prop_assert!(position.is_legal(action));
            prop_assert_eq!(position.why_illegal(action), None);
            prop_assert_eq!(Action::parse(&action.to_string()).unwrap(), *action);
        }
        for (a, b, c) in garbage {
            let (a, b, c) = (Square::from_index(a).unwrap(), Square::from_index(b).unwrap(), Square::from_index(c).unwrap());
            for action in [
                Action::Move { from: a, to: b },
                Action::Attack { from: a, via: None, target: b, partners: Partners::NONE },
                Action::Attack { from: a, via: Some(b), target: c, partners: Partners::NONE },
                Action::Attack { from: a, via: None, target: b, partners: Partners::new(&[c]).unwrap() },
                Action::Detonate { at: a },
            ] {
                let mut copy = position.clone();
                let mut events = Vec::new();
                let result = copy.play(&action, Defense::Auto, &mut events);
                if legal.contains(&action) {
                    prop_assert!(result.is_ok());
                } else {
                    prop_assert!(result.is_err());
                    prop_assert!(position.why_illegal(&action).is_some());
                    prop_assert_eq!(&copy, &position, "a refused action changed the position");
                    prop_assert!(events.is_empty());
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn parsers_never_panic(text in "\\PC{0,80}") {
        let _ = Action::parse(&text);
        let _ = Square::parse(&text);
        let _ = Layout::parse(&text);
        let _ = Position::from_text(&text, Side::South);
        let _ = UnitKind::from_code(&text);
    }

    #[test]
    fn notation_like_input_never_panics(text in "[a-nA-NаевкмАЕВКМ0-9xX:×хХ\\-!(), ]{0,30}") {
        if let Ok(action) = Action::parse(&text) {
            prop_assert_eq!(Action::parse(&action.to_string()).unwrap(), action);
        }
    }

    #[test]
    fn layout_like_input_never_panics(text in "([A-Za-zА-Яа-я.#]{1,4}[ \\n]){0,90}") {
        if let Ok(layout) = Layout::parse(&text) {
            prop_assert_eq!(Layout::parse(&layout.to_text(Language::Ru)).unwrap(), layout);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn position_and_layout_text_round_trip(seed in any::<u64>(), plies in 0usize..300) {
        let (mut game, mut dice) = new_game(seed);
        for side in Side::BOTH {
            let layout = Layout::from_position(side, game.position());
            prop_assert_eq!(Layout::parse(&layout.to_text(Language::En)).unwrap(), layout.clone());
            prop_assert_eq!(Layout::parse(&layout.to_text(Language::Ru)).unwrap(), layout);
        }
        random_plies(&mut game, &mut dice, plies, Defense::Auto);
        let text = game.position().to_text();
        let back = Position::from_text(&text, game.to_move()).unwrap();
        prop_assert_eq!(back.to_text(), text);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    /// Dense random positions (any units, any numbers, crowded into a small area so that
    /// tethers, formations, rays and blocked shots all occur) for both generators.
    #[test]
    fn fast_and_reference_generators_agree_on_random_positions(
        units in proptest::collection::vec((0u8..6, 0u8..6, 0usize..KINDS, any::<bool>()), 1..40),
        south_to_move in any::<bool>(),
    ) {
        let mut position = Position::empty(if south_to_move { Side::South } else { Side::North });
        for (col, row, kind, south) in units {
            let side = if south { Side::South } else { Side::North };
            position.put(Square::new(col + 4, row + 5).unwrap(), Piece::new(side, UnitKind::ALL[kind]));
        }
        let mut fast = position.legal_actions();
        let mut reference = position.legal_actions_unit_by_unit();
        prop_assert_eq!(position.has_legal_action(), !reference.is_empty());
        let mut attacks = Vec::new();
        position.legal_attacks_into(&mut attacks);
        let expected: Vec<Action> = fast.iter().filter(|a| !matches!(a, Action::Move { .. })).copied().collect();
        prop_assert_eq!(attacks, expected, "the attacks, in the full list's order");
        fast.sort();
        reference.sort();
        prop_assert_eq!(&fast, &reference);
        for action in &fast {
            let mut copy = position.clone();
            let mut events = Vec::new();
            copy.play(action, Defense::Auto, &mut events).unwrap();
        }
    }
}

/// A game of `seed` with the intel setting `intel`, after up to `plies` random legal actions,
/// and the dice that chose them.
fn random_game_with_intel(seed: u64, plies: usize, intel: bool) -> (Game, Dice) {
    let (game, mut dice) = new_game(seed);
    let mut game = Game::replay(&Record { intel, ..game.record().clone() }).unwrap();
    random_plies(&mut game, &mut dice, plies, Defense::Auto);
    (game, dice)
}

//! Level 5 ("Admiral") in small positions, one for each trait the original's top level had.
//!
//! Each position is an end game: the units not on the board count as lost, so the AI's belief
//! about the enemy markers is exactly what a player of that game could deduce. Decisions use a
//! fixed number of sampled worlds, so every test is deterministic.

use crate::support::*;
use admiral_engine::ai::{Ai, Budget};
use admiral_engine::shared::SetupPosition;
use admiral_engine::view::{Cell, View};
use admiral_engine::*;

/// South's view of `units`, with the given enemy markers identified (intel) and the given
/// markers known to have moved; every unit not on the board counts as lost.
fn view(units: &str, identified: &[&str], moved: &[&str]) -> (Position, View) {
    let position = pos(units, Side::South);
    let game = Game::from_position(position.clone(), true);
    let mut view = game.view_remembering(Side::South);
    for name in identified {
        let square = sq(name);
        let kind = position.piece_at(square).expect("a marker").kind;
        view.cells[square.index()] = Cell::Enemy { intel: Some(kind) };
    }
    view.moved_markers = moved.iter().map(|name| sq(name)).collect();
    view.moved_markers.sort();
    count_losses(&mut view, &position);
    (position, view)
}

/// Counts every unit missing from `position` as lost, in `view`.
fn count_losses(view: &mut View, position: &Position) {
    for kind in UnitKind::ALL {
        view.enemy_losses[kind.index()] = kind.fleet_count() - position.count(Side::North, kind) as u8;
        view.own_losses[kind.index()] = kind.fleet_count() - position.count(Side::South, kind) as u8;
    }
}

/// Level 5's decision in `view` (several seeds, so a lucky draw cannot pass a test).
fn decisions(position: &Position, view: &View) -> Vec<Action> {
    let legal = position.legal_actions();
    (0..4).map(|seed| Ai::new(5, seed, Budget::Iterations(48)).choose(view, &legal)).collect()
}

/// Bases for both sides far from the action, sealed, so that the game goes on.
const BASES: &str = "a1:NB b1:NB a2:MN b2:DD n15:nb m15:nb n14:mn m14:dd";

#[test]
fn never_sends_a_ship_into_a_known_losing_attack() {
    // A battleship (15) that was seen in battle stands two squares from our cruiser (7),
    // which could move next to it and attack in one action, or sail out of its reach.
    let (position, view) = view(&format!("{BASES} g6:CR g8:bb h12:cr"), &["g8"], &[]);
    for action in decisions(&position, &view) {
        assert!(
            !matches!(action, Action::Attack { from, target, .. } if from == sq("g6") && target == sq("g8")),
            "attacked a known battleship with a lone cruiser: {action}"
        );
    }
}

#[test]
fn strikes_with_a_formation_that_beats_a_known_ship() {
    // Two cruisers side by side (18) against a known battleship (15) touching one of them.
    let (position, view) = view(&format!("{BASES} g7:CR f7:CR g8:bb"), &["g8"], &["g8"]);
    for action in decisions(&position, &view) {
        match action {
            Action::Attack { target, partners, .. } if target == sq("g8") => {
                assert_eq!(partners.len(), 1, "a cruiser pair (18), not a lone cruiser: {action}");
            }
            other => panic!("let a known battleship stand next to a winning pair: {other}"),
        }
    }
}

#[test]
fn goes_for_a_weakly_defended_base() {
    // North's last base must be the one marker that never moved; one patrol ship guards it.
    let units = "a1:NB b1:NB a2:MN b2:DD h13:nb h12:ps c9:dd f13:CR";
    let (position, view) = view(units, &[], &["h12", "c9"]);
    for action in decisions(&position, &view) {
        assert_eq!(action.target(), Some(sq("h13")), "ignored the last base within reach: {action}");
    }
}

#[test]
fn closes_in_on_the_only_possible_base() {
    // The base is three squares beyond reach this turn: the Admiral sails towards it.
    let units = "a1:NB b1:NB a2:MN b2:DD k14:nb c9:dd g11:CR";
    let (position, view) = view(units, &[], &["c9"]);
    let before = sq("g11").distance(sq("k14"));
    for action in decisions(&position, &view) {
        let Action::Move { from, to } = action else { panic!("expected a move, got {action}") };
        assert_eq!(from, sq("g11"));
        assert!(to.distance(sq("k14")) < before, "moved away from the base: {action}");
    }
}

#[test]
fn hunts_the_carrier_when_it_is_known() {
    // The enemy carrier was revealed two squares from our destroyer: sinking it takes the
    // aircraft too.
    let (position, view) = view(&format!("{BASES} k7:DD k9:cv l9:ac"), &["k9", "l9"], &["k9", "l9"]);
    for action in decisions(&position, &view) {
        assert_eq!(action.target(), Some(sq("k9")), "left the carrier alone: {action}");
    }
}

#[test]
fn detonates_the_bomb_when_the_exchange_clearly_favours_it() {
    // Five known enemy warships inside the blast, none of ours.
    let units = format!("{BASES} g7:AB f8:bb g8:bb h8:cr f6:cr h6:rd m3:PS");
    let (position, view) = view(&units, &["f8", "g8", "h8", "f6", "h6"], &["f8", "g8", "h8", "f6", "h6"]);
    for action in decisions(&position, &view) {
        assert_eq!(action, Action::Detonate { at: sq("g7") });
    }
}

#[test]
fn keeps_the_bomb_when_its_own_fleet_would_burn() {
    let units = format!("{BASES} g7:AB f7:BB h7:BB g6:CR g8:pd f8:ps m12:cr");
    let units = units.replace("g8:pd", "g8:ps");
    let (position, view) = view(&units, &["g8", "f8"], &["g8", "f8"]);
    for action in decisions(&position, &view) {
        assert!(!matches!(action, Action::Detonate { .. }), "blew up its own battleships: {action}");
    }
}

#[test]
fn probes_a_suspected_bomb_only_with_something_cheap() {
    // The unmoved marker at g9 can only be the bomb or a mine (the destroyer at h10, seen in
    // battle, may hold it; North's other unidentified marker, n14, is the other of the two); a
    // battleship and a minesweeper both touch it. If it is the bomb, North sets it off and
    // both are lost whoever strikes; if it is a mine, only the minesweeper clears it.
    let units = format!("{BASES} g9:ab g8:BB f9:MS k12:dd h10:dd");
    let (position, view) = view(&units, &["n15", "m15", "m14", "k12", "h10"], &["k12", "h10"]);
    for action in decisions(&position, &view) {
        assert!(
            !matches!(action, Action::Attack { from, .. } if from == sq("g8")),
            "sent the battleship into a suspected bomb: {action}"
        );
    }
}

#[test]
fn defends_a_threatened_base() {
    // A known enemy destroyer can reach c3 and strike our last base at c2 in one action.
    let units = "c2:NB c1:MN d2:DD b2:PS d4:CR c4:dd m15:nb m14:mn l15:dd";
    let (position, view) = view(units, &["c4"], &["c4"]);
    for action in decisions(&position, &view) {
        let mut after = position.clone();
        let mut events = Vec::new();
        after.play(&action, Defense::Auto, &mut events).unwrap();
        let threats: Vec<String> = after
            .legal_actions()
            .into_iter()
            .filter(|reply| reply.target() == Some(sq("c2")))
            .map(|reply| reply.to_string())
            .collect();
        assert!(threats.is_empty(), "after {action} the base can still be hit by {threats:?}");
    }
}

#[test]
fn declares_no_partners_when_even_its_best_group_loses() {
    // A known battleship (15) attacks our destroyer pair (11): losing one ship beats losing two.
    let units = format!("{BASES} g7:DD h7:DD g8:bb");
    let (mut position, _) = view(&units, &[], &[]);
    position.set_to_move(Side::North);
    let game = Game::from_position(position.clone(), true);
    let attack = Action::parse("g8xg7").unwrap();
    let options = game.defense_options(&attack).expect("a scale battle");
    assert!(options.len() > 1);
    let mut view = game.view_remembering(Side::South);
    view.cells[sq("g8").index()] = Cell::Enemy { intel: Some(UnitKind::Battleship) };
    for kind in UnitKind::ALL {
        view.enemy_losses[kind.index()] = kind.fleet_count() - position.count(Side::North, kind) as u8;
    }
    let chosen = Ai::new(5, 1, Budget::Iterations(16)).defend(&view, &attack, &options);
    assert!(chosen.is_empty(), "risked its partner in a lost battle: {chosen:?}");
    // Against a known cruiser (7) the pair wins: it declares it.
    view.cells[sq("g8").index()] = Cell::Enemy { intel: Some(UnitKind::Cruiser) };
    position.remove(sq("g8"));
    position.put(sq("g8"), Piece::new(Side::North, UnitKind::Cruiser));
    let game = Game::from_position(position, true);
    let options = game.defense_options(&attack).expect("a scale battle");
    let chosen = Ai::new(5, 1, Budget::Iterations(16)).defend(&view, &attack, &options);
    assert_eq!(chosen.len(), 1, "a lone destroyer (5) loses to a cruiser (7); the pair (11) wins");
}

#[test]
fn bluffs_with_a_fireship_escorted_like_the_carrier() {
    for seed in 0..20 {
        let layout = Ai::layout(5, seed);
        layout.validate().unwrap_or_else(|e| panic!("seed {seed}: {e:?}"));
        let mut position = Position::empty(Side::South);
        layout.place(Side::South, &mut position);
        let find = |kind| position.pieces().find(|(_, p)| p.kind == kind).map(|(s, _)| s).unwrap();
        let (carrier, fireship) = (find(UnitKind::Carrier), find(UnitKind::Fireship));
        let escorts = fireship
            .surrounding()
            .filter(|&n| position.piece_at(n).is_some_and(|p| p.kind.is_scale_ship()))
            .count();
        assert!(escorts >= 2, "seed {seed}: fireship at {fireship} has {escorts} escorts");
        assert!(fireship.row() <= 2, "seed {seed}: fireship at {fireship} is not in the rear");
        assert!(carrier.col().abs_diff(fireship.col()) >= 4, "seed {seed}: decoy beside the carrier");
        let aircraft = find(UnitKind::Aircraft);
        assert!(aircraft.touches(carrier), "seed {seed}: the bluff broke the carrier group");
    }
}

/// South's aircraft within reach of a mine it has already seen (b5); everything else South has is boxed in by mines without a destroyer to tow
/// them, but for a patrol ship that can only step back.
fn known_mine_in_reach() -> (Position, View) {
    let ours = "a1:NB c1:NB b1:CV b2:AC a2:MN c2:MN h2:PS g2:MN i2:MN h3:MN";
    let theirs = "b5:mn n15:nb m15:nb n14:mn m14:dd";
    view(&format!("{ours} {theirs}"), &["b5"], &[])
}

#[test]
fn does_not_stall_the_game_by_scouting_a_known_mine() {
    // Our aircraft could strike the mine it has already seen: that only reveals it again and
    // teaches nothing (under the first rules it also restarted the quiet-ply count, and a
    // fleet with nothing better to do repeated it forever). No level from 2 up spends its
    // turn on it.
    // Everything else is boxed in by mines without a destroyer to tow them, but for a patrol
    // ship that can only step back: without the rule, the strike would look the better of two
    // empty moves.
    let (position, view) = known_mine_in_reach();
    let legal = position.legal_actions();
    let scout = |action: &Action| action.target() == Some(sq("b5"));
    assert!(legal.iter().any(scout), "the strike must be on offer: {legal:?}");
    for level in 2..=5 {
        for seed in 0..4 {
            let action = Ai::new(level, seed, Budget::Iterations(48)).choose(&view, &legal);
            assert!(!scout(&action), "level {level} scouted a known mine again: {action}");
        }
    }
}

#[test]
fn does_not_throw_a_ship_away_to_keep_the_game_going() {
    // Near the quiet-ply draw the searchers value attacks that destroy something more. Losing
    // a ship of our own is no such attack, though it restarts the count too: a patrol ship
    // beside a destroyer it has seen steps away instead of charging it.
    let (position, mut view) = view(&format!("{BASES} g6:PS g7:dd"), &["g7"], &["g7"]);
    view.quiet_plies = 190;
    let legal = position.legal_actions();
    for level in 4..=5 {
        for seed in 0..4 {
            let action = Ai::new(level, seed, Budget::Iterations(48)).choose(&view, &legal);
            assert_ne!(action.target(), Some(sq("g7")), "level {level} threw its patrol ship away: {action}");
        }
    }
}

#[test]
fn takes_its_seen_aircraft_out_of_reach_of_unseen_ships() {
    // Our aircraft has struck, so North knows it, and the carrier beside it is the marker it
    // can only be. Two North markers that moved (ships: a destroyer, a battleship or a raider)
    // stand two steps from them: the battleship or the raider would ram the aircraft, any ship
    // the carrier. Level 5 counts the unseen ships' strike at what North knows, and moves its
    // air group out of their reach instead of waiting for the ram.
    let units = format!("{BASES} e6:AC e5:CV e8:bb f7:rd");
    let (position, mut view) = view(&units, &[], &["e8", "f7"]);
    view.exposed = vec![sq("e6")];
    let in_reach = |position: &Position| {
        let air_group = position.pieces().filter(|(_, p)| {
            p.side == Side::South && matches!(p.kind, UnitKind::Aircraft | UnitKind::Carrier)
        });
        air_group.map(|(at, _)| at).any(|at| ["e8", "f7"].iter().any(|m| sq(m).distance(at) <= 2))
    };
    for action in decisions(&position, &view) {
        let mut after = position.clone();
        after.apply_unchecked(&action, Defense::Auto, &mut Vec::new());
        assert!(!in_reach(&after), "left the air group in reach: {action}");
    }
}

#[test]
fn keeps_its_ships_out_of_the_blast_of_a_marker_that_may_be_the_bomb() {
    // North's bomb has not been found: it is one of the markers that never moved, and g10 is
    // the only one of them in the open. North knows where its own bomb is, and would set it
    // off the moment our ships sail within two squares of it; level 5 counts that, and does
    // not park its battleship and cruiser in the blast to see whether g10 is a base.
    let units = format!("{BASES} g7:BB f7:CR g10:ab b12:ps");
    let (position, view) = view(&units, &[], &["b12"]);
    let in_blast = |position: &Position| {
        blast_squares(sq("g10")).any(|at| position.piece_at(at).is_some_and(|p| p.side == Side::South))
    };
    for action in decisions(&position, &view) {
        let mut after = position.clone();
        after.apply_unchecked(&action, Defense::Auto, &mut Vec::new());
        assert!(!in_blast(&after), "sailed into the blast of a possible bomb: {action}");
    }
}

#[test]
fn does_not_strike_a_marker_closing_in_on_its_seen_aircraft() {
    // Our aircraft has struck, so North knows where it is. A North marker has come to e9,
    // three squares up the aircraft's file. By the counts it is most likely one of North's
    // six patrol ships, which the aircraft would sink; but North sends what shoots an
    // aircraft down, and level 5 reads the marker closing in as its raider: it does not fly
    // into the raider's guns.
    let units = format!("{BASES} e6:AC e5:CV e9:rd h12:ps i12:ps j12:ps k12:ps h13:ps i13:ps");
    let (position, mut view) = view(&units, &[], &["e9"]);
    view.exposed = vec![sq("e6")];
    for action in decisions(&position, &view) {
        assert_ne!(action.target(), Some(sq("e9")), "struck the hunter with the aircraft: {action}");
    }
}

#[test]
fn takes_its_seen_aircraft_away_from_a_raider_closing_in() {
    // Our aircraft has struck, so North knows it. North's raider, seen in battle, is three
    // squares up its file: out of reach this turn, in reach after its next step, and an
    // aircraft that must wait for its carrier at every step cannot outrun it then. Level 5
    // steps its air group back now, while there is time.
    let units = format!("{BASES} e6:AC d5:CV e9:rd");
    let (position, mut view) = view(&units, &["e9"], &["e9"]);
    view.exposed = vec![sq("e6")];
    for action in decisions(&position, &view) {
        let steps = steps_after(&position, &action, UnitKind::Aircraft, "e9");
        assert!(steps.is_some_and(|s| s > 3), "left its aircraft three steps from the raider: {action}");
    }
}

#[test]
fn wins_the_ending_against_a_fleet_that_can_no_longer_strike() {
    // North has nothing left that could ever hit a base: a carrier without its aircraft, and
    // mines its lost destroyers can no longer move. The carrier runs from our ships. Level 5
    // sinks it (which leaves North without a legal action) or takes the last base before the
    // quiet-ply draw. These are end positions of drawn arena games against
    // `players/hunter.py`: level 5 kept its ships beside its own bases, sealing them against
    // nothing, and dragged or shuffled its mines until the draw.
    let endings = [
        "a1:NB b1:DD a2:MN b3:MN a3:cv b15:nb",
        "a1:TB b1:NB c1:DD b2:SM n2:DD n3:MN a11:MN n1:NB m15:nb n15:mn e2:cv",
        "j1:MN k1:NB k2:DD l2:MN g7:TP k5:cv a15:mn b15:nb",
    ];
    for units in endings {
        for seed in 0..8 {
            let mut game = Game::from_position(pos(units, Side::South), true);
            let mut ai = Ai::new(5, seed, Budget::Iterations(300));
            let mut carrier = admiral_engine::shared::Dice::new(seed);
            while game.position().status() == Status::Ongoing {
                let legal = game.position().legal_actions();
                let action = if game.position().to_move() == Side::South {
                    let mut view = game.view_remembering(Side::South);
                    count_losses(&mut view, game.position());
                    ai.choose(&view, &legal)
                } else {
                    fleeing(game.position(), &legal, &mut carrier)
                };
                game.play(&action, Defense::Auto).expect("a legal action");
            }
            assert_eq!(game.position().status(), Status::SouthWins, "seed {seed}: {units}");
        }
    }
}

/// The move that takes the carrier furthest from South's nearest ship (ties at random).
fn fleeing(position: &Position, legal: &[Action], dice: &mut admiral_engine::shared::Dice) -> Action {
    let ships: Vec<Square> = position
        .pieces()
        .filter(|(_, p)| p.side == Side::South && p.kind.is_scale_ship())
        .map(|(at, _)| at)
        .collect();
    let room = |action: &Action| match action {
        Action::Move { to, .. } => ships.iter().map(|s| s.distance(*to)).min().unwrap_or(0),
        _ => 0,
    };
    let best = legal.iter().map(room).max().expect("a legal action");
    let best: Vec<Action> = legal.iter().filter(|a| room(a) == best).copied().collect();
    *dice.pick(&best).expect("one")
}

#[test]
fn does_not_throw_its_last_ship_at_a_marker_that_may_be_a_mine() {
    // Our destroyer is all we have left that moves. One of North's three unmoved markers is its
    // last base, the other two mines: a strike wins one time in three, and twice in three the
    // destroyer sinks on a mine and we have no legal action left, which loses. The end of an
    // arena game against `players/hunter.py` that level 5 lost that way.
    let units = "d1:MN e1:NB n1:NB m14:DD m15:nb n15:mn a15:mn j12:cv";
    let (position, view) = view(units, &[], &["j12"]);
    for action in decisions(&position, &view) {
        assert_eq!(action.target(), None, "bet the game on a marker: {action}");
    }
}

#[test]
fn keeps_a_ship_the_enemy_can_work_out_out_of_reach_of_its_unseen_ships() {
    // Our cruiser is the only unit of ours that has moved but for the carrier North has seen,
    // and the losses leave us nothing else that moves: North knows it is the cruiser. North's
    // markers that moved are its battleship and a patrol ship, neither identified; the one two
    // steps from the cruiser is the battleship in half of level 5's worlds, and North knows
    // which it is. Level 5 takes the cruiser out of its reach.
    let units = "a1:NB b1:NB a2:SM g6:CR e2:CV n15:nb m15:nb n14:sm g8:bb k12:ps";
    let (position, mut view) = view(units, &[], &["g8", "k12"]);
    view.exposed = vec![sq("e2")];
    view.recollection.own_moved = vec![sq("e2"), sq("g6")];
    for action in decisions(&position, &view) {
        let steps = steps_after(&position, &action, UnitKind::Cruiser, "g8");
        assert!(steps.is_none_or(|s| s > 2), "left its cruiser two steps from the marker: {action}");
    }
}

/// How many steps South's unit of `kind` stands from `square` once `action` is played in
/// `position` (`None` once it is gone).
fn steps_after(position: &Position, action: &Action, kind: UnitKind, square: &str) -> Option<u8> {
    let mut after = position.clone();
    after.apply_unchecked(action, Defense::Auto, &mut Vec::new());
    let unit = after.pieces().find(|(_, p)| p.side == Side::South && p.kind == kind);
    unit.map(|(at, _)| at.distance(sq(square)))
}

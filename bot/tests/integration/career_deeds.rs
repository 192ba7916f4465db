//! Every award counter and every scoring term of `career.md`, from hand-built games: small
//! positions written square by square, played with the engine so that exactly the event in
//! question happens (a torpedo sinking, a submarine battle, an aircraft kill, a mine, a sweep,
//! the bomb, a base…), then read back from the record as the career does.

use crate::career_support;

use admiral_bot::career::deeds::{bases_on_board, deeds, Deeds, Finish};
use admiral_bot::career::points::points;
use admiral_bot::career::{degree_for, AWARDS};
use admiral_engine::{EndReason, Game, Outcome, Side, Status};
use career_support::{game, play};

/// The deeds of `side` in a game (won if the game says so).
fn of(g: &Game, side: Side) -> Deeds {
    let won = g.outcome().and_then(|o| o.status.winner()) == Some(side);
    deeds(g, side, Finish { won, bases_intact: bases_on_board(g, side) >= 2, against_ai5: false })
}

/// The counters that are not zero, apart from `veteran` (always 1).
fn nonzero(d: &Deeds) -> Vec<(&'static str, u64)> {
    d.counts.iter().copied().filter(|(k, n)| *n > 0 && *k != "veteran" && *k != "tonnage").collect()
}

const KEEP: &str = "a1:PS n15:ps";

fn g(units: &str) -> Game {
    game(&format!("{units} {KEEP}"))
}

/// The game from `units` (and the two kept patrol ships) after `moves`.
fn played(units: &str, moves: &[&str]) -> Game {
    let mut x = g(units);
    play(&mut x, moves);
    x
}

#[test]
fn torpedo_strike_counts_enemy_ships_sunk_by_torpedoes() {
    let x = played("e5:TP d4:TB e7:bb", &["e5xe7"]);
    let d = of(&x, Side::South);
    assert_eq!(nonzero(&d), [("torpedo_strike", 1)]);
    assert_eq!((d.units_sunk, d.tonnage_sunk), (1, 45_000), "the spent torpedo is our loss, not a kill");
    // A carrier takes its aircraft with it: one ship, two units.
    let x = played("e5:TP d4:TB e7:cv k12:ac", &["e5xe7"]);
    let d = of(&x, Side::South);
    assert_eq!(nonzero(&d), [("torpedo_strike", 1)]);
    assert_eq!((d.units_sunk, d.tonnage_sunk), (2, 40_010));
    // A torpedo on a mine sinks no ship.
    let x = played("e5:TP d4:TB e6:mn", &["e5xe6"]);
    assert_eq!(nonzero(&of(&x, Side::South)), []);
    assert_eq!(of(&x, Side::South).units_sunk, 1);
}

#[test]
fn submariner_counts_battles_won_by_submarines_alone_in_a_pack_or_defending() {
    let alone = played("e5:SS e6:ps", &["e5xe6"]);
    assert_eq!(nonzero(&of(&alone, Side::South)), [("submariner", 1)]);

    let pack = played("e5:SS d5:SS e6:cr", &["e5xe6(d5)"]);
    assert_eq!(nonzero(&of(&pack, Side::South)), [("submariner", 1), ("squadron", 1)], "9 beats 7");

    let defending = played("e5:SS e6:ps", &["a1-a2", "e6xe5"]);
    assert_eq!(nonzero(&of(&defending, Side::South)), [("submariner", 1)]);
    assert_eq!(of(&defending, Side::South).units_sunk, 1, "North lost its patrol ship");
    assert_eq!(nonzero(&of(&defending, Side::North)), []);

    let lost = played("e5:SS e6:cr", &["e5xe6"]);
    assert_eq!(nonzero(&of(&lost, Side::South)), [], "a lost battle counts nothing");
    assert_eq!(nonzero(&of(&lost, Side::North)), [], "a cruiser is no submarine");
}

#[test]
fn squadron_counts_battles_won_by_a_formation_attacking_or_defending() {
    let attack = played("e5:CR d5:CR e6:bb", &["e5xe6(d5)"]);
    assert_eq!(nonzero(&of(&attack, Side::South)), [("squadron", 1)], "18 beats 15");
    assert_eq!(of(&attack, Side::South).tonnage_sunk, 45_000);

    let single = played("e5:CR e6:dd", &["e5xe6"]);
    assert_eq!(nonzero(&of(&single, Side::South)), [], "one ship is no formation");

    // North attacks a cruiser that has a partner: the default defence is the pair (18).
    let defence = played("e5:CR d5:CR e6:bb", &["a1-a2", "e6xe5"]);
    assert_eq!(nonzero(&of(&defence, Side::South)), [("squadron", 1)]);
}

#[test]
fn naval_aviation_counts_enemy_units_destroyed_by_aircraft() {
    let carrier = played("e5:AC d5:CV e7:cv k12:ac", &["e5xe7"]);
    let d = of(&carrier, Side::South);
    assert_eq!(nonzero(&d), [("naval_aviation", 2)], "the carrier and its aircraft");
    assert_eq!(degree_for(AWARDS[2].thresholds, 2), 3, "two is degree III");
    assert_eq!(d.tonnage_sunk, 40_010);

    let duel = played("e5:AC d5:CV e7:ac f7:cv", &["e5xe7"]);
    assert_eq!(nonzero(&of(&duel, Side::South)), [("naval_aviation", 1)]);

    let shot_down = played("e5:AC d5:CV e8:bb", &["e5xe8"]);
    assert_eq!(nonzero(&of(&shot_down, Side::South)), []);
    assert_eq!(of(&shot_down, Side::North).units_sunk, 1, "North shot the aircraft down");
}

#[test]
fn mine_warfare_counts_enemies_lost_on_our_mines_and_enemy_mines_we_swept() {
    for mine in ["MN", "SM"] {
        let x = played(&format!("e5:{mine} e6:cr"), &["a1-a2", "e6xe5"]);
        let d = of(&x, Side::South);
        assert_eq!(nonzero(&d), [("mine_warfare", 1)], "{mine}");
        assert_eq!(d.tonnage_sunk, 10_000);
    }
    let sweep = played("e5:MS e6:mn", &["e5xe6"]);
    assert_eq!(nonzero(&of(&sweep, Side::South)), [("mine_warfare", 1)]);
    let costly = played("e5:MS e6:sm", &["e5xe6"]);
    assert_eq!(
        nonzero(&of(&costly, Side::South)),
        [("mine_warfare", 1)],
        "cleared, at the price of the sweeper"
    );
    let rammed = played("e5:CR e6:mn", &["e5xe6"]);
    assert_eq!(nonzero(&of(&rammed, Side::South)), [], "only minesweepers sweep");
    let swept = played("e5:MN e6:ms", &["a1-a2", "e6xe5"]);
    assert_eq!(nonzero(&of(&swept, Side::South)), [], "our mine swept: nothing for us");
    assert_eq!(nonzero(&of(&swept, Side::North)), [("mine_warfare", 1)]);
}

#[test]
fn atomic_strike_counts_enemy_units_destroyed_by_our_bomb_however_it_went_off() {
    let ordered = played("g8:AB g9:ss h8:cr f7:nb m15:nb k10:dd h9:BB", &["g8!"]);
    let d = of(&ordered, Side::South);
    assert_eq!(nonzero(&d), [("atomic_strike", 3), ("base_raider", 1)], "k10 is outside the blast");
    assert_eq!(d.tonnage_sunk, 1_200 + 10_000);

    let struck = played("e6:AB e8:cr", &["a1-a2", "e8-e7xe6"]);
    assert_eq!(nonzero(&of(&struck, Side::South)), [("atomic_strike", 1)], "the attacker dies in our blast");
    assert_eq!(nonzero(&of(&struck, Side::North)), []);

    // Setting off the enemy's bomb: the kills count, but it is not our bomb.
    let theirs = played("e5:CR e6:ab e8:dd", &["e5xe6"]);
    let d = of(&theirs, Side::South);
    assert_eq!(nonzero(&d), []);
    assert_eq!((d.units_sunk, d.tonnage_sunk), (2, 2_500));

    // The enemy blowing up its own units is nobody's kill.
    let own_goal = played("h8:ab h9:bb i9:nb m15:nb f3:CR", &["f3-f4", "h8!"]);
    let d = of(&own_goal, Side::South);
    assert_eq!(nonzero(&d), []);
    assert_eq!((d.units_sunk, d.tonnage_sunk), (0, 0));
}

#[test]
fn base_raider_base_defender_victor_veteran_tonnage_and_admirals_match() {
    // South's cruiser takes one base, then the last one: South wins with both bases.
    let mut x = game("e5:CR a1:NB b1:NB e6:nb f7:nb n15:ps");
    play(&mut x, &["e5xe6", "n15-n14", "e5-e6", "n14-n15", "e6-f6xf7"]);
    let outcome = x.outcome().expect("over");
    assert_eq!(outcome.status, Status::SouthWins);
    let south = of(&x, Side::South);
    assert_eq!(
        nonzero(&south),
        [("base_raider", 2), ("base_defender", 1), ("victor", 1)],
        "{:?}",
        south.counts
    );
    assert_eq!(south.count("veteran"), 1);
    assert_eq!(south.count("tonnage"), 0, "bases have no tonnage");
    let vs_ai5 = deeds(&x, Side::South, Finish { won: true, bases_intact: true, against_ai5: true });
    assert_eq!(vs_ai5.count("admirals_match"), 1);
    let north = of(&x, Side::North);
    assert_eq!(nonzero(&north), []);
    assert_eq!(north.count("veteran"), 1, "every rated match finished counts");

    // A win with a base lost is no defence; tonnage adds up per kill.
    let mut y = game("e5:CR a1:NB e6:nb d9:bb d8:cr");
    play(&mut y, &["e5xe6"]);
    assert_eq!(y.outcome().map(|o| o.status), Some(Status::SouthWins));
    assert_eq!(of(&y, Side::South).count("base_defender"), 0);
    let z = played("e5:BB e6:cr f5:BB f6:dd", &["e5xe6", "n15-n14", "f5xf6"]);
    let d = of(&z, Side::South);
    assert_eq!((d.count("tonnage"), d.tonnage_sunk, d.units_sunk), (12_500, 12_500, 2));
}

fn ended(status: Status) -> Outcome {
    Outcome { status, reason: EndReason::BasesDestroyed }
}

#[test]
fn points_terms_fleet_kept_tonnage_bases_result_and_opponent() {
    // South: BB e5 (15) and CR a5 (7) survive = 22 of 184; sinks a destroyer (2,500 t);
    // keeps both bases; takes North's last base.
    let mut x = game("e5:BB a5:CR a1:NB b1:NB e6:dd f5:TB f6:nb n15:ps");
    play(&mut x, &["e5xe6", "n15-n14", "f5xf6"]);
    let outcome = x.outcome().expect("over");
    assert_eq!(outcome.status, Status::SouthWins);
    let tons = of(&x, Side::South).tonnage_sunk;
    let p = points(&x, Side::South, outcome, None, tons);
    let fleet = (15.0 + 7.0 + 3.0) / 184.0 * 100.0;
    assert!((p.fleet_kept - fleet).abs() < 1e-9, "{}", p.fleet_kept);
    assert_eq!(
        (p.tonnage_sunk, p.bases, p.win_bonus, p.result_factor, p.opponent_factor),
        (2.5, 50.0, 100.0, 1.0, 1.0)
    );
    assert_eq!(p.total, (fleet + 2.5 + 50.0 + 100.0).round() as u32);
    assert_eq!(p.total, 166);
    // The loser: a quarter of what it kept (a patrol ship, 2 of 184), no bases.
    let n = points(&x, Side::North, outcome, None, of(&x, Side::North).tonnage_sunk);
    assert_eq!((n.bases, n.win_bonus, n.result_factor), (0.0, 0.0, 0.25));
    assert!((n.fleet_kept - 2.0 / 184.0 * 100.0).abs() < 1e-9);
    assert_eq!(n.total, 0);
    // The same board as a draw counts half, as a loss a quarter.
    let draw = points(&x, Side::South, ended(Status::Draw), None, tons);
    assert_eq!((draw.win_bonus, draw.result_factor), (0.0, 0.5));
    assert_eq!(draw.total, ((fleet + 2.5 + 50.0) * 0.5).round() as u32);
    let loss = points(&x, Side::South, ended(Status::NorthWins), None, tons);
    assert_eq!(loss.total, ((fleet + 2.5 + 50.0) * 0.25).round() as u32);
    // Against the AI, the level multiplies.
    for (level, factor) in [(1, 0.2), (2, 0.4), (3, 0.6), (4, 0.8), (5, 1.0)] {
        let p = points(&x, Side::South, outcome, Some(level), tons);
        assert!((p.opponent_factor - factor).abs() < 1e-9);
        assert_eq!(p.ai_level, Some(level));
        assert_eq!(p.total, ((fleet + 2.5 + 150.0) * factor).round() as u32, "level {level}");
    }
}

#[test]
fn a_real_draw_when_one_blast_takes_both_last_bases() {
    let mut x = game("g8:AB g7:NB n1:BB g9:nb n15:ps");
    play(&mut x, &["g8!"]);
    let outcome = x.outcome().expect("over");
    assert_eq!(outcome.status, Status::Draw);
    let p = points(&x, Side::South, outcome, None, of(&x, Side::South).tonnage_sunk);
    assert_eq!((p.bases, p.win_bonus, p.result_factor), (0.0, 0.0, 0.5));
    assert_eq!(p.total, (15.0 / 184.0 * 100.0 * 0.5_f64).round() as u32);
    assert_eq!(of(&x, Side::South).count("base_raider"), 1);
}

//! Career: points, ranks and awards per `career.md`, computed from the match record.
//!
//! Everything here is pure except [`apply`], which writes the results in the caller's
//! transaction (the one that ends the match). Counts are derived from the events of the
//! replayed record, so they can be recomputed from history at any time.

use admiral_engine::{Event, Game, Outcome, Side, Status, UnitKind, Weapon, KINDS};
use serde::{Deserialize, Serialize};
use sqlx::SqliteConnection;

use crate::ids::UserId;
use crate::store::{Batch, BatchError};

/// The summed strength of a full fleet's scale ships.
pub const FLEET_STRENGTH: u32 = 184;

/// Notional tonnage of each kind (index = `UnitKind::index`); weapons, mines, bomb, bases: 0.
pub fn tonnage(kind: UnitKind) -> u32 {
    use UnitKind::*;
    match kind {
        Carrier => 40_000,
        Battleship => 45_000,
        Raider => 14_000,
        Cruiser => 10_000,
        CruiserSubmarine => 3_500,
        Destroyer => 2_500,
        Submarine => 1_200,
        PatrolShip => 1_200,
        Minesweeper => 700,
        Fireship => 2_000,
        TorpedoBoat => 50,
        Aircraft => 10,
        _ => 0,
    }
}

/// The 19 ranks: (Russian, English, points needed).
pub const RANKS: [(&str, &str, u32); 19] = [
    ("Матрос", "Seaman", 0),
    ("Старший матрос", "Senior Seaman", 100),
    ("Старшина 2 статьи", "Petty Officer 2nd Class", 250),
    ("Старшина 1 статьи", "Petty Officer 1st Class", 500),
    ("Главный старшина", "Chief Petty Officer", 800),
    ("Главный корабельный старшина", "Master Chief Petty Officer", 1_200),
    ("Мичман", "Warrant Officer", 1_700),
    ("Старший мичман", "Senior Warrant Officer", 2_300),
    ("Младший лейтенант", "Ensign", 3_000),
    ("Лейтенант", "Sub-Lieutenant", 3_800),
    ("Старший лейтенант", "Lieutenant", 4_700),
    ("Капитан-лейтенант", "Lieutenant Commander", 5_700),
    ("Капитан 3 ранга", "Commander", 6_800),
    ("Капитан 2 ранга", "Captain 2nd Rank", 8_000),
    ("Капитан 1 ранга", "Captain", 9_500),
    ("Контр-адмирал", "Rear Admiral", 11_000),
    ("Вице-адмирал", "Vice Admiral", 13_000),
    ("Адмирал", "Admiral", 15_500),
    ("Адмирал флота", "Fleet Admiral", 18_500),
];

/// The rank index (0-based into [`RANKS`]) for accumulated points.
pub fn rank_of(points: u32) -> usize {
    RANKS.iter().rposition(|r| points >= r.2).unwrap_or(0)
}

/// The awards: (key, thresholds for degrees III, II, I).
pub const AWARDS: [(&str, [u64; 3]); 12] = [
    ("torpedo_strike", [1, 10, 50]),
    ("submariner", [3, 25, 100]),
    ("naval_aviation", [2, 15, 60]),
    ("mine_warfare", [3, 25, 100]),
    ("atomic_strike", [5, 30, 120]),
    ("base_raider", [1, 10, 40]),
    ("base_defender", [1, 10, 40]),
    ("squadron", [3, 30, 120]),
    ("veteran", [10, 50, 200]),
    ("victor", [5, 25, 100]),
    ("tonnage", [500_000, 5_000_000, 20_000_000]),
    ("admirals_match", [1, 10, 50]),
];

/// The degree reached by a count: 0 none, 3 = III, 2 = II, 1 = I.
pub fn degree_for(thresholds: [u64; 3], count: u64) -> u8 {
    match thresholds.iter().rposition(|t| count >= *t) {
        None => 0,
        Some(i) => 3 - i as u8,
    }
}

/// The points of one player for one match, with the working shown to them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PointsBreakdown {
    /// Surviving scale-ship strength as a share of 184, ×100.
    pub fleet_kept: f64,
    /// Enemy tonnage destroyed / 1,000.
    pub tonnage_sunk: f64,
    /// 50 if both own bases survived.
    pub bases: f64,
    /// 100 for a win.
    pub win_bonus: f64,
    /// 1 for a win, 0.5 for a draw, 0.25 for a loss, 0 for resigning before move 10.
    pub result_factor: f64,
    /// 0.2–1.0 against AI levels 1–5, 1 against a person.
    pub opponent_factor: f64,
    /// The total, rounded.
    pub total: u32,
    /// Rank index before and after.
    pub rank_before: usize,
    /// Rank index after.
    pub rank_after: usize,
    /// Accumulated points after.
    pub points_after: u32,
}

/// Per-side counts for awards, derived from the events of a finished match.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Deeds {
    /// Award key → increment.
    pub counts: Vec<(&'static str, u64)>,
    /// Enemy units destroyed.
    pub units_sunk: u64,
    /// Enemy tonnage destroyed.
    pub tonnage_sunk: u64,
}

/// The events of every turn of a game, by replaying its record.
pub fn turn_events(game: &Game) -> Vec<Vec<Event>> {
    let mut turns = Vec::new();
    match Game::replay_each(game.record(), |_, events| turns.push(events.to_vec())) {
        Ok(_) => turns,
        Err(_) => Vec::new(),
    }
}

/// What `me` achieved in a match, for the award counters.
pub fn deeds(game: &Game, me: Side, won: bool, rated_vs_ai5: bool) -> Deeds {
    deeds_from(&turn_events(game), game, me, won, rated_vs_ai5)
}

/// [`deeds`] from events already replayed with [`turn_events`] (replay once per match).
pub fn deeds_from(turns: &[Vec<Event>], game: &Game, me: Side, won: bool, rated_vs_ai5: bool) -> Deeds {
    let enemy = me.opponent();
    let (mut torpedo, mut sub, mut air, mut mines, mut atomic, mut raider, mut squadron) =
        (0u64, 0u64, 0u64, 0u64, 0u64, 0u64, 0u64);
    for events in turns {
        let enemy_destroyed = |filter: &dyn Fn(UnitKind) -> bool| {
            events
                .iter()
                .filter(
                    |e| matches!(e, Event::Destroyed { side, kind, .. } if *side == enemy && filter(*kind)),
                )
                .count() as u64
        };
        for event in events {
            match *event {
                Event::Struck { side, weapon, attacker, target } => {
                    if side == me && weapon == Weapon::Torpedo {
                        torpedo += enemy_destroyed(&|k| k.is_ship());
                    }
                    if side == me && weapon == Weapon::Aircraft {
                        air += enemy_destroyed(&|_| true);
                    }
                    let mine = |k: UnitKind| matches!(k, UnitKind::Mine | UnitKind::StationaryMine);
                    if side == enemy && mine(target.kind) {
                        // An enemy struck one of my mines: its attacker is lost on it.
                        mines += enemy_destroyed(&|k| k == attacker.kind);
                    }
                    if side == me && attacker.kind == UnitKind::Minesweeper && mine(target.kind) {
                        mines += enemy_destroyed(&mine);
                    }
                }
                Event::Battle { attackers, defenders, winner, side, .. } if winner == Some(me) => {
                    let mine_group = if side == me { attackers } else { defenders };
                    if mine_group
                        .members()
                        .all(|m| matches!(m.kind, UnitKind::Submarine | UnitKind::CruiserSubmarine))
                    {
                        sub += 1;
                    }
                    if mine_group.len() >= 2 {
                        squadron += 1;
                    }
                }
                Event::Detonated { side, .. } if side == me => {
                    atomic += enemy_destroyed(&|_| true);
                }
                _ => {}
            }
        }
        raider += enemy_destroyed(&|k| k == UnitKind::NavalBase);
    }
    let enemy_losses = game.losses(enemy);
    let own_losses = game.losses(me);
    let tonnage_sunk: u64 =
        UnitKind::ALL.iter().map(|k| enemy_losses[k.index()] as u64 * tonnage(*k) as u64).sum();
    let units_sunk: u64 = enemy_losses.iter().map(|n| *n as u64).sum();
    let bases_intact = own_losses[UnitKind::NavalBase.index()] == 0;
    Deeds {
        counts: vec![
            ("torpedo_strike", torpedo),
            ("submariner", sub),
            ("naval_aviation", air),
            ("mine_warfare", mines),
            ("atomic_strike", atomic),
            ("base_raider", raider),
            ("base_defender", (won && bases_intact) as u64),
            ("squadron", squadron),
            ("veteran", 1),
            ("victor", won as u64),
            ("tonnage", tonnage_sunk),
            ("admirals_match", (won && rated_vs_ai5) as u64),
        ],
        units_sunk,
        tonnage_sunk,
    }
}

/// Points for `me` (before adding to the profile; rank fields left for [`apply`]).
pub fn points(game: &Game, me: Side, outcome: Outcome, ai_level: Option<u8>) -> PointsBreakdown {
    let own_losses: [u8; KINDS] = game.losses(me);
    let enemy_losses = game.losses(me.opponent());
    let lost_strength: u32 = UnitKind::ALL
        .iter()
        .filter_map(|k| k.strength().map(|s| s as u32 * own_losses[k.index()] as u32))
        .sum();
    let fleet_kept = (FLEET_STRENGTH.saturating_sub(lost_strength)) as f64 / FLEET_STRENGTH as f64 * 100.0;
    let tonnage_sunk =
        UnitKind::ALL.iter().map(|k| enemy_losses[k.index()] as f64 * tonnage(*k) as f64).sum::<f64>()
            / 1000.0;
    let bases = if own_losses[UnitKind::NavalBase.index()] == 0 { 50.0 } else { 0.0 };
    let won = outcome.status.winner() == Some(me);
    let early_resignation = outcome.reason == admiral_engine::EndReason::Resignation
        && outcome.status.winner() == Some(me.opponent())
        && game.ply() < 20;
    let (win_bonus, result_factor) = match outcome.status {
        _ if early_resignation => (0.0, 0.0),
        _ if won => (100.0, 1.0),
        Status::Draw => (0.0, 0.5),
        _ => (0.0, 0.25),
    };
    let opponent_factor = match ai_level {
        Some(level) => 0.2 * level.clamp(1, 5) as f64,
        None => 1.0,
    };
    let total = ((fleet_kept + tonnage_sunk + bases + win_bonus) * result_factor * opponent_factor)
        .round()
        .max(0.0) as u32;
    PointsBreakdown {
        fleet_kept,
        tonnage_sunk,
        bases,
        win_bonus,
        result_factor,
        opponent_factor,
        total,
        rank_before: 0,
        rank_after: 0,
        points_after: 0,
    }
}

/// An award gained or raised in a match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AwardChange {
    /// Award key (see [`AWARDS`]).
    pub award: String,
    /// The degree before (0 none, 3 = III, 2 = II, 1 = I).
    pub from: u8,
    /// The degree now.
    pub to: u8,
    /// The counter now.
    pub count: u64,
}

/// Records a rated match's points, profile counters and awards for a human player, in the
/// caller's transaction (two reads and one batched write). `turns` are the match's events per
/// turn ([`turn_events`]). Returns the breakdown (with ranks) and the awards gained.
#[allow(clippy::too_many_arguments)]
pub async fn apply(
    conn: &mut SqliteConnection,
    turns: &[Vec<Event>],
    match_id: i64,
    user: UserId,
    game: &Game,
    me: Side,
    outcome: Outcome,
    ai_level: Option<u8>,
) -> Result<(PointsBreakdown, Vec<AwardChange>), sqlx::Error> {
    let mut breakdown = points(game, me, outcome, ai_level);
    let won = outcome.status.winner() == Some(me);
    let deeds = deeds_from(turns, game, me, won, ai_level == Some(5));
    let before: Option<i64> = sqlx::query_scalar("SELECT points FROM profiles WHERE user_id = ?")
        .bind(user.db())
        .fetch_optional(&mut *conn)
        .await?;
    let before = before.unwrap_or(0);
    let held: Vec<(String, i64, i64)> =
        sqlx::query_as("SELECT award, count, degree FROM awards WHERE user_id = ?")
            .bind(user.db())
            .fetch_all(&mut *conn)
            .await?;
    let after = before as u32 + breakdown.total;
    breakdown.rank_before = rank_of(before as u32);
    breakdown.rank_after = rank_of(after);
    breakdown.points_after = after;
    let draw = outcome.status == Status::Draw;
    let mut batch = Batch::new();
    batch
        .sql("INSERT INTO profiles (user_id) VALUES (")
        .bind(user.db())
        .sql(") ON CONFLICT DO NOTHING")
        .end();
    batch
        .sql("UPDATE profiles SET points = ")
        .bind(after as i64)
        .sql(", rated_matches = rated_matches + 1, wins = wins + ")
        .bind(won as i64)
        .sql(", draws = draws + ")
        .bind(draw as i64)
        .sql(", losses = losses + ")
        .bind((!won && !draw) as i64)
        .sql(", units_sunk = units_sunk + ")
        .bind(deeds.units_sunk as i64)
        .sql(", tonnage_sunk = tonnage_sunk + ")
        .bind(deeds.tonnage_sunk as i64)
        .sql(" WHERE user_id = ")
        .bind(user.db())
        .end();
    batch
        .sql("INSERT INTO match_points (match_id, user_id, points, breakdown) VALUES (")
        .bind(match_id)
        .sql(", ")
        .bind(user.db())
        .sql(", ")
        .bind(breakdown.total as i64)
        .sql(", ")
        .bind(serde_json::to_string(&breakdown).unwrap_or_default())
        .sql(")")
        .end();
    let mut changes = Vec::new();
    for (award, add) in deeds.counts {
        if add == 0 {
            continue;
        }
        let thresholds = AWARDS.iter().find(|a| a.0 == award).map(|a| a.1).unwrap_or([u64::MAX; 3]);
        let (count, degree) =
            held.iter().find(|h| h.0 == award).map(|h| (h.1 as u64, h.2 as u8)).unwrap_or((0, 0));
        let count = count + add;
        let new_degree = degree_for(thresholds, count);
        batch
            .sql("INSERT INTO awards (user_id, award, count, degree) VALUES (")
            .bind(user.db())
            .sql(", ")
            .bind(award)
            .sql(", ")
            .bind(count as i64)
            .sql(", ")
            .bind(new_degree as i64)
            .sql(") ON CONFLICT (user_id, award) DO UPDATE SET count = excluded.count, degree = excluded.degree")
            .end();
        if new_degree != degree {
            changes.push(AwardChange { award: award.to_string(), from: degree, to: new_degree, count });
        }
    }
    batch.run(conn).await.map_err(|e| match e {
        BatchError::Db(e) => e,
        BatchError::Check(what) => sqlx::Error::Protocol(what.to_string()),
    })?;
    Ok((breakdown, changes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_and_degrees() {
        assert_eq!(rank_of(0), 0);
        assert_eq!(rank_of(99), 0);
        assert_eq!(rank_of(100), 1);
        assert_eq!(rank_of(18_500), 18);
        assert_eq!(degree_for([1, 10, 50], 0), 0);
        assert_eq!(degree_for([1, 10, 50], 1), 3);
        assert_eq!(degree_for([1, 10, 50], 10), 2);
        assert_eq!(degree_for([1, 10, 50], 50), 1);
    }

    #[test]
    fn points_show_their_working() {
        use admiral_engine::EndReason;
        let south = crate::autoplace::auto_layout(1);
        let north = crate::autoplace::auto_layout(2);
        let mut game = Game::new(&south, &north, true).unwrap();
        let outcome = game.end_by(Side::North, EndReason::Resignation).unwrap();
        let winner = points(&game, Side::South, outcome, None);
        assert_eq!(
            (winner.fleet_kept, winner.tonnage_sunk, winner.bases, winner.win_bonus),
            (100.0, 0.0, 50.0, 100.0)
        );
        assert_eq!(winner.total, 250);
        assert_eq!(points(&game, Side::South, outcome, Some(2)).total, 100, "AI level 2 counts 0.4");
        let loser = points(&game, Side::North, outcome, None);
        assert_eq!(loser.total, 0, "resigning before move 10 earns nothing");
        let deeds = deeds(&game, Side::South, true, false);
        assert!(deeds.counts.contains(&("victor", 1)) && deeds.counts.contains(&("base_defender", 1)));
        assert!(deeds.counts.contains(&("veteran", 1)));
    }

    #[test]
    fn tonnage_table() {
        assert_eq!(tonnage(UnitKind::Battleship), 45_000);
        assert_eq!(tonnage(UnitKind::NavalBase), 0);
        assert_eq!(tonnage(UnitKind::Mine), 0);
    }

    #[test]
    fn fleet_strength_is_184() {
        let total: u32 = UnitKind::ALL
            .iter()
            .filter_map(|k| k.strength().map(|s| s as u32 * k.fleet_count() as u32))
            .sum();
        assert_eq!(total, FLEET_STRENGTH);
    }
}

//! What a finished match writes to the career tables, in the caller's transaction (the one
//! that ends the match, or the one that recomputes everything), and the fair-play rules that
//! decide whether it counts.
//!
//! Fair play:
//! - a match set up as unrated changes nothing;
//! - a match resigned before move 10 (fewer than [`EARLY_RESIGNATION_PLIES`] plies) earns
//!   nothing for either player: no points, no counters, no awards;
//! - the same two people count as rated at most [`DAILY_RATED_LIMIT`] times per UTC day (by
//!   the time the match ended); later matches that day are played as unrated;
//! - against the AI the points are multiplied by the level's factor (no daily limit).
//!
//! Everything is decided from the match record and the matches that ended before it, so
//! [`crate::Service::recompute_careers`] rebuilds exactly the same profiles.

use admiral_engine::{EndReason, Event, Game, Outcome, Side, Status};
use serde::{Deserialize, Serialize};
use sqlx::AnyConnection;

use super::deeds::{bases_on_board, deeds_from, turn_events, Finish};
use super::points::{points, PointsBreakdown};
use super::{degree_for, rank_of, AWARDS};
use crate::clock::DAY_MS;
use crate::ids::UserId;
use crate::store::Batch;

/// Rated matches between the same two people per UTC day.
pub const DAILY_RATED_LIMIT: u32 = 3;

/// A resignation with fewer plies than this (move 10 of both sides) earns nothing.
pub const EARLY_RESIGNATION_PLIES: u32 = 20;

/// Why a finished match changed nobody's career.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "why", rename_all = "snake_case")]
pub enum Unrated {
    /// The match was set up as unrated.
    Friendly,
    /// A player resigned before move 10.
    EarlyResignation,
    /// The two players had already played their rated matches of the day.
    DailyLimit {
        /// The limit ([`DAILY_RATED_LIMIT`]).
        limit: u32,
    },
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

/// What a finished match meant for one player's career.
#[derive(Clone, Debug, PartialEq)]
pub enum Credit {
    /// Points earned (with the working) and awards gained or raised.
    Rated {
        /// The working and the total.
        points: PointsBreakdown,
        /// Awards whose degree changed.
        awards: Vec<AwardChange>,
    },
    /// Nothing changed, and why.
    Unrated {
        /// Why.
        why: Unrated,
        /// The player's accumulated points (unchanged), for the rank on the result card.
        points: u32,
    },
}

/// A finished match as the ledger needs it.
#[derive(Clone, Copy, Debug)]
pub struct FinishedMatch<'a> {
    /// The match id.
    pub id: i64,
    /// The person in each seat (`None` for the AI).
    pub users: [Option<UserId>; 2],
    /// The AI's level, if the AI plays.
    pub ai_level: Option<u8>,
    /// The match was set up as rated.
    pub rated: bool,
    /// When it ended (Unix ms): the UTC day of the daily limit.
    pub finished_at: i64,
    /// The game, replayed to its end.
    pub game: &'a Game,
    /// The result.
    pub outcome: Outcome,
}

/// Decides whether the match counts; the daily limit looks at the rated matches of the same
/// two people that ended earlier the same UTC day (those with `match_points`), found through
/// the seat indexes of `matches`.
pub async fn rating(conn: &mut AnyConnection, m: &FinishedMatch<'_>) -> Result<Option<Unrated>, sqlx::Error> {
    if !m.rated {
        return Ok(Some(Unrated::Friendly));
    }
    if m.outcome.reason == EndReason::Resignation && m.game.ply() < EARLY_RESIGNATION_PLIES {
        return Ok(Some(Unrated::EarlyResignation));
    }
    let [Some(a), Some(b)] = m.users else {
        return Ok(None);
    };
    let day = m.finished_at.div_euclid(DAY_MS) * DAY_MS;
    let earlier: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM (
             SELECT id FROM matches WHERE south_user = $1 AND north_user = $2 AND status = 'finished'
                AND finished_at >= $3 AND finished_at < $4
             UNION ALL
             SELECT id FROM matches WHERE south_user = $2 AND north_user = $1 AND status = 'finished'
                AND finished_at >= $3 AND finished_at < $4
         ) m WHERE m.id <> $5 AND EXISTS (SELECT 1 FROM match_points p WHERE p.match_id = m.id)",
    )
    .bind(a.db())
    .bind(b.db())
    .bind(day)
    .bind(day + DAY_MS)
    .bind(m.id)
    .fetch_one(&mut *conn)
    .await?;
    Ok((earlier >= DAILY_RATED_LIMIT as i64).then_some(Unrated::DailyLimit { limit: DAILY_RATED_LIMIT }))
}

/// Records a finished match for both seats: decides whether it counts, then writes points,
/// profile counters and awards of each person. Returns each seat's credit (`None` for the AI).
pub async fn record_match(
    conn: &mut AnyConnection,
    m: &FinishedMatch<'_>,
) -> Result<[Option<Credit>; 2], sqlx::Error> {
    let unrated = rating(conn, m).await?;
    let turns = if unrated.is_none() { turn_events(m.game) } else { Vec::new() };
    let mut credits = [None, None];
    for side in Side::BOTH {
        let Some(user) = m.users[side.index()] else { continue };
        credits[side.index()] = Some(match unrated {
            Some(why) => Credit::Unrated { why, points: points_of(conn, user).await? },
            None => {
                let ai = m.users[side.opponent().index()].is_none().then(|| m.ai_level.unwrap_or(1));
                let (points, awards) = apply(conn, &turns, m, user, side, ai).await?;
                Credit::Rated { points, awards }
            }
        });
    }
    Ok(credits)
}

/// Writes one player's points, counters and awards (two reads and one batched write).
async fn apply(
    conn: &mut AnyConnection,
    turns: &[Vec<Event>],
    m: &FinishedMatch<'_>,
    user: UserId,
    me: Side,
    ai_level: Option<u8>,
) -> Result<(PointsBreakdown, Vec<AwardChange>), sqlx::Error> {
    let won = m.outcome.status.winner() == Some(me);
    let finish =
        Finish { won, bases_intact: bases_on_board(m.game, me) >= 2, against_ai5: ai_level == Some(5) };
    let deeds = deeds_from(turns, me, finish);
    let mut breakdown = points(m.game, me, m.outcome, ai_level, deeds.tonnage_sunk);
    let before: Option<i64> = sqlx::query_scalar("SELECT points FROM profiles WHERE user_id = $1")
        .bind(user.db())
        .fetch_optional(&mut *conn)
        .await?;
    let before = before.unwrap_or(0) as u32;
    let held: Vec<(String, i64, i64)> =
        sqlx::query_as("SELECT award, count, degree FROM awards WHERE user_id = $1")
            .bind(user.db())
            .fetch_all(&mut *conn)
            .await?;
    let after = before + breakdown.total;
    breakdown.rank_before = rank_of(before);
    breakdown.rank_after = rank_of(after);
    breakdown.points_after = after;
    let draw = m.outcome.status == Status::Draw;
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
        .bind(m.id)
        .sql(", ")
        .bind(user.db())
        .sql(", ")
        .bind(breakdown.total as i64)
        .sql(", ")
        .bind(serde_json::to_string(&breakdown).unwrap_or_default())
        .sql(")")
        .end();
    let mut changes = Vec::new();
    for award in AWARDS {
        let add = deeds.count(award.key);
        if add == 0 {
            continue;
        }
        let (count, degree) =
            held.iter().find(|h| h.0 == award.key).map_or((0, 0), |h| (h.1 as u64, h.2 as u8));
        let count = count + add;
        let new_degree = degree_for(award.thresholds, count);
        batch
            .sql("INSERT INTO awards (user_id, award, count, degree) VALUES (")
            .bind(user.db())
            .sql(", ")
            .bind(award.key)
            .sql(", ")
            .bind(count as i64)
            .sql(", ")
            .bind(new_degree as i64)
            .sql(") ON CONFLICT (user_id, award) DO UPDATE SET count = excluded.count, degree = excluded.degree")
            .end();
        if new_degree != degree {
            changes.push(AwardChange { award: award.key.to_string(), from: degree, to: new_degree, count });
        }
    }
    batch.run(conn).await?;
    Ok((breakdown, changes))
}

/// A player's accumulated points (0 without a profile).
pub async fn points_of(conn: &mut AnyConnection, user: UserId) -> Result<u32, sqlx::Error> {
    let points: Option<i64> = sqlx::query_scalar("SELECT points FROM profiles WHERE user_id = $1")
        .bind(user.db())
        .fetch_optional(&mut *conn)
        .await?;
    Ok(points.unwrap_or(0) as u32)
}

/// Empties the career tables (the first step of a recompute, in its transaction).
pub async fn reset(conn: &mut AnyConnection) -> Result<(), sqlx::Error> {
    sqlx::raw_sql("DELETE FROM match_points; DELETE FROM awards; DELETE FROM profiles;")
        .execute(conn)
        .await?;
    Ok(())
}

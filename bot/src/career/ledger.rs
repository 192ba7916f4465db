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
use super::scale::{degree_for, rank_of, AWARDS};
use crate::clock::DAY_MS;
use crate::ids::UserId;
use crate::store::careers::{self, HeldAward, MatchCredit};
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
    let earlier = careers::rated_matches_between(conn, (a, b), (day, day + DAY_MS), m.id).await?;
    Ok((earlier >= DAILY_RATED_LIMIT).then_some(Unrated::DailyLimit { limit: DAILY_RATED_LIMIT }))
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
            Some(why) => Credit::Unrated { why, points: careers::points_of(conn, user).await? },
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
    let before = careers::points_of(conn, user).await?;
    let held = careers::awards_of(&mut *conn, user).await?;
    let after = before + breakdown.total;
    breakdown.rank_before = rank_of(before);
    breakdown.rank_after = rank_of(after);
    breakdown.points_after = after;
    let mut changed = Vec::new();
    let mut changes = Vec::new();
    for award in AWARDS {
        let add = deeds.count(award.key);
        if add == 0 {
            continue;
        }
        let (count, degree) =
            held.iter().find(|h| h.award == award.key).map_or((0, 0), |h| (h.count, h.degree));
        let count = count + add;
        let new_degree = degree_for(award.thresholds, count);
        changed.push(HeldAward { award: award.key.to_string(), count, degree: new_degree });
        if new_degree != degree {
            changes.push(AwardChange { award: award.key.to_string(), from: degree, to: new_degree, count });
        }
    }
    let mut batch = Batch::new();
    careers::credit_in(
        &mut batch,
        &MatchCredit {
            match_id: m.id,
            user,
            points_after: after,
            points: breakdown.total,
            breakdown_json: serde_json::to_string(&breakdown).unwrap_or_default(),
            won,
            draw: m.outcome.status == Status::Draw,
            units_sunk: deeds.units_sunk,
            tonnage_sunk: deeds.tonnage_sunk,
            awards: &changed,
        },
    );
    batch.run(conn).await?;
    Ok((breakdown, changes))
}

//! `profiles`, `awards`, `match_points`: the career tables, and the leaderboard over them.
//!
//! Everything here runs in the caller's transaction (a match's end, or a recompute), except
//! the read-only queries of the profile card and the leaderboard.

use sqlx::{Any, AnyConnection, Executor};

use super::{Batch, Store};
use crate::career::board::{LeaderPage, LeaderRow, PAGE_SIZE};
use crate::ids::UserId;
use crate::model::Profile;

/// One award a player holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeldAward {
    /// The award's key (see [`crate::career::AWARDS`]).
    pub award: String,
    /// How many times it was earned.
    pub count: u64,
    /// Its degree: 0 none, 3 = III, 2 = II, 1 = I.
    pub degree: u8,
}

/// What one rated match adds to a player's career, written by [`credit_in`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchCredit<'a> {
    /// The match.
    pub match_id: i64,
    /// The player.
    pub user: UserId,
    /// Points after the match.
    pub points_after: u32,
    /// Points of this match.
    pub points: u32,
    /// The breakdown of this match's points, as JSON.
    pub breakdown_json: String,
    /// Whether the player won, drew (neither: lost).
    pub won: bool,
    /// Whether the match was drawn.
    pub draw: bool,
    /// Enemy units destroyed in the match.
    pub units_sunk: u64,
    /// Enemy tonnage destroyed in the match.
    pub tonnage_sunk: u64,
    /// The awards whose count changed, with their new count and degree.
    pub awards: &'a [HeldAward],
}

/// How many rated matches (those with points rows) between `a` and `b`, other than match
/// `except`, ended in `[from, until)`.
pub async fn rated_matches_between(
    conn: &mut AnyConnection,
    (a, b): (UserId, UserId),
    (from, until): (i64, i64),
    except: i64,
) -> Result<u32, sqlx::Error> {
    let count: i64 = sqlx::query_scalar(
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
    .bind(from)
    .bind(until)
    .bind(except)
    .fetch_one(conn)
    .await?;
    Ok(count as u32)
}

/// A player's accumulated points (0 without a profile).
pub async fn points_of(conn: &mut AnyConnection, user: UserId) -> Result<u32, sqlx::Error> {
    let points: Option<i64> = sqlx::query_scalar("SELECT points FROM profiles WHERE user_id = $1")
        .bind(user.db())
        .fetch_optional(conn)
        .await?;
    Ok(points.unwrap_or(0) as u32)
}

/// The awards `user` holds, by key.
pub async fn awards_of<'c>(
    db: impl Executor<'c, Database = Any>,
    user: UserId,
) -> Result<Vec<HeldAward>, sqlx::Error> {
    let rows: Vec<(String, i64, i64)> =
        sqlx::query_as("SELECT award, count, degree FROM awards WHERE user_id = $1 ORDER BY award")
            .bind(user.db())
            .fetch_all(db)
            .await?;
    Ok(rows
        .into_iter()
        .map(|(award, count, degree)| HeldAward { award, count: count as u64, degree: degree as u8 })
        .collect())
}

/// Writes one player's credit for a rated match as part of `batch`: the profile counters, the
/// match's points row, and the awards that changed.
pub fn credit_in(batch: &mut Batch, credit: &MatchCredit<'_>) {
    let user = credit.user.db();
    batch.sql("INSERT INTO profiles (user_id) VALUES (").bind(user).sql(") ON CONFLICT DO NOTHING").end();
    batch
        .sql("UPDATE profiles SET points = ")
        .bind(credit.points_after as i64)
        .sql(", rated_matches = rated_matches + 1, wins = wins + ")
        .bind(credit.won as i64)
        .sql(", draws = draws + ")
        .bind(credit.draw as i64)
        .sql(", losses = losses + ")
        .bind((!credit.won && !credit.draw) as i64)
        .sql(", units_sunk = units_sunk + ")
        .bind(credit.units_sunk as i64)
        .sql(", tonnage_sunk = tonnage_sunk + ")
        .bind(credit.tonnage_sunk as i64)
        .sql(" WHERE user_id = ")
        .bind(user)
        .end();
    batch
        .sql("INSERT INTO match_points (match_id, user_id, points, breakdown) VALUES (")
        .bind(credit.match_id)
        .sql(", ")
        .bind(user)
        .sql(", ")
        .bind(credit.points as i64)
        .sql(", ")
        .bind(credit.breakdown_json.clone())
        .sql(")")
        .end();
    for award in credit.awards {
        batch
            .sql("INSERT INTO awards (user_id, award, count, degree) VALUES (")
            .bind(user)
            .sql(", ")
            .bind(award.award.clone())
            .sql(", ")
            .bind(award.count as i64)
            .sql(", ")
            .bind(award.degree as i64)
            .sql(") ON CONFLICT (user_id, award) DO UPDATE SET count = excluded.count, degree = excluded.degree")
            .end();
    }
}

/// Empties the career tables (the first step of a recompute, in its transaction).
pub async fn reset(conn: &mut AnyConnection) -> Result<(), sqlx::Error> {
    sqlx::raw_sql("DELETE FROM match_points; DELETE FROM awards; DELETE FROM profiles;")
        .execute(conn)
        .await?;
    Ok(())
}

/// How many players have a profile.
pub async fn profile_count(conn: &mut AnyConnection) -> Result<u32, sqlx::Error> {
    let players: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM profiles").fetch_one(conn).await?;
    Ok(players as u32)
}

/// The ranked players of `guild` (every finished match's players when `None`), as
/// (place, user, points, wins, rated matches).
const RANKED: &str = "
WITH members AS (
    SELECT south_user AS user_id FROM matches
     WHERE status = 'finished' AND south_user IS NOT NULL AND ($1 IS NULL OR guild_id = $1)
    UNION
    SELECT north_user FROM matches
     WHERE status = 'finished' AND north_user IS NOT NULL AND ($1 IS NULL OR guild_id = $1)
), ranked AS (
    SELECT ROW_NUMBER() OVER (ORDER BY COALESCE(p.points, 0) DESC, COALESCE(p.wins, 0) DESC,
                                       COALESCE(p.rated_matches, 0) ASC, m.user_id ASC) AS place,
           m.user_id, COALESCE(p.points, 0) AS points, COALESCE(p.wins, 0) AS wins,
           COALESCE(p.rated_matches, 0) AS rated
      FROM members m LEFT JOIN profiles p ON p.user_id = m.user_id
)";

type LeaderRowData = (i64, i64, i64, i64, i64);

fn leader_row((place, user, points, wins, rated): LeaderRowData) -> LeaderRow {
    LeaderRow {
        place: place as u32,
        user: UserId::from_db(user),
        points: points as u32,
        wins: wins as u32,
        rated_matches: rated as u32,
    }
}

impl Store {
    /// `user`'s profile row and awards; zero without a profile. The rank is left at 0: it is
    /// the career's reading of the points ([`crate::career::rank_of`]).
    pub async fn profile(&self, user: UserId) -> Result<Profile, sqlx::Error> {
        let row: Option<(i64, i64, i64, i64, i64, i64, i64)> = sqlx::query_as(
            "SELECT points, rated_matches, wins, draws, losses, units_sunk, tonnage_sunk FROM profiles WHERE user_id = $1",
        )
        .bind(user.db())
        .fetch_optional(&self.write)
        .await?;
        let (points, rated, wins, draws, losses, units, tonnage) = row.unwrap_or_default();
        let awards = awards_of(&self.write, user).await?;
        Ok(Profile {
            points: points as u32,
            rank: 0,
            rated_matches: rated as u32,
            wins: wins as u32,
            draws: draws as u32,
            losses: losses as u32,
            units_sunk: units as u64,
            tonnage_sunk: tonnage as u64,
            awards: awards.into_iter().map(|a| (a.award, a.count, a.degree)).collect(),
        })
    }

    /// The awards `user` holds, by key.
    pub async fn awards(&self, user: UserId) -> Result<Vec<HeldAward>, sqlx::Error> {
        awards_of(&self.read, user).await
    }

    /// Page `page` (0-based, clamped) of the leaderboard of `guild`, with `caller`'s row.
    pub async fn leaderboard(
        &self,
        guild: Option<u64>,
        page: u32,
        caller: UserId,
    ) -> Result<LeaderPage, sqlx::Error> {
        let mut conn = self.read.acquire().await?;
        let guild = guild.map(|g| g as i64);
        let total: i64 = sqlx::query_scalar(&format!("{RANKED} SELECT COUNT(*) FROM ranked"))
            .bind(guild)
            .fetch_one(&mut *conn)
            .await?;
        let total = total as u32;
        let pages = total.div_ceil(PAGE_SIZE);
        let page = page.min(pages.saturating_sub(1));
        let rows: Vec<LeaderRowData> = sqlx::query_as(&format!(
            "{RANKED} SELECT place, user_id, points, wins, rated FROM ranked WHERE place > $2 AND place <= $3 ORDER BY place"
        ))
        .bind(guild)
        .bind((page * PAGE_SIZE) as i64)
        .bind(((page + 1) * PAGE_SIZE) as i64)
        .fetch_all(&mut *conn)
        .await?;
        let me: Option<LeaderRowData> = sqlx::query_as(&format!(
            "{RANKED} SELECT place, user_id, points, wins, rated FROM ranked WHERE user_id = $2"
        ))
        .bind(guild)
        .bind(caller.db())
        .fetch_optional(&mut *conn)
        .await?;
        Ok(LeaderPage {
            page,
            pages,
            total,
            rows: rows.into_iter().map(leader_row).collect(),
            me: me.map(leader_row),
        })
    }
}

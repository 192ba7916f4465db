//! `matches`: who sat where, for finished matches (the service's caches only hold live ones).

use super::Store;
use crate::ids::{MatchId, UserId};

/// A match's seats: the human players (`None` on the AI's side) and the AI's level.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MatchSeats {
    /// The match.
    pub id: MatchId,
    /// The player on South, unless South is the AI.
    pub south: Option<UserId>,
    /// The player on North, unless North is the AI.
    pub north: Option<UserId>,
    /// The AI's level (1–5) if one of the sides is the AI.
    pub ai_level: Option<u8>,
}

type SeatsRow = (i64, Option<i64>, Option<i64>, Option<i64>);

fn seats((id, south, north, ai_level): SeatsRow) -> MatchSeats {
    MatchSeats {
        id: MatchId(id),
        south: south.map(UserId::from_db),
        north: north.map(UserId::from_db),
        ai_level: ai_level.map(|level| level as u8),
    }
}

impl Store {
    /// The seats of match `id`; `None` if there is no such match.
    pub async fn match_seats(&self, id: MatchId) -> Result<Option<MatchSeats>, sqlx::Error> {
        let row: Option<SeatsRow> =
            sqlx::query_as("SELECT id, south_user, north_user, ai_level FROM matches WHERE id = $1")
                .bind(id.0)
                .fetch_optional(&self.read)
                .await?;
        Ok(row.map(seats))
    }

    /// `user`'s most recently finished match, if any.
    pub async fn last_finished_match(&self, user: UserId) -> Result<Option<MatchId>, sqlx::Error> {
        let id: Option<i64> = sqlx::query_scalar(
            "SELECT id FROM matches WHERE (south_user = $1 OR north_user = $2) AND status = 'finished' ORDER BY id DESC LIMIT 1",
        )
        .bind(user.db())
        .bind(user.db())
        .fetch_optional(&self.read)
        .await?;
        Ok(id.map(MatchId))
    }

    /// `user`'s finished matches, newest first, at most `limit`.
    pub async fn finished_matches(&self, user: UserId, limit: u32) -> Result<Vec<MatchSeats>, sqlx::Error> {
        let rows: Vec<SeatsRow> = sqlx::query_as(
            "SELECT id, south_user, north_user, ai_level FROM matches
             WHERE (south_user = $1 OR north_user = $2) AND status = 'finished' ORDER BY id DESC LIMIT $3",
        )
        .bind(user.db())
        .bind(user.db())
        .bind(i64::from(limit))
        .fetch_all(&self.read)
        .await?;
        Ok(rows.into_iter().map(seats).collect())
    }
}

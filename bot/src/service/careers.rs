//! Career queries and the recompute of every profile from the match records.

use super::*;
use crate::career::board::{self, LeaderPage};
use crate::career::ledger::{self, FinishedMatch};
use crate::career::{AwardProgress, AWARDS};

/// What [`Service::recompute_careers`] went through.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RecomputeSummary {
    /// Finished matches replayed.
    pub matches: u32,
    /// Of those, matches that counted (rated for their players).
    pub rated: u32,
    /// Players with a profile afterwards.
    pub players: u32,
}

type FinishedRow = (i64, Option<i64>, Option<i64>, Option<i64>, String, Option<i64>);

impl Service {
    /// Rebuilds every profile, award and per-match points row from the stored match records,
    /// in one transaction: the career tables are emptied, then every finished match is
    /// replayed in the order the matches ended and recorded exactly as when it ended (same
    /// fair-play decisions). The admin entry point is `admiral-bot --recompute-careers`.
    pub async fn recompute_careers(&self) -> Result<RecomputeSummary> {
        let mut batch = Batch::new();
        let mut tx = WriteTx::start(&self.inner.store.write, &mut batch).await?;
        let conn = tx.flush(&mut batch).await.map_err(batch_error)?;
        ledger::reset(conn).await?;
        let finished: Vec<FinishedRow> = sqlx::query_as(
            "SELECT id, south_user, north_user, ai_level, settings, finished_at FROM matches
             WHERE status = 'finished' ORDER BY finished_at, id",
        )
        .fetch_all(&mut *conn)
        .await?;
        let mut summary = RecomputeSummary::default();
        for (id, south, north, ai_level, settings, finished_at) in finished {
            let settings: MatchSettings = serde_json::from_str(&settings).map_err(corrupt)?;
            if settings.ruleset != "admiral" {
                continue; // career.md scores Admiral matches only
            }
            let events: Vec<(i64, String, String)> = sqlx::query_as(
                "SELECT seq, kind, payload FROM match_events WHERE match_id = $1 ORDER BY seq",
            )
            .bind(id)
            .fetch_all(&mut *conn)
            .await?;
            let Some(record) = record_from_events(&settings, &events)? else {
                continue; // ended before it started (never happens: setups are completed)
            };
            let game = Game::replay(&record).map_err(corrupt)?;
            let outcome =
                game.outcome().ok_or_else(|| corrupt(format!("finished match {id} has no result")))?;
            let m = FinishedMatch {
                id,
                users: [south.map(UserId::from_db), north.map(UserId::from_db)],
                ai_level: ai_level.map(|l| l as u8),
                rated: settings.rated,
                finished_at: finished_at.unwrap_or(0),
                game: &game,
                outcome,
            };
            let credits = ledger::record_match(conn, &m).await?;
            summary.matches += 1;
            summary.rated +=
                credits.iter().flatten().any(|c| matches!(c, career::Credit::Rated { .. })) as u32;
        }
        let players: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM profiles").fetch_one(&mut *conn).await?;
        summary.players = players as u32;
        tx.commit().await?;
        tracing::info!(?summary, "careers recomputed from the match records");
        Ok(summary)
    }

    /// A page of the leaderboard of `guild` (every player's when `None`) with `caller`'s row.
    pub async fn leaderboard(&self, guild: Option<u64>, page: u32, caller: UserId) -> Result<LeaderPage> {
        let mut conn = self.inner.store.read.acquire().await?;
        Ok(board::leaderboard(&mut conn, guild, page, caller).await?)
    }

    /// The progress of each of the twelve awards (in the order of [`AWARDS`]) for `user`.
    pub async fn award_progress(&self, user: UserId) -> Result<Vec<AwardProgress>> {
        let held: Vec<(String, i64)> = sqlx::query_as("SELECT award, count FROM awards WHERE user_id = $1")
            .bind(user.db())
            .fetch_all(&self.inner.store.read)
            .await?;
        Ok(AWARDS
            .iter()
            .map(|a| {
                let count = held.iter().find(|h| h.0 == a.key).map_or(0, |h| h.1 as u64);
                AwardProgress::of(a, count)
            })
            .collect())
    }
}

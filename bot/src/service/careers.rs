//! Career queries and the recompute of every profile from the match records.

use super::loading::record_from_events;
use super::prelude::*;
use crate::career::board::LeaderPage;
use crate::career::ledger::{self, FinishedMatch};
use crate::career::{AwardProgress, AWARDS, SCHOOL};
use crate::store::{careers, matches};

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

impl Service {
    /// Rebuilds every profile, award and per-match points row from the stored match records,
    /// in one transaction: the career tables are emptied, then every finished match is
    /// replayed in the order the matches ended and recorded exactly as when it ended (same
    /// fair-play decisions). The admin entry point is `admiral-bot --recompute-careers`.
    pub async fn recompute_careers(&self) -> Result<RecomputeSummary> {
        let mut batch = Batch::new();
        let mut tx = WriteTx::start(&self.inner.store.write, &mut batch).await?;
        let conn = tx.flush(&mut batch).await.map_err(batch_error)?;
        careers::reset(conn).await?;
        let finished = matches::finished_in_order(conn).await?;
        let mut summary = RecomputeSummary::default();
        for row in finished {
            if row.ruleset != Ruleset::Admiral {
                continue; // career.md scores Admiral matches only
            }
            let settings: MatchSettings = serde_json::from_str(&row.settings).map_err(corrupt)?;
            if settings.lesson.is_some() {
                continue; // a lesson's try is not part of the career, as when it ended
            }
            let events = events::of_match(&mut *conn, row.id).await?;
            let Some(record) = record_from_events(&settings, &events)? else {
                continue; // ended before it started (never happens: setups are completed)
            };
            let game = Game::replay(&record).map_err(corrupt)?;
            let outcome =
                game.outcome().ok_or_else(|| corrupt(format!("finished match {} has no result", row.id)))?;
            let m = FinishedMatch {
                id: row.id.0,
                users: row.users,
                ai_level: row.ai_level,
                rated: settings.rated,
                finished_at: row.finished_at,
                game: &game,
                outcome,
            };
            let credits = ledger::record_match(conn, &m).await?;
            summary.matches += 1;
            summary.rated +=
                credits.iter().flatten().any(|c| matches!(c, career::Credit::Rated { .. })) as u32;
        }
        summary.players = careers::profile_count(conn).await?;
        tx.commit().await?;
        tracing::info!(?summary, "careers recomputed from the match records");
        Ok(summary)
    }

    /// A page of the leaderboard of `guild` (every player's when `None`) with `caller`'s row.
    pub async fn leaderboard(&self, guild: Option<u64>, page: u32, caller: UserId) -> Result<LeaderPage> {
        Ok(self.inner.store.leaderboard(guild, page, caller).await?)
    }

    /// The progress of each award (in the order of [`AWARDS`]) for `user`: the matches' awards
    /// as the career holds them, the lessons' badge from the lessons passed.
    pub async fn award_progress(&self, user: UserId) -> Result<Vec<AwardProgress>> {
        let held = self.inner.store.awards(user).await?;
        let lessons_passed: u64 = self.lesson_standing(user).await?.iter().map(|p| u64::from(p.passed)).sum();
        Ok(AWARDS
            .iter()
            .map(|a| {
                let count = match a.key {
                    SCHOOL => lessons_passed,
                    key => held.iter().find(|h| h.award == key).map_or(0, |h| h.count),
                };
                AwardProgress::of(a, count)
            })
            .collect())
    }
}

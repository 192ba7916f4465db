//! `lesson_progress`: where each player stands on each guided lesson.

use sqlx::AnyConnection;

use super::{Store, StoredName};
use crate::ids::{MatchId, UserId};

/// Where a player stands on one lesson.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LessonState {
    /// Started and not passed yet (its latest try may be over: failed or abandoned).
    Open,
    /// Passed once (a passed lesson stays passed when replayed).
    Passed,
    /// Skipped without passing.
    Skipped,
}

impl StoredName for LessonState {
    const WHAT: &'static str = "lesson state";
    const ALL: &'static [LessonState] = &[LessonState::Open, LessonState::Passed, LessonState::Skipped];

    fn as_str(self) -> &'static str {
        match self {
            LessonState::Open => "open",
            LessonState::Passed => "passed",
            LessonState::Skipped => "skipped",
        }
    }
}

/// One lesson's row for a player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LessonRow {
    /// The lesson (`admiral/01-moving`).
    pub lesson: String,
    /// Where the player stands on it.
    pub state: LessonState,
    /// Failed tries.
    pub failures: u32,
    /// The latest try's match.
    pub match_id: Option<MatchId>,
    /// Whether that match is not over (in setup or in play).
    pub try_running: bool,
    /// When the row last changed (Unix ms).
    pub updated_at: i64,
}

impl LessonRow {
    /// The match of the latest try, if it is not over.
    pub fn running_try(&self) -> Option<MatchId> {
        self.match_id.filter(|_| self.try_running)
    }
}

/// How a try of a lesson ended, for its row.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TryEnd {
    /// The goal was met.
    Passed,
    /// The try failed.
    Failed,
    /// The player skipped the lesson.
    Skipped,
}

impl Store {
    /// Every lesson row of `user`, the most recently changed first.
    pub async fn lesson_progress(&self, user: UserId) -> Result<Vec<LessonRow>, sqlx::Error> {
        let rows: Vec<(String, String, i64, Option<i64>, i64, i64)> = sqlx::query_as(
            "SELECT p.lesson_id, p.state, p.failures, p.match_id,
                    CASE WHEN m.status IN ('setup', 'playing') THEN 1 ELSE 0 END, p.updated_at
             FROM lesson_progress p LEFT JOIN matches m ON m.id = p.match_id
             WHERE p.user_id = $1 ORDER BY p.updated_at DESC, p.lesson_id",
        )
        .bind(user.db())
        .fetch_all(&self.read)
        .await?;
        rows.into_iter()
            .map(|(lesson, state, failures, match_id, running, updated_at)| {
                Ok(LessonRow {
                    lesson,
                    state: LessonState::decode(&state)?,
                    failures: failures as u32,
                    match_id: match_id.map(MatchId),
                    try_running: running != 0,
                    updated_at,
                })
            })
            .collect()
    }
}

/// Records a new try of `lesson` by `user` in match `id` (a passed lesson stays passed), in the
/// caller's transaction.
pub async fn open(
    conn: &mut AnyConnection,
    user: UserId,
    lesson: &str,
    id: MatchId,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO lesson_progress (user_id, lesson_id, state, failures, match_id, updated_at)
         VALUES ($1, $2, 'open', 0, $3, $4)
         ON CONFLICT (user_id, lesson_id) DO UPDATE
         SET match_id = excluded.match_id, updated_at = excluded.updated_at,
             state = CASE WHEN lesson_progress.state = 'passed' THEN 'passed' ELSE 'open' END",
    )
    .bind(user.db())
    .bind(lesson)
    .bind(id.0)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// Records how a try of `lesson` ended, in the caller's transaction: passed, one more failure,
/// or skipped (unless it was passed before).
pub async fn settle(
    conn: &mut AnyConnection,
    user: UserId,
    lesson: &str,
    end: TryEnd,
    now: i64,
) -> Result<(), sqlx::Error> {
    let sql = match end {
        TryEnd::Passed => {
            "UPDATE lesson_progress SET state = 'passed', updated_at = $3
                           WHERE user_id = $1 AND lesson_id = $2"
        }
        TryEnd::Failed => {
            "UPDATE lesson_progress SET failures = failures + 1, updated_at = $3
                           WHERE user_id = $1 AND lesson_id = $2"
        }
        TryEnd::Skipped => {
            "UPDATE lesson_progress
                            SET state = CASE WHEN state = 'passed' THEN 'passed' ELSE 'skipped' END,
                                updated_at = $3
                            WHERE user_id = $1 AND lesson_id = $2"
        }
    };
    sqlx::query(sql).bind(user.db()).bind(lesson).bind(now).execute(conn).await?;
    Ok(())
}

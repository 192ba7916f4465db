//! The leaderboard: a server's players by points, a page at a time, with the caller's place.
//!
//! A server's players are the people seated in a finished match that was started in that
//! server (its challenge or `/admiral ai` command was used there); in DMs the board is every
//! player with a finished match. Order: points, then wins, then fewer rated matches, then the
//! user id (so that equal records keep a stable order); the place is the row number in it.

use sqlx::AnyConnection;

use crate::ids::UserId;

/// Rows per page.
pub const PAGE_SIZE: u32 = 10;

/// One player on the leaderboard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeaderRow {
    /// 1-based place.
    pub place: u32,
    /// The player.
    pub user: UserId,
    /// Accumulated points.
    pub points: u32,
    /// Rated wins.
    pub wins: u32,
    /// Rated matches.
    pub rated_matches: u32,
}

/// One page of the leaderboard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeaderPage {
    /// The page shown (0-based; clamped to the last page).
    pub page: u32,
    /// Number of pages (0 when nobody is on the board).
    pub pages: u32,
    /// Players on the board.
    pub total: u32,
    /// The rows of this page.
    pub rows: Vec<LeaderRow>,
    /// The caller's own row, wherever it is (`None` if they are not on the board).
    pub me: Option<LeaderRow>,
}

type Row = (i64, i64, i64, i64, i64);

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

fn row((place, user, points, wins, rated): Row) -> LeaderRow {
    LeaderRow {
        place: place as u32,
        user: UserId::from_db(user),
        points: points as u32,
        wins: wins as u32,
        rated_matches: rated as u32,
    }
}

/// Page `page` (0-based, clamped) of the leaderboard of `guild`, with `caller`'s row.
pub async fn leaderboard(
    conn: &mut AnyConnection,
    guild: Option<u64>,
    page: u32,
    caller: UserId,
) -> Result<LeaderPage, sqlx::Error> {
    let guild = guild.map(|g| g as i64);
    let total: i64 = sqlx::query_scalar(&format!("{RANKED} SELECT COUNT(*) FROM ranked"))
        .bind(guild)
        .fetch_one(&mut *conn)
        .await?;
    let total = total as u32;
    let pages = total.div_ceil(PAGE_SIZE);
    let page = page.min(pages.saturating_sub(1));
    let rows: Vec<Row> = sqlx::query_as(&format!(
        "{RANKED} SELECT place, user_id, points, wins, rated FROM ranked WHERE place > $2 AND place <= $3 ORDER BY place"
    ))
    .bind(guild)
    .bind((page * PAGE_SIZE) as i64)
    .bind(((page + 1) * PAGE_SIZE) as i64)
    .fetch_all(&mut *conn)
    .await?;
    let me: Option<Row> = sqlx::query_as(&format!(
        "{RANKED} SELECT place, user_id, points, wins, rated FROM ranked WHERE user_id = $2"
    ))
    .bind(guild)
    .bind(caller.db())
    .fetch_optional(&mut *conn)
    .await?;
    Ok(LeaderPage { page, pages, total, rows: rows.into_iter().map(row).collect(), me: me.map(row) })
}

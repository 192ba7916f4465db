//! The leaderboard: a server's players by points, a page at a time, with the caller's place.
//!
//! A server's players are the people seated in a finished match that was started in that
//! server (its challenge or `/admiral ai` command was used there); in DMs the board is every
//! player with a finished match. Order: points, then wins, then fewer rated matches, then the
//! user id (so that equal records keep a stable order); the place is the row number in it. The
//! query is the store's ([`crate::store::Store::leaderboard`]).

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

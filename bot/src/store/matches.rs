//! `matches`: one row per match (seats, settings, phase, version), with `setups` (each side's
//! layout), `clocks` and `pending_decisions` (an attack waiting for its defender), which
//! belong to it.
//!
//! Every change of a match is checked against the `version` the writer read: a write that
//! finds the version moved changes nothing and reports it (another process was first).

use admiral_engine::{Language, Ruleset, Side};
use sqlx::{Any, AnyConnection, Executor};

use super::events::{self, EventsError, MatchEvent};
use super::{players, Batch, Store};
use crate::ids::{MatchId, UserId};
use crate::model::{DefencePolicy, MatchStatus, Origin};

/// A match's row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchRow {
    /// Which game.
    pub ruleset: Ruleset,
    /// The people in the seats, South then North (`None`: the AI's seat).
    pub users: [Option<UserId>; 2],
    /// The AI's level (1–5) if one seat is the AI's.
    pub ai_level: Option<u8>,
    /// The settings as JSON (the service's `MatchSettings`).
    pub settings: String,
    /// Its phase.
    pub status: MatchStatus,
    /// Where it was started, and the language of its public messages if the channel's was
    /// known.
    pub origin: Origin,
    /// The seed of everything random in the match.
    pub seed: i64,
    /// Bumped by every accepted change.
    pub version: i64,
}

/// A new match's row (status `setup`, version 0).
#[derive(Clone, Debug)]
pub struct NewMatch<'a> {
    /// Which game.
    pub ruleset: Ruleset,
    /// The people in the seats, South then North.
    pub users: [Option<UserId>; 2],
    /// The AI's level, for a match against the AI.
    pub ai_level: Option<u8>,
    /// The settings as JSON.
    pub settings: &'a str,
    /// Where it was started, and the language of its public messages if known.
    pub origin: Origin,
    /// The seed.
    pub seed: i64,
    /// When (Unix ms).
    pub now: i64,
}

/// How a match ended, for its row.
#[derive(Clone, Debug)]
pub struct Ending<'a> {
    /// Plies played.
    pub ply: u32,
    /// The engine's status name (`south_won`, `draw`, …).
    pub result: &'a str,
    /// The end reason's name.
    pub reason: Option<String>,
    /// When (Unix ms).
    pub at: i64,
}

/// A finished match, for the recompute of the careers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FinishedRow {
    /// The match.
    pub id: MatchId,
    /// Which game.
    pub ruleset: Ruleset,
    /// The seats.
    pub users: [Option<UserId>; 2],
    /// The AI's level.
    pub ai_level: Option<u8>,
    /// The settings as JSON.
    pub settings: String,
    /// When it ended (Unix ms).
    pub finished_at: i64,
}

/// A side's setup row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupRow {
    /// Whose.
    pub side: Side,
    /// The layout grid (layout file grid, English codes; may be partial).
    pub grid: String,
    /// Whether the side declared itself ready.
    pub ready: bool,
}

/// A match's clocks: each side's remaining time (`None`: untimed) and since when the side to
/// move has been thinking (`None`: stopped).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct ClockRow {
    /// Remaining milliseconds, South then North.
    pub remaining_ms: [Option<i64>; 2],
    /// When the running clock started (Unix ms).
    pub running_since: Option<i64>,
}

/// An attack waiting for its defender's choice of group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PendingRow {
    /// The ply it was made at.
    pub ply: u32,
    /// Who must decide.
    pub defender: Side,
    /// The attack in notation.
    pub action: String,
    /// The defender's options (lists of squares) as JSON.
    pub options: String,
    /// When the default applies (Unix ms).
    pub deadline: i64,
}

fn side_of(name: &str) -> Result<Side, sqlx::Error> {
    Side::from_name(name).ok_or_else(|| sqlx::Error::Decode(format!("unknown side {name:?}").into()))
}

fn ruleset_of(name: &str) -> Result<Ruleset, sqlx::Error> {
    Ruleset::from_name(name).ok_or_else(|| sqlx::Error::Decode(format!("unknown ruleset {name:?}").into()))
}

fn seat(user: Option<i64>) -> Option<UserId> {
    user.map(UserId::from_db)
}

/// Whether a checked write found its row (`false`: the version moved, nothing changed).
fn changed_one(result: sqlx::any::AnyQueryResult) -> bool {
    result.rows_affected() == 1
}

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
        Ok(self.finished_matches(user, 1).await?.first().map(|m| m.id))
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

    /// Match `id`'s version; `None` if there is no such match.
    pub async fn match_version(&self, id: MatchId) -> Result<Option<i64>, sqlx::Error> {
        sqlx::query_scalar("SELECT version FROM matches WHERE id = $1")
            .bind(id.0)
            .fetch_optional(&self.read)
            .await
    }

    /// Match `id`'s settings (JSON); `None` if there is no such match.
    pub async fn match_settings(&self, id: MatchId) -> Result<Option<String>, sqlx::Error> {
        sqlx::query_scalar("SELECT settings FROM matches WHERE id = $1")
            .bind(id.0)
            .fetch_optional(&self.read)
            .await
    }

    /// Every match in setup or play.
    pub async fn active_matches(&self) -> Result<Vec<MatchId>, sqlx::Error> {
        let ids: Vec<i64> =
            sqlx::query_scalar("SELECT id FROM matches WHERE status IN ('setup', 'playing') ORDER BY id")
                .fetch_all(&self.write)
                .await?;
        Ok(ids.into_iter().map(MatchId).collect())
    }

    /// `user`'s matches in setup or play.
    pub async fn active_matches_of(&self, user: UserId) -> Result<Vec<MatchId>, sqlx::Error> {
        let ids: Vec<i64> = sqlx::query_scalar(
            "SELECT id FROM matches WHERE (south_user = $1 OR north_user = $2) AND status <> 'finished' ORDER BY id",
        )
        .bind(user.db())
        .bind(user.db())
        .fetch_all(&self.read)
        .await?;
        Ok(ids.into_iter().map(MatchId).collect())
    }

    /// Everything stored about match `id`, read in one snapshot; `None` if there is no such
    /// match.
    pub async fn match_rows(&self, id: MatchId) -> Result<Option<MatchRows>, EventsError> {
        let mut tx = self.read_tx().await?;
        let rows = read_match_rows(tx.conn(), id).await;
        tx.end().await?;
        rows
    }
}

/// Everything stored about one match: its row, its seats' preferences, its setups, its record,
/// its clocks and a pending defence, read in one snapshot ([`Store::read_tx`]) so that they
/// agree with each other even while another process commits a change of the match.
#[derive(Clone, Debug)]
pub struct MatchRows {
    /// The match's row (its `version` is the version of everything here).
    pub row: MatchRow,
    /// The seats' languages and defence policies, South then North.
    pub preferences: ([Language; 2], [DefencePolicy; 2]),
    /// The setup rows.
    pub setups: Vec<SetupRow>,
    /// The record, in order.
    pub events: Vec<MatchEvent>,
    /// The clocks.
    pub clocks: ClockRow,
    /// The attack waiting for its defender, if any.
    pub pending: Option<PendingRow>,
}

async fn read_match_rows(conn: &mut AnyConnection, id: MatchId) -> Result<Option<MatchRows>, EventsError> {
    let Some(row) = match_row(conn, id).await? else {
        return Ok(None);
    };
    Ok(Some(MatchRows {
        preferences: players::seat_preferences(conn, row.users).await?,
        setups: setups(conn, id).await?,
        events: events::of_match(&mut *conn, id).await?,
        clocks: clocks(conn, id).await?,
        pending: pending_decision(conn, id).await?,
        row,
    }))
}

/// Match `id`'s row; `None` if there is no such match.
async fn match_row(conn: &mut AnyConnection, id: MatchId) -> Result<Option<MatchRow>, sqlx::Error> {
    type Row = (
        String,
        Option<i64>,
        Option<i64>,
        Option<i64>,
        String,
        String,
        Option<i64>,
        Option<i64>,
        i64,
        i64,
        Option<String>,
    );
    let row: Option<Row> = sqlx::query_as(
        "SELECT ruleset, south_user, north_user, ai_level, settings, status, guild_id, channel_id, seed, version,
                public_language
         FROM matches WHERE id = $1",
    )
    .bind(id.0)
    .fetch_optional(&mut *conn)
    .await?;
    let Some((ruleset, south, north, ai_level, settings, status, guild, channel, seed, version, language)) =
        row
    else {
        return Ok(None);
    };
    Ok(Some(MatchRow {
        ruleset: ruleset_of(&ruleset)?,
        users: [seat(south), seat(north)],
        ai_level: ai_level.map(|l| l as u8),
        settings,
        status: MatchStatus::parse(&status)
            .ok_or_else(|| sqlx::Error::Decode(format!("unknown match status {status:?}").into()))?,
        origin: Origin::from_columns(guild, channel, language.as_deref()),
        seed,
        version,
    }))
}

/// The setup rows of match `id`.
async fn setups(conn: &mut AnyConnection, id: MatchId) -> Result<Vec<SetupRow>, sqlx::Error> {
    let rows: Vec<(String, String, i64)> =
        sqlx::query_as("SELECT side, grid, ready FROM setups WHERE match_id = $1")
            .bind(id.0)
            .fetch_all(&mut *conn)
            .await?;
    rows.into_iter()
        .map(|(side, grid, ready)| Ok(SetupRow { side: side_of(&side)?, grid, ready: ready != 0 }))
        .collect()
}

/// The clocks of match `id` (all unset if the row is missing).
async fn clocks(conn: &mut AnyConnection, id: MatchId) -> Result<ClockRow, sqlx::Error> {
    let row: Option<(Option<i64>, Option<i64>, Option<i64>)> =
        sqlx::query_as("SELECT south_ms, north_ms, running_since FROM clocks WHERE match_id = $1")
            .bind(id.0)
            .fetch_optional(&mut *conn)
            .await?;
    Ok(row.map_or_else(ClockRow::default, |(south, north, running_since)| ClockRow {
        remaining_ms: [south, north],
        running_since,
    }))
}

/// The attack of match `id` waiting for its defender, if any.
async fn pending_decision(conn: &mut AnyConnection, id: MatchId) -> Result<Option<PendingRow>, sqlx::Error> {
    let row: Option<(i64, String, String, String, i64)> = sqlx::query_as(
        "SELECT ply, defender, action, options, deadline_at FROM pending_decisions WHERE match_id = $1",
    )
    .bind(id.0)
    .fetch_optional(&mut *conn)
    .await?;
    row.map(|(ply, defender, action, options, deadline)| {
        Ok(PendingRow { ply: ply as u32, defender: side_of(&defender)?, action, options, deadline })
    })
    .transpose()
}

/// Creates a match with its two setups and its clocks, in the caller's transaction.
pub async fn insert(
    conn: &mut AnyConnection,
    new: &NewMatch<'_>,
    setups: [(&str, bool); 2],
    initial_ms: Option<i64>,
) -> Result<MatchId, sqlx::Error> {
    let (guild, channel, language) = new.origin.columns();
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO matches (ruleset, south_user, north_user, ai_level, settings, status, guild_id, channel_id,
                              public_language, seed, created_at)
         VALUES ($1, $2, $3, $4, $5, 'setup', $6, $7, $8, $9, $10) RETURNING id",
    )
    .bind(new.ruleset.name())
    .bind(new.users[0].map(|u| u.db()))
    .bind(new.users[1].map(|u| u.db()))
    .bind(new.ai_level.map(i64::from))
    .bind(new.settings)
    .bind(guild)
    .bind(channel)
    .bind(language)
    .bind(new.seed)
    .bind(new.now)
    .fetch_one(&mut *conn)
    .await?;
    let id = MatchId(id);
    for (side, (grid, ready)) in Side::BOTH.into_iter().zip(setups) {
        sqlx::query("INSERT INTO setups (match_id, side, grid, ready) VALUES ($1, $2, $3, $4)")
            .bind(id.0)
            .bind(side.name())
            .bind(grid)
            .bind(ready as i64)
            .execute(&mut *conn)
            .await?;
    }
    sqlx::query("INSERT INTO clocks (match_id, south_ms, north_ms, running_since) VALUES ($1, $2, $3, $4)")
        .bind(id.0)
        .bind(initial_ms)
        .bind(initial_ms)
        .bind(new.now)
        .execute(&mut *conn)
        .await?;
    Ok(id)
}

/// Bumps match `id`'s version from `version`: false (nothing changed) if it moved meanwhile.
pub async fn bump_version(conn: &mut AnyConnection, id: MatchId, version: i64) -> Result<bool, sqlx::Error> {
    let r = sqlx::query("UPDATE matches SET version = version + 1 WHERE id = $1 AND version = $2")
        .bind(id.0)
        .bind(version)
        .execute(conn)
        .await?;
    Ok(changed_one(r))
}

/// Starts play (status `playing`), checked against `version` like [`bump_version`].
pub async fn set_playing(conn: &mut AnyConnection, id: MatchId, version: i64) -> Result<bool, sqlx::Error> {
    let r = sqlx::query(
        "UPDATE matches SET status = 'playing', version = version + 1 WHERE id = $1 AND version = $2",
    )
    .bind(id.0)
    .bind(version)
    .execute(conn)
    .await?;
    Ok(changed_one(r))
}

/// Checks as part of `batch` (the check `"version"`) that match `id` is still at `version`,
/// and holds it there until the transaction ends: the no-op update takes the row's write
/// lock, so on PostgreSQL a writer that changed it meanwhile is waited for and fails the
/// check, and one that comes later waits for this transaction. The version is not bumped:
/// other processes' copies stay valid.
pub fn hold_version_in(batch: &mut Batch, id: MatchId, version: i64) {
    batch
        .sql("UPDATE matches SET version = version WHERE id = ")
        .bind(id.0)
        .sql(" AND version = ")
        .bind(version)
        .end_checked("version");
}

/// Records plies played as part of `batch`, checked against `version` (the check `"version"`).
pub fn set_ply_in(batch: &mut Batch, id: MatchId, ply: u32, version: i64) {
    batch
        .sql("UPDATE matches SET ply = ")
        .bind(i64::from(ply))
        .sql(", version = version + 1 WHERE id = ")
        .bind(id.0)
        .sql(" AND version = ")
        .bind(version)
        .end_checked("version");
}

/// Ends the match, checked against `version` like [`bump_version`].
pub async fn set_finished(
    conn: &mut AnyConnection,
    id: MatchId,
    version: i64,
    ending: &Ending<'_>,
) -> Result<bool, sqlx::Error> {
    let r = sqlx::query(
        "UPDATE matches SET status = 'finished', ply = $1, result = $2, end_reason = $3, finished_at = $4,
         version = version + 1 WHERE id = $5 AND version = $6",
    )
    .bind(i64::from(ending.ply))
    .bind(ending.result)
    .bind(ending.reason.clone())
    .bind(ending.at)
    .bind(id.0)
    .bind(version)
    .execute(conn)
    .await?;
    Ok(changed_one(r))
}

/// Every finished match in the order they ended.
pub async fn finished_in_order(conn: &mut AnyConnection) -> Result<Vec<FinishedRow>, sqlx::Error> {
    type Row = (i64, String, Option<i64>, Option<i64>, Option<i64>, String, Option<i64>);
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT id, ruleset, south_user, north_user, ai_level, settings, finished_at FROM matches
         WHERE status = 'finished' ORDER BY finished_at, id",
    )
    .fetch_all(conn)
    .await?;
    rows.into_iter()
        .map(|(id, ruleset, south, north, ai_level, settings, finished_at)| {
            Ok(FinishedRow {
                id: MatchId(id),
                ruleset: ruleset_of(&ruleset)?,
                users: [seat(south), seat(north)],
                ai_level: ai_level.map(|l| l as u8),
                settings,
                finished_at: finished_at.unwrap_or(0),
            })
        })
        .collect()
}

/// Stores side `side`'s layout grid, and marks it ready if `ready` (never unmarks).
pub async fn set_setup(
    conn: &mut AnyConnection,
    id: MatchId,
    side: Side,
    grid: Option<&str>,
    ready: bool,
) -> Result<(), sqlx::Error> {
    let sql = match (grid.is_some(), ready) {
        (true, true) => "UPDATE setups SET grid = $3, ready = 1 WHERE match_id = $1 AND side = $2",
        (true, false) => "UPDATE setups SET grid = $3 WHERE match_id = $1 AND side = $2",
        (false, _) => "UPDATE setups SET ready = 1 WHERE match_id = $1 AND side = $2",
    };
    let mut query = sqlx::query(sql).bind(id.0).bind(side.name());
    if let Some(grid) = grid {
        query = query.bind(grid);
    }
    query.execute(conn).await?;
    Ok(())
}

/// Stores a match's clocks as part of `batch`.
pub fn save_clocks_in(batch: &mut Batch, id: MatchId, clocks: &ClockRow) {
    batch
        .sql("UPDATE clocks SET south_ms = ")
        .bind(clocks.remaining_ms[0])
        .sql(", north_ms = ")
        .bind(clocks.remaining_ms[1])
        .sql(", running_since = ")
        .bind(clocks.running_since)
        .sql(" WHERE match_id = ")
        .bind(id.0)
        .end();
}

/// Stores a match's clocks in the caller's transaction.
pub async fn save_clocks(
    conn: &mut AnyConnection,
    id: MatchId,
    clocks: &ClockRow,
) -> Result<(), sqlx::Error> {
    let mut batch = Batch::new();
    save_clocks_in(&mut batch, id, clocks);
    Ok(batch.run(conn).await?)
}

/// Stores the attack of match `id` waiting for its defender.
pub async fn insert_pending(
    conn: &mut AnyConnection,
    id: MatchId,
    pending: &PendingRow,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO pending_decisions (match_id, ply, defender, action, options, deadline_at)
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(id.0)
    .bind(i64::from(pending.ply))
    .bind(pending.defender.name())
    .bind(pending.action.as_str())
    .bind(pending.options.as_str())
    .bind(pending.deadline)
    .execute(conn)
    .await?;
    Ok(())
}

/// Removes the pending decision of match `id` as part of `batch`.
pub fn delete_pending_in(batch: &mut Batch, id: MatchId) {
    batch.sql("DELETE FROM pending_decisions WHERE match_id = ").bind(id.0).end();
}

/// Removes the pending decision of match `id` in the caller's transaction.
pub async fn delete_pending(conn: &mut AnyConnection, id: MatchId) -> Result<(), sqlx::Error> {
    let mut batch = Batch::new();
    delete_pending_in(&mut batch, id);
    Ok(batch.run(conn).await?)
}

/// The server and channel a match was started in, if it was started in a channel.
pub async fn origin_channel(
    conn: &mut AnyConnection,
    id: MatchId,
) -> Result<Option<(Option<u64>, u64)>, sqlx::Error> {
    let row: Option<(Option<i64>, Option<i64>)> =
        sqlx::query_as("SELECT guild_id, channel_id FROM matches WHERE id = $1")
            .bind(id.0)
            .fetch_optional(conn)
            .await?;
    Ok(row.and_then(|(guild, channel)| Some((guild.map(|g| g as u64), channel? as u64))))
}

/// Every match's seats and phase, in id order (tools and tests).
pub async fn all_seats<'c>(
    db: impl Executor<'c, Database = Any>,
) -> Result<Vec<(MatchId, [Option<UserId>; 2], MatchStatus)>, sqlx::Error> {
    let rows: Vec<(i64, Option<i64>, Option<i64>, String)> =
        sqlx::query_as("SELECT id, south_user, north_user, status FROM matches ORDER BY id")
            .fetch_all(db)
            .await?;
    rows.into_iter()
        .map(|(id, south, north, status)| {
            let status = MatchStatus::parse(&status)
                .ok_or_else(|| sqlx::Error::Decode(format!("unknown match status {status:?}").into()))?;
            Ok((MatchId(id), [seat(south), seat(north)], status))
        })
        .collect()
}

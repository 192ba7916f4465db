//! `match_events`: a match's record, append-only (triggers refuse updates and deletes).
//!
//! Each row is one [`MatchEvent`]; its payload is the engine's JSON for that part of the
//! record (a start, a turn, an ending), which differs between rulesets and is read back by
//! the service, not here.

use admiral_engine::Side;
use sqlx::{Any, AnyConnection, Executor};

use super::Batch;
use crate::ids::MatchId;

/// One entry of a match's record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchEvent {
    /// The match started: the engine's start (both layouts) as JSON.
    Started {
        /// The start as JSON.
        start: String,
    },
    /// A side played a turn.
    Turn {
        /// Who played it.
        side: Side,
        /// The turn as JSON.
        turn: String,
    },
    /// The match ended other than on the board (resignation, time, …).
    Ended {
        /// The side the ending is about (who resigned, whose time ran out, …).
        side: Side,
        /// The ending as JSON.
        ending: String,
    },
}

impl MatchEvent {
    /// The row's `kind`, `side` and `payload`.
    fn columns(&self) -> (&'static str, Option<&'static str>, &str) {
        match self {
            MatchEvent::Started { start } => ("started", None, start),
            MatchEvent::Turn { side, turn } => ("turn", Some(side.name()), turn),
            MatchEvent::Ended { side, ending } => ("ended", Some(side.name()), ending),
        }
    }

    /// The event of a stored row; `None` for a row this version cannot read.
    fn from_columns(kind: &str, side: Option<&str>, payload: String) -> Option<MatchEvent> {
        let side = || side.and_then(Side::from_name);
        Some(match kind {
            "started" => MatchEvent::Started { start: payload },
            "turn" => MatchEvent::Turn { side: side()?, turn: payload },
            "ended" => MatchEvent::Ended { side: side()?, ending: payload },
            _ => return None,
        })
    }
}

/// A stored row that is not a [`MatchEvent`] (a damaged database).
#[derive(Debug, thiserror::Error)]
pub enum EventsError {
    /// The database failed.
    #[error(transparent)]
    Db(#[from] sqlx::Error),
    /// Row `seq` of the match cannot be read.
    #[error("match event {seq} cannot be read")]
    Unreadable {
        /// The row's sequence number.
        seq: i64,
    },
}

/// Appends event number `seq` of match `id` as part of `batch`.
pub fn append_in(batch: &mut Batch, id: MatchId, seq: i64, event: &MatchEvent, now: i64) {
    let (kind, side, payload) = event.columns();
    batch
        .sql("INSERT INTO match_events (match_id, seq, kind, side, payload, created_at) VALUES (")
        .bind(id.0)
        .sql(", ")
        .bind(seq)
        .sql(", ")
        .bind(kind)
        .sql(", ")
        .bind(side)
        .sql(", ")
        .bind(payload)
        .sql(", ")
        .bind(now)
        .sql(")")
        .end();
}

/// Appends event number `seq` of match `id` in the caller's transaction.
pub async fn append(
    conn: &mut AnyConnection,
    id: MatchId,
    seq: i64,
    event: &MatchEvent,
    now: i64,
) -> Result<(), sqlx::Error> {
    let mut batch = Batch::new();
    append_in(&mut batch, id, seq, event, now);
    Ok(batch.run(conn).await?)
}

/// The events of match `id` in order.
pub async fn of_match<'c>(
    db: impl Executor<'c, Database = Any>,
    id: MatchId,
) -> Result<Vec<MatchEvent>, EventsError> {
    let rows: Vec<(i64, String, Option<String>, String)> =
        sqlx::query_as("SELECT seq, kind, side, payload FROM match_events WHERE match_id = $1 ORDER BY seq")
            .bind(id.0)
            .fetch_all(db)
            .await?;
    rows.into_iter()
        .map(|(seq, kind, side, payload)| {
            MatchEvent::from_columns(&kind, side.as_deref(), payload).ok_or(EventsError::Unreadable { seq })
        })
        .collect()
}

//! `challenges`: who challenged whom with which settings, and how it was answered.
//!
//! A challenge is answered once: accepting, declining and expiring are each one checked
//! `UPDATE … WHERE status = 'open'`, so of two processes answering at once exactly one does.

use admiral_engine::Language;
use sqlx::AnyConnection;

use super::{Store, StoredName};
use crate::ids::{ChallengeId, MatchId, UserId};
use crate::model::{lang_of, Origin};

/// Where a challenge stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ChallengeStatus {
    /// Waiting for an answer.
    Open,
    /// Accepted: the match exists.
    Accepted,
    /// Declined by the challenged player.
    Declined,
    /// Unanswered in time.
    Expired,
}

impl StoredName for ChallengeStatus {
    const WHAT: &'static str = "challenge status";
    const ALL: &'static [ChallengeStatus] = &[
        ChallengeStatus::Open,
        ChallengeStatus::Accepted,
        ChallengeStatus::Declined,
        ChallengeStatus::Expired,
    ];

    fn as_str(self) -> &'static str {
        match self {
            ChallengeStatus::Open => "open",
            ChallengeStatus::Accepted => "accepted",
            ChallengeStatus::Declined => "declined",
            ChallengeStatus::Expired => "expired",
        }
    }
}

/// A challenge's row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChallengeRow {
    /// Who issued it.
    pub challenger: UserId,
    /// Who was challenged.
    pub challenged: UserId,
    /// The match settings as JSON.
    pub settings: String,
    /// Where it was issued, and the language of its public message.
    pub origin: Origin,
    /// Where it stands.
    pub status: ChallengeStatus,
    /// When it expires (Unix ms).
    pub expires_at: i64,
    /// The match, once accepted.
    pub match_id: Option<MatchId>,
}

/// A new challenge.
#[derive(Clone, Debug)]
pub struct NewChallenge<'a> {
    /// Who issues it.
    pub challenger: UserId,
    /// Who is challenged.
    pub challenged: UserId,
    /// The match settings as JSON.
    pub settings: &'a str,
    /// Where it is issued, and the language of its public message.
    pub origin: Origin,
    /// When (Unix ms).
    pub now: i64,
    /// When it expires (Unix ms).
    pub expires_at: i64,
}

/// Stores a new open challenge in the caller's transaction.
pub async fn insert(conn: &mut AnyConnection, new: &NewChallenge<'_>) -> Result<ChallengeId, sqlx::Error> {
    let (guild, channel, language) = new.origin.columns();
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO challenges (challenger, challenged, settings, guild_id, channel_id, public_language,
                                 created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
    )
    .bind(new.challenger.db())
    .bind(new.challenged.db())
    .bind(new.settings)
    .bind(guild)
    .bind(channel)
    .bind(language)
    .bind(new.now)
    .bind(new.expires_at)
    .fetch_one(conn)
    .await?;
    Ok(ChallengeId(id))
}

/// Answers an open challenge (`to` is accepted, declined or expired; `match_id` for an
/// accepted one), in the caller's transaction: false if it was no longer open (another answer
/// came first; nothing changed).
pub async fn close(
    conn: &mut AnyConnection,
    id: ChallengeId,
    to: ChallengeStatus,
    match_id: Option<MatchId>,
) -> Result<bool, sqlx::Error> {
    let r = sqlx::query("UPDATE challenges SET status = $1, match_id = $2 WHERE id = $3 AND status = 'open'")
        .bind(to.as_str())
        .bind(match_id.map(|m| m.0))
        .bind(id.0)
        .execute(conn)
        .await?;
    Ok(r.rows_affected() == 1)
}

/// A challenge's two players and the language of its public message.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ChallengeParties {
    /// Who issued the challenge.
    pub challenger: UserId,
    /// Who was challenged.
    pub challenged: UserId,
    /// The language the public challenge message was posted in (`None`: posted by DM, or
    /// before the language was recorded).
    pub public_language: Option<Language>,
}

impl Store {
    /// The players of `challenge` and its public language; `None` if there is no such challenge.
    pub async fn challenge_parties(
        &self,
        challenge: ChallengeId,
    ) -> Result<Option<ChallengeParties>, sqlx::Error> {
        let row: Option<(i64, i64, Option<String>)> =
            sqlx::query_as("SELECT challenger, challenged, public_language FROM challenges WHERE id = $1")
                .bind(challenge.0)
                .fetch_optional(&self.read)
                .await?;
        Ok(row.map(|(challenger, challenged, language)| ChallengeParties {
            challenger: UserId::from_db(challenger),
            challenged: UserId::from_db(challenged),
            public_language: language.as_deref().map(lang_of),
        }))
    }

    /// Challenge `id`'s row; `None` if there is no such challenge.
    pub async fn challenge(&self, id: ChallengeId) -> Result<Option<ChallengeRow>, sqlx::Error> {
        type Row = (i64, i64, String, Option<i64>, Option<i64>, Option<String>, String, i64, Option<i64>);
        let row: Option<Row> = sqlx::query_as(
            "SELECT challenger, challenged, settings, guild_id, channel_id, public_language, status, expires_at,
                    match_id
             FROM challenges WHERE id = $1",
        )
        .bind(id.0)
        .fetch_optional(&self.write)
        .await?;
        row.map(|(from, to, settings, guild, channel, language, status, expires_at, match_id)| {
            Ok(ChallengeRow {
                challenger: UserId::from_db(from),
                challenged: UserId::from_db(to),
                settings,
                origin: Origin::from_columns(guild, channel, language.as_deref()),
                status: ChallengeStatus::decode(&status)?,
                expires_at,
                match_id: match_id.map(MatchId),
            })
        })
        .transpose()
    }
}

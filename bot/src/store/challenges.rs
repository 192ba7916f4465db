//! `challenges`: who challenged whom, and in which language the public message was posted.

use admiral_engine::Language;

use super::Store;
use crate::ids::{ChallengeId, UserId};
use crate::service::lang_of;

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
}

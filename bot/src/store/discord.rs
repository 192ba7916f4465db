//! The Discord adapter's own tables (`migrations/*/0002_discord_adapter.sql`): whether a player
//! chose a language explicitly (`discord_users`), and where each public challenge message was
//! posted (`discord_challenge_messages`).

use super::Store;
use crate::ids::{ChallengeId, UserId};

/// Where a public challenge message was posted: Discord channel and message ids.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ChallengeMessage {
    /// The channel.
    pub channel: u64,
    /// The message.
    pub message: u64,
}

impl Store {
    /// Whether `user` chose a language explicitly (otherwise the interaction's locale decides).
    pub async fn explicit_language(&self, user: UserId) -> Result<bool, sqlx::Error> {
        let explicit: Option<i64> =
            sqlx::query_scalar("SELECT explicit_language FROM discord_users WHERE user_id = $1")
                .bind(user.db())
                .fetch_optional(&self.read)
                .await?;
        Ok(explicit == Some(1))
    }

    /// Records whether `user` chose a language explicitly.
    pub async fn set_explicit_language(&self, user: UserId, explicit: bool) -> Result<(), sqlx::Error> {
        sqlx::query(
            "INSERT INTO discord_users (user_id, explicit_language) VALUES ($1, $2)
             ON CONFLICT (user_id) DO UPDATE SET explicit_language = excluded.explicit_language",
        )
        .bind(user.db())
        .bind(i64::from(explicit))
        .execute(&self.write)
        .await?;
        Ok(())
    }

    /// Remembers where the public message of `challenge` was posted (replacing what was
    /// remembered before), so that it can update itself later.
    pub async fn remember_challenge_message(
        &self,
        challenge: ChallengeId,
        at: ChallengeMessage,
    ) -> Result<(), sqlx::Error> {
        sqlx::query(
            "INSERT INTO discord_challenge_messages (challenge_id, channel_id, message_id) VALUES ($1, $2, $3)
             ON CONFLICT (challenge_id) DO UPDATE
             SET channel_id = excluded.channel_id, message_id = excluded.message_id",
        )
        .bind(challenge.0)
        .bind(at.channel as i64)
        .bind(at.message as i64)
        .execute(&self.write)
        .await?;
        Ok(())
    }

    /// Where the public message of `challenge` was posted, if it was remembered.
    pub async fn challenge_message(
        &self,
        challenge: ChallengeId,
    ) -> Result<Option<ChallengeMessage>, sqlx::Error> {
        let row: Option<(i64, i64)> = sqlx::query_as(
            "SELECT channel_id, message_id FROM discord_challenge_messages WHERE challenge_id = $1",
        )
        .bind(challenge.0)
        .fetch_optional(&self.read)
        .await?;
        Ok(row
            .map(|(channel, message)| ChallengeMessage { channel: channel as u64, message: message as u64 }))
    }
}

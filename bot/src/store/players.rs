//! `players`: what is stored about a player, read for the front ends.

use admiral_engine::Language;

use super::Store;
use crate::ids::UserId;
use crate::service::{lang_of, DefencePolicy};

impl Store {
    /// The language stored for `user`; `None` if the user has no player row yet.
    pub async fn stored_language(&self, user: UserId) -> Result<Option<Language>, sqlx::Error> {
        let code: Option<String> = sqlx::query_scalar("SELECT language FROM players WHERE user_id = $1")
            .bind(user.db())
            .fetch_optional(&self.read)
            .await?;
        Ok(code.as_deref().map(lang_of))
    }

    /// Whether `user`'s DMs are known to be closed (a refused DM marked them; a probe that got
    /// through cleared the mark).
    pub async fn dm_closed(&self, user: UserId) -> Result<bool, sqlx::Error> {
        let flag: Option<i64> = sqlx::query_scalar("SELECT dm_closed FROM players WHERE user_id = $1")
            .bind(user.db())
            .fetch_optional(&self.read)
            .await?;
        Ok(flag == Some(1))
    }

    /// The defence policy stored for `user`; `None` if the user has no player row yet.
    pub async fn stored_defence_policy(&self, user: UserId) -> Result<Option<DefencePolicy>, sqlx::Error> {
        let code: Option<String> =
            sqlx::query_scalar("SELECT defence_policy FROM players WHERE user_id = $1")
                .bind(user.db())
                .fetch_optional(&self.read)
                .await?;
        Ok(code.as_deref().map(DefencePolicy::from_code))
    }
}

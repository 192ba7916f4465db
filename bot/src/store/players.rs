//! `players`: what is stored about a player, read for the front ends.

use admiral_engine::Language;

use super::Store;
use crate::ids::UserId;
use crate::service::{lang_of, DefencePolicy};

impl Store {
    /// The language stored for `user`; `None` if the user has no player row yet.
    pub async fn stored_language(&self, user: UserId) -> Result<Option<Language>, sqlx::Error> {
        let code: Option<String> = sqlx::query_scalar("SELECT language FROM players WHERE user_id = ?")
            .bind(user.db())
            .fetch_optional(&self.read)
            .await?;
        Ok(code.as_deref().map(lang_of))
    }

    /// The defence policy stored for `user`; `None` if the user has no player row yet.
    pub async fn stored_defence_policy(&self, user: UserId) -> Result<Option<DefencePolicy>, sqlx::Error> {
        let code: Option<String> = sqlx::query_scalar("SELECT defence_policy FROM players WHERE user_id = ?")
            .bind(user.db())
            .fetch_optional(&self.read)
            .await?;
        Ok(code.as_deref().map(DefencePolicy::from_code))
    }
}

//! `layouts`: a player's saved layouts.

use super::Store;
use crate::ids::UserId;

impl Store {
    /// The grid text of `user`'s saved layout `name` (layout file grid, English codes); `None`
    /// if there is no such layout.
    pub async fn saved_layout_grid(&self, user: UserId, name: &str) -> Result<Option<String>, sqlx::Error> {
        sqlx::query_scalar("SELECT grid FROM layouts WHERE user_id = $1 AND name = $2")
            .bind(user.db())
            .bind(name)
            .fetch_optional(&self.read)
            .await
    }
}

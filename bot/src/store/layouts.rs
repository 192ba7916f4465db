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

    /// The names of `user`'s saved layouts, sorted.
    pub async fn saved_layout_names(&self, user: UserId) -> Result<Vec<String>, sqlx::Error> {
        sqlx::query_scalar("SELECT name FROM layouts WHERE user_id = $1 ORDER BY name")
            .bind(user.db())
            .fetch_all(&self.read)
            .await
    }

    /// Saves `grid` as `user`'s layout `name` (replacing one of the same name), creating the
    /// player row if missing.
    pub async fn save_layout(
        &self,
        user: UserId,
        name: &str,
        grid: &str,
        now: i64,
    ) -> Result<(), sqlx::Error> {
        let upsert = sqlx::query(
            "INSERT INTO layouts (user_id, name, grid, created_at) VALUES ($1, $2, $3, $4)
             ON CONFLICT (user_id, name) DO UPDATE SET grid = excluded.grid",
        );
        self.with_player_row(user, now, upsert.bind(user.db()).bind(name).bind(grid).bind(now)).await
    }

    /// Deletes `user`'s layout `name`: false if there was none.
    pub async fn delete_layout(&self, user: UserId, name: &str) -> Result<bool, sqlx::Error> {
        let r = sqlx::query("DELETE FROM layouts WHERE user_id = $1 AND name = $2")
            .bind(user.db())
            .bind(name)
            .execute(&self.write)
            .await?;
        Ok(r.rows_affected() > 0)
    }
}

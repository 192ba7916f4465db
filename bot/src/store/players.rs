//! `players`: what is stored about a player, read for the front ends.

use std::collections::HashSet;

use admiral_engine::Language;
use sqlx::any::AnyArguments;
use sqlx::query::Query;
use sqlx::{Any, AnyConnection, Executor};

use super::Store;
use crate::ids::UserId;
use crate::model::{lang_code, lang_of, DefencePolicy};

/// Creates `user`'s player row if missing, in the caller's transaction.
pub async fn ensure(conn: &mut AnyConnection, user: UserId, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO players (user_id, created_at) VALUES ($1, $2) ON CONFLICT DO NOTHING")
        .bind(user.db())
        .bind(now)
        .execute(conn)
        .await?;
    Ok(())
}

/// `user`'s language and defence policy; `None` if the user has no player row yet.
pub async fn preferences<'c>(
    db: impl Executor<'c, Database = Any>,
    user: UserId,
) -> Result<Option<(Language, DefencePolicy)>, sqlx::Error> {
    let row: Option<(String, String)> =
        sqlx::query_as("SELECT language, defence_policy FROM players WHERE user_id = $1")
            .bind(user.db())
            .fetch_optional(db)
            .await?;
    Ok(row.map(|(language, policy)| (lang_of(&language), DefencePolicy::from_code(&policy))))
}

/// The languages and defence policies of a match's seats, South then North (the defaults for
/// the AI's seat and for a user without a player row).
pub async fn seat_preferences(
    conn: &mut AnyConnection,
    users: [Option<UserId>; 2],
) -> Result<([Language; 2], [DefencePolicy; 2]), sqlx::Error> {
    let mut languages = [Language::default(); 2];
    let mut policies = [DefencePolicy::default(); 2];
    for (seat, user) in users.into_iter().enumerate() {
        if let Some((language, policy)) = match user {
            Some(user) => preferences(&mut *conn, user).await?,
            None => None,
        } {
            (languages[seat], policies[seat]) = (language, policy);
        }
    }
    Ok((languages, policies))
}

impl Store {
    /// Sets `user`'s language (creating their player row if missing).
    pub async fn set_language(&self, user: UserId, language: Language, now: i64) -> Result<(), sqlx::Error> {
        self.set_player_text(user, "language", lang_code(language), now).await
    }

    /// Sets `user`'s defence policy (creating their player row if missing).
    pub async fn set_defence_policy(
        &self,
        user: UserId,
        policy: DefencePolicy,
        now: i64,
    ) -> Result<(), sqlx::Error> {
        self.set_player_text(user, "defence_policy", policy.as_str(), now).await
    }

    /// Sets one text column of `user`'s player row (`column` is one of this module's names,
    /// never input).
    async fn set_player_text(
        &self,
        user: UserId,
        column: &str,
        value: &str,
        now: i64,
    ) -> Result<(), sqlx::Error> {
        let sql = format!("UPDATE players SET {column} = $1 WHERE user_id = $2");
        self.with_player_row(user, now, sqlx::query(&sql).bind(value).bind(user.db())).await
    }

    /// Runs `statement` in one transaction after creating `user`'s player row if missing.
    pub(super) async fn with_player_row<'q>(
        &self,
        user: UserId,
        now: i64,
        statement: Query<'q, Any, AnyArguments<'q>>,
    ) -> Result<(), sqlx::Error> {
        let mut tx = self.write.begin().await?;
        ensure(&mut tx, user, now).await?;
        statement.execute(&mut *tx).await?;
        tx.commit().await
    }

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

    /// Marks `user`'s DMs closed (a refused DM) or open again (a probe got through).
    pub async fn set_dm_closed(&self, user: UserId, closed: bool) -> Result<(), sqlx::Error> {
        sqlx::query("UPDATE players SET dm_closed = $1 WHERE user_id = $2")
            .bind(closed as i64)
            .bind(user.db())
            .execute(&self.write)
            .await?;
        Ok(())
    }

    /// Every player whose DMs are known to be closed.
    pub async fn users_with_closed_dms(&self) -> Result<HashSet<UserId>, sqlx::Error> {
        let ids: Vec<i64> = sqlx::query_scalar("SELECT user_id FROM players WHERE dm_closed = 1")
            .fetch_all(&self.read)
            .await?;
        Ok(ids.into_iter().map(UserId::from_db).collect())
    }
}

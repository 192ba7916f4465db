//! A player's settings: language, defence policy, closed DMs.

use super::prelude::*;

impl Service {
    /// Sets a player's language.
    pub async fn set_language(&self, user: UserId, language: Language) -> Result<()> {
        self.inner.store.set_language(user, language, self.now()).await?;
        self.refresh_player_cache(user).await;
        Ok(())
    }

    /// Sets a player's defence policy.
    pub async fn set_defence_policy(&self, user: UserId, policy: DefencePolicy) -> Result<()> {
        self.inner.store.set_defence_policy(user, policy, self.now()).await?;
        self.refresh_player_cache(user).await;
        Ok(())
    }

    /// Clears the closed-DM flag (the adapter calls it when a DM to the user works again or
    /// the user asks for DMs).
    pub async fn set_dm_open(&self, user: UserId) -> Result<()> {
        Ok(self.inner.store.set_dm_closed(user, false).await?)
    }

    /// Whether the user's DMs are known to be closed.
    pub async fn dm_closed(&self, user: UserId) -> Result<bool> {
        Ok(self.inner.store.dm_closed(user).await?)
    }

    pub(super) async fn refresh_player_cache(&self, user: UserId) {
        let slots: Vec<Slot> = {
            let map = self.inner.matches.lock().unwrap_or_else(|e| e.into_inner());
            map.values().cloned().collect()
        };
        for slot in slots {
            let mut guard = slot.lock().await;
            if guard.as_ref().is_some_and(|m| m.seat_of(user).is_some()) {
                *guard = None; // reloaded with the new settings on next use
            }
        }
    }
}

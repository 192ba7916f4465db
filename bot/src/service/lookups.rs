//! Typed look-ups for front ends: what the adapter reads (and keeps about its own messages)
//! beyond the game itself. Each call is one store query ([`crate::store`] owns all SQL); the
//! service passes them through so that a front end holds one handle and runs no SQL.

use admiral_engine::Language;

use super::state::Service;
use crate::error::Result;
use crate::ids::{ChallengeId, MatchId, UserId};
use crate::model::DefencePolicy;
use crate::store::challenges::ChallengeParties;
use crate::store::discord::ChallengeMessage;
use crate::store::matches::MatchSeats;

impl Service {
    /// The language stored for `user`; `None` if the user was never seen.
    pub async fn stored_language(&self, user: UserId) -> Result<Option<Language>> {
        Ok(self.inner.store.stored_language(user).await?)
    }

    /// The defence policy stored for `user`; `None` if the user was never seen.
    pub async fn stored_defence_policy(&self, user: UserId) -> Result<Option<DefencePolicy>> {
        Ok(self.inner.store.stored_defence_policy(user).await?)
    }

    /// A challenge's two players and the language of its public message.
    pub async fn challenge_parties(&self, challenge: ChallengeId) -> Result<Option<ChallengeParties>> {
        Ok(self.inner.store.challenge_parties(challenge).await?)
    }

    /// The grid text of `user`'s saved layout `name`, if there is one.
    pub async fn saved_layout_grid(&self, user: UserId, name: &str) -> Result<Option<String>> {
        Ok(self.inner.store.saved_layout_grid(user, name).await?)
    }

    /// Who sat where in match `id`, and the AI's level.
    pub async fn match_seats(&self, id: MatchId) -> Result<Option<MatchSeats>> {
        Ok(self.inner.store.match_seats(id).await?)
    }

    /// `user`'s most recently finished match.
    pub async fn last_finished_match(&self, user: UserId) -> Result<Option<MatchId>> {
        Ok(self.inner.store.last_finished_match(user).await?)
    }

    /// `user`'s finished matches, newest first, at most `limit`.
    pub async fn finished_matches(&self, user: UserId, limit: u32) -> Result<Vec<MatchSeats>> {
        Ok(self.inner.store.finished_matches(user, limit).await?)
    }

    /// Whether `user` chose a language explicitly (a front end's own record).
    pub async fn explicit_language(&self, user: UserId) -> Result<bool> {
        Ok(self.inner.store.explicit_language(user).await?)
    }

    /// Records whether `user` chose a language explicitly (a front end's own record).
    pub async fn set_explicit_language(&self, user: UserId, explicit: bool) -> Result<()> {
        Ok(self.inner.store.set_explicit_language(user, explicit).await?)
    }

    /// Remembers where the public message of `challenge` was posted.
    pub async fn remember_challenge_message(
        &self,
        challenge: ChallengeId,
        at: ChallengeMessage,
    ) -> Result<()> {
        Ok(self.inner.store.remember_challenge_message(challenge, at).await?)
    }

    /// Where the public message of `challenge` was posted, if it was remembered.
    pub async fn challenge_message(&self, challenge: ChallengeId) -> Result<Option<ChallengeMessage>> {
        Ok(self.inner.store.challenge_message(challenge).await?)
    }
}

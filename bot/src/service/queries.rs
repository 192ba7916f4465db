//! What a player may see of their matches and career (read-only).

use super::prelude::*;
use super::rules::PlayerView;

impl Service {
    /// The user's view of a match's board, in either ruleset (the only board ever shown to
    /// them).
    pub async fn view(&self, user: UserId, id: MatchId) -> Result<PlayerView> {
        let slot = self.slot(id);
        let mut guard = slot.lock().await;
        let m = self.load_into(&mut guard, id).await?;
        let side = m.seat_of(user).ok_or(ServiceError::NotYourMatch)?;
        Ok(m.game()?.player_view(side))
    }

    /// The user's seat in a match that is not over, in setup or in play, either ruleset: what
    /// must hold before a player is asked to confirm a resignation.
    pub async fn open_seat(&self, user: UserId, id: MatchId) -> Result<Side> {
        let slot = self.slot(id);
        let mut guard = slot.lock().await;
        let m = self.load_into(&mut guard, id).await?;
        let side = m.seat_of(user).ok_or(ServiceError::NotYourMatch)?;
        if m.status == MatchStatus::Finished {
            return Err(ServiceError::MatchOver);
        }
        Ok(side)
    }

    /// The ruleset a match follows.
    pub async fn ruleset(&self, id: MatchId) -> Result<Ruleset> {
        let slot = self.slot(id);
        let mut guard = slot.lock().await;
        let m = self.load_into(&mut guard, id).await?;
        Ok(m.ruleset())
    }

    /// The user's legal moves in notation, for either ruleset (empty unless it is their turn
    /// and no decision is pending).
    pub async fn legal_notations(&self, user: UserId, id: MatchId) -> Result<Vec<String>> {
        let slot = self.slot(id);
        let mut guard = slot.lock().await;
        let m = self.load_into(&mut guard, id).await?;
        Ok(m.game_to_move_of(user)?.map(MatchGame::legal_notations).unwrap_or_default())
    }

    /// The full record as JSON in the engine's record format (either ruleset).
    pub async fn record_json(&self, id: MatchId) -> Result<Option<String>> {
        let slot = self.slot(id);
        let mut guard = slot.lock().await;
        let m = self.load_into(&mut guard, id).await?;
        Ok(m.game.as_ref().map(MatchGame::record_json))
    }

    /// The user's legal actions (empty unless it is their turn and no decision is pending).
    pub async fn legal_actions(&self, user: UserId, id: MatchId) -> Result<Vec<Action>> {
        let slot = self.slot(id);
        let mut guard = slot.lock().await;
        let m = self.load_into(&mut guard, id).await?;
        match m.game_to_move_of(user)? {
            Some(game) => Ok(game.admiral()?.legal_actions()),
            None => Ok(Vec::new()),
        }
    }

    /// The defence the user is asked to declare now: the attack as they may know it, their
    /// options (partner squares, default first) and the deadline.
    pub async fn pending_defence(
        &self,
        user: UserId,
        id: MatchId,
    ) -> Result<Option<(Action, Vec<Vec<Square>>, i64)>> {
        let slot = self.slot(id);
        let mut guard = slot.lock().await;
        let m = self.load_into(&mut guard, id).await?;
        let side = m.seat_of(user).ok_or(ServiceError::NotYourMatch)?;
        Ok(m.pending.as_ref().filter(|p| p.defender == side).map(|p| {
            (p.action.without_partners(), p.options.iter().map(|o| o.iter().collect()).collect(), p.deadline)
        }))
    }

    /// The match's phase and plies played.
    pub async fn status(&self, id: MatchId) -> Result<(MatchStatus, u32, Option<Outcome>)> {
        let slot = self.slot(id);
        let mut guard = slot.lock().await;
        let m = self.load_into(&mut guard, id).await?;
        Ok((m.status, game_ply(m), m.game.as_ref().and_then(|g| g.outcome())))
    }

    /// The full record (for the post-game replay; only once the match is over, or for tests).
    pub async fn record(&self, id: MatchId) -> Result<Option<Record>> {
        let slot = self.slot(id);
        let mut guard = slot.lock().await;
        let m = self.load_into(&mut guard, id).await?;
        Ok(m.record())
    }

    /// The user's matches in setup or play.
    pub async fn my_matches(&self, user: UserId) -> Result<Vec<MatchSummary>> {
        let mut out = Vec::new();
        for id in self.inner.store.active_matches_of(user).await? {
            let slot = self.slot(id);
            let mut guard = slot.lock().await;
            let m = self.load_into(&mut guard, id).await?;
            let Some(side) = m.seat_of(user) else {
                continue;
            };
            let waiting_on_me = match m.status {
                MatchStatus::Setup => !m.setups[side.index()].ready,
                MatchStatus::Playing => match &m.pending {
                    Some(p) => p.defender == side,
                    None => m.game.as_ref().is_some_and(|g| g.to_move() == side),
                },
                MatchStatus::Finished => false,
            };
            out.push(MatchSummary {
                id: m.id,
                status: m.status,
                side,
                opponent: m.opponent_at(side.opponent()),
                waiting_on_me,
                ply: game_ply(m),
            });
        }
        Ok(out)
    }

    /// The user's career.
    pub async fn profile(&self, user: UserId) -> Result<Profile> {
        let mut profile = self.inner.store.profile(user).await?;
        profile.rank = career::rank_of(profile.points);
        Ok(profile)
    }

    /// Notices kept for a user whose DMs are closed (for ephemeral replies).
    pub async fn held_notices(&self, user: UserId) -> Result<Vec<crate::notify::Notification>> {
        Ok(outbox::held_for(&self.inner.store, user, 20).await?)
    }
}

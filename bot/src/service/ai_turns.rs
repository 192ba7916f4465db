//! AI turns, run off the async runtime within the level's time budget.

use super::play::Submit;
use super::*;

impl Service {
    // ---------------------------------------------------------------- AI

    pub(super) fn needs_ai(&self, m: &Loaded) -> bool {
        m.status == MatchStatus::Playing
            && m.pending.is_none()
            && m.game
                .as_ref()
                .is_some_and(|g| g.outcome().is_none() && m.users[g.to_move().index()].is_none())
    }

    pub(super) fn maybe_spawn_ai(&self, m: &Loaded) {
        if !self.inner.config.auto_ai || !self.needs_ai(m) {
            return;
        }
        let svc = self.clone();
        let id = m.id;
        let handle = tokio::spawn(async move {
            if let Err(e) = svc.ai_turn(id).await {
                tracing::warn!(%id, error = %e, "AI turn failed");
            }
        });
        let mut tasks = self.inner.ai_tasks.lock().unwrap_or_else(|e| e.into_inner());
        tasks.retain(|h| !h.is_finished());
        tasks.push(handle);
    }

    /// Plays the AI's turn in match `id` if it is the AI's turn (off the async runtime, within
    /// the level's time budget). Returns whether it moved. Safe to call repeatedly: the
    /// submission key is derived from the ply, so a turn applies once.
    pub async fn ai_turn(&self, id: MatchId) -> Result<bool> {
        let (game, side, seed, level) = {
            let slot = self.slot(id);
            let mut guard = slot.lock().await;
            let m = self.load_into(&mut guard, id).await?;
            if !self.needs_ai(m) {
                return Ok(false);
            }
            let game = m.game()?.clone();
            let side = game.to_move();
            (game, side, m.seed as u64, m.ai_level.unwrap_or(1))
        };
        let ply = game.ply();
        let ai = self.ai_player(level);
        let budget = ai.time_budget();
        let fallback = game.legal_notations().into_iter().next();
        let _ = side;
        let chosen = tokio::time::timeout(
            budget + Duration::from_millis(500),
            tokio::task::spawn_blocking(move || game.ai_choice(&ai, seed)),
        )
        .await;
        let action = match chosen {
            Ok(Ok(Some(a))) => a,
            _ => {
                tracing::warn!(%id, "AI over its budget or failed; playing a fallback action");
                match fallback {
                    Some(a) => a,
                    None => return Ok(false),
                }
            }
        };
        let key = format!("ai:{}:{}", id.0, ply);
        match self.submit(&key, None, id, Some(ply), Submit::Act(action)).await {
            Ok(_) => Ok(true),
            Err(ServiceError::Stale { .. } | ServiceError::NotYourTurn | ServiceError::MatchOver) => {
                Ok(false)
            }
            Err(e) => Err(e),
        }
    }

    /// Waits until no AI turn is running (tests).
    pub async fn quiesce(&self) {
        loop {
            let handles: Vec<JoinHandle<()>> = {
                let mut tasks = self.inner.ai_tasks.lock().unwrap_or_else(|e| e.into_inner());
                std::mem::take(&mut *tasks)
            };
            if handles.is_empty() {
                return;
            }
            for h in handles {
                let _ = h.await;
            }
        }
    }
}

//! AI turns: queued for a search slot, thought through off the async runtime, played once.

use std::time::Instant;

use super::ai_queue::AiStats;
use super::play::Submit;
use super::prelude::*;
use crate::store::work;

/// How long a claimed AI turn stays this process's (service clock): far longer than a search
/// takes; if the process dies, another one takes the turn over after it.
pub const AI_CLAIM_MS: i64 = 60_000;

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
        self.track_ai_task(tokio::spawn(async move {
            if let Err(e) = svc.ai_turn(id).await {
                tracing::warn!(%id, error = %e, "AI turn failed");
            }
        }));
    }

    /// Plays the AI's turn in match `id` if it is the AI's turn. Returns whether it moved.
    /// Safe to call repeatedly, in any process: the turn is claimed in the store first (see
    /// `ai_jobs`), and the submission key is derived from the ply, so a turn applies once.
    ///
    /// The search runs off the async runtime in one of the process's search slots; when all
    /// are taken it waits in line and the player is told the AI is busy. It always does its
    /// level's whole work: a busy bot is slower, never weaker.
    pub async fn ai_turn(&self, id: MatchId) -> Result<bool> {
        self.ai_turn_with(id, None).await
    }

    /// [`Service::ai_turn`]; `claimed`: a search slot this process already holds for a turn it
    /// already claimed (the sweeper's), else the turn waits for a slot and is claimed then.
    async fn ai_turn_with(&self, id: MatchId, claimed: Option<ai_queue::Slot>) -> Result<bool> {
        let (game, seed, level, human, lesson) = {
            let slot = self.slot(id);
            let mut guard = slot.lock().await;
            let m = self.load_into(&mut guard, id).await?;
            if !self.needs_ai(m) {
                return Ok(false);
            }
            let game = m.game()?.clone();
            let other = game.to_move().opponent().index();
            let human = m.users[other].map(|user| (user, m.lang[other]));
            (game, m.seed as u64, m.ai_level.unwrap_or(1), human, m.scripted_lesson())
        };
        let ply = game.ply();
        let ai = self.ai_player(level);
        // A lesson's scripted reply depends on nothing hidden: it need not be held back.
        let floor = if lesson.is_some() { Duration::ZERO } else { game.ai_answer_floor(&ai) };
        let queue = &self.inner.ai_queue;
        let asked = Instant::now();
        let (slot, queued) = match claimed {
            Some(slot) => (slot, false),
            None => {
                let (slot, queued) = match queue.try_enter() {
                    Ok(slot) => (slot, false),
                    Err(ahead) => {
                        if let Some((user, language)) = human {
                            self.tell_ai_busy(id, user, language, ahead, floor).await?;
                        }
                        (queue.enter().await, true)
                    }
                };
                // Claimed only now, with a slot to think in: while this turn waited in line,
                // a process with a free slot may have taken it.
                let store = &self.inner.store;
                if !store.claim_ai_job_of(id, ply, &self.inner.process, self.now(), AI_CLAIM_MS).await? {
                    return Ok(false);
                }
                (slot, queued)
            }
        };
        let waited = asked.elapsed();
        let first_legal = game.legal_notations().into_iter().next();
        let started = Instant::now();
        let chosen = tokio::task::spawn_blocking(move || {
            let _slot = slot;
            match lesson {
                Some(lesson) => game.lesson_reply(lesson, seed),
                None => game.ai_choice(&ai, seed),
            }
        })
        .await;
        let action = match chosen {
            Ok(Some(action)) => {
                queue.record(waited, queued, started.elapsed(), false);
                // No timing may tell the player about the AI's position: the slot is free
                // already, only this answer waits.
                tokio::time::sleep_until((started + floor).into()).await;
                action
            }
            Ok(None) => return Ok(false),
            Err(e) => {
                // The search panicked (a bug). Retrying would panic again, so the match would
                // stall: play the first legal action instead, loudly.
                tracing::error!(%id, error = %e, "AI search failed; playing its first legal action");
                queue.record(waited, queued, started.elapsed(), true);
                match first_legal {
                    Some(action) => action,
                    None => return Ok(false),
                }
            }
        };
        let key = format!("ai:{}:{}", id.0, ply);
        let played = self.submit(&key, None, id, Some(ply), Submit::Act(action)).await;
        if played.is_err() {
            // Free the turn for another try here or elsewhere (if it is still to play).
            self.inner.store.release_ai_job(id, &self.inner.process).await?;
        }
        match played {
            Ok(_) => Ok(true),
            Err(ServiceError::Stale { .. } | ServiceError::NotYourTurn | ServiceError::MatchOver) => {
                Ok(false)
            }
            Err(e) => Err(e),
        }
    }

    /// Claims AI turns that wait in the store while this process has free search slots, and
    /// plays them: turns whose process is busy or died, from any process on the database.
    /// Returns how many were claimed.
    pub async fn claim_waiting_ai_turns(&self) -> Result<usize> {
        let mut claimed = 0;
        while let Ok(slot) = self.inner.ai_queue.try_enter() {
            let store = &self.inner.store;
            let Some(job) = store.claim_ai_job(&self.inner.process, self.now(), AI_CLAIM_MS).await? else {
                break;
            };
            claimed += 1;
            let svc = self.clone();
            self.track_ai_task(tokio::spawn(async move {
                if let Err(e) = svc.ai_turn_with(job.match_id, Some(slot)).await {
                    tracing::warn!(id = %job.match_id, error = %e, "AI turn failed");
                }
            }));
        }
        Ok(claimed)
    }

    fn track_ai_task(&self, handle: JoinHandle<()>) {
        let mut tasks = self.inner.ai_tasks.lock().unwrap_or_else(|e| e.into_inner());
        tasks.retain(|h| !h.is_finished());
        tasks.push(handle);
    }

    /// Adds to `batch` what the AI has to do in `m` after this transaction: a turn to play
    /// (a job any process may claim) or nothing. Matches without an AI seat have no jobs.
    pub(super) fn sync_ai_job(&self, batch: &mut Batch, m: &Loaded, now: i64) {
        if m.ai_level.is_none() {
            return;
        }
        match m.game.as_ref().filter(|_| self.needs_ai(m)) {
            Some(game) => work::ai_job_in(batch, m.id, game.ply(), now),
            None => work::no_ai_job_in(batch, m.id),
        }
    }

    /// Tells the player that the AI's move will take longer than usual: every search slot is
    /// busy and `ahead` other searches wait before this one; its answer is held to `floor`.
    async fn tell_ai_busy(
        &self,
        id: MatchId,
        user: UserId,
        language: Language,
        ahead: usize,
        floor: Duration,
    ) -> Result<()> {
        let now = self.now();
        let mut tx = self.inner.store.write.begin().await?;
        outbox::enqueue(
            &mut tx,
            now,
            &[Outgoing::to_user(
                user,
                Some(id),
                language,
                Notice::AiBusy { ahead: ahead as u32, eta_secs: self.inner.ai_queue.eta(ahead, floor) },
            )],
        )
        .await?;
        tx.commit().await?;
        self.committed();
        Ok(())
    }

    /// What this process's AI searches did so far (decisions, waits, thinking, fallbacks).
    pub fn ai_stats(&self) -> AiStats {
        self.inner.ai_queue.stats()
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

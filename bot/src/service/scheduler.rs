//! Deadlines, reminders and expiries (the timers table), and the background workers.

use super::prelude::*;

impl Service {
    // ---------------------------------------------------------------- timers

    /// Acts on every timer due now (deadlines, reminders, expiries). Returns how many fired.
    pub async fn run_due_timers(&self) -> Result<usize> {
        let mut fired = 0;
        let mut collisions = 0;
        loop {
            let due = timers::due(&self.inner.store.read, self.now(), 64).await?;
            if due.is_empty() {
                return Ok(fired);
            }
            for timer in due {
                match self.fire(&timer).await {
                    Ok(()) => fired += 1,
                    // Another process changed the match meanwhile: nothing was written and the
                    // timer is still armed; it fires on the fresh state in the next pass.
                    Err(ServiceError::Conflict) if collisions < 8 => collisions += 1,
                    Err(e) => {
                        tracing::error!(key = %timer.key, error = %e, "timer failed");
                        return Err(e);
                    }
                }
            }
        }
    }

    pub(super) async fn fire(&self, t: &Timer) -> Result<()> {
        if t.kind == TimerKind::ChallengeExpiry {
            let c = t.challenge_id.ok_or_else(|| corrupt("challenge timer without challenge"))?;
            return self.expire_challenge(c, &t.key).await;
        }
        let id = t.match_id.ok_or_else(|| corrupt("match timer without match"))?;
        let slot = self.slot(id);
        let mut guard = slot.lock().await;
        let m = self.load_into(&mut guard, id).await?;
        let now = self.now();
        let mut next = m.clone();
        let mut batch = Batch::new();
        let mut tx = WriteTx::start(&self.inner.store.write, &mut batch).await?;
        let mut out = Vec::new();
        // The timer is claimed, applied and deleted in this one transaction; a timer handled
        // meanwhile (here or by another process) does nothing.
        timers::claim_in(&mut batch, t, self.inner.store.skip_locked());
        match tx.flush(&mut batch).await {
            Ok(_) => {}
            Err(BatchError::Check("timer")) => {
                tx.rollback().await?;
                return Ok(());
            }
            Err(e) => return Err(batch_error(e)),
        }
        let current_ply = game_ply(&next);
        let applies = t.ply.is_none_or(|p| p == current_ply);
        match t.kind {
            TimerKind::SetupReminder if next.status == MatchStatus::Setup => {
                let deadline = t.due_at + next.tc().reminder_lead_ms();
                for side in Side::BOTH {
                    if !next.setups[side.index()].ready {
                        out.extend(next.dm(side, Notice::SetupReminder { deadline }));
                    }
                }
            }
            TimerKind::SetupDeadline if next.status == MatchStatus::Setup => {
                let conn = tx.flush(&mut batch).await.map_err(batch_error)?;
                self.complete_setups(conn, &mut next, &mut out).await?;
                self.start_match(conn, &mut next, now, &mut out).await?;
            }
            TimerKind::MoveReminder
                if next.status == MatchStatus::Playing && applies && next.pending.is_none() =>
            {
                if let Some(side) = t.side {
                    let deadline = t.due_at + next.tc().reminder_lead_ms();
                    out.extend(next.dm(side, Notice::MoveReminder { deadline }));
                }
            }
            TimerKind::MoveDeadline
                if next.status == MatchStatus::Playing && applies && next.pending.is_none() =>
            {
                let game = next.game.as_mut().ok_or(ServiceError::SetupNotReady)?;
                let loser = game.to_move();
                if let Some(outcome) = game.end_by(loser, EndReason::Timeout) {
                    let conn = tx.flush(&mut batch).await.map_err(batch_error)?;
                    self.finish(conn, &mut next, outcome, now, &mut out).await?;
                }
            }
            TimerKind::DefenceDeadline if next.status == MatchStatus::Playing => {
                if let Some(p) = next.pending.clone().filter(|p| Some(p.ply) == t.ply) {
                    let mover = p.defender.opponent();
                    let game = next.game.as_mut().ok_or(ServiceError::SetupNotReady)?;
                    let played = game.apply(&Move::Admiral(p.action, Defense::Auto))?;
                    self.commit_turn(
                        Some(&mut tx),
                        &mut batch,
                        &mut next,
                        mover,
                        played.combat,
                        now,
                        &mut out,
                    )
                    .await?;
                }
            }
            _ => {} // obsolete timer: just deleted
        }
        self.sync_ai_job(&mut batch, &next, now);
        outbox::enqueue_in(&mut batch, now, &out);
        tx.flush(&mut batch).await.map_err(batch_error)?;
        tx.commit().await?;
        let finished = next.status == MatchStatus::Finished;
        *m = next;
        let snapshot = m.clone();
        if finished {
            *guard = None;
        }
        drop(guard);
        self.committed();
        self.maybe_spawn_ai(&snapshot);
        Ok(())
    }

    // ---------------------------------------------------------------- workers

    /// Delivers every due undelivered notification once through `delivery`.
    pub async fn deliver_pending(&self, delivery: &dyn Delivery) -> Result<usize> {
        Ok(outbox::deliver_pending(&self.inner.store, self.now(), delivery, &self.inner.process).await?)
    }

    /// Spawns the background workers (real time): the timer scheduler, the outbox dispatcher
    /// and the AI sweeper, which takes AI turns that wait in the store (another process was
    /// busy or died) whenever this process has a free search slot.
    pub fn spawn_workers(&self, delivery: Arc<dyn Delivery>) -> Workers {
        let svc = self.clone();
        let scheduler = tokio::spawn(async move {
            loop {
                if let Err(e) = svc.run_due_timers().await {
                    tracing::error!(error = %e, "scheduler pass failed");
                }
                let wait = match timers::next_due(&svc.inner.store.read).await {
                    Ok(Some(due)) => (due - svc.now()).clamp(0, 60_000),
                    Ok(None) => 60_000,
                    Err(_) => 1_000,
                };
                tokio::select! {
                    _ = tokio::time::sleep(Duration::from_millis(wait as u64)) => {}
                    _ = svc.inner.timer_wake.notified() => {
                        // Deadlines are seconds apart: coalesce the wake-ups of a burst of
                        // commits into one pass.
                        tokio::time::sleep(Duration::from_millis(50)).await;
                    }
                }
            }
        });
        let svc = self.clone();
        let dispatcher = tokio::spawn(async move {
            loop {
                if let Err(e) = svc.deliver_pending(delivery.as_ref()).await {
                    tracing::error!(error = %e, "outbox pass failed");
                }
                tokio::select! {
                    _ = tokio::time::sleep(Duration::from_millis(outbox::OUTBOX_POLL_MS)) => {}
                    _ = svc.inner.outbox_wake.notified() => {
                        // Coalesce a burst of commits into one delivery pass.
                        tokio::time::sleep(Duration::from_millis(10)).await;
                    }
                }
            }
        });
        let svc = self.clone();
        let sweeper = tokio::spawn(async move {
            loop {
                if svc.inner.config.auto_ai {
                    if let Err(e) = svc.claim_waiting_ai_turns().await {
                        tracing::error!(error = %e, "claiming AI turns failed");
                    }
                }
                tokio::select! {
                    _ = tokio::time::sleep(Duration::from_millis(1_000)) => {}
                    _ = svc.inner.ai_wake.notified() => {}
                }
            }
        });
        let mut handles = vec![scheduler, dispatcher, sweeper];
        if self.inner.store.backend == crate::store::Backend::Postgres {
            handles.push(self.spawn_listener());
        }
        handles.extend(self.inner.store.spawn_checkpointer(Duration::from_millis(500)));
        Workers { handles }
    }

    /// PostgreSQL: tells the other processes about this one's commits (one notification per
    /// burst), so that whichever holds the outbox, or has a free search slot, acts at once.
    /// Runs as long as the service (started with it).
    pub(super) fn spawn_announcer(&self) {
        // A weak handle: the task ends with the service instead of keeping it alive.
        let inner = Arc::downgrade(&self.inner);
        let announce = self.inner.announce.clone();
        tokio::spawn(async move {
            loop {
                announce.notified().await;
                let Some(inner) = inner.upgrade() else { return };
                tokio::time::sleep(Duration::from_millis(5)).await;
                if let Err(e) = inner.store.announce_work(&inner.process).await {
                    tracing::warn!(error = %e, "cannot notify the other processes");
                }
            }
        });
    }

    /// PostgreSQL: wakes this process's workers when another process announces work. The
    /// listener may miss notifications while it reconnects; the workers' polling covers that.
    fn spawn_listener(&self) -> JoinHandle<()> {
        let svc = self.clone();
        tokio::spawn(async move {
            loop {
                let mut listener = match svc.inner.store.listen().await {
                    Ok(Some(listener)) => listener,
                    Ok(None) => return,
                    Err(e) => {
                        tracing::warn!(error = %e, "cannot listen for the other processes; polling only");
                        tokio::time::sleep(Duration::from_secs(5)).await;
                        continue;
                    }
                };
                while let Ok(notification) = listener.recv().await {
                    if notification.payload() == svc.inner.process {
                        continue; // this process's own announcement
                    }
                    svc.inner.woken_by_others.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    svc.inner.outbox_wake.notify_one();
                    svc.inner.timer_wake.notify_one();
                    svc.inner.ai_wake.notify_one();
                }
            }
        })
    }

    /// How many wake-ups this process received from others (PostgreSQL; operators, tests).
    pub fn wakes_from_other_processes(&self) -> u64 {
        self.inner.woken_by_others.load(std::sync::atomic::Ordering::Relaxed)
    }
}

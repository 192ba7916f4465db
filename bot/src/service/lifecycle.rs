//! Starting the service: recovery of the active matches after a restart, and the signals
//! that wake the workers after a commit.

use super::prelude::*;

impl Service {
    /// The AI player of `level` with the configured thinking time.
    pub(crate) fn ai_player(&self, level: u8) -> AiPlayer {
        let ai = AiPlayer::new(level);
        match self.inner.config.ai_budget {
            Some(budget) => ai.with_budget(budget),
            None => ai,
        }
    }

    /// Starts the service over an opened store: reloads every active match from its record,
    /// re-arms missing deadlines, and resumes AI turns. Undelivered notifications are picked
    /// up by the dispatcher ([`Service::spawn_workers`] or [`Service::deliver_pending`]).
    pub async fn start(store: Store, now: Arc<dyn Now>, config: ServiceConfig) -> Result<Service> {
        let searches = config.ai_searches;
        let service = Service {
            inner: Arc::new(Inner {
                group: GroupCommit::spawn(store.write.clone(), store.writers()),
                store,
                now,
                config,
                matches: StdMutex::new(HashMap::new()),
                challenge_lock: Mutex::new(()),
                outbox_wake: Notify::new(),
                timer_wake: Notify::new(),
                ai_wake: Notify::new(),
                announce: Arc::new(Notify::new()),
                woken_by_others: std::sync::atomic::AtomicU64::new(0),
                process: process_name(),
                ai_tasks: StdMutex::new(Vec::new()),
                ai_queue: ai_queue::AiQueue::new(searches),
            }),
        };
        if service.inner.store.backend == crate::store::Backend::Postgres {
            service.spawn_announcer();
        }
        let freed = service.inner.store.free_claims_of_gone_processes(gone_from_this_host).await?;
        if freed > 0 {
            tracing::info!(freed, "took over the outbox and AI turns of a process that is gone");
        }
        service.recover().await?;
        Ok(service)
    }

    /// The store (tests, tools and shutdown; front ends use the service's typed calls).
    pub fn store(&self) -> &Store {
        &self.inner.store
    }

    pub(super) fn now(&self) -> i64 {
        self.inner.now.now_ms()
    }

    pub(super) async fn recover(&self) -> Result<()> {
        let active = self.inner.store.active_matches().await?;
        let count = active.len();
        for id in active {
            let slot = self.slot(id);
            let mut guard = slot.lock().await;
            let m = self.load_into(&mut guard, id).await?;
            // Re-arm a missing deadline (should not happen: timers are written transactionally).
            if m.status == MatchStatus::Playing && m.pending.is_none() {
                let game = m.game()?;
                let next = game.to_move();
                if let Some(deadline) =
                    m.tc().move_deadline(m.running_since.unwrap_or(self.now()), m.clock_ms[next.index()])
                {
                    let key = timers::match_key(m.id, TimerKind::MoveDeadline);
                    let armed = timers::due_at(&self.inner.store.write, &key).await?;
                    if armed.is_none() {
                        tracing::warn!(%id, "re-arming a missing move deadline");
                        let mut conn = self.inner.store.write.acquire().await?;
                        timers::arm_match(
                            &mut conn,
                            m.id,
                            TimerKind::MoveDeadline,
                            Some(next),
                            game.ply(),
                            deadline,
                        )
                        .await?;
                    }
                }
            }
            if self.needs_ai(m) {
                // Matches from before AI turns were kept in the store get their job now.
                let mut batch = Batch::new();
                self.sync_ai_job(&mut batch, m, self.now());
                let mut conn = self.inner.store.write.acquire().await?;
                batch.run(&mut conn).await.map_err(batch_error)?;
            }
            let m = m.clone();
            drop(guard);
            self.maybe_spawn_ai(&m);
        }
        tracing::info!(matches = count, "service recovered active matches");
        self.inner.timer_wake.notify_one();
        self.inner.outbox_wake.notify_one();
        Ok(())
    }

    pub(super) fn committed(&self) {
        self.inner.outbox_wake.notify_one();
        self.inner.timer_wake.notify_one();
        self.inner.announce.notify_one();
    }

    /// Drops cached match state (tests: forces a reload from the record).
    pub fn forget_cache(&self) {
        self.inner.matches.lock().unwrap_or_else(|e| e.into_inner()).clear();
    }
}

//! Starting the service: recovery of the active matches after a restart, and the signals
//! that wake the workers after a commit.

use super::prelude::*;
use crate::store::matches;

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
            let deadline = self.missing_move_deadline(m).await?;
            // Matches from before AI turns were kept in the store get their job now.
            let needs_ai = self.needs_ai(m);
            if (deadline.is_some() || needs_ai) && !self.repair(m, deadline, needs_ai).await? {
                // Another process moved or ended it since it was loaded: its own commit armed
                // what the match needs now, and this copy is stale.
                *guard = None;
                continue;
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

    /// The move deadline `m` should have and has not (it should not happen: deadlines are
    /// written with the turn that sets them): the side to move, the ply and the due time.
    async fn missing_move_deadline(&self, m: &Loaded) -> Result<Option<(Side, u32, i64)>> {
        if m.status != MatchStatus::Playing || m.pending.is_some() {
            return Ok(None);
        }
        let game = m.game()?;
        let next = game.to_move();
        let Some(due) = m.tc().move_deadline(m.running_since.unwrap_or(self.now()), m.clock_ms[next.index()])
        else {
            return Ok(None);
        };
        let key = timers::match_key(m.id, TimerKind::MoveDeadline);
        let armed = timers::due_at(&self.inner.store.write, &key).await?;
        Ok(armed.is_none().then_some((next, game.ply(), due)))
    }

    /// Writes what recovery found missing for `m` (its move deadline, its AI turn's job) in one
    /// transaction that holds the match at the version it was loaded at. False, and nothing
    /// written, if another process changed the match since: a deadline armed for a match that
    /// has just ended would outlive it.
    async fn repair(&self, m: &Loaded, deadline: Option<(Side, u32, i64)>, needs_ai: bool) -> Result<bool> {
        let mut batch = Batch::new();
        let mut tx = WriteTx::start(&self.inner.store.write, &mut batch).await?;
        matches::hold_version_in(&mut batch, m.id, m.version);
        if let Some((side, ply, due)) = deadline {
            tracing::warn!(id = %m.id, "re-arming a missing move deadline");
            timers::arm_match_in(&mut batch, m.id, TimerKind::MoveDeadline, Some(side), ply, due);
        }
        if needs_ai {
            self.sync_ai_job(&mut batch, m, self.now());
        }
        match tx.flush(&mut batch).await {
            Ok(_) => {}
            Err(BatchError::Check("version")) => {
                tx.rollback().await?;
                return Ok(false);
            }
            Err(e) => return Err(batch_error(e)),
        }
        tx.commit().await?;
        Ok(true)
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

//! The queue of AI searches in this process: at most [`ServiceConfig::ai_searches`] think at
//! once, each on its own core; the rest wait their turn.
//!
//! A search does a fixed amount of work, so a busy bot makes players wait longer but never
//! plays weaker moves: before, every AI turn was a wall-clock slot shared with every other
//! search, and twelve waiting players got a level-5 decision with a sixth of its thinking.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex as StdMutex};
use std::time::Duration;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

#[cfg(doc)]
use super::config::ServiceConfig;

/// How many recent decisions [`AiStats`] keeps the timings of.
const RECENT: usize = 4096;

/// What the AI searches of this process did (for operators and benchmarks).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AiStats {
    /// Decisions made by a search.
    pub decisions: u64,
    /// Decisions that had to wait for a free search slot.
    pub queued: u64,
    /// Turns played with the first legal action because the search failed (a bug: logged as an
    /// error). Never because the bot was busy.
    pub fallbacks: u64,
    /// Time spent waiting for a search slot, per recent decision.
    pub waits: Vec<Duration>,
    /// Time spent thinking, per recent decision.
    pub thinking: Vec<Duration>,
}

/// The search slots and what they did.
pub(crate) struct AiQueue {
    slots: Arc<Semaphore>,
    slots_total: usize,
    waiting: AtomicUsize,
    stats: StdMutex<Recent>,
}

#[derive(Default)]
struct Recent {
    decisions: u64,
    queued: u64,
    fallbacks: u64,
    waits: VecDeque<Duration>,
    thinking: VecDeque<Duration>,
}

/// A search slot; dropping it frees the slot for the next search in line.
pub(crate) struct Slot {
    _permit: OwnedSemaphorePermit,
}

impl AiQueue {
    /// A queue of `searches` slots (at least one).
    pub(crate) fn new(searches: usize) -> AiQueue {
        AiQueue {
            slots: Arc::new(Semaphore::new(searches.max(1))),
            slots_total: searches.max(1),
            waiting: AtomicUsize::new(0),
            stats: StdMutex::new(Recent::default()),
        }
    }

    /// A free slot now, or how many searches are already waiting for one.
    pub(crate) fn try_enter(&self) -> Result<Slot, usize> {
        match self.slots.clone().try_acquire_owned() {
            Ok(permit) => Ok(Slot { _permit: permit }),
            Err(_) => Err(self.waiting.load(Ordering::Relaxed)),
        }
    }

    /// Waits in line for a slot (first come, first served: tokio's semaphore is fair).
    pub(crate) async fn enter(&self) -> Slot {
        self.waiting.fetch_add(1, Ordering::Relaxed);
        let permit = self.slots.clone().acquire_owned().await;
        self.waiting.fetch_sub(1, Ordering::Relaxed);
        // The semaphore is never closed.
        Slot { _permit: permit.expect("the AI queue's semaphore is never closed") }
    }

    /// Records one decision: how long it waited and thought, whether it waited at all, and
    /// whether the search failed.
    pub(crate) fn record(&self, waited: Duration, queued: bool, thinking: Duration, failed: bool) {
        let mut st = self.stats.lock().unwrap_or_else(|e| e.into_inner());
        if failed {
            st.fallbacks += 1;
        } else {
            st.decisions += 1;
        }
        st.queued += queued as u64;
        if st.waits.len() == RECENT {
            st.waits.pop_front();
            st.thinking.pop_front();
        }
        st.waits.push_back(waited);
        st.thinking.push_back(thinking);
    }

    /// About how long a search that has `ahead` searches before it waits and answers: the
    /// recent median thinking time for each round of slots it waits, plus its own (at least
    /// `floor`, the time its answer is held back to). `None` before any search finished.
    pub(crate) fn eta(&self, ahead: usize, floor: Duration) -> Option<u32> {
        let st = self.stats.lock().unwrap_or_else(|e| e.into_inner());
        let mut recent: Vec<Duration> = st.thinking.iter().rev().take(64).copied().collect();
        if recent.is_empty() {
            return None;
        }
        recent.sort_unstable();
        let median = recent[recent.len() / 2];
        let rounds = ahead / self.slots_total + 1;
        let wait = median * rounds as u32 + median.max(floor);
        Some(wait.as_secs_f64().ceil() as u32)
    }

    /// A snapshot of the statistics.
    pub(crate) fn stats(&self) -> AiStats {
        let st = self.stats.lock().unwrap_or_else(|e| e.into_inner());
        AiStats {
            decisions: st.decisions,
            queued: st.queued,
            fallbacks: st.fallbacks,
            waits: st.waits.iter().copied().collect(),
            thinking: st.thinking.iter().copied().collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn slots_are_bounded_and_freed_in_order() {
        let queue = Arc::new(AiQueue::new(2));
        let Ok(a) = queue.try_enter() else { panic!("first slot") };
        let Ok(_b) = queue.try_enter() else { panic!("second slot") };
        assert_eq!(queue.try_enter().err(), Some(0), "full, nobody waiting yet");
        let q = queue.clone();
        let waiter = tokio::spawn(async move { q.enter().await });
        tokio::task::yield_now().await;
        while queue.waiting.load(Ordering::Relaxed) == 0 {
            tokio::task::yield_now().await;
        }
        assert_eq!(queue.try_enter().err(), Some(1), "one waiting ahead");
        drop(a);
        let _c = waiter.await.unwrap();
        assert_eq!(queue.waiting.load(Ordering::Relaxed), 0);
    }

    #[test]
    fn statistics_keep_the_recent_decisions() {
        let queue = AiQueue::new(1);
        for i in 0..RECENT + 10 {
            queue.record(Duration::from_millis(i as u64), i % 2 == 0, Duration::from_millis(1), i == 3);
        }
        let stats = queue.stats();
        assert_eq!(stats.fallbacks, 1);
        assert_eq!(stats.decisions, RECENT as u64 + 9);
        assert_eq!(stats.waits.len(), RECENT);
        assert_eq!(stats.waits[0], Duration::from_millis(10));
    }

    #[test]
    fn the_wait_is_estimated_from_recent_thinking() {
        let queue = AiQueue::new(2);
        assert_eq!(queue.eta(0, Duration::ZERO), None, "no estimate before the first search");
        for _ in 0..5 {
            queue.record(Duration::ZERO, false, Duration::from_millis(2_000), false);
        }
        // A free slot soon (one round of the two slots), then its own 2 s.
        assert_eq!(queue.eta(0, Duration::ZERO), Some(4));
        assert_eq!(queue.eta(1, Duration::ZERO), Some(4));
        // Three ahead on two slots: two rounds before it, then its own.
        assert_eq!(queue.eta(3, Duration::ZERO), Some(6));
        // An answer held back to 3 s: one round of 2 s, then 3 s.
        assert_eq!(queue.eta(0, Duration::from_secs(3)), Some(5));
    }
}

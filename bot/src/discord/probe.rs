//! When to try a DM again for a player whose DMs were found closed.
//!
//! A player who reopens their DMs should get them back at their next command, not after a
//! timer: so every command, button or modal of a closed-DM player may probe (one short DM).
//! A refused DM is one of Discord's "invalid requests" (10,000 in 10 minutes earn the whole
//! bot a temporary ban), so refused probes share one budget per process, far below that
//! limit, and a player never has two probes in flight. Autocomplete never probes: it fires at
//! every keystroke.

use std::collections::{HashSet, VecDeque};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::ids::UserId;

/// The window of Discord's invalid-request limit.
pub const WINDOW: Duration = Duration::from_secs(600);

/// Refused probes allowed per [`WINDOW`] in one process: a twentieth of Discord's 10,000, so
/// that probes alone can never bring the bot near the ban, even with several processes.
pub const REFUSED_PER_WINDOW: usize = 500;

/// Decides which probes may be sent: one at a time per player, within the refusal budget.
#[derive(Debug, Default)]
pub struct ProbeGate {
    state: Mutex<GateState>,
}

#[derive(Debug, Default)]
struct GateState {
    in_flight: HashSet<UserId>,
    refused: VecDeque<Instant>,
}

/// A probe that was allowed; report how it went with [`ProbeGate::finish`].
#[derive(Debug)]
#[must_use = "report the probe's outcome with ProbeGate::finish"]
pub struct Probe {
    user: UserId,
}

impl ProbeGate {
    /// A gate with nothing in flight and the whole budget left.
    pub fn new() -> ProbeGate {
        ProbeGate::default()
    }

    /// Allows a probe for `user` now, unless one is already in flight for them or the refused
    /// probes of the last [`WINDOW`] used up the budget.
    pub fn begin(&self, user: UserId, now: Instant) -> Option<Probe> {
        let mut st = self.state.lock().unwrap_or_else(|e| e.into_inner());
        while st.refused.front().is_some_and(|t| now.saturating_duration_since(*t) >= WINDOW) {
            st.refused.pop_front();
        }
        if st.refused.len() + st.in_flight.len() >= REFUSED_PER_WINDOW || !st.in_flight.insert(user) {
            return None;
        }
        Some(Probe { user })
    }

    /// Ends a probe; a refused one (or one that failed any other way) counts against the budget.
    pub fn finish(&self, probe: Probe, delivered: bool, now: Instant) {
        let mut st = self.state.lock().unwrap_or_else(|e| e.into_inner());
        st.in_flight.remove(&probe.user);
        if !delivered {
            st.refused.push_back(now);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refused_probe_does_not_hold_back_the_next_command() {
        let gate = ProbeGate::new();
        let t0 = Instant::now();
        let p = gate.begin(UserId(1), t0).expect("first probe");
        assert!(gate.begin(UserId(1), t0).is_none(), "one probe in flight per player");
        assert!(gate.begin(UserId(2), t0).is_some(), "other players are not held back");
        gate.finish(p, false, t0);
        // The player's next command, a second later, probes again: no per-player timer.
        assert!(gate.begin(UserId(1), t0 + Duration::from_secs(1)).is_some());
    }

    #[test]
    fn refused_probes_stay_within_the_budget_and_the_window_frees_it() {
        let gate = ProbeGate::new();
        let t0 = Instant::now();
        for i in 0..REFUSED_PER_WINDOW as u64 {
            let p = gate.begin(UserId(i), t0).expect("within the budget");
            gate.finish(p, false, t0);
        }
        assert!(gate.begin(UserId(9_999), t0 + Duration::from_secs(1)).is_none(), "budget spent");
        // Delivered probes cost nothing; the window frees the budget.
        assert!(gate.begin(UserId(9_999), t0 + WINDOW).is_some());
    }

    #[test]
    fn delivered_probes_cost_nothing() {
        let gate = ProbeGate::new();
        let t0 = Instant::now();
        for i in 0..(3 * REFUSED_PER_WINDOW) as u64 {
            let p = gate.begin(UserId(i), t0).expect("delivered probes are free");
            gate.finish(p, true, t0);
        }
    }
}

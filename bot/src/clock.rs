//! Time: an injectable source of "now" and the time-control maths (pure functions).
//!
//! All times are Unix milliseconds. Tests use [`ManualNow`] and move time by hand.

use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;

/// One hour in milliseconds.
pub const HOUR_MS: i64 = 3_600_000;
/// One day in milliseconds.
pub const DAY_MS: i64 = 24 * HOUR_MS;

/// A source of the current time.
pub trait Now: Send + Sync + 'static {
    /// Milliseconds since the Unix epoch.
    fn now_ms(&self) -> i64;
}

/// The system clock.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemNow;

impl Now for SystemNow {
    fn now_ms(&self) -> i64 {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_millis() as i64)
            .unwrap_or(0)
    }
}

/// A clock moved by hand (tests).
#[derive(Clone, Debug, Default)]
pub struct ManualNow(Arc<AtomicI64>);

impl ManualNow {
    /// A clock standing at `ms`.
    pub fn new(ms: i64) -> ManualNow {
        ManualNow(Arc::new(AtomicI64::new(ms)))
    }
    /// Moves the clock forward.
    pub fn advance(&self, ms: i64) {
        self.0.fetch_add(ms, Ordering::SeqCst);
    }
    /// Sets the clock.
    pub fn set(&self, ms: i64) {
        self.0.store(ms, Ordering::SeqCst);
    }
}

impl Now for ManualNow {
    fn now_ms(&self) -> i64 {
        self.0.load(Ordering::SeqCst)
    }
}

/// How a match is timed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TimeControl {
    /// No clock; nobody loses on time.
    #[default]
    Untimed,
    /// Each move must be made within this many days.
    Correspondence {
        /// Days per move (1–14).
        days_per_move: u32,
    },
    /// A total per side plus an increment after each own move (chess-style).
    Live {
        /// Each side's starting time, in seconds.
        total_secs: u32,
        /// Added after each own move, in seconds.
        increment_secs: u32,
    },
}

impl TimeControl {
    /// Each side's starting reserve for live clocks, else `None`.
    pub fn initial_ms(&self) -> Option<i64> {
        match *self {
            TimeControl::Live { total_secs, .. } => Some(total_secs as i64 * 1000),
            _ => None,
        }
    }

    /// How long setup may take before the clock fills in the rest (`None`: untimed).
    pub fn setup_span_ms(&self) -> Option<i64> {
        match *self {
            TimeControl::Untimed => None,
            TimeControl::Correspondence { days_per_move } => Some(days_per_move.max(1) as i64 * DAY_MS),
            TimeControl::Live { .. } => Some(5 * 60_000),
        }
    }

    /// When the side to move loses on time, given when its turn started and (live) its
    /// remaining reserve.
    pub fn move_deadline(&self, turn_start: i64, remaining_ms: Option<i64>) -> Option<i64> {
        match *self {
            TimeControl::Untimed => None,
            TimeControl::Correspondence { days_per_move } => {
                Some(turn_start + days_per_move.max(1) as i64 * DAY_MS)
            }
            TimeControl::Live { .. } => Some(turn_start + remaining_ms.unwrap_or(0).max(0)),
        }
    }

    /// The reserve left after a move that took `elapsed` (live clocks: minus the time used, plus
    /// the increment). `None` for other controls.
    pub fn after_move(&self, remaining_ms: Option<i64>, elapsed_ms: i64) -> Option<i64> {
        match *self {
            TimeControl::Live { increment_secs, .. } => {
                Some((remaining_ms.unwrap_or(0) - elapsed_ms.max(0)).max(0) + increment_secs as i64 * 1000)
            }
            _ => None,
        }
    }

    /// How long before a deadline the player is reminded.
    pub fn reminder_lead_ms(&self) -> i64 {
        match *self {
            TimeControl::Live { .. } => 30_000,
            _ => 12 * HOUR_MS,
        }
    }

    /// How long a defender asked to declare a defence has before the default policy decides.
    pub fn defence_span_ms(&self) -> i64 {
        match *self {
            TimeControl::Live { .. } => 30_000,
            TimeControl::Correspondence { .. } => 12 * HOUR_MS,
            TimeControl::Untimed => DAY_MS,
        }
    }
}

/// When to remind about a deadline armed at `now`: only if the reminder still lies ahead and
/// leaves at least as much time before it as the lead itself.
pub fn reminder_at(tc: &TimeControl, now: i64, deadline: i64) -> Option<i64> {
    let at = deadline - tc.reminder_lead_ms();
    (at > now).then_some(at)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn live_clock_charges_time_and_adds_increment() {
        let tc = TimeControl::Live { total_secs: 600, increment_secs: 5 };
        assert_eq!(tc.initial_ms(), Some(600_000));
        assert_eq!(tc.after_move(Some(600_000), 10_000), Some(595_000));
        assert_eq!(tc.after_move(Some(1_000), 10_000), Some(5_000));
        assert_eq!(tc.move_deadline(100, Some(1_000)), Some(1_100));
    }

    #[test]
    fn correspondence_deadline_is_days_after_turn_start() {
        let tc = TimeControl::Correspondence { days_per_move: 2 };
        assert_eq!(tc.move_deadline(0, None), Some(2 * DAY_MS));
        assert_eq!(reminder_at(&tc, 0, 2 * DAY_MS), Some(2 * DAY_MS - 12 * HOUR_MS));
        assert_eq!(TimeControl::Untimed.move_deadline(0, None), None);
    }
}

//! The service's state: the shared core behind every [`Service`] handle, and a match as
//! loaded from the store (replayed through the engine) while it is in memory.

use std::collections::HashMap;
use std::sync::{Arc, Mutex as StdMutex};

use admiral_engine::{Action, Language, Partners, Record, Ruleset, Side};
use tokio::sync::{Mutex, Notify};
use tokio::task::JoinHandle;

use super::ai_queue::AiQueue;
use super::config::ServiceConfig;
use super::rules::{MatchGame, MatchLayout};
use crate::clock::{Now, TimeControl};
use crate::error::{Result, ServiceError};
use crate::ids::{MatchId, UserId};
use crate::model::{DefencePolicy, MatchSettings, MatchStatus, Opponent};
use crate::notify::{Notice, Outgoing};
use crate::store::matches::ClockRow;
use crate::store::{BatchError, GroupCommit, Store};

/// A side's setup: its (possibly partial) layout and whether it declared itself ready.
#[derive(Clone, Debug)]
pub(super) struct Setup {
    pub(super) layout: MatchLayout,
    pub(super) ready: bool,
}

/// An attack waiting for its defender's choice of group, until `deadline`.
#[derive(Clone, Debug)]
pub(super) struct Pending {
    pub(super) ply: u32,
    pub(super) defender: Side,
    pub(super) action: Action,
    pub(super) options: Vec<Partners>,
    pub(super) deadline: i64,
}

/// A match in memory: its stored rows and its game replayed from the record. Valid while
/// `version` equals the stored one (see `loading.rs`).
#[derive(Clone, Debug)]
pub(super) struct Loaded {
    pub(super) id: MatchId,
    pub(super) users: [Option<UserId>; 2],
    pub(super) lang: [Language; 2],
    /// The language of the match's public messages (see migration 0004).
    pub(super) public_lang: Language,
    pub(super) policy: [DefencePolicy; 2],
    pub(super) ai_level: Option<u8>,
    pub(super) settings: MatchSettings,
    pub(super) status: MatchStatus,
    pub(super) guild: Option<u64>,
    pub(super) channel: Option<u64>,
    pub(super) seed: i64,
    pub(super) version: i64,
    pub(super) next_seq: i64,
    pub(super) setups: [Setup; 2],
    pub(super) game: Option<MatchGame>,
    pub(super) clock_ms: [Option<i64>; 2],
    pub(super) running_since: Option<i64>,
    pub(super) pending: Option<Pending>,
}

impl Loaded {
    pub(super) fn seat_of(&self, user: UserId) -> Option<Side> {
        Side::BOTH.into_iter().find(|s| self.users[s.index()] == Some(user))
    }
    pub(super) fn opponent_at(&self, side: Side) -> Opponent {
        match self.users[side.index()] {
            Some(user) => Opponent::Human { user },
            None => Opponent::Ai { level: self.ai_level.unwrap_or(1) },
        }
    }
    pub(super) fn dm(&self, side: Side, notice: Notice) -> Option<Outgoing> {
        self.users[side.index()]
            .map(|user| Outgoing::to_user(user, Some(self.id), self.lang[side.index()], notice))
    }
    pub(super) fn clocks(&self) -> ClockRow {
        ClockRow { remaining_ms: self.clock_ms, running_since: self.running_since }
    }
    pub(super) fn tc(&self) -> TimeControl {
        self.settings.time_control
    }
    pub(super) fn game(&self) -> Result<&MatchGame> {
        self.game.as_ref().ok_or(ServiceError::SetupNotReady)
    }
    /// The game if it is `user`'s turn to act (in play, no decision pending); `None` otherwise.
    pub(super) fn game_to_move_of(&self, user: UserId) -> Result<Option<&MatchGame>> {
        let side = self.seat_of(user).ok_or(ServiceError::NotYourMatch)?;
        let game = self.game()?;
        let to_move = self.status == MatchStatus::Playing && self.pending.is_none() && game.to_move() == side;
        Ok(to_move.then_some(game))
    }
    pub(super) fn ruleset(&self) -> Ruleset {
        Ruleset::from_name(&self.settings.ruleset).unwrap_or_default()
    }
    pub(super) fn side_seed(&self, side: Side, salt: i64) -> u64 {
        (self.seed as u64)
            ^ ((side.index() as u64 + 1) << 56)
            ^ (salt as u64).wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub(super) fn record(&self) -> Option<Record> {
        self.game.as_ref().and_then(MatchGame::admiral_record)
    }
}

pub(super) type Slot = Arc<Mutex<Option<Loaded>>>;

pub(super) struct Inner {
    pub(super) store: Store,
    pub(super) group: GroupCommit,
    pub(super) now: Arc<dyn Now>,
    pub(super) config: ServiceConfig,
    pub(super) matches: StdMutex<HashMap<MatchId, Slot>>,
    pub(super) challenge_lock: Mutex<()>,
    pub(super) outbox_wake: Notify,
    pub(super) timer_wake: Notify,
    pub(super) ai_wake: Notify,
    /// Commits to announce to the other processes (PostgreSQL).
    pub(super) announce: Arc<Notify>,
    /// Wake-ups received from other processes (PostgreSQL).
    pub(super) woken_by_others: std::sync::atomic::AtomicU64,
    /// This process's name in claims and leases (unique per start).
    pub(super) process: String,
    pub(super) ai_tasks: StdMutex<Vec<JoinHandle<()>>>,
    pub(super) ai_queue: AiQueue,
}

/// The bot's core. Cheap to clone (shared state behind an `Arc`).
#[derive(Clone)]
pub struct Service {
    pub(super) inner: Arc<Inner>,
}

/// Background tasks of a running service (scheduler and outbox dispatcher).
pub struct Workers {
    pub(super) handles: Vec<JoinHandle<()>>,
}

impl Workers {
    /// Stops the background tasks.
    pub fn shutdown(self) {
        for h in self.handles {
            h.abort();
        }
    }
}

/// A name for this process, unique among the processes sharing a database:
/// `host:pid:start` (the start time in nanoseconds, hexadecimal).
pub(super) fn process_name() -> String {
    let started = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or_default();
    format!("{}:{}:{started:x}", host_name(), std::process::id())
}

pub(super) fn host_name() -> String {
    std::fs::read_to_string("/etc/hostname").map(|h| h.trim().to_string()).unwrap_or_default()
}

/// Whether the process named `holder` (see [`process_name`]) ran on this host and is gone
/// (Linux: no `/proc/<pid>`). Unknown hosts and live pids are not gone: their claims run
/// out on their own.
pub(super) fn gone_from_this_host(holder: &str) -> bool {
    let mut parts = holder.split(':');
    let (Some(host), Some(pid)) = (parts.next(), parts.next().and_then(|p| p.parse::<u32>().ok())) else {
        return false;
    };
    host == host_name()
        && pid != std::process::id()
        && std::path::Path::new("/proc/self").exists()
        && !std::path::Path::new(&format!("/proc/{pid}")).exists()
}

pub(super) fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

pub(super) fn batch_error(e: BatchError) -> ServiceError {
    match e {
        BatchError::Db(e) => ServiceError::from(e),
        // Every check is a row another writer changed first (the match's version).
        BatchError::Check(_) => ServiceError::Conflict,
    }
}

pub(super) fn game_ply(m: &Loaded) -> u32 {
    m.game.as_ref().map(|g| g.ply()).unwrap_or(0)
}

//! The service: the narrow interface the Discord adapter (and the tests) call.
//!
//! Every accepted change is one SQLite transaction that appends to the match record, updates
//! state and clocks, (re)arms timers and queues notifications, and only then is anyone told.
//! Writes to one match are serialised by a per-match async mutex, with a `version` column
//! checked in every UPDATE as a second line of defence. Submissions carry an idempotency key
//! (the Discord interaction id): a repeated key returns the stored result instead of applying
//! twice. Actions carry the ply they were made for; a stale one is refused.

mod ai_queue;
mod ai_turns;
mod careers;
mod challenge;
mod lookups;
mod play;
pub mod rules;
mod scheduler;
mod setup;

use std::collections::HashMap;
use std::sync::{Arc, Mutex as StdMutex};
use std::time::Duration;

use admiral_engine::{
    Action, Defense, EndReason, Game, Language, Layout, Outcome, Partners, PlayError, Record, Ruleset, Side,
    Square, Start, Turn, View, RECORD_FORMAT,
};
use serde::Serialize;
use sqlx::AnyConnection;
use tokio::sync::{Mutex, Notify};
use tokio::task::JoinHandle;

use admiral_engine::ai::Budget;

use crate::ai::AiPlayer;
use crate::career;
use crate::clock::{reminder_at, Now, TimeControl, DAY_MS};
use crate::error::{Result, ServiceError};
use crate::ids::{ChallengeId, MatchId, UserId};
use crate::notify::{Notice, Recipient};
use crate::outbox::{self, Delivery, Outgoing};
use crate::store::events::{self, MatchEvent};
use crate::store::matches::ClockRow;
use crate::store::players;
use crate::store::{Batch, BatchError, GroupCommit, Store, WriteTx};
use crate::timers::{self, Timer, TimerKind};

pub use ai_queue::AiStats;
pub use ai_turns::AI_CLAIM_MS;
pub use careers::RecomputeSummary;
pub use rules::{MatchGame, MatchLayout, Move, MoveAnswer, PlayerView};

pub use crate::model::{
    lang_code, lang_of, ActResult, DefencePolicy, MatchSettings, MatchStatus, MatchSummary, Opponent, Origin,
    Profile,
};

/// Tunables.
#[derive(Clone, Debug)]
pub struct ServiceConfig {
    /// How long a challenge stays open (24 h).
    pub challenge_ttl_ms: i64,
    /// Whether AI turns are started automatically (tests may drive them by hand).
    pub auto_ai: bool,
    /// The budget of every AI decision, overriding each level's real-play one (tests and load
    /// runs think for a few milliseconds; `None` in production: each level's fixed work).
    pub ai_budget: Option<Budget>,
    /// How many AI searches this process runs at once (each takes a core); AI turns beyond
    /// that wait their turn in a queue, and their players are told the AI is busy.
    pub ai_searches: usize,
}

impl ServiceConfig {
    /// One search per core: a search never shares its core, so a decision's wait grows with
    /// the queue while its thinking stays the same.
    pub fn default_ai_searches() -> usize {
        std::thread::available_parallelism().map_or(2, |n| n.get())
    }
}

impl Default for ServiceConfig {
    fn default() -> Self {
        ServiceConfig {
            challenge_ttl_ms: DAY_MS,
            auto_ai: true,
            ai_budget: None,
            ai_searches: ServiceConfig::default_ai_searches(),
        }
    }
}

#[derive(Clone, Debug)]
struct Setup {
    layout: MatchLayout,
    ready: bool,
}

#[derive(Clone, Debug)]
struct Pending {
    ply: u32,
    defender: Side,
    action: Action,
    options: Vec<Partners>,
    deadline: i64,
}

#[derive(Clone, Debug)]
struct Loaded {
    id: MatchId,
    users: [Option<UserId>; 2],
    lang: [Language; 2],
    /// The language of the match's public messages (see migration 0004).
    public_lang: Language,
    policy: [DefencePolicy; 2],
    ai_level: Option<u8>,
    settings: MatchSettings,
    status: MatchStatus,
    guild: Option<u64>,
    channel: Option<u64>,
    seed: i64,
    version: i64,
    next_seq: i64,
    setups: [Setup; 2],
    game: Option<MatchGame>,
    clock_ms: [Option<i64>; 2],
    running_since: Option<i64>,
    pending: Option<Pending>,
}

impl Loaded {
    fn seat_of(&self, user: UserId) -> Option<Side> {
        Side::BOTH.into_iter().find(|s| self.users[s.index()] == Some(user))
    }
    fn opponent_at(&self, side: Side) -> Opponent {
        match self.users[side.index()] {
            Some(user) => Opponent::Human { user },
            None => Opponent::Ai { level: self.ai_level.unwrap_or(1) },
        }
    }
    fn dm(&self, side: Side, notice: Notice) -> Option<Outgoing> {
        self.users[side.index()].map(|user| Outgoing {
            recipient: Recipient::User { user },
            match_id: Some(self.id),
            language: self.lang[side.index()],
            notice,
        })
    }
    fn clocks(&self) -> ClockRow {
        ClockRow { remaining_ms: self.clock_ms, running_since: self.running_since }
    }
    fn tc(&self) -> TimeControl {
        self.settings.time_control
    }
    fn game(&self) -> Result<&MatchGame> {
        self.game.as_ref().ok_or(ServiceError::SetupNotReady)
    }
    fn ruleset(&self) -> Ruleset {
        Ruleset::from_name(&self.settings.ruleset).unwrap_or_default()
    }
    fn side_seed(&self, side: Side, salt: i64) -> u64 {
        (self.seed as u64)
            ^ ((side.index() as u64 + 1) << 56)
            ^ (salt as u64).wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn record(&self) -> Option<Record> {
        self.game.as_ref().and_then(MatchGame::admiral_record)
    }
}

type Slot = Arc<Mutex<Option<Loaded>>>;

struct Inner {
    store: Store,
    group: GroupCommit,
    now: Arc<dyn Now>,
    config: ServiceConfig,
    matches: StdMutex<HashMap<MatchId, Slot>>,
    challenge_lock: Mutex<()>,
    outbox_wake: Notify,
    timer_wake: Notify,
    ai_wake: Notify,
    /// Commits to announce to the other processes (PostgreSQL).
    announce: Arc<Notify>,
    /// Wake-ups received from other processes (PostgreSQL).
    woken_by_others: std::sync::atomic::AtomicU64,
    /// This process's name in claims and leases (unique per start).
    process: String,
    ai_tasks: StdMutex<Vec<JoinHandle<()>>>,
    ai_queue: ai_queue::AiQueue,
}

/// The bot's core. Cheap to clone (shared state behind an `Arc`).
#[derive(Clone)]
pub struct Service {
    inner: Arc<Inner>,
}

/// Background tasks of a running service (scheduler and outbox dispatcher).
pub struct Workers {
    handles: Vec<JoinHandle<()>>,
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
fn process_name() -> String {
    let started = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or_default();
    format!("{}:{}:{started:x}", host_name(), std::process::id())
}

fn host_name() -> String {
    std::fs::read_to_string("/etc/hostname").map(|h| h.trim().to_string()).unwrap_or_default()
}

/// Whether the process named `holder` (see [`process_name`]) ran on this host and is gone
/// (Linux: no `/proc/<pid>`). Unknown hosts and live pids are not gone: their claims run
/// out on their own.
fn gone_from_this_host(holder: &str) -> bool {
    let mut parts = holder.split(':');
    let (Some(host), Some(pid)) = (parts.next(), parts.next().and_then(|p| p.parse::<u32>().ok())) else {
        return false;
    };
    host == host_name()
        && pid != std::process::id()
        && std::path::Path::new("/proc/self").exists()
        && !std::path::Path::new(&format!("/proc/{pid}")).exists()
}

fn json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

fn corrupt(what: impl std::fmt::Display) -> ServiceError {
    ServiceError::Corrupt(what.to_string())
}

fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

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

    fn now(&self) -> i64 {
        self.inner.now.now_ms()
    }

    async fn recover(&self) -> Result<()> {
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

    fn slot(&self, id: MatchId) -> Slot {
        let mut map = self.inner.matches.lock().unwrap_or_else(|e| e.into_inner());
        map.entry(id).or_default().clone()
    }

    /// The match in `guard`, loaded from the store if it is not cached or if the cached copy
    /// is out of date: another process sharing the database may have changed it (its version
    /// moved), and nothing may be decided on a stale copy.
    async fn load_into<'a>(&self, guard: &'a mut Option<Loaded>, id: MatchId) -> Result<&'a mut Loaded> {
        if let Some(cached) = guard.as_ref() {
            let version = self.inner.store.match_version(id).await?;
            if version != Some(cached.version) {
                *guard = None;
            }
        }
        if guard.is_none() {
            *guard = Some(self.load(id).await?);
        }
        guard.as_mut().ok_or(ServiceError::NoSuchMatch(id))
    }

    /// Loads a match from the store, replaying its record through the engine.
    async fn load(&self, id: MatchId) -> Result<Loaded> {
        let store = &self.inner.store;
        let row = store.match_row(id).await?.ok_or(ServiceError::NoSuchMatch(id))?;
        let settings: MatchSettings = serde_json::from_str(&row.settings).map_err(corrupt)?;
        let mut lang = [Language::En; 2];
        let mut policy = [DefencePolicy::Auto; 2];
        for side in Side::BOTH {
            if let Some(user) = row.users[side.index()] {
                if let Some((l, p)) = players::preferences(&store.write, user).await? {
                    (lang[side.index()], policy[side.index()]) = (l, p);
                }
            }
        }
        let ruleset = row.ruleset;
        let mut setups = [
            Setup { layout: MatchLayout::empty(ruleset), ready: false },
            Setup { layout: MatchLayout::empty(ruleset), ready: false },
        ];
        for setup in store.setups(id).await? {
            setups[setup.side.index()] = Setup {
                layout: MatchLayout::parse_partial(ruleset, &setup.grid)
                    .map_err(|_| corrupt("stored layout"))?,
                ready: setup.ready,
            };
        }
        let events = events::of_match(&store.write, id).await?;
        let next_seq = events.len() as i64;
        let game = MatchGame::replay(&settings, &events)?;
        let clocks = store.clocks(id).await?;
        let pending = match store.pending_decision(id).await? {
            None => None,
            Some(p) => {
                let options: Vec<Vec<Square>> = serde_json::from_str(&p.options).map_err(corrupt)?;
                Some(Pending {
                    ply: p.ply,
                    defender: p.defender,
                    action: Action::parse(&p.action).map_err(corrupt)?,
                    options: options.iter().filter_map(|o| Partners::new(o)).collect(),
                    deadline: p.deadline,
                })
            }
        };
        Ok(Loaded {
            id,
            users: row.users,
            lang,
            public_lang: row.public_language.unwrap_or(lang[0]),
            policy,
            ai_level: row.ai_level,
            settings,
            status: row.status,
            guild: row.guild,
            channel: row.channel,
            seed: row.seed,
            version: row.version,
            next_seq,
            setups,
            game,
            clock_ms: clocks.remaining_ms,
            running_since: clocks.running_since,
            pending,
        })
    }

    async fn language(&self, user: UserId) -> Result<Language> {
        Ok(self.inner.store.stored_language(user).await?.unwrap_or_default())
    }

    fn committed(&self) {
        self.inner.outbox_wake.notify_one();
        self.inner.timer_wake.notify_one();
        self.inner.announce.notify_one();
    }

    // ---------------------------------------------------------------- players

    /// Sets a player's language.
    pub async fn set_language(&self, user: UserId, language: Language) -> Result<()> {
        self.inner.store.set_language(user, language, self.now()).await?;
        self.refresh_player_cache(user).await;
        Ok(())
    }

    /// Sets a player's defence policy.
    pub async fn set_defence_policy(&self, user: UserId, policy: DefencePolicy) -> Result<()> {
        self.inner.store.set_defence_policy(user, policy, self.now()).await?;
        self.refresh_player_cache(user).await;
        Ok(())
    }

    /// Clears the closed-DM flag (the adapter calls it when a DM to the user works again or
    /// the user asks for DMs).
    pub async fn set_dm_open(&self, user: UserId) -> Result<()> {
        Ok(self.inner.store.set_dm_closed(user, false).await?)
    }

    /// Whether the user's DMs are known to be closed.
    pub async fn dm_closed(&self, user: UserId) -> Result<bool> {
        Ok(self.inner.store.dm_closed(user).await?)
    }

    async fn refresh_player_cache(&self, user: UserId) {
        let slots: Vec<Slot> = {
            let map = self.inner.matches.lock().unwrap_or_else(|e| e.into_inner());
            map.values().cloned().collect()
        };
        for slot in slots {
            let mut guard = slot.lock().await;
            if guard.as_ref().is_some_and(|m| m.seat_of(user).is_some()) {
                *guard = None; // reloaded with the new settings on next use
            }
        }
    }

    // ---------------------------------------------------------------- queries

    /// The user's view of a match (the only board ever shown to them).
    pub async fn view(&self, user: UserId, id: MatchId) -> Result<View> {
        let slot = self.slot(id);
        let mut guard = slot.lock().await;
        let m = self.load_into(&mut guard, id).await?;
        let side = m.seat_of(user).ok_or(ServiceError::NotYourMatch)?;
        Ok(m.game()?.admiral()?.view(side))
    }

    /// The user's view of a match's board, in either ruleset.
    pub async fn player_view(&self, user: UserId, id: MatchId) -> Result<PlayerView> {
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

    /// The user's view of a Stratego match.
    pub async fn stratego_view(&self, user: UserId, id: MatchId) -> Result<admiral_engine::stratego::View> {
        let slot = self.slot(id);
        let mut guard = slot.lock().await;
        let m = self.load_into(&mut guard, id).await?;
        let side = m.seat_of(user).ok_or(ServiceError::NotYourMatch)?;
        Ok(m.game()?.stratego()?.view(side))
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
        let side = m.seat_of(user).ok_or(ServiceError::NotYourMatch)?;
        let game = m.game()?;
        if m.status != MatchStatus::Playing || m.pending.is_some() || game.to_move() != side {
            return Ok(Vec::new());
        }
        Ok(game.legal_notations())
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
        let side = m.seat_of(user).ok_or(ServiceError::NotYourMatch)?;
        let game = m.game()?;
        if m.status != MatchStatus::Playing || m.pending.is_some() || game.to_move() != side {
            return Ok(Vec::new());
        }
        Ok(game.admiral()?.legal_actions())
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
        let counters = self.inner.store.counters(user).await?;
        let awards = self.inner.store.awards(user).await?;
        Ok(Profile {
            points: counters.points,
            rank: career::rank_of(counters.points),
            rated_matches: counters.rated_matches,
            wins: counters.wins,
            draws: counters.draws,
            losses: counters.losses,
            units_sunk: counters.units_sunk,
            tonnage_sunk: counters.tonnage_sunk,
            awards: awards.into_iter().map(|a| (a.award, a.count, a.degree)).collect(),
        })
    }

    /// Notices kept for a user whose DMs are closed (for ephemeral replies).
    pub async fn held_notices(&self, user: UserId) -> Result<Vec<crate::notify::Notification>> {
        Ok(outbox::held_for(&self.inner.store, user, 20).await?)
    }

    /// Drops cached match state (tests: forces a reload from the record).
    pub fn forget_cache(&self) {
        self.inner.matches.lock().unwrap_or_else(|e| e.into_inner()).clear();
    }
}

fn batch_error(e: BatchError) -> ServiceError {
    match e {
        BatchError::Db(e) => ServiceError::from(e),
        // Every check is a row another writer changed first (the match's version).
        BatchError::Check(_) => ServiceError::Conflict,
    }
}

fn game_ply(m: &Loaded) -> u32 {
    m.game.as_ref().map(|g| g.ply()).unwrap_or(0)
}

/// Rebuilds the engine record of an Admiral match from its events (`None` before it started).
pub fn record_from_events(settings: &MatchSettings, events: &[MatchEvent]) -> Result<Option<Record>> {
    rules::fold_record(
        events,
        |start: Start| Record {
            format: RECORD_FORMAT,
            ruleset: settings.ruleset.clone(),
            intel: settings.intel,
            start,
            turns: Vec::new(),
            ending: None,
        },
        |record, turn: Turn| record.turns.push(turn),
        |record, ending| record.ending = Some(ending),
    )
}

/// Replays a match's committed record straight from the database (no cache): the reference
/// the crash test compares the live state with.
pub async fn replay_from_store(store: &Store, id: MatchId) -> Result<Option<Game>> {
    let settings = store.match_settings(id).await?.ok_or(ServiceError::NoSuchMatch(id))?;
    let settings: MatchSettings = serde_json::from_str(&settings).map_err(corrupt)?;
    let events = events::of_match(&store.read, id).await?;
    Ok(MatchGame::replay(&settings, &events)?.and_then(|g| match g {
        MatchGame::Admiral(g) => Some(g),
        MatchGame::Stratego(_) => None,
    }))
}

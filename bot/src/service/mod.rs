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
use serde::{Deserialize, Serialize};
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
use crate::store::{Batch, BatchError, GroupCommit, Store, WriteTx};
use crate::timers::{self, Timer, TimerKind};

pub use ai_queue::AiStats;
pub use ai_turns::AI_CLAIM_MS;
pub use careers::RecomputeSummary;
pub use rules::{MatchGame, MatchLayout, Move};

/// The settings of a match, chosen with the challenge.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchSettings {
    /// `admiral` or `stratego` (classic Stratego; unrated: the career is Admiral's).
    #[serde(default = "default_ruleset")]
    pub ruleset: String,
    /// The clock.
    pub time_control: TimeControl,
    /// Whether remembered identities of enemy markers are shown.
    pub intel: bool,
    /// Whether the match counts for points, ranks and awards.
    pub rated: bool,
}

fn default_ruleset() -> String {
    "admiral".into()
}

impl Default for MatchSettings {
    fn default() -> Self {
        MatchSettings {
            ruleset: default_ruleset(),
            time_control: TimeControl::Untimed,
            intel: true,
            rated: true,
        }
    }
}

impl MatchSettings {
    /// The settings as stored: classic Stratego is always unrated (the career counts Admiral
    /// matches only), so that every text and every rule downstream reads the same thing.
    fn normalised(mut self) -> MatchSettings {
        if rules::ruleset_of(&self).ok() == Some(Ruleset::Stratego) {
            self.rated = false;
        }
        self
    }

    fn validate(&self) -> Result<()> {
        rules::ruleset_of(self)?;
        match self.time_control {
            TimeControl::Correspondence { days_per_move } if !(1..=14).contains(&days_per_move) => {
                Err(ServiceError::InvalidSettings("days per move must be 1 to 14"))
            }
            TimeControl::Live { total_secs, increment_secs }
                if !(60..=7200).contains(&total_secs) || increment_secs > 600 =>
            {
                Err(ServiceError::InvalidSettings("live clock: 1 to 120 minutes, increment up to 10 minutes"))
            }
            _ => Ok(()),
        }
    }
}

/// Who sits in a seat.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "player", rename_all = "snake_case")]
pub enum Opponent {
    /// A person.
    Human {
        /// The user.
        user: UserId,
    },
    /// The AI of a level.
    Ai {
        /// 1–5.
        level: u8,
    },
}

/// Where a challenge or AI match was started (for public notices and the DM fallback).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Origin {
    /// The server.
    pub guild: Option<u64>,
    /// The channel.
    pub channel: Option<u64>,
    /// The language of the channel's readers (the server's locale), if Discord said; public
    /// messages otherwise use the challenger's language.
    pub language: Option<Language>,
}

impl Origin {
    /// A server channel whose language Discord did not tell.
    pub fn in_channel(guild: u64, channel: u64) -> Origin {
        Origin { guild: Some(guild), channel: Some(channel), language: None }
    }
}

/// A player's defence policy.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum DefencePolicy {
    /// The strongest group defends automatically.
    #[default]
    Auto,
    /// Ask by DM with a deadline (falls back to auto).
    Ask,
}

impl DefencePolicy {
    fn as_str(self) -> &'static str {
        match self {
            DefencePolicy::Auto => "auto",
            DefencePolicy::Ask => "ask",
        }
    }

    /// The policy stored as `code` (`ask`; anything else is automatic).
    pub fn from_code(code: &str) -> DefencePolicy {
        if code == "ask" {
            DefencePolicy::Ask
        } else {
            DefencePolicy::Auto
        }
    }
}

/// The phase of a match.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MatchStatus {
    /// Both sides are setting up.
    Setup,
    /// Moves are being played.
    Playing,
    /// Over.
    Finished,
}

impl MatchStatus {
    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            MatchStatus::Setup => "setup",
            MatchStatus::Playing => "playing",
            MatchStatus::Finished => "finished",
        }
    }
    fn parse(s: &str) -> Option<MatchStatus> {
        match s {
            "setup" => Some(MatchStatus::Setup),
            "playing" => Some(MatchStatus::Playing),
            "finished" => Some(MatchStatus::Finished),
            _ => None,
        }
    }
}

/// The result of an accepted action (stored with its idempotency key and returned again for a
/// repeated submission).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActResult {
    /// Plies played after the action.
    pub ply: u32,
    /// The attack waits for the defender's declaration.
    pub awaiting_defence: bool,
    /// The result, if the action ended the match.
    pub outcome: Option<Outcome>,
}

/// One of a user's matches, for `/admiral matches`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchSummary {
    /// The match.
    pub id: MatchId,
    /// Its phase.
    pub status: MatchStatus,
    /// The user's seat.
    pub side: Side,
    /// The opponent.
    pub opponent: Opponent,
    /// Whether the match waits on this user (turn, setup, or defence).
    pub waiting_on_me: bool,
    /// Plies played.
    pub ply: u32,
}

/// A player's career, for the profile card.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Profile {
    /// Accumulated points.
    pub points: u32,
    /// Index into [`career::RANKS`].
    pub rank: usize,
    /// Rated matches finished.
    pub rated_matches: u32,
    /// Wins.
    pub wins: u32,
    /// Draws.
    pub draws: u32,
    /// Losses.
    pub losses: u32,
    /// Enemy units destroyed.
    pub units_sunk: u64,
    /// Enemy tonnage destroyed.
    pub tonnage_sunk: u64,
    /// (award, count, degree) with degree 0 none, 3 = III, 2 = II, 1 = I.
    pub awards: Vec<(String, u64, u8)>,
}

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
    guild: Option<i64>,
    channel: Option<i64>,
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

fn side_name(side: Side) -> &'static str {
    side.name()
}

/// The language stored as `code` (`ru`; anything else is English).
pub fn lang_of(code: &str) -> Language {
    if code == "ru" {
        Language::Ru
    } else {
        Language::En
    }
}

/// How the store writes a language (`en`, `ru`).
pub fn lang_code(language: Language) -> &'static str {
    match language {
        Language::Ru => "ru",
        Language::En => "en",
    }
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
        let active: Vec<i64> =
            sqlx::query_scalar("SELECT id FROM matches WHERE status IN ('setup', 'playing') ORDER BY id")
                .fetch_all(&self.inner.store.write)
                .await?;
        let count = active.len();
        for id in active {
            let slot = self.slot(MatchId(id));
            let mut guard = slot.lock().await;
            let m = self.load_into(&mut guard, MatchId(id)).await?;
            // Re-arm a missing deadline (should not happen: timers are written transactionally).
            if m.status == MatchStatus::Playing && m.pending.is_none() {
                let game = m.game()?;
                let next = game.to_move();
                if let Some(deadline) =
                    m.tc().move_deadline(m.running_since.unwrap_or(self.now()), m.clock_ms[next.index()])
                {
                    let armed: Option<i64> = sqlx::query_scalar("SELECT due_at FROM timers WHERE key = $1")
                        .bind(format!("m{}:move_deadline", id))
                        .fetch_optional(&self.inner.store.write)
                        .await?;
                    if armed.is_none() {
                        tracing::warn!(id, "re-arming a missing move deadline");
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
            let version: Option<i64> = sqlx::query_scalar("SELECT version FROM matches WHERE id = $1")
                .bind(id.0)
                .fetch_optional(&self.inner.store.read)
                .await?;
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
        let pool = &self.inner.store.write;
        type Row = (
            Option<i64>,
            Option<i64>,
            Option<i64>,
            String,
            String,
            Option<i64>,
            Option<i64>,
            i64,
            i64,
            Option<String>,
        );
        let row: Option<Row> = sqlx::query_as(
            "SELECT south_user, north_user, ai_level, settings, status, guild_id, channel_id, seed, version,
                    public_language
             FROM matches WHERE id = $1",
        )
        .bind(id.0)
        .fetch_optional(pool)
        .await?;
        let Some((south, north, ai_level, settings, status, guild, channel, seed, version, public_lang)) =
            row
        else {
            return Err(ServiceError::NoSuchMatch(id));
        };
        let settings: MatchSettings = serde_json::from_str(&settings).map_err(corrupt)?;
        let status = MatchStatus::parse(&status).ok_or_else(|| corrupt("match status"))?;
        let users = [south.map(UserId::from_db), north.map(UserId::from_db)];
        let mut lang = [Language::En; 2];
        let mut policy = [DefencePolicy::Auto; 2];
        for side in Side::BOTH {
            if let Some(u) = users[side.index()] {
                let p: Option<(String, String)> =
                    sqlx::query_as("SELECT language, defence_policy FROM players WHERE user_id = $1")
                        .bind(u.db())
                        .fetch_optional(pool)
                        .await?;
                if let Some((l, d)) = p {
                    lang[side.index()] = lang_of(&l);
                    policy[side.index()] = DefencePolicy::from_code(&d);
                }
            }
        }
        let setup_rows: Vec<(String, String, i64)> =
            sqlx::query_as("SELECT side, grid, ready FROM setups WHERE match_id = $1")
                .bind(id.0)
                .fetch_all(pool)
                .await?;
        let ruleset = rules::ruleset_of(&settings)?;
        let mut setups = [
            Setup { layout: MatchLayout::empty(ruleset), ready: false },
            Setup { layout: MatchLayout::empty(ruleset), ready: false },
        ];
        for (side, grid, ready) in setup_rows {
            let side = Side::from_name(&side).ok_or_else(|| corrupt("setup side"))?;
            setups[side.index()] = Setup {
                layout: MatchLayout::parse_partial(ruleset, &grid).map_err(|_| corrupt("stored layout"))?,
                ready: ready != 0,
            };
        }
        let events: Vec<(i64, String, String)> =
            sqlx::query_as("SELECT seq, kind, payload FROM match_events WHERE match_id = $1 ORDER BY seq")
                .bind(id.0)
                .fetch_all(pool)
                .await?;
        let next_seq = events.last().map(|e| e.0 + 1).unwrap_or(0);
        let game = MatchGame::replay(&settings, &events)?;
        let clock: Option<(Option<i64>, Option<i64>, Option<i64>)> =
            sqlx::query_as("SELECT south_ms, north_ms, running_since FROM clocks WHERE match_id = $1")
                .bind(id.0)
                .fetch_optional(pool)
                .await?;
        let (s_ms, n_ms, running_since) = clock.unwrap_or((None, None, None));
        let pending: Option<(i64, String, String, String, i64)> = sqlx::query_as(
            "SELECT ply, defender, action, options, deadline_at FROM pending_decisions WHERE match_id = $1",
        )
        .bind(id.0)
        .fetch_optional(pool)
        .await?;
        let pending = match pending {
            None => None,
            Some((ply, defender, action, options, deadline)) => {
                let options: Vec<Vec<Square>> = serde_json::from_str(&options).map_err(corrupt)?;
                Some(Pending {
                    ply: ply as u32,
                    defender: Side::from_name(&defender).ok_or_else(|| corrupt("defender"))?,
                    action: Action::parse(&action).map_err(corrupt)?,
                    options: options.iter().filter_map(|o| Partners::new(o)).collect(),
                    deadline,
                })
            }
        };
        Ok(Loaded {
            id,
            users,
            lang,
            public_lang: public_lang.as_deref().map_or(lang[0], lang_of),
            policy,
            ai_level: ai_level.map(|l| l as u8),
            settings,
            status,
            guild,
            channel,
            seed,
            version,
            next_seq,
            setups,
            game,
            clock_ms: [s_ms, n_ms],
            running_since,
            pending,
        })
    }

    async fn ensure_player(conn: &mut AnyConnection, user: UserId, now: i64) -> Result<()> {
        sqlx::query("INSERT INTO players (user_id, created_at) VALUES ($1, $2) ON CONFLICT DO NOTHING")
            .bind(user.db())
            .bind(now)
            .execute(conn)
            .await?;
        Ok(())
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
        let now = self.now();
        let mut conn = self.inner.store.write.acquire().await?;
        Self::ensure_player(&mut conn, user, now).await?;
        sqlx::query("UPDATE players SET language = $1 WHERE user_id = $2")
            .bind(lang_code(language))
            .bind(user.db())
            .execute(&mut *conn)
            .await?;
        drop(conn);
        self.refresh_player_cache(user).await;
        Ok(())
    }

    /// Sets a player's defence policy.
    pub async fn set_defence_policy(&self, user: UserId, policy: DefencePolicy) -> Result<()> {
        let now = self.now();
        let mut conn = self.inner.store.write.acquire().await?;
        Self::ensure_player(&mut conn, user, now).await?;
        sqlx::query("UPDATE players SET defence_policy = $1 WHERE user_id = $2")
            .bind(policy.as_str())
            .bind(user.db())
            .execute(&mut *conn)
            .await?;
        drop(conn);
        self.refresh_player_cache(user).await;
        Ok(())
    }

    /// Clears the closed-DM flag (the adapter calls it when a DM to the user works again or
    /// the user asks for DMs).
    pub async fn set_dm_open(&self, user: UserId) -> Result<()> {
        sqlx::query("UPDATE players SET dm_closed = 0 WHERE user_id = $1")
            .bind(user.db())
            .execute(&self.inner.store.write)
            .await?;
        Ok(())
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
        let ids: Vec<i64> = sqlx::query_scalar(
            "SELECT id FROM matches WHERE (south_user = $1 OR north_user = $2) AND status <> 'finished' ORDER BY id",
        )
        .bind(user.db())
        .bind(user.db())
        .fetch_all(&self.inner.store.read)
        .await?;
        let mut out = Vec::new();
        for id in ids {
            let slot = self.slot(MatchId(id));
            let mut guard = slot.lock().await;
            let m = self.load_into(&mut guard, MatchId(id)).await?;
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
        let row: Option<(i64, i64, i64, i64, i64, i64, i64)> = sqlx::query_as(
            "SELECT points, rated_matches, wins, draws, losses, units_sunk, tonnage_sunk FROM profiles WHERE user_id = $1",
        )
        .bind(user.db())
        .fetch_optional(&self.inner.store.write)
        .await?;
        let awards: Vec<(String, i64, i64)> =
            sqlx::query_as("SELECT award, count, degree FROM awards WHERE user_id = $1 ORDER BY award")
                .bind(user.db())
                .fetch_all(&self.inner.store.write)
                .await?;
        let (points, rated, wins, draws, losses, units, tonnage) = row.unwrap_or_default();
        Ok(Profile {
            points: points as u32,
            rank: career::rank_of(points as u32),
            rated_matches: rated as u32,
            wins: wins as u32,
            draws: draws as u32,
            losses: losses as u32,
            units_sunk: units as u64,
            tonnage_sunk: tonnage as u64,
            awards: awards.into_iter().map(|(a, c, d)| (a, c as u64, d as u8)).collect(),
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

/// Rebuilds the engine record of a match from its event rows (`None` before it started).
pub fn record_from_events(
    settings: &MatchSettings,
    events: &[(i64, String, String)],
) -> Result<Option<Record>> {
    let mut record: Option<Record> = None;
    for (_, kind, payload) in events {
        match kind.as_str() {
            "started" => {
                let start: Start = serde_json::from_str(payload).map_err(corrupt)?;
                record = Some(Record {
                    format: RECORD_FORMAT,
                    ruleset: settings.ruleset.clone(),
                    intel: settings.intel,
                    start,
                    turns: Vec::new(),
                    ending: None,
                });
            }
            "turn" => {
                let turn: Turn = serde_json::from_str(payload).map_err(corrupt)?;
                record.as_mut().ok_or_else(|| corrupt("turn before start"))?.turns.push(turn);
            }
            "ended" => {
                let ending = serde_json::from_str(payload).map_err(corrupt)?;
                record.as_mut().ok_or_else(|| corrupt("end before start"))?.ending = Some(ending);
            }
            other => return Err(corrupt(format!("unknown event kind {other}"))),
        }
    }
    Ok(record)
}

/// Replays a match's committed record straight from the database (no cache): the reference
/// the crash test compares the live state with.
pub async fn replay_from_store(store: &Store, id: MatchId) -> Result<Option<Game>> {
    let settings: String = sqlx::query_scalar("SELECT settings FROM matches WHERE id = $1")
        .bind(id.0)
        .fetch_optional(&store.read)
        .await?
        .ok_or(ServiceError::NoSuchMatch(id))?;
    let settings: MatchSettings = serde_json::from_str(&settings).map_err(corrupt)?;
    let events: Vec<(i64, String, String)> =
        sqlx::query_as("SELECT seq, kind, payload FROM match_events WHERE match_id = $1 ORDER BY seq")
            .bind(id.0)
            .fetch_all(&store.read)
            .await?;
    Ok(MatchGame::replay(&settings, &events)?.and_then(|g| match g {
        MatchGame::Admiral(g) => Some(g),
        MatchGame::Stratego(_) => None,
    }))
}

//! The service: the narrow interface the Discord adapter (and the tests) call.
//!
//! Every accepted change is one SQLite transaction that appends to the match record, updates
//! state and clocks, (re)arms timers and queues notifications, and only then is anyone told.
//! Writes to one match are serialised by a per-match async mutex, with a `version` column
//! checked in every UPDATE as a second line of defence. Submissions carry an idempotency key
//! (the Discord interaction id): a repeated key returns the stored result instead of applying
//! twice. Actions carry the ply they were made for; a stale one is refused.

use std::collections::HashMap;
use std::sync::{Arc, Mutex as StdMutex};
use std::time::Duration;

use admiral_engine::{
    Action, Defense, EndReason, Event, Game, Language, Layout, Outcome, Partners, PlayError,
    Record, Side, Square, Start, Turn, View, RECORD_FORMAT,
};
use serde::{Deserialize, Serialize};
use sqlx::SqliteConnection;
use tokio::sync::{Mutex, Notify};
use tokio::task::JoinHandle;

use crate::ai::AiPlayer;
use crate::autoplace;
use crate::career;
use crate::clock::{reminder_at, Now, TimeControl, DAY_MS};
use crate::error::{Result, ServiceError};
use crate::ids::{ChallengeId, MatchId, UserId};
use crate::notify::{Notice, Recipient};
use crate::outbox::{self, Delivery, Outgoing};
use crate::store::{Batch, BatchError, Store, WriteTx};
use crate::timers::{self, Timer, TimerKind};

/// The settings of a match, chosen with the challenge.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchSettings {
    /// `admiral` (classic Stratego is a later ruleset).
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
    fn validate(&self) -> Result<()> {
        if self.ruleset != "admiral" {
            return Err(ServiceError::InvalidSettings("unknown ruleset"));
        }
        match self.time_control {
            TimeControl::Correspondence { days_per_move } if !(1..=14).contains(&days_per_move) => {
                Err(ServiceError::InvalidSettings(
                    "days per move must be 1 to 14",
                ))
            }
            TimeControl::Live {
                total_secs,
                increment_secs,
            } if !(60..=7200).contains(&total_secs) || increment_secs > 600 => {
                Err(ServiceError::InvalidSettings(
                    "live clock: 1 to 120 minutes, increment up to 10 minutes",
                ))
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
}

impl Default for ServiceConfig {
    fn default() -> Self {
        ServiceConfig {
            challenge_ttl_ms: DAY_MS,
            auto_ai: true,
        }
    }
}

#[derive(Clone, Debug)]
struct Setup {
    layout: Layout,
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
    game: Option<Game>,
    clock_ms: [Option<i64>; 2],
    running_since: Option<i64>,
    pending: Option<Pending>,
}

impl Loaded {
    fn seat_of(&self, user: UserId) -> Option<Side> {
        Side::BOTH
            .into_iter()
            .find(|s| self.users[s.index()] == Some(user))
    }
    fn opponent_at(&self, side: Side) -> Opponent {
        match self.users[side.index()] {
            Some(user) => Opponent::Human { user },
            None => Opponent::Ai {
                level: self.ai_level.unwrap_or(1),
            },
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
    fn game(&self) -> Result<&Game> {
        self.game.as_ref().ok_or(ServiceError::SetupNotReady)
    }
    fn side_seed(&self, side: Side, salt: i64) -> u64 {
        (self.seed as u64)
            ^ ((side.index() as u64 + 1) << 56)
            ^ (salt as u64).wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn record(&self) -> Option<Record> {
        self.game.as_ref().map(|g| g.record().clone())
    }
}

type Slot = Arc<Mutex<Option<Loaded>>>;

struct Inner {
    store: Store,
    now: Arc<dyn Now>,
    config: ServiceConfig,
    matches: StdMutex<HashMap<MatchId, Slot>>,
    challenge_lock: Mutex<()>,
    outbox_wake: Notify,
    timer_wake: Notify,
    ai_tasks: StdMutex<Vec<JoinHandle<()>>>,
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

fn side_name(side: Side) -> &'static str {
    side.name()
}

fn lang_of(s: &str) -> Language {
    if s == "ru" {
        Language::Ru
    } else {
        Language::En
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
    /// Starts the service over an opened store: reloads every active match from its record,
    /// re-arms missing deadlines, and resumes AI turns. Undelivered notifications are picked
    /// up by the dispatcher ([`Service::spawn_workers`] or [`Service::deliver_pending`]).
    pub async fn start(store: Store, now: Arc<dyn Now>, config: ServiceConfig) -> Result<Service> {
        let service = Service {
            inner: Arc::new(Inner {
                store,
                now,
                config,
                matches: StdMutex::new(HashMap::new()),
                challenge_lock: Mutex::new(()),
                outbox_wake: Notify::new(),
                timer_wake: Notify::new(),
                ai_tasks: StdMutex::new(Vec::new()),
            }),
        };
        service.recover().await?;
        Ok(service)
    }

    /// The store (tests and the adapter's read-only queries).
    pub fn store(&self) -> &Store {
        &self.inner.store
    }

    fn now(&self) -> i64 {
        self.inner.now.now_ms()
    }

    async fn recover(&self) -> Result<()> {
        let active: Vec<i64> = sqlx::query_scalar(
            "SELECT id FROM matches WHERE status IN ('setup', 'playing') ORDER BY id",
        )
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
                if let Some(deadline) = m.tc().move_deadline(
                    m.running_since.unwrap_or(self.now()),
                    m.clock_ms[next.index()],
                ) {
                    let armed: Option<i64> =
                        sqlx::query_scalar("SELECT due_at FROM timers WHERE key = ?")
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

    async fn load_into<'a>(
        &self,
        guard: &'a mut Option<Loaded>,
        id: MatchId,
    ) -> Result<&'a mut Loaded> {
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
        );
        let row: Option<Row> = sqlx::query_as(
            "SELECT south_user, north_user, ai_level, settings, status, guild_id, channel_id, seed, version
             FROM matches WHERE id = ?",
        )
        .bind(id.0)
        .fetch_optional(pool)
        .await?;
        let Some((south, north, ai_level, settings, status, guild, channel, seed, version)) = row
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
                let p: Option<(String, String)> = sqlx::query_as(
                    "SELECT language, defence_policy FROM players WHERE user_id = ?",
                )
                .bind(u.db())
                .fetch_optional(pool)
                .await?;
                if let Some((l, d)) = p {
                    lang[side.index()] = lang_of(&l);
                    policy[side.index()] = if d == "ask" {
                        DefencePolicy::Ask
                    } else {
                        DefencePolicy::Auto
                    };
                }
            }
        }
        let setup_rows: Vec<(String, String, i64)> =
            sqlx::query_as("SELECT side, grid, ready FROM setups WHERE match_id = ?")
                .bind(id.0)
                .fetch_all(pool)
                .await?;
        let mut setups = [
            Setup {
                layout: Layout::empty(),
                ready: false,
            },
            Setup {
                layout: Layout::empty(),
                ready: false,
            },
        ];
        for (side, grid, ready) in setup_rows {
            let side = Side::from_name(&side).ok_or_else(|| corrupt("setup side"))?;
            setups[side.index()] = Setup {
                layout: Layout::parse_partial(&grid).map_err(|_| corrupt("stored layout"))?,
                ready: ready != 0,
            };
        }
        let events: Vec<(i64, String, String)> = sqlx::query_as(
            "SELECT seq, kind, payload FROM match_events WHERE match_id = ? ORDER BY seq",
        )
        .bind(id.0)
        .fetch_all(pool)
        .await?;
        let next_seq = events.last().map(|e| e.0 + 1).unwrap_or(0);
        let game = record_from_events(&settings, &events)?
            .map(|record| Game::replay(&record).map_err(corrupt))
            .transpose()?;
        let clock: Option<(Option<i64>, Option<i64>, Option<i64>)> = sqlx::query_as(
            "SELECT south_ms, north_ms, running_since FROM clocks WHERE match_id = ?",
        )
        .bind(id.0)
        .fetch_optional(pool)
        .await?;
        let (s_ms, n_ms, running_since) = clock.unwrap_or((None, None, None));
        let pending: Option<(i64, String, String, String, i64)> = sqlx::query_as(
            "SELECT ply, defender, action, options, deadline_at FROM pending_decisions WHERE match_id = ?",
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

    async fn ensure_player(conn: &mut SqliteConnection, user: UserId, now: i64) -> Result<()> {
        sqlx::query(
            "INSERT INTO players (user_id, created_at) VALUES (?, ?) ON CONFLICT DO NOTHING",
        )
        .bind(user.db())
        .bind(now)
        .execute(conn)
        .await?;
        Ok(())
    }

    async fn language(&self, user: UserId) -> Result<Language> {
        let l: Option<String> =
            sqlx::query_scalar("SELECT language FROM players WHERE user_id = ?")
                .bind(user.db())
                .fetch_optional(&self.inner.store.write)
                .await?;
        Ok(l.map(|l| lang_of(&l)).unwrap_or_default())
    }

    fn committed(&self) {
        self.inner.outbox_wake.notify_one();
        self.inner.timer_wake.notify_one();
    }

    // ---------------------------------------------------------------- players

    /// Sets a player's language.
    pub async fn set_language(&self, user: UserId, language: Language) -> Result<()> {
        let now = self.now();
        let mut conn = self.inner.store.write.acquire().await?;
        Self::ensure_player(&mut conn, user, now).await?;
        sqlx::query("UPDATE players SET language = ? WHERE user_id = ?")
            .bind(if language == Language::Ru { "ru" } else { "en" })
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
        sqlx::query("UPDATE players SET defence_policy = ? WHERE user_id = ?")
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
        sqlx::query("UPDATE players SET dm_closed = 0 WHERE user_id = ?")
            .bind(user.db())
            .execute(&self.inner.store.write)
            .await?;
        Ok(())
    }

    /// Whether the user's DMs are known to be closed.
    pub async fn dm_closed(&self, user: UserId) -> Result<bool> {
        let v: Option<i64> = sqlx::query_scalar("SELECT dm_closed FROM players WHERE user_id = ?")
            .bind(user.db())
            .fetch_optional(&self.inner.store.write)
            .await?;
        Ok(v == Some(1))
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

    // ---------------------------------------------------------------- challenges

    /// Challenges `to` (`to_is_bot` as Discord reports it). Queues the public challenge with
    /// Accept/Decline in the origin channel (or a DM to `to` without a channel).
    pub async fn challenge(
        &self,
        from: UserId,
        to: UserId,
        to_is_bot: bool,
        settings: MatchSettings,
        origin: Origin,
    ) -> Result<ChallengeId> {
        if from == to {
            return Err(ServiceError::SelfChallenge);
        }
        if to_is_bot {
            return Err(ServiceError::BotOpponent);
        }
        settings.validate()?;
        let now = self.now();
        let expires_at = now + self.inner.config.challenge_ttl_ms;
        let language = self.language(from).await?;
        let mut tx = self.inner.store.write.begin().await?;
        Self::ensure_player(&mut tx, from, now).await?;
        Self::ensure_player(&mut tx, to, now).await?;
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO challenges (challenger, challenged, settings, guild_id, channel_id, created_at, expires_at)
             VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
        )
        .bind(from.db())
        .bind(to.db())
        .bind(json(&settings))
        .bind(origin.guild.map(|g| g as i64))
        .bind(origin.channel.map(|c| c as i64))
        .bind(now)
        .bind(expires_at)
        .fetch_one(&mut *tx)
        .await?;
        let challenge = ChallengeId(id);
        timers::arm_challenge(&mut tx, challenge, expires_at).await?;
        let recipient = match origin.channel {
            Some(channel) => Recipient::Channel {
                guild: origin.guild,
                channel,
            },
            None => Recipient::User { user: to },
        };
        outbox::enqueue(
            &mut tx,
            now,
            &[Outgoing {
                recipient,
                match_id: None,
                language,
                notice: Notice::ChallengeIssued {
                    challenge,
                    from,
                    to,
                    settings,
                    expires_at,
                },
            }],
        )
        .await?;
        tx.commit().await?;
        self.committed();
        Ok(challenge)
    }

    /// Accepts a challenge: creates the match and opens setup for both. Repeating the accept
    /// returns the same match.
    pub async fn accept(&self, user: UserId, challenge: ChallengeId) -> Result<MatchId> {
        let _lock = self.inner.challenge_lock.lock().await;
        let now = self.now();
        type Row = (
            i64,
            i64,
            String,
            Option<i64>,
            Option<i64>,
            String,
            i64,
            Option<i64>,
        );
        let row: Option<Row> = sqlx::query_as(
            "SELECT challenger, challenged, settings, guild_id, channel_id, status, expires_at, match_id
             FROM challenges WHERE id = ?",
        )
        .bind(challenge.0)
        .fetch_optional(&self.inner.store.write)
        .await?;
        let Some((from, to, settings, guild, channel, status, expires_at, match_id)) = row else {
            return Err(ServiceError::NoSuchChallenge(challenge));
        };
        let (from, to) = (UserId::from_db(from), UserId::from_db(to));
        if user != to {
            return Err(ServiceError::NotYourChallenge);
        }
        match status.as_str() {
            "accepted" => {
                return match_id
                    .map(MatchId)
                    .ok_or_else(|| corrupt("accepted without match"))
            }
            "expired" => return Err(ServiceError::ChallengeExpired),
            "open" if now >= expires_at => return Err(ServiceError::ChallengeExpired),
            "open" => {}
            _ => return Err(ServiceError::ChallengeClosed),
        }
        let settings: MatchSettings = serde_json::from_str(&settings).map_err(corrupt)?;
        let language = self.language(from).await?;
        let seed = mix(now as u64 ^ ((challenge.0 as u64) << 20));
        // Seats by the seed: either player may be South (who moves first).
        let (south, north) = if seed & 1 == 0 {
            (from, to)
        } else {
            (to, from)
        };
        let mut tx = self.inner.store.write.begin().await?;
        let id = self
            .create_match(
                &mut tx,
                [Some(south), Some(north)],
                None,
                &settings,
                Origin {
                    guild: guild.map(|g| g as u64),
                    channel: channel.map(|c| c as u64),
                },
                seed as i64,
                now,
            )
            .await?;
        let updated = sqlx::query(
            "UPDATE challenges SET status = 'accepted', match_id = ? WHERE id = ? AND status = 'open'",
        )
        .bind(id.0)
        .bind(challenge.0)
        .execute(&mut *tx)
        .await?;
        if updated.rows_affected() != 1 {
            return Err(ServiceError::ChallengeClosed);
        }
        timers::delete(&mut tx, &format!("c{}:challenge_expiry", challenge.0)).await?;
        let mut out = vec![Outgoing {
            recipient: Recipient::User { user: from },
            match_id: Some(id),
            language,
            notice: Notice::ChallengeAnswered {
                challenge,
                accepted: true,
                match_id: Some(id),
            },
        }];
        let slot = self.slot(id);
        let mut guard = slot.lock().await;
        // Load inside the transaction's view is not possible with one connection; build from data.
        let m = self
            .fresh_loaded(
                id,
                [Some(south), Some(north)],
                None,
                settings,
                guild,
                channel,
                seed as i64,
                &mut tx,
            )
            .await?;
        for side in Side::BOTH {
            out.extend(m.dm(side, self.setup_notice(&m, side)));
        }
        outbox::enqueue(&mut tx, now, &out).await?;
        tx.commit().await?;
        *guard = Some(m);
        drop(guard);
        self.committed();
        Ok(id)
    }

    /// Declines a challenge.
    pub async fn decline(&self, user: UserId, challenge: ChallengeId) -> Result<()> {
        let _lock = self.inner.challenge_lock.lock().await;
        let now = self.now();
        let row: Option<(i64, i64, String, i64)> = sqlx::query_as(
            "SELECT challenger, challenged, status, expires_at FROM challenges WHERE id = ?",
        )
        .bind(challenge.0)
        .fetch_optional(&self.inner.store.write)
        .await?;
        let Some((from, to, status, expires_at)) = row else {
            return Err(ServiceError::NoSuchChallenge(challenge));
        };
        if UserId::from_db(to) != user {
            return Err(ServiceError::NotYourChallenge);
        }
        match status.as_str() {
            "declined" => return Ok(()),
            "expired" => return Err(ServiceError::ChallengeExpired),
            "open" if now >= expires_at => return Err(ServiceError::ChallengeExpired),
            "open" => {}
            _ => return Err(ServiceError::ChallengeClosed),
        }
        let from = UserId::from_db(from);
        let language = self.language(from).await?;
        let mut tx = self.inner.store.write.begin().await?;
        sqlx::query("UPDATE challenges SET status = 'declined' WHERE id = ? AND status = 'open'")
            .bind(challenge.0)
            .execute(&mut *tx)
            .await?;
        timers::delete(&mut tx, &format!("c{}:challenge_expiry", challenge.0)).await?;
        outbox::enqueue(
            &mut tx,
            now,
            &[Outgoing {
                recipient: Recipient::User { user: from },
                match_id: None,
                language,
                notice: Notice::ChallengeAnswered {
                    challenge,
                    accepted: false,
                    match_id: None,
                },
            }],
        )
        .await?;
        tx.commit().await?;
        self.committed();
        Ok(())
    }

    async fn expire_challenge(&self, challenge: ChallengeId, key: &str) -> Result<()> {
        let _lock = self.inner.challenge_lock.lock().await;
        let now = self.now();
        let row: Option<(i64, String)> =
            sqlx::query_as("SELECT challenger, status FROM challenges WHERE id = ?")
                .bind(challenge.0)
                .fetch_optional(&self.inner.store.write)
                .await?;
        let language = match &row {
            Some((from, _)) => self.language(UserId::from_db(*from)).await?,
            None => Language::En,
        };
        let mut tx = self.inner.store.write.begin().await?;
        if let Some((from, status)) = row {
            if status == "open" {
                let from = UserId::from_db(from);
                sqlx::query("UPDATE challenges SET status = 'expired' WHERE id = ?")
                    .bind(challenge.0)
                    .execute(&mut *tx)
                    .await?;
                outbox::enqueue(
                    &mut tx,
                    now,
                    &[Outgoing {
                        recipient: Recipient::User { user: from },
                        match_id: None,
                        language,
                        notice: Notice::ChallengeExpired { challenge },
                    }],
                )
                .await?;
            }
        }
        timers::delete(&mut tx, key).await?;
        tx.commit().await?;
        self.committed();
        Ok(())
    }

    /// Starts a match against the AI of `level` (1–5). The user sits South and moves first.
    pub async fn start_ai(
        &self,
        user: UserId,
        level: u8,
        settings: MatchSettings,
        origin: Origin,
    ) -> Result<MatchId> {
        if !(1..=5).contains(&level) {
            return Err(ServiceError::InvalidSettings("AI level must be 1 to 5"));
        }
        settings.validate()?;
        let now = self.now();
        let seed = mix(now as u64 ^ user.0.rotate_left(17)) as i64;
        let mut tx = self.inner.store.write.begin().await?;
        Self::ensure_player(&mut tx, user, now).await?;
        let id = self
            .create_match(
                &mut tx,
                [Some(user), None],
                Some(level),
                &settings,
                origin,
                seed,
                now,
            )
            .await?;
        let slot = self.slot(id);
        let mut guard = slot.lock().await;
        let m = self
            .fresh_loaded(
                id,
                [Some(user), None],
                Some(level),
                settings,
                origin.guild.map(|g| g as i64),
                origin.channel.map(|c| c as i64),
                seed,
                &mut tx,
            )
            .await?;
        let out: Vec<Outgoing> = m
            .dm(Side::South, self.setup_notice(&m, Side::South))
            .into_iter()
            .collect();
        outbox::enqueue(&mut tx, now, &out).await?;
        tx.commit().await?;
        *guard = Some(m);
        drop(guard);
        self.committed();
        Ok(id)
    }

    fn setup_notice(&self, m: &Loaded, side: Side) -> Notice {
        Notice::SetupOpened {
            side,
            opponent: m.opponent_at(side.opponent()),
            grid: m.setups[side.index()].layout.grid_text(Language::En),
            deadline: m
                .tc()
                .setup_span_ms()
                .map(|span| m.running_since.unwrap_or(0) + span),
        }
    }

    #[allow(clippy::too_many_arguments)]
    async fn create_match(
        &self,
        conn: &mut SqliteConnection,
        users: [Option<UserId>; 2],
        ai_level: Option<u8>,
        settings: &MatchSettings,
        origin: Origin,
        seed: i64,
        now: i64,
    ) -> Result<MatchId> {
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO matches (south_user, north_user, ai_level, settings, status, guild_id, channel_id, seed, created_at)
             VALUES (?, ?, ?, ?, 'setup', ?, ?, ?, ?) RETURNING id",
        )
        .bind(users[0].map(|u| u.db()))
        .bind(users[1].map(|u| u.db()))
        .bind(ai_level.map(|l| l as i64))
        .bind(json(settings))
        .bind(origin.guild.map(|g| g as i64))
        .bind(origin.channel.map(|c| c as i64))
        .bind(seed)
        .bind(now)
        .fetch_one(&mut *conn)
        .await?;
        let id = MatchId(id);
        let tc = settings.time_control;
        for side in Side::BOTH {
            let layout = autoplace::auto_layout((seed as u64) ^ ((side.index() as u64 + 1) << 56));
            let ai_seat = users[side.index()].is_none();
            sqlx::query("INSERT INTO setups (match_id, side, grid, ready) VALUES (?, ?, ?, ?)")
                .bind(id.0)
                .bind(side_name(side))
                .bind(layout.grid_text(Language::En))
                .bind(ai_seat as i64)
                .execute(&mut *conn)
                .await?;
        }
        sqlx::query(
            "INSERT INTO clocks (match_id, south_ms, north_ms, running_since) VALUES (?, ?, ?, ?)",
        )
        .bind(id.0)
        .bind(tc.initial_ms())
        .bind(tc.initial_ms())
        .bind(now)
        .execute(&mut *conn)
        .await?;
        if let Some(span) = tc.setup_span_ms() {
            let deadline = now + span;
            timers::arm_match(conn, id, TimerKind::SetupDeadline, None, 0, deadline).await?;
            if let Some(at) =
                reminder_at(&tc, now, deadline).filter(|_| span >= tc.reminder_lead_ms() * 2)
            {
                timers::arm_match(conn, id, TimerKind::SetupReminder, None, 0, at).await?;
            }
        }
        Ok(id)
    }

    #[allow(clippy::too_many_arguments)]
    async fn fresh_loaded(
        &self,
        id: MatchId,
        users: [Option<UserId>; 2],
        ai_level: Option<u8>,
        settings: MatchSettings,
        guild: Option<i64>,
        channel: Option<i64>,
        seed: i64,
        conn: &mut SqliteConnection,
    ) -> Result<Loaded> {
        let mut lang = [Language::En; 2];
        let mut policy = [DefencePolicy::Auto; 2];
        for side in Side::BOTH {
            if let Some(u) = users[side.index()] {
                let p: Option<(String, String)> = sqlx::query_as(
                    "SELECT language, defence_policy FROM players WHERE user_id = ?",
                )
                .bind(u.db())
                .fetch_optional(&mut *conn)
                .await?;
                if let Some((l, d)) = p {
                    lang[side.index()] = lang_of(&l);
                    policy[side.index()] = if d == "ask" {
                        DefencePolicy::Ask
                    } else {
                        DefencePolicy::Auto
                    };
                }
            }
        }
        let tc = settings.time_control;
        let now = self.now();
        let setup = |side: Side| Setup {
            layout: autoplace::auto_layout((seed as u64) ^ ((side.index() as u64 + 1) << 56)),
            ready: users[side.index()].is_none(),
        };
        Ok(Loaded {
            id,
            users,
            lang,
            policy,
            ai_level,
            settings,
            status: MatchStatus::Setup,
            guild,
            channel,
            seed,
            version: 0,
            next_seq: 0,
            setups: [setup(Side::South), setup(Side::North)],
            game: None,
            clock_ms: [tc.initial_ms(), tc.initial_ms()],
            running_since: Some(now),
            pending: None,
        })
    }

    // ---------------------------------------------------------------- setup

    async fn with_setup<F>(&self, user: UserId, id: MatchId, edit: F) -> Result<String>
    where
        F: FnOnce(&Loaded, Side, &Layout) -> Result<Layout>,
    {
        let slot = self.slot(id);
        let mut guard = slot.lock().await;
        let m = self.load_into(&mut guard, id).await?;
        let side = m.seat_of(user).ok_or(ServiceError::NotYourMatch)?;
        if m.status != MatchStatus::Setup {
            return Err(ServiceError::NotInSetup);
        }
        if m.setups[side.index()].ready {
            return Err(ServiceError::AlreadyReady);
        }
        let layout = edit(m, side, &m.setups[side.index()].layout)?;
        let grid = layout.grid_text(Language::En);
        let mut tx = self.inner.store.write.begin().await?;
        Self::bump_version(&mut tx, m).await?;
        sqlx::query("UPDATE setups SET grid = ? WHERE match_id = ? AND side = ?")
            .bind(&grid)
            .bind(id.0)
            .bind(side_name(side))
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        m.version += 1;
        m.setups[side.index()].layout = layout;
        Ok(grid)
    }

    async fn bump_version(conn: &mut SqliteConnection, m: &Loaded) -> Result<()> {
        let r =
            sqlx::query("UPDATE matches SET version = version + 1 WHERE id = ? AND version = ?")
                .bind(m.id.0)
                .bind(m.version)
                .execute(conn)
                .await?;
        if r.rows_affected() != 1 {
            return Err(corrupt("concurrent writer changed the match"));
        }
        Ok(())
    }

    /// Generates a new layout for the user's seat (deterministic in the match seed and the
    /// match version, so a record reproduces). Returns the layout grid.
    pub async fn auto_layout(&self, user: UserId, id: MatchId) -> Result<String> {
        self.with_setup(user, id, |m, side, _| {
            Ok(autoplace::auto_layout(m.side_seed(side, m.version + 1)))
        })
        .await
    }

    /// Replaces the user's layout with an uploaded layout file (may be partial; complete it
    /// with [`Service::complete_layout`]). A bad file changes nothing and lists every problem.
    pub async fn upload_layout(&self, user: UserId, id: MatchId, text: &str) -> Result<String> {
        let layout = Layout::parse_partial(text).map_err(ServiceError::BadLayout)?;
        self.with_setup(user, id, move |_, _, _| Ok(layout)).await
    }

    /// Uses one of the user's saved layouts.
    pub async fn use_saved_layout(&self, user: UserId, id: MatchId, name: &str) -> Result<String> {
        let grid: Option<String> =
            sqlx::query_scalar("SELECT grid FROM layouts WHERE user_id = ? AND name = ?")
                .bind(user.db())
                .bind(name)
                .fetch_optional(&self.inner.store.write)
                .await?;
        let grid = grid.ok_or_else(|| ServiceError::NoSuchLayout(name.to_string()))?;
        let layout = Layout::parse_partial(&grid).map_err(ServiceError::BadLayout)?;
        self.with_setup(user, id, move |_, _, _| Ok(layout)).await
    }

    /// Swaps the contents of two squares of the user's setup zone (board coordinates).
    pub async fn swap_squares(
        &self,
        user: UserId,
        id: MatchId,
        a: Square,
        b: Square,
    ) -> Result<String> {
        self.with_setup(user, id, move |_, side, current| {
            let ca = Layout::cell_of(side, a).ok_or(ServiceError::NotInZone)?;
            let cb = Layout::cell_of(side, b).ok_or(ServiceError::NotInZone)?;
            let mut layout = current.clone();
            layout.swap(ca, cb);
            layout.validate_partial().map_err(ServiceError::BadLayout)?;
            Ok(layout)
        })
        .await
    }

    /// Fills the unplaced units of the user's layout automatically.
    pub async fn complete_layout(&self, user: UserId, id: MatchId) -> Result<String> {
        self.with_setup(user, id, |m, side, current| {
            Ok(autoplace::complete_layout(
                current,
                m.side_seed(side, m.version + 1),
            ))
        })
        .await
    }

    /// The user's current layout as a downloadable file (with the explanatory header).
    pub async fn layout_file(&self, user: UserId, id: MatchId) -> Result<String> {
        let slot = self.slot(id);
        let mut guard = slot.lock().await;
        let m = self.load_into(&mut guard, id).await?;
        let side = m.seat_of(user).ok_or(ServiceError::NotYourMatch)?;
        Ok(m.setups[side.index()].layout.to_text(m.lang[side.index()]))
    }

    /// Saves a layout file under a name (replacing one of the same name). Must be readable
    /// (possibly partial).
    pub async fn save_layout(&self, user: UserId, name: &str, text: &str) -> Result<()> {
        let layout = Layout::parse_partial(text).map_err(ServiceError::BadLayout)?;
        let now = self.now();
        let mut tx = self.inner.store.write.begin().await?;
        Self::ensure_player(&mut tx, user, now).await?;
        sqlx::query(
            "INSERT INTO layouts (user_id, name, grid, created_at) VALUES (?, ?, ?, ?)
             ON CONFLICT (user_id, name) DO UPDATE SET grid = excluded.grid",
        )
        .bind(user.db())
        .bind(name)
        .bind(layout.grid_text(Language::En))
        .bind(now)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// The names of the user's saved layouts.
    pub async fn saved_layouts(&self, user: UserId) -> Result<Vec<String>> {
        Ok(
            sqlx::query_scalar("SELECT name FROM layouts WHERE user_id = ? ORDER BY name")
                .bind(user.db())
                .fetch_all(&self.inner.store.read)
                .await?,
        )
    }

    /// Declares the user ready. The layout must be complete and legal. When both are ready the
    /// match starts (South to move).
    pub async fn ready(&self, user: UserId, id: MatchId) -> Result<MatchStatus> {
        let slot = self.slot(id);
        let mut guard = slot.lock().await;
        let m = self.load_into(&mut guard, id).await?;
        let side = m.seat_of(user).ok_or(ServiceError::NotYourMatch)?;
        if m.status != MatchStatus::Setup {
            return if m.setups[side.index()].ready {
                Ok(m.status)
            } else {
                Err(ServiceError::NotInSetup)
            };
        }
        if m.setups[side.index()].ready {
            return Ok(m.status);
        }
        m.setups[side.index()]
            .layout
            .validate()
            .map_err(ServiceError::LayoutIncomplete)?;
        let now = self.now();
        let mut next = m.clone();
        next.setups[side.index()].ready = true;
        let mut tx = self.inner.store.write.begin().await?;
        sqlx::query("UPDATE setups SET ready = 1 WHERE match_id = ? AND side = ?")
            .bind(id.0)
            .bind(side_name(side))
            .execute(&mut *tx)
            .await?;
        let mut out = Vec::new();
        if next.setups.iter().all(|s| s.ready) {
            self.start_match(&mut tx, &mut next, now, &mut out).await?;
        } else {
            Self::bump_version(&mut tx, &next).await?;
            next.version += 1;
            out.extend(next.dm(side.opponent(), Notice::OpponentReady));
        }
        outbox::enqueue(&mut tx, now, &out).await?;
        tx.commit().await?;
        let status = next.status;
        *m = next;
        let snapshot = m.clone();
        drop(guard);
        self.committed();
        self.maybe_spawn_ai(&snapshot);
        Ok(status)
    }

    async fn start_match(
        &self,
        conn: &mut SqliteConnection,
        m: &mut Loaded,
        now: i64,
        out: &mut Vec<Outgoing>,
    ) -> Result<()> {
        let game = Game::new(&m.setups[0].layout, &m.setups[1].layout, m.settings.intel)
            .map_err(|e| corrupt(format!("ready layouts rejected: {e}")))?;
        sqlx::query("INSERT INTO match_events (match_id, seq, kind, side, payload, created_at) VALUES (?, ?, 'started', NULL, ?, ?)")
            .bind(m.id.0)
            .bind(m.next_seq)
            .bind(json(&game.record().start))
            .bind(now)
            .execute(&mut *conn)
            .await?;
        m.next_seq += 1;
        let r = sqlx::query("UPDATE matches SET status = 'playing', version = version + 1 WHERE id = ? AND version = ?")
            .bind(m.id.0)
            .bind(m.version)
            .execute(&mut *conn)
            .await?;
        if r.rows_affected() != 1 {
            return Err(corrupt("concurrent writer changed the match"));
        }
        m.version += 1;
        m.status = MatchStatus::Playing;
        let tc = m.tc();
        m.clock_ms = [tc.initial_ms(), tc.initial_ms()];
        m.running_since = Some(now);
        sqlx::query(
            "UPDATE clocks SET south_ms = ?, north_ms = ?, running_since = ? WHERE match_id = ?",
        )
        .bind(m.clock_ms[0])
        .bind(m.clock_ms[1])
        .bind(now)
        .bind(m.id.0)
        .execute(&mut *conn)
        .await?;
        timers::disarm_match(
            conn,
            m.id,
            &[TimerKind::SetupDeadline, TimerKind::SetupReminder],
        )
        .await?;
        let deadline = self.arm_move(conn, m, &game, now).await?;
        out.extend(m.dm(
            Side::South,
            Notice::YourTurn {
                view: Box::new(game.view(Side::South)),
                deadline,
            },
        ));
        out.extend(m.dm(
            Side::North,
            Notice::Moved {
                view: Box::new(game.view(Side::North)),
            },
        ));
        m.game = Some(game);
        Ok(())
    }

    /// Arms the deadline and reminder of the side to move; returns the deadline.
    async fn arm_move(
        &self,
        conn: &mut SqliteConnection,
        m: &Loaded,
        game: &Game,
        now: i64,
    ) -> Result<Option<i64>> {
        let tc = m.tc();
        let next = game.to_move();
        let deadline = tc.move_deadline(now, m.clock_ms[next.index()]);
        if let Some(d) = deadline {
            timers::arm_match(
                conn,
                m.id,
                TimerKind::MoveDeadline,
                Some(next),
                game.ply(),
                d,
            )
            .await?;
            match reminder_at(&tc, now, d).filter(|_| m.users[next.index()].is_some()) {
                Some(at) => {
                    timers::arm_match(
                        conn,
                        m.id,
                        TimerKind::MoveReminder,
                        Some(next),
                        game.ply(),
                        at,
                    )
                    .await?
                }
                None => timers::disarm_match(conn, m.id, &[TimerKind::MoveReminder]).await?,
            }
        }
        Ok(deadline)
    }

    // ---------------------------------------------------------------- play

    /// Plays an action for `user` in match `id`, made for the position after `ply` plies.
    /// `key` is the idempotency key (the interaction id): a repeated key returns the stored
    /// result. Refusals change nothing.
    pub async fn act(
        &self,
        key: &str,
        user: UserId,
        id: MatchId,
        ply: u32,
        notation: &str,
    ) -> Result<ActResult> {
        self.submit(
            key,
            Some(user),
            id,
            Some(ply),
            Submit::Act(notation.to_string()),
        )
        .await
    }

    /// Declares the defence group `index` (into the offered options) for a pending attack.
    pub async fn declare_defence(
        &self,
        key: &str,
        user: UserId,
        id: MatchId,
        index: usize,
    ) -> Result<ActResult> {
        self.submit(key, Some(user), id, None, Submit::Defend(index))
            .await
    }

    /// Resigns the match (any time during play).
    pub async fn resign(&self, key: &str, user: UserId, id: MatchId) -> Result<ActResult> {
        self.submit(key, Some(user), id, None, Submit::Resign).await
    }

    async fn stored_result(&self, key: &str) -> Result<Option<ActResult>> {
        let stored: Option<String> =
            sqlx::query_scalar("SELECT result FROM submissions WHERE key = ?")
                .bind(key)
                .fetch_optional(&self.inner.store.write)
                .await?;
        stored
            .map(|s| serde_json::from_str(&s).map_err(corrupt))
            .transpose()
    }

    async fn submit(
        &self,
        key: &str,
        user: Option<UserId>,
        id: MatchId,
        ply: Option<u32>,
        what: Submit,
    ) -> Result<ActResult> {
        let slot = self.slot(id);
        let mut guard = slot.lock().await;
        let m = match self.load_into(&mut guard, id).await {
            Ok(m) => m,
            Err(e) => return Err(e),
        };
        let plan = match Self::plan(m, user, ply, what) {
            Ok(plan) => plan,
            Err(e) => {
                // A repeated submission (double click, retry) finds the position moved on:
                // answer with what the first one got instead of a refusal.
                if e.is_refusal() {
                    if let Some(stored) = self.stored_result(key).await? {
                        return Ok(stored);
                    }
                }
                return Err(e);
            }
        };
        let now = self.now();
        let mut next = m.clone();
        let mut batch = Batch::new();
        let mut tx = WriteTx::start(&self.inner.store.write, &mut batch).await?;
        let mut out = Vec::new();
        let result = match plan {
            Plan::Ask(side, action, options) => {
                let conn = tx.flush(&mut batch).await.map_err(batch_error)?;
                self.ask_defence(conn, &mut next, side, action, options, now, &mut out)
                    .await?
            }
            Plan::Play(side, action, defense) => {
                let game = next.game.as_mut().ok_or(ServiceError::SetupNotReady)?;
                let events = game.play(&action, defense).map_err(ServiceError::Illegal)?;
                self.commit_turn(&mut tx, &mut batch, &mut next, side, &events, now, &mut out)
                    .await?
            }
            Plan::End(side, reason) => {
                let game = next.game.as_mut().ok_or(ServiceError::SetupNotReady)?;
                let outcome = game.end_by(side, reason).ok_or(ServiceError::MatchOver)?;
                let conn = tx.flush(&mut batch).await.map_err(batch_error)?;
                self.finish(conn, &mut next, outcome, now, &mut out).await?;
                ActResult {
                    ply: game_ply(&next),
                    awaiting_defence: false,
                    outcome: Some(outcome),
                }
            }
        };
        batch
            .sql("INSERT INTO submissions (key, user_id, match_id, result, created_at) VALUES (")
            .bind(key.to_string())
            .sql(", ")
            .bind(user.map(|u| u.db()).unwrap_or(0))
            .sql(", ")
            .bind(id.0)
            .sql(", ")
            .bind(json(&result))
            .sql(", ")
            .bind(now)
            .sql(") ON CONFLICT (key) DO NOTHING")
            .end_checked("submission");
        outbox::enqueue_in(&mut batch, now, &out);
        match tx.flush(&mut batch).await {
            Ok(_) => {}
            Err(BatchError::Check("submission")) => {
                // Applied already (by another writer): keep the first result.
                tx.rollback().await?;
                return self
                    .stored_result(key)
                    .await?
                    .ok_or_else(|| corrupt("submission vanished"));
            }
            Err(e) => return Err(batch_error(e)),
        }
        tx.commit().await?;
        *m = next;
        let snapshot = if self.needs_ai(m) {
            Some(m.clone())
        } else {
            None
        };
        drop(guard);
        self.committed();
        if let Some(s) = snapshot {
            self.maybe_spawn_ai(&s);
        }
        Ok(result)
    }

    /// Decides what a submission does, or why it is refused (nothing is written).
    fn plan(m: &Loaded, user: Option<UserId>, ply: Option<u32>, what: Submit) -> Result<Plan> {
        // Who acts: a user's seat, or the AI's seat (user None).
        let side = match user {
            Some(u) => m.seat_of(u).ok_or(ServiceError::NotYourMatch)?,
            None => Side::BOTH
                .into_iter()
                .find(|s| m.users[s.index()].is_none())
                .ok_or(ServiceError::NotYourMatch)?,
        };
        match m.status {
            MatchStatus::Setup => return Err(ServiceError::SetupNotReady),
            MatchStatus::Finished => return Err(ServiceError::MatchOver),
            MatchStatus::Playing => {}
        }
        let game = m.game()?;
        Ok(match what {
            Submit::Resign => Plan::End(side, EndReason::Resignation),
            Submit::Defend(index) => {
                let pending = m.pending.as_ref().ok_or(ServiceError::NoDecision)?;
                if pending.defender != side {
                    return Err(ServiceError::NoDecision);
                }
                let chosen = *pending
                    .options
                    .get(index)
                    .ok_or(ServiceError::BadDefenceChoice)?;
                Plan::Play(side.opponent(), pending.action, Defense::Group(chosen))
            }
            Submit::Act(notation) => {
                if let Some(p) = &m.pending {
                    return Err(if p.defender == side {
                        ServiceError::NotYourTurn
                    } else {
                        ServiceError::DecisionPending
                    });
                }
                if game.to_move() != side {
                    return Err(ServiceError::NotYourTurn);
                }
                if let Some(ply) = ply {
                    if ply != game.ply() {
                        return Err(ServiceError::Stale {
                            made_for: ply,
                            current: game.ply(),
                        });
                    }
                }
                let action = Action::parse(&notation)?;
                if let Some(reason) = game.position().why_illegal(&action) {
                    return Err(ServiceError::Illegal(PlayError::Illegal { action, reason }));
                }
                let defender = side.opponent();
                match game.defense_options(&action) {
                    Some(options) if options.len() > 1 => match m.users[defender.index()] {
                        None => Plan::Play(
                            side,
                            action,
                            AiPlayer::new(m.ai_level.unwrap_or(1)).defend(
                                game,
                                &action,
                                m.seed as u64,
                            ),
                        ),
                        Some(_) if m.policy[defender.index()] == DefencePolicy::Ask => {
                            Plan::Ask(side, action, options)
                        }
                        Some(_) => Plan::Play(side, action, Defense::Auto),
                    },
                    _ => Plan::Play(side, action, Defense::Auto),
                }
            }
        })
    }

    #[allow(clippy::too_many_arguments)]
    async fn ask_defence(
        &self,
        conn: &mut SqliteConnection,
        m: &mut Loaded,
        attacker: Side,
        action: Action,
        options: Vec<Partners>,
        now: i64,
        out: &mut Vec<Outgoing>,
    ) -> Result<ActResult> {
        let defender = attacker.opponent();
        let ply = game_ply(m);
        let deadline = now + m.tc().defence_span_ms();
        let squares: Vec<Vec<Square>> = options.iter().map(|p| p.iter().collect()).collect();
        sqlx::query(
            "INSERT INTO pending_decisions (match_id, ply, defender, action, options, deadline_at) VALUES (?, ?, ?, ?, ?, ?)",
        )
        .bind(m.id.0)
        .bind(ply as i64)
        .bind(side_name(defender))
        .bind(action.to_string())
        .bind(json(&squares))
        .bind(deadline)
        .execute(&mut *conn)
        .await?;
        // The attacker's clock stops while the defender decides; nobody loses on time meanwhile.
        let elapsed = m.running_since.map(|t| now - t).unwrap_or(0);
        if let Some(ms) = m.clock_ms[attacker.index()].as_mut() {
            *ms = (*ms - elapsed).max(0);
        }
        m.running_since = None;
        self.save_clocks(conn, m).await?;
        timers::disarm_match(
            conn,
            m.id,
            &[TimerKind::MoveDeadline, TimerKind::MoveReminder],
        )
        .await?;
        timers::arm_match(
            conn,
            m.id,
            TimerKind::DefenceDeadline,
            Some(defender),
            ply,
            deadline,
        )
        .await?;
        Self::bump_version(conn, m).await?;
        m.version += 1;
        m.pending = Some(Pending {
            ply,
            defender,
            action,
            options,
            deadline,
        });
        out.extend(m.dm(
            defender,
            Notice::DefenceRequested {
                attack: action.without_partners(),
                options: squares,
                deadline,
            },
        ));
        out.extend(m.dm(attacker, Notice::AwaitingDefence { deadline }));
        Ok(ActResult {
            ply,
            awaiting_defence: true,
            outcome: None,
        })
    }

    async fn save_clocks(&self, conn: &mut SqliteConnection, m: &Loaded) -> Result<()> {
        sqlx::query(
            "UPDATE clocks SET south_ms = ?, north_ms = ?, running_since = ? WHERE match_id = ?",
        )
        .bind(m.clock_ms[0])
        .bind(m.clock_ms[1])
        .bind(m.running_since)
        .bind(m.id.0)
        .execute(conn)
        .await?;
        Ok(())
    }

    /// Records the turn just played on `m.game` by `mover`: event, clocks, timers, notices,
    /// and the end of the match if it ended. Statements go into `batch` (run by the caller);
    /// the end of the match flushes it first and then writes directly.
    #[allow(clippy::too_many_arguments)]
    async fn commit_turn(
        &self,
        tx: &mut WriteTx,
        batch: &mut Batch,
        m: &mut Loaded,
        mover: Side,
        events: &[Event],
        now: i64,
        out: &mut Vec<Outgoing>,
    ) -> Result<ActResult> {
        let game = m.game.as_ref().ok_or(ServiceError::SetupNotReady)?;
        let turn: &Turn = game
            .record()
            .turns
            .last()
            .ok_or_else(|| corrupt("no turn played"))?;
        batch
            .sql("INSERT INTO match_events (match_id, seq, kind, side, payload, created_at) VALUES (")
            .bind(m.id.0)
            .sql(", ")
            .bind(m.next_seq)
            .sql(", 'turn', ")
            .bind(side_name(mover))
            .sql(", ")
            .bind(json(turn))
            .sql(", ")
            .bind(now)
            .sql(")")
            .end();
        m.next_seq += 1;
        if m.pending.take().is_some() {
            batch
                .sql("DELETE FROM pending_decisions WHERE match_id = ")
                .bind(m.id.0)
                .end();
            timers::disarm_match_in(batch, m.id, &[TimerKind::DefenceDeadline]);
        }
        let ply = game.ply();
        if let Some(outcome) = game.outcome() {
            let conn = tx.flush(batch).await.map_err(batch_error)?;
            self.finish(conn, m, outcome, now, out).await?;
            return Ok(ActResult {
                ply,
                awaiting_defence: false,
                outcome: Some(outcome),
            });
        }
        let tc = m.tc();
        let elapsed = m.running_since.map(|t| now - t).unwrap_or(0);
        m.clock_ms[mover.index()] = tc.after_move(m.clock_ms[mover.index()], elapsed);
        m.running_since = Some(now);
        batch
            .sql("UPDATE clocks SET south_ms = ")
            .bind(m.clock_ms[0])
            .sql(", north_ms = ")
            .bind(m.clock_ms[1])
            .sql(", running_since = ")
            .bind(m.running_since)
            .sql(" WHERE match_id = ")
            .bind(m.id.0)
            .end();
        let next = mover.opponent();
        let deadline = tc.move_deadline(now, m.clock_ms[next.index()]);
        if let Some(d) = deadline {
            timers::arm_match_in(batch, m.id, TimerKind::MoveDeadline, Some(next), ply, d);
            match reminder_at(&tc, now, d).filter(|_| m.users[next.index()].is_some()) {
                Some(at) => {
                    timers::arm_match_in(batch, m.id, TimerKind::MoveReminder, Some(next), ply, at)
                }
                None => timers::disarm_match_in(batch, m.id, &[TimerKind::MoveReminder]),
            }
        }
        batch
            .sql("UPDATE matches SET ply = ")
            .bind(ply as i64)
            .sql(", version = version + 1 WHERE id = ")
            .bind(m.id.0)
            .sql(" AND version = ")
            .bind(m.version)
            .end_checked("version");
        m.version += 1;
        let game = m.game.as_ref().ok_or(ServiceError::SetupNotReady)?;
        out.extend(m.dm(
            next,
            Notice::YourTurn {
                view: Box::new(game.view(next)),
                deadline,
            },
        ));
        if events.iter().any(Event::is_combat) {
            // The mover gets the battle card too (their own view of what happened).
            out.extend(m.dm(
                mover,
                Notice::Moved {
                    view: Box::new(game.view(mover)),
                },
            ));
        }
        Ok(ActResult {
            ply,
            awaiting_defence: false,
            outcome: None,
        })
    }

    /// Ends the match in the caller's transaction: status, result, timers, points and awards
    /// (rated), and the end notices.
    async fn finish(
        &self,
        conn: &mut SqliteConnection,
        m: &mut Loaded,
        outcome: Outcome,
        now: i64,
        out: &mut Vec<Outgoing>,
    ) -> Result<()> {
        let game = m.game.as_ref().ok_or(ServiceError::SetupNotReady)?;
        if let Some(ending) = game.record().ending {
            sqlx::query("INSERT INTO match_events (match_id, seq, kind, side, payload, created_at) VALUES (?, ?, 'ended', ?, ?, ?)")
                .bind(m.id.0)
                .bind(m.next_seq)
                .bind(side_name(ending.side))
                .bind(json(&ending))
                .bind(now)
                .execute(&mut *conn)
                .await?;
            m.next_seq += 1;
        }
        let r = sqlx::query(
            "UPDATE matches SET status = 'finished', ply = ?, result = ?, end_reason = ?, finished_at = ?,
             version = version + 1 WHERE id = ? AND version = ?",
        )
        .bind(game.ply() as i64)
        .bind(outcome.status.name())
        .bind(serde_json::to_value(outcome.reason).ok().and_then(|v| v.as_str().map(String::from)))
        .bind(now)
        .bind(m.id.0)
        .bind(m.version)
        .execute(&mut *conn)
        .await?;
        if r.rows_affected() != 1 {
            return Err(corrupt("concurrent writer changed the match"));
        }
        m.version += 1;
        m.status = MatchStatus::Finished;
        m.running_since = None;
        self.save_clocks(conn, m).await?;
        sqlx::query("DELETE FROM pending_decisions WHERE match_id = ?")
            .bind(m.id.0)
            .execute(&mut *conn)
            .await?;
        m.pending = None;
        timers::disarm_match(conn, m.id, &[]).await?;
        let mut turns: Option<Vec<Vec<Event>>> = None;
        for side in Side::BOTH {
            let Some(user) = m.users[side.index()] else {
                continue;
            };
            let (points, awards) = if m.settings.rated {
                let ai = m.users[side.opponent().index()]
                    .is_none()
                    .then(|| m.ai_level.unwrap_or(1));
                let turns = turns.get_or_insert_with(|| career::turn_events(game));
                let (p, a) =
                    career::apply(conn, turns, m.id.0, user, game, side, outcome, ai).await?;
                (Some(p), a)
            } else {
                (None, Vec::new())
            };
            out.extend(m.dm(
                side,
                Notice::MatchEnded {
                    view: Box::new(game.view(side)),
                    outcome,
                    points,
                    awards,
                },
            ));
        }
        if let Some(channel) = m.channel {
            out.push(Outgoing {
                recipient: Recipient::Channel {
                    guild: m.guild.map(|g| g as u64),
                    channel: channel as u64,
                },
                match_id: Some(m.id),
                language: m.lang[0],
                notice: Notice::PublicResult {
                    south: m.opponent_at(Side::South),
                    north: m.opponent_at(Side::North),
                    outcome,
                },
            });
        }
        Ok(())
    }

    // ---------------------------------------------------------------- AI

    fn needs_ai(&self, m: &Loaded) -> bool {
        m.status == MatchStatus::Playing
            && m.pending.is_none()
            && m.game
                .as_ref()
                .is_some_and(|g| g.outcome().is_none() && m.users[g.to_move().index()].is_none())
    }

    fn maybe_spawn_ai(&self, m: &Loaded) {
        if !self.inner.config.auto_ai || !self.needs_ai(m) {
            return;
        }
        let svc = self.clone();
        let id = m.id;
        let handle = tokio::spawn(async move {
            if let Err(e) = svc.ai_turn(id).await {
                tracing::warn!(%id, error = %e, "AI turn failed");
            }
        });
        let mut tasks = self
            .inner
            .ai_tasks
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        tasks.retain(|h| !h.is_finished());
        tasks.push(handle);
    }

    /// Plays the AI's turn in match `id` if it is the AI's turn (off the async runtime, within
    /// the level's time budget). Returns whether it moved. Safe to call repeatedly: the
    /// submission key is derived from the ply, so a turn applies once.
    pub async fn ai_turn(&self, id: MatchId) -> Result<bool> {
        let (game, side, seed, level) = {
            let slot = self.slot(id);
            let mut guard = slot.lock().await;
            let m = self.load_into(&mut guard, id).await?;
            if !self.needs_ai(m) {
                return Ok(false);
            }
            let game = m.game()?.clone();
            let side = game.to_move();
            (game, side, m.seed as u64, m.ai_level.unwrap_or(1))
        };
        let ply = game.ply();
        let ai = AiPlayer::new(level);
        let budget = ai.time_budget();
        let fallback = game.legal_actions().first().copied();
        let chosen = tokio::time::timeout(
            budget + Duration::from_millis(500),
            tokio::task::spawn_blocking(move || ai.choose(&game, side, seed)),
        )
        .await;
        let action = match chosen {
            Ok(Ok(Some(a))) => a,
            _ => {
                tracing::warn!(%id, "AI over its budget or failed; playing a fallback action");
                match fallback {
                    Some(a) => a,
                    None => return Ok(false),
                }
            }
        };
        let key = format!("ai:{}:{}", id.0, ply);
        match self
            .submit(&key, None, id, Some(ply), Submit::Act(action.to_string()))
            .await
        {
            Ok(_) => Ok(true),
            Err(
                ServiceError::Stale { .. } | ServiceError::NotYourTurn | ServiceError::MatchOver,
            ) => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// Waits until no AI turn is running (tests).
    pub async fn quiesce(&self) {
        loop {
            let handles: Vec<JoinHandle<()>> = {
                let mut tasks = self
                    .inner
                    .ai_tasks
                    .lock()
                    .unwrap_or_else(|e| e.into_inner());
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

    // ---------------------------------------------------------------- timers

    /// Acts on every timer due now (deadlines, reminders, expiries). Returns how many fired.
    pub async fn run_due_timers(&self) -> Result<usize> {
        let mut fired = 0;
        loop {
            let due = timers::due(&self.inner.store.read, self.now(), 64).await?;
            if due.is_empty() {
                return Ok(fired);
            }
            for timer in due {
                if let Err(e) = self.fire(&timer).await {
                    tracing::error!(key = %timer.key, error = %e, "timer failed");
                    return Err(e);
                }
                fired += 1;
            }
        }
    }

    async fn fire(&self, t: &Timer) -> Result<()> {
        if t.kind == TimerKind::ChallengeExpiry {
            let c = t
                .challenge_id
                .ok_or_else(|| corrupt("challenge timer without challenge"))?;
            return self.expire_challenge(c, &t.key).await;
        }
        let id = t
            .match_id
            .ok_or_else(|| corrupt("match timer without match"))?;
        let slot = self.slot(id);
        let mut guard = slot.lock().await;
        let m = self.load_into(&mut guard, id).await?;
        let now = self.now();
        let mut next = m.clone();
        let mut batch = Batch::new();
        let mut tx = WriteTx::start(&self.inner.store.write, &mut batch).await?;
        let mut out = Vec::new();
        // Only the row we read: a timer re-armed meanwhile (same key, new due time) stays,
        // and a timer handled meanwhile does nothing.
        batch
            .sql("DELETE FROM timers WHERE key = ")
            .bind(t.key.clone())
            .sql(" AND due_at = ")
            .bind(t.due_at)
            .end_checked("timer");
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
                for side in Side::BOTH {
                    if next.setups[side.index()].ready {
                        continue;
                    }
                    let layout = autoplace::complete_layout(
                        &next.setups[side.index()].layout,
                        next.side_seed(side, next.version + 1),
                    );
                    let grid = layout.grid_text(Language::En);
                    sqlx::query(
                        "UPDATE setups SET grid = ?, ready = 1 WHERE match_id = ? AND side = ?",
                    )
                    .bind(&grid)
                    .bind(id.0)
                    .bind(side_name(side))
                    .execute(&mut *tx.flush(&mut batch).await.map_err(batch_error)?)
                    .await?;
                    next.setups[side.index()] = Setup {
                        layout,
                        ready: true,
                    };
                    out.extend(next.dm(side, Notice::SetupFilled { side, grid }));
                }
                let conn = tx.flush(&mut batch).await.map_err(batch_error)?;
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
                    let events = game
                        .play(&p.action, Defense::Auto)
                        .map_err(ServiceError::Illegal)?;
                    self.commit_turn(
                        &mut tx, &mut batch, &mut next, mover, &events, now, &mut out,
                    )
                    .await?;
                }
            }
            _ => {} // obsolete timer: just deleted
        }
        outbox::enqueue_in(&mut batch, now, &out);
        tx.flush(&mut batch).await.map_err(batch_error)?;
        tx.commit().await?;
        *m = next;
        let snapshot = m.clone();
        drop(guard);
        self.committed();
        self.maybe_spawn_ai(&snapshot);
        Ok(())
    }

    // ---------------------------------------------------------------- workers

    /// Delivers every due undelivered notification once through `delivery`.
    pub async fn deliver_pending(&self, delivery: &dyn Delivery) -> Result<usize> {
        Ok(outbox::deliver_pending(&self.inner.store, self.now(), delivery).await?)
    }

    /// Spawns the timer scheduler and the outbox dispatcher (real time).
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
                    _ = tokio::time::sleep(Duration::from_millis(1_000)) => {}
                    _ = svc.inner.outbox_wake.notified() => {
                        // Coalesce a burst of commits into one delivery pass.
                        tokio::time::sleep(Duration::from_millis(10)).await;
                    }
                }
            }
        });
        let checkpointer = self
            .inner
            .store
            .spawn_checkpointer(Duration::from_millis(500));
        Workers {
            handles: vec![scheduler, dispatcher, checkpointer],
        }
    }

    // ---------------------------------------------------------------- queries

    /// The user's view of a match (the only board ever shown to them).
    pub async fn view(&self, user: UserId, id: MatchId) -> Result<View> {
        let slot = self.slot(id);
        let mut guard = slot.lock().await;
        let m = self.load_into(&mut guard, id).await?;
        let side = m.seat_of(user).ok_or(ServiceError::NotYourMatch)?;
        Ok(m.game()?.view(side))
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
        Ok(game.legal_actions())
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
            (
                p.action.without_partners(),
                p.options.iter().map(|o| o.iter().collect()).collect(),
                p.deadline,
            )
        }))
    }

    /// The match's phase and plies played.
    pub async fn status(&self, id: MatchId) -> Result<(MatchStatus, u32, Option<Outcome>)> {
        let slot = self.slot(id);
        let mut guard = slot.lock().await;
        let m = self.load_into(&mut guard, id).await?;
        Ok((
            m.status,
            game_ply(m),
            m.game.as_ref().and_then(|g| g.outcome()),
        ))
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
            "SELECT id FROM matches WHERE (south_user = ? OR north_user = ?) AND status <> 'finished' ORDER BY id",
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
            "SELECT points, rated_matches, wins, draws, losses, units_sunk, tonnage_sunk FROM profiles WHERE user_id = ?",
        )
        .bind(user.db())
        .fetch_optional(&self.inner.store.write)
        .await?;
        let awards: Vec<(String, i64, i64)> = sqlx::query_as(
            "SELECT award, count, degree FROM awards WHERE user_id = ? ORDER BY award",
        )
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
            awards: awards
                .into_iter()
                .map(|(a, c, d)| (a, c as u64, d as u8))
                .collect(),
        })
    }

    /// Notices kept for a user whose DMs are closed (for ephemeral replies).
    pub async fn held_notices(&self, user: UserId) -> Result<Vec<crate::notify::Notification>> {
        Ok(outbox::held_for(&self.inner.store, user, 20).await?)
    }

    /// Drops cached match state (tests: forces a reload from the record).
    pub fn forget_cache(&self) {
        self.inner
            .matches
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clear();
    }
}

enum Submit {
    Act(String),
    Defend(usize),
    Resign,
}

enum Plan {
    /// The mover's action with the defence to apply.
    Play(Side, Action, Defense),
    /// Ask the defender first.
    Ask(Side, Action, Vec<Partners>),
    /// The side resigns.
    End(Side, EndReason),
}

fn batch_error(e: BatchError) -> ServiceError {
    match e {
        BatchError::Db(e) => ServiceError::Db(e),
        BatchError::Check(what) => corrupt(format!("concurrent writer changed the match ({what})")),
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
                record
                    .as_mut()
                    .ok_or_else(|| corrupt("turn before start"))?
                    .turns
                    .push(turn);
            }
            "ended" => {
                let ending = serde_json::from_str(payload).map_err(corrupt)?;
                record
                    .as_mut()
                    .ok_or_else(|| corrupt("end before start"))?
                    .ending = Some(ending);
            }
            other => return Err(corrupt(format!("unknown event kind {other}"))),
        }
    }
    Ok(record)
}

/// Replays a match's committed record straight from the database (no cache): the reference
/// the crash test compares the live state with.
pub async fn replay_from_store(store: &Store, id: MatchId) -> Result<Option<Game>> {
    let settings: String = sqlx::query_scalar("SELECT settings FROM matches WHERE id = ?")
        .bind(id.0)
        .fetch_optional(&store.read)
        .await?
        .ok_or(ServiceError::NoSuchMatch(id))?;
    let settings: MatchSettings = serde_json::from_str(&settings).map_err(corrupt)?;
    let events: Vec<(i64, String, String)> = sqlx::query_as(
        "SELECT seq, kind, payload FROM match_events WHERE match_id = ? ORDER BY seq",
    )
    .bind(id.0)
    .fetch_all(&store.read)
    .await?;
    record_from_events(&settings, &events)?
        .map(|r| Game::replay(&r).map_err(corrupt))
        .transpose()
}

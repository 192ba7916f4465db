//! A fake Discord on loopback: REST ([`rest`]) and gateway ([`gateway`]) over one shared
//! [`state::State`]. Tests create users, inject interactions as real `INTERACTION_CREATE`
//! events ([`interact`]), and read what the bot did: messages, DMs, acknowledgements, every
//! REST call, and the problems found (broken pictures, double or late acknowledgements,
//! payloads over Discord's limits, unknown routes).

pub mod gateway;
pub mod interact;
pub mod media;
pub mod message;
pub mod model;
pub mod rest;
pub mod state;

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::net::TcpListener;
use tokio::sync::watch;

pub use interact::{Outcome, Place};
pub use message::{Attachment, Component, Message};
pub use model::User;
pub use state::{Call, Modal, Response, State};

/// The bot token the fake accepts (three dot-separated parts, like a real one).
pub const TOKEN: &str = "MTAwMDAwMDAwMDAwMDAwMDAx.fake.e2e-token";
/// The application id (also the bot user's id).
pub const APP_ID: u64 = 1_000_000_000_000_000_001;
/// The server.
pub const GUILD: u64 = 1_100_000_000_000_000_001;
/// The server's text channel.
pub const CHANNEL: u64 = 1_100_000_000_000_000_002;

/// What the servers share.
pub struct Shared {
    pub(crate) state: Mutex<State>,
    changed: watch::Sender<u64>,
    pub(crate) gateway: Mutex<Option<gateway::Session>>,
}

impl Shared {
    /// Changes the state and wakes every waiter.
    pub(crate) fn update<R>(&self, f: impl FnOnce(&mut State) -> R) -> R {
        let r = f(&mut self.state.lock().unwrap());
        self.changed.send_modify(|v| *v = v.wrapping_add(1));
        r
    }
}

/// A running fake Discord (cheap to clone).
#[derive(Clone)]
pub struct FakeDiscord {
    pub(crate) shared: Arc<Shared>,
    base: String,
}

impl FakeDiscord {
    /// Starts the REST and gateway servers on loopback ports, on the current tokio runtime.
    pub async fn start() -> FakeDiscord {
        let bot = User { id: APP_ID, name: "Admiral".into(), locale: "en-US".into(), bot: true };
        let shared = Arc::new(Shared {
            state: Mutex::new(State::new(TOKEN, bot, GUILD, CHANNEL)),
            changed: watch::channel(0).0,
            gateway: Mutex::new(None),
        });
        let rest = TcpListener::bind("127.0.0.1:0").await.expect("bind REST");
        let ws = TcpListener::bind("127.0.0.1:0").await.expect("bind gateway");
        let base = format!("http://{}", rest.local_addr().unwrap());
        {
            let mut st = shared.state.lock().unwrap();
            st.base = base.clone();
            st.gateway_url = format!("ws://{}", ws.local_addr().unwrap());
        }
        let app = rest::router(shared.clone());
        tokio::spawn(async move { axum::serve(rest, app).await.expect("REST server") });
        tokio::spawn(gateway::serve(ws, shared.clone()));
        FakeDiscord { shared, base }
    }

    /// The base URL for `DISCORD_API_BASE`.
    pub fn base_url(&self) -> &str {
        &self.base
    }

    /// Adds a user (a member of the server) with a Discord locale.
    pub fn add_user(&self, name: &str, locale: &str) -> User {
        self.shared.update(|st| {
            let u = User { id: st.id(), name: name.into(), locale: locale.into(), bot: false };
            st.users.insert(u.id, u.clone());
            u
        })
    }

    /// From now on, DMs to this user are refused with 403 / 50007.
    pub fn close_dms(&self, user: u64) {
        self.shared.update(|st| st.closed_dms.insert(user));
    }

    /// DMs to this user work again.
    pub fn open_dms(&self, user: u64) {
        self.shared.update(|st| st.closed_dms.remove(&user));
    }

    /// Sets how long the bot has to acknowledge an interaction (Discord: 3 s).
    pub fn set_ack_deadline(&self, d: Duration) {
        self.shared.update(|st| st.ack_deadline = d);
    }

    /// Reads the state.
    pub fn read<R>(&self, f: impl FnOnce(&State) -> R) -> R {
        f(&self.shared.state.lock().unwrap())
    }

    /// Waits until `f` returns something (re-checked on every change), or `None` at the timeout.
    pub async fn wait_for<T>(&self, timeout: Duration, mut f: impl FnMut(&State) -> Option<T>) -> Option<T> {
        let end = Instant::now() + timeout;
        let mut rx = self.shared.changed.subscribe();
        loop {
            rx.borrow_and_update();
            if let Some(t) = self.read(&mut f) {
                return Some(t);
            }
            let left = end.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return None;
            }
            let _ = tokio::time::timeout(left.min(Duration::from_millis(250)), rx.changed()).await;
        }
    }

    /// Waits for a gateway session whose commands are registered (the bot is ready for
    /// interactions); returns the number of sessions so far.
    pub async fn wait_ready(&self, timeout: Duration) -> u64 {
        self.wait_for(timeout, |st| {
            (st.sessions > 0 && st.registered_in_session == st.sessions && st.connected)
                .then_some(st.sessions)
        })
        .await
        .expect("the bot did not connect and register its commands in time")
    }

    /// Every message in a user's DM channel, in order.
    pub fn dms(&self, user: u64) -> Vec<Message> {
        self.read(|st| st.dms(user).into_iter().cloned().collect())
    }

    /// Every message the bot posted in the server channel (not interaction responses).
    pub fn channel_messages(&self) -> Vec<Message> {
        self.read(|st| st.channel_messages().into_iter().cloned().collect())
    }

    /// Every message, interaction responses included, in order.
    pub fn all_messages(&self) -> Vec<Message> {
        self.read(|st| st.messages.clone())
    }

    /// A message by id, as it is now.
    pub fn message(&self, id: u64) -> Option<Message> {
        self.read(|st| st.message(id).cloned())
    }

    /// Every REST call so far.
    pub fn calls(&self) -> Vec<Call> {
        self.read(|st| st.calls.clone())
    }

    /// Every problem found so far (should stay empty).
    pub fn problems(&self) -> Vec<String> {
        self.read(|st| st.problems.clone())
    }

    /// Panics with the list if the fake found any problem.
    pub fn assert_no_problems(&self) {
        let p = self.problems();
        assert!(p.is_empty(), "the fake Discord found problems:\n{}", p.join("\n"));
    }

    /// DMs refused because they were closed.
    pub fn refused_dms(&self) -> u64 {
        self.read(|st| st.refused_dms)
    }

    /// Messages sent again with a nonce already used (absorbed, as Discord does).
    pub fn nonce_duplicates(&self) -> u64 {
        self.read(|st| st.nonce_duplicates)
    }

    /// Time from each injected interaction to its acknowledgement (acknowledged ones only).
    pub fn ack_latencies(&self) -> Vec<Duration> {
        self.read(|st| {
            st.interactions
                .values()
                .filter_map(|i| i.acked.map(|(_, at)| at.duration_since(i.injected)))
                .collect()
        })
    }

    /// How many interactions were injected.
    pub fn interaction_count(&self) -> usize {
        self.read(|st| st.interactions.len())
    }

    /// How many commands, button presses, menu choices and modal submits a user sent (every
    /// interaction but autocomplete): the actions after which the bot may try a closed DM.
    pub fn actions_of(&self, user: u64) -> usize {
        self.read(|st| st.interactions.values().filter(|i| i.user == user && i.kind != 4).count())
    }

    /// Makes a file available as an attachment a user could upload; returns its id (the
    /// value of an attachment option).
    pub fn upload(&self, filename: &str, bytes: &[u8]) -> String {
        self.shared.update(|st| {
            let id = st.id();
            st.files.insert(id, (filename.into(), bytes.to_vec()));
            id.to_string()
        })
    }
}

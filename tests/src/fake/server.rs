//! The fake's servers: REST and gateway listeners per endpoint, over one shared state.

use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::net::TcpListener;
use tokio::sync::watch;

use super::message::Message;
use super::model::User;
use super::session::Identify;
use super::shared::{Endpoint, Shared, APP_ID, CHANNEL, GUILD, TOKEN};
use super::state::{Call, Interaction, State};
use super::{gateway, rest};

/// How the fake Discord is set up.
#[derive(Clone, Debug)]
pub struct Options {
    /// The bot's shard count: what `GET /gateway/bot` recommends and the only total an
    /// IDENTIFY may use (Discord: 1 for a small bot).
    pub shards: u32,
    /// The server's id, which decides its shard (see [`guild_on_shard`]).
    pub guild: u64,
}

impl Default for Options {
    /// One shard, the server [`GUILD`]: what every scenario but the sharded one uses.
    fn default() -> Options {
        Options { shards: 1, guild: GUILD }
    }
}

/// A running fake Discord (cheap to clone).
#[derive(Clone)]
pub struct FakeDiscord {
    pub(crate) shared: Arc<Shared>,
    base: String,
}

impl FakeDiscord {
    /// Starts the REST and gateway servers on loopback ports, on the current tokio runtime,
    /// with the default [`Options`] (one shard).
    pub async fn start() -> FakeDiscord {
        FakeDiscord::start_with(Options::default()).await
    }

    /// Same, with a shard count and a server id of the test's choosing.
    pub async fn start_with(options: Options) -> FakeDiscord {
        assert!(options.shards > 0, "a bot has at least one shard");
        let bot = User { id: APP_ID, name: "Admiral".into(), locale: "en-US".into(), bot: true };
        let mut state = State::new(TOKEN, bot, options.guild, CHANNEL);
        state.shard_count = options.shards;
        let shared = Arc::new(Shared { state: Mutex::new(state), changed: watch::channel(0).0 });
        let base = listen(&shared, None).await;
        shared.state.lock().unwrap().base = base.clone();
        FakeDiscord { shared, base }
    }

    /// The base URL for `DISCORD_API_BASE` (what arrives there is recorded without a client).
    pub fn base_url(&self) -> &str {
        &self.base
    }

    /// A REST base URL (for `DISCORD_API_BASE`) of its own for one client, e.g. one bot
    /// process: its `GET /gateway` names a gateway address of its own too, and every REST
    /// call, IDENTIFY and acknowledgement that arrives through them is recorded with `client`.
    /// The fake behaves the same on every address.
    pub async fn endpoint(&self, client: &str) -> String {
        let fresh = self.shared.update(|st| st.clients.insert(client.to_string()));
        assert!(fresh, "two endpoints for the client {client}");
        listen(&self.shared, Some(client.to_string())).await
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

    /// Every IDENTIFY so far, accepted or refused, in order.
    pub fn identifies(&self) -> Vec<Identify> {
        self.read(|st| st.identifies.clone())
    }

    /// The shards (`[id, total]`) a client identified as, in order, refused ones included.
    pub fn identified(&self, client: &str) -> Vec<[u32; 2]> {
        self.read(|st| {
            st.identifies.iter().filter(|i| i.client.as_deref() == Some(client)).map(|i| i.shard).collect()
        })
    }

    /// The client whose session now holds each shard (shard id → client), live sessions only.
    pub fn sessions(&self) -> Vec<(u32, Option<String>)> {
        self.read(|st| st.sessions.iter().map(|(&shard, s)| (shard, s.client.clone())).collect())
    }

    /// Every injected interaction (where it was dispatched, who acknowledged it), by id.
    pub fn interactions(&self) -> Vec<Interaction> {
        self.read(|st| {
            let mut all: Vec<Interaction> = st.interactions.values().cloned().collect();
            all.sort_by_key(|i| i.id);
            all
        })
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

    /// Nonces that more than one stored message carries: a notification posted twice (a
    /// repeat with `enforce_nonce` is absorbed instead, see [`FakeDiscord::nonce_duplicates`]).
    pub fn repeated_nonces(&self) -> Vec<String> {
        let mut seen = HashSet::new();
        let mut repeated: Vec<String> = self
            .all_messages()
            .into_iter()
            .filter_map(|m| m.nonce)
            .filter(|n| !seen.insert(n.clone()))
            .collect();
        repeated.sort();
        repeated.dedup();
        repeated
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

/// Binds a REST and a gateway listener on loopback for one client and serves them; returns
/// the REST base URL.
async fn listen(shared: &Arc<Shared>, client: Option<String>) -> String {
    let rest = TcpListener::bind("127.0.0.1:0").await.expect("bind REST");
    let ws = TcpListener::bind("127.0.0.1:0").await.expect("bind gateway");
    let base = format!("http://{}", rest.local_addr().unwrap());
    let endpoint = Arc::new(Endpoint { client, gateway_url: format!("ws://{}", ws.local_addr().unwrap()) });
    let app = rest::router(shared.clone(), endpoint.clone());
    tokio::spawn(async move { axum::serve(rest, app).await.expect("REST server") });
    tokio::spawn(gateway::serve(ws, shared.clone(), endpoint));
    base
}

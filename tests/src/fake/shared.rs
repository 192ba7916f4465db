//! What every part of the fake shares: the ids it answers to, Discord's shard formula, and
//! the state behind the servers.

use std::sync::Mutex;

use tokio::sync::watch;

use super::state::State;

/// The bot token the fake accepts (three dot-separated parts, like a real one).
pub const TOKEN: &str = "MTAwMDAwMDAwMDAwMDAwMDAx.fake.e2e-token";
/// The application id (also the bot user's id).
pub const APP_ID: u64 = 1_000_000_000_000_000_001;
/// The server.
pub const GUILD: u64 = 1_100_000_000_000_000_001;
/// The server's text channel.
pub const CHANNEL: u64 = 1_100_000_000_000_000_002;

/// The shard a server's events arrive on: `(guild_id >> 22) % shards` (Discord's formula).
pub fn shard_of(guild: u64, shards: u32) -> u32 {
    ((guild >> 22) % u64::from(shards)) as u32
}

/// A server id whose events arrive on `shard` of `shards`: [`GUILD`] with the timestamp part
/// of the snowflake (the bits above 22) moved forward to the nearest value that fits.
pub fn guild_on_shard(shard: u32, shards: u32) -> u64 {
    assert!(shard < shards, "shard {shard} of {shards}");
    let (time, low, n) = (GUILD >> 22, GUILD & ((1 << 22) - 1), u64::from(shards));
    let step = (u64::from(shard) + n - time % n) % n;
    ((time + step) << 22) | low
}

/// What the servers share.
pub struct Shared {
    pub(crate) state: Mutex<State>,
    pub(crate) changed: watch::Sender<u64>,
}

/// One pair of listening addresses (REST and gateway) and the client name the fake labels
/// what arrives there with (`None` for the fake's own [`FakeDiscord::base_url`]).
pub(crate) struct Endpoint {
    pub(crate) client: Option<String>,
    pub(crate) gateway_url: String,
}

impl Shared {
    /// Changes the state and wakes every waiter.
    pub(crate) fn update<R>(&self, f: impl FnOnce(&mut State) -> R) -> R {
        let r = f(&mut self.state.lock().unwrap());
        self.changed.send_modify(|v| *v = v.wrapping_add(1));
        r
    }
}

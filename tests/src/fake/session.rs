//! A shard's gateway session and the IDENTIFYs the fake received.

use std::time::Instant;

use serde_json::{json, Value};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message as Ws;

/// The live session of one shard: the connection the fake dispatches that shard's events on.
pub struct Session {
    /// Which connection.
    pub connection: u64,
    /// The client of the endpoint it connected through.
    pub client: Option<String>,
    pub(super) tx: mpsc::UnboundedSender<Ws>,
    pub(super) seq: u64,
}

impl Session {
    /// Sends a dispatch (op 0) with the next sequence number; false if the bot is gone.
    pub fn dispatch(&mut self, t: &str, d: Value) -> bool {
        self.seq += 1;
        self.tx.send(Ws::Text(json!({"op": 0, "s": self.seq, "t": t, "d": d}).to_string())).is_ok()
    }
}

/// One IDENTIFY as the fake received it.
#[derive(Clone, Debug)]
pub struct Identify {
    /// Which connection sent it.
    pub connection: u64,
    /// The client of the endpoint it came through.
    pub client: Option<String>,
    /// The shard it asked for: `[id, total]` (`[0, 1]` when absent, `[u32::MAX, u32::MAX]` when
    /// malformed).
    pub shard: [u32; 2],
    /// Whether it became the shard's session (false: a wrong token or an invalid shard).
    pub accepted: bool,
    /// When.
    pub at: Instant,
}

//! The fake's gateway (websocket): HELLO, heartbeat ACKs, READY and GUILD_CREATE after
//! IDENTIFY, a refused RESUME (op 9, so the bot identifies afresh), and dispatches of
//! injected events on the current session.

use std::sync::Arc;

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message as Ws;

use super::{model, Shared};

/// The connected session the fake dispatches events on.
pub struct Session {
    /// Which connection.
    pub id: u64,
    tx: mpsc::UnboundedSender<String>,
    seq: u64,
}

impl Session {
    /// Sends a dispatch (op 0) with the next sequence number; false if the bot is gone.
    pub fn dispatch(&mut self, t: &str, d: Value) -> bool {
        self.seq += 1;
        self.tx.send(json!({"op": 0, "s": self.seq, "t": t, "d": d}).to_string()).is_ok()
    }
}

/// Accepts gateway connections forever.
pub async fn serve(listener: TcpListener, shared: Arc<Shared>) {
    let mut next = 0;
    while let Ok((stream, _)) = listener.accept().await {
        next += 1;
        tokio::spawn(connection(stream, shared.clone(), next));
    }
}

async fn connection(stream: TcpStream, shared: Arc<Shared>, id: u64) {
    let Ok(ws) = tokio_tungstenite::accept_async(stream).await else { return };
    let (mut sink, mut incoming) = ws.split();
    let (tx, mut rx) = mpsc::unbounded_channel::<String>();
    let writer = tokio::spawn(async move {
        while let Some(text) = rx.recv().await {
            if sink.send(Ws::Text(text)).await.is_err() {
                break;
            }
        }
        let _ = sink.close().await;
    });
    let _ = tx.send(json!({"op": 10, "d": {"heartbeat_interval": 41250}}).to_string());
    while let Some(Ok(msg)) = incoming.next().await {
        let text = match msg {
            Ws::Text(t) => t,
            Ws::Close(_) => break,
            _ => continue,
        };
        let Ok(v) = serde_json::from_str::<Value>(&text) else { continue };
        match v["op"].as_u64() {
            Some(1) => {
                let _ = tx.send(json!({"op": 11}).to_string());
            }
            Some(2) => {
                let (ok, ready, guild) = {
                    let mut st = shared.state.lock().unwrap();
                    let token = v["d"]["token"].as_str().unwrap_or("");
                    let ok = token.trim_start_matches("Bot ") == st.token;
                    st.sessions += 1;
                    let members: Vec<model::User> = st.users.values().cloned().collect();
                    let session = format!("session-{id}");
                    (
                        ok,
                        model::ready(&st.bot, st.app_id, st.guild, &session, &st.gateway_url),
                        model::guild_create(st.guild, st.bot.id, st.channel, &members),
                    )
                };
                if !ok {
                    let _ = tx.send(json!({"op": 9, "d": false}).to_string());
                    break;
                }
                let mut session = Session { id, tx: tx.clone(), seq: 0 };
                session.dispatch("READY", ready);
                session.dispatch("GUILD_CREATE", guild);
                *shared.gateway.lock().unwrap() = Some(session);
                shared.update(|st| st.connected = true);
            }
            Some(6) => {
                let _ = tx.send(json!({"op": 9, "d": false}).to_string());
            }
            _ => {}
        }
    }
    let mine = {
        let mut g = shared.gateway.lock().unwrap();
        let mine = g.as_ref().is_some_and(|s| s.id == id);
        if mine {
            *g = None;
        }
        mine
    };
    if mine {
        shared.update(|st| st.connected = false);
    }
    drop(tx);
    writer.abort();
}

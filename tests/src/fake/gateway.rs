//! The fake's gateway (websocket), sharded the way Discord's is: HELLO and heartbeat ACKs;
//! IDENTIFY carries `shard: [id, total]` (absent means `[0, 1]`), and a total other than the
//! configured shard count or an id not below it is closed with 4010 (Invalid shard) and
//! recorded as a problem; READY echoes the shard and lists the server only on its shard, and
//! GUILD_CREATE goes to that shard only (`(guild_id >> 22) % total`); each shard id has one
//! session (the latest IDENTIFY takes it over); RESUME is refused (op 9, so the bot identifies
//! afresh); injected events are dispatched on the session of their shard (see
//! [`super::interact`]). Every IDENTIFY is recorded ([`Identify`]).

use std::sync::Arc;
use std::time::Instant;

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::Message as Ws;

use super::model;
use super::session::{Identify, Session};
use super::shared::{shard_of, Endpoint, Shared};
use super::state::State;

/// Discord's close code for an IDENTIFY with a shard it does not accept.
pub const INVALID_SHARD: u16 = 4010;

/// Accepts gateway connections forever.
pub(crate) async fn serve(listener: TcpListener, shared: Arc<Shared>, endpoint: Arc<Endpoint>) {
    while let Ok((stream, _)) = listener.accept().await {
        tokio::spawn(connection(stream, shared.clone(), endpoint.clone()));
    }
}

/// How the fake answers an IDENTIFY.
enum Identified {
    /// The connection is now the session of this shard (READY and GUILD_CREATE sent).
    Session(u32),
    /// Refused: send this and stop reading.
    Refused(Ws),
}

async fn connection(stream: TcpStream, shared: Arc<Shared>, endpoint: Arc<Endpoint>) {
    let Ok(ws) = tokio_tungstenite::accept_async(stream).await else { return };
    let (mut sink, mut incoming) = ws.split();
    let (tx, mut rx) = mpsc::unbounded_channel::<Ws>();
    let writer = tokio::spawn(async move {
        while let Some(msg) = rx.recv().await {
            let closing = matches!(msg, Ws::Close(_));
            if sink.send(msg).await.is_err() || closing {
                break;
            }
        }
        let _ = sink.close().await;
    });
    let id = shared.state.lock().unwrap().id();
    let _ = tx.send(Ws::Text(json!({"op": 10, "d": {"heartbeat_interval": 41250}}).to_string()));
    let mut shard = None;
    while let Some(Ok(msg)) = incoming.next().await {
        let text = match msg {
            Ws::Text(t) => t,
            Ws::Close(_) => break,
            _ => continue,
        };
        let Ok(v) = serde_json::from_str::<Value>(&text) else { continue };
        match v["op"].as_u64() {
            Some(1) => {
                let _ = tx.send(Ws::Text(json!({"op": 11}).to_string()));
            }
            Some(2) => match shared.update(|st| identify(st, id, &endpoint, &v["d"], &tx)) {
                Identified::Session(s) => shard = Some(s),
                Identified::Refused(answer) => {
                    let _ = tx.send(answer);
                    break;
                }
            },
            Some(6) => {
                let _ = tx.send(Ws::Text(json!({"op": 9, "d": false}).to_string()));
            }
            _ => {}
        }
    }
    if let Some(s) = shard {
        shared.update(|st| {
            if st.sessions.get(&s).is_some_and(|session| session.connection == id) {
                st.sessions.remove(&s);
            }
        });
    }
    // Every sender is gone now: the writer sends what is queued (a close frame) and ends.
    drop(tx);
    let _ = tokio::time::timeout(std::time::Duration::from_secs(2), writer).await;
}

/// Answers an IDENTIFY on connection `id`: checks the token and the shard, records it, and on
/// success makes the connection its shard's session and sends READY (and GUILD_CREATE on the
/// server's shard).
fn identify(
    st: &mut State,
    id: u64,
    endpoint: &Endpoint,
    d: &Value,
    tx: &mpsc::UnboundedSender<Ws>,
) -> Identified {
    let token_ok = d["token"].as_str().unwrap_or("").trim_start_matches("Bot ") == st.token;
    let asked = match &d["shard"] {
        Value::Null => Some([0, 1]),
        Value::Array(a) if a.len() == 2 => match (a[0].as_u64(), a[1].as_u64()) {
            (Some(shard), Some(total)) => {
                u32::try_from(shard).ok().zip(u32::try_from(total).ok()).map(|(s, t)| [s, t])
            }
            _ => None,
        },
        _ => None,
    };
    let valid = asked.filter(|&[shard, total]| total == st.shard_count && shard < total);
    st.identifies.push(Identify {
        connection: id,
        client: endpoint.client.clone(),
        shard: asked.unwrap_or([u32::MAX, u32::MAX]),
        accepted: token_ok && valid.is_some(),
        at: Instant::now(),
    });
    if !token_ok {
        return Identified::Refused(Ws::Text(json!({"op": 9, "d": false}).to_string()));
    }
    let Some([shard, total]) = valid else {
        st.problem(format!(
            "connection {id} ({}) identified with shard {} for a bot with {} shards: closed with {INVALID_SHARD}",
            endpoint.client.as_deref().unwrap_or("no client"),
            d["shard"],
            st.shard_count,
        ));
        let frame = CloseFrame { code: CloseCode::from(INVALID_SHARD), reason: "Invalid shard".into() };
        return Identified::Refused(Ws::Close(Some(frame)));
    };
    let guild_here = shard_of(st.guild, total) == shard;
    let members: Vec<model::User> = st.users.values().cloned().collect();
    let mut session = Session { connection: id, client: endpoint.client.clone(), tx: tx.clone(), seq: 0 };
    let guilds: Vec<u64> = guild_here.then_some(st.guild).into_iter().collect();
    session.dispatch(
        "READY",
        model::ready(
            &st.bot,
            st.app_id,
            &guilds,
            [shard, total],
            &format!("session-{id}"),
            &endpoint.gateway_url,
        ),
    );
    if guild_here {
        session.dispatch("GUILD_CREATE", model::guild_create(st.guild, st.bot.id, st.channel, &members));
    }
    st.sessions.insert(shard, session);
    Identified::Session(shard)
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use futures_util::{SinkExt, StreamExt};
    use serde_json::{json, Value};
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use tokio::net::TcpStream;
    use tokio_tungstenite::tungstenite::Message as Ws;
    use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

    use super::INVALID_SHARD;
    use crate::fake::{guild_on_shard, shard_of, FakeDiscord, Options, Place, TOKEN};

    type Client = WebSocketStream<MaybeTlsStream<TcpStream>>;

    /// A plain HTTP/1.1 GET with the bot's token; the JSON body.
    async fn get(base: &str, path: &str) -> Value {
        let addr = base.trim_start_matches("http://");
        let mut tcp = TcpStream::connect(addr).await.unwrap();
        let req = format!(
            "GET {path} HTTP/1.1\r\nHost: {addr}\r\nAuthorization: Bot {TOKEN}\r\nConnection: close\r\n\r\n"
        );
        tcp.write_all(req.as_bytes()).await.unwrap();
        let mut text = String::new();
        tcp.read_to_string(&mut text).await.unwrap();
        serde_json::from_str(text.split("\r\n\r\n").nth(1).unwrap()).unwrap()
    }

    /// The next gateway message (a dispatch's `t` and `d`, or a close code as `t`).
    async fn next(ws: &mut Client) -> (String, Value) {
        loop {
            let msg = tokio::time::timeout(Duration::from_secs(5), ws.next()).await.expect("a message");
            match msg.expect("open").expect("a frame") {
                Ws::Text(t) => {
                    let v: Value = serde_json::from_str(&t).unwrap();
                    if v["op"] == 0 {
                        return (v["t"].as_str().unwrap().to_string(), v["d"].clone());
                    }
                }
                Ws::Close(frame) => {
                    return (format!("close {}", u16::from(frame.unwrap().code)), Value::Null)
                }
                _ => {}
            }
        }
    }

    /// Connects through `base`'s gateway and identifies with `shard` (none: the field absent).
    async fn identify(base: &str, shard: Option<[u32; 2]>) -> Client {
        let url = get(base, "/api/v10/gateway").await["url"].as_str().unwrap().to_string();
        let tcp = TcpStream::connect(url.trim_start_matches("ws://")).await.unwrap();
        let (mut ws, _) = tokio_tungstenite::client_async(format!("{url}/?v=10"), MaybeTlsStream::Plain(tcp))
            .await
            .unwrap();
        let mut d = json!({"token": TOKEN, "intents": 1});
        if let Some(s) = shard {
            d["shard"] = json!(s);
        }
        ws.send(Ws::Text(json!({"op": 2, "d": d}).to_string())).await.unwrap();
        ws
    }

    #[test]
    fn a_guild_id_on_each_shard() {
        for total in 1..=5 {
            for shard in 0..total {
                assert_eq!(shard_of(guild_on_shard(shard, total), total), shard, "{shard} of {total}");
            }
        }
    }

    #[tokio::test]
    async fn shards_identify_and_events_go_to_their_shard() {
        let guild = guild_on_shard(1, 2);
        let fake = FakeDiscord::start_with(Options { shards: 2, guild }).await;
        let alice = fake.add_user("alice", "en-US");
        fake.shared.update(|st| st.register(&json!([{"name": "ping", "description": "Ping"}]))).unwrap();
        let (first, second) = (fake.endpoint("first").await, fake.endpoint("second").await);
        assert_eq!(get(&first, "/api/v10/gateway/bot").await["shards"], 2);

        // Shard 0: READY for [0, 2] without the server, and no GUILD_CREATE.
        let mut zero = identify(&first, Some([0, 2])).await;
        let (t, ready) = next(&mut zero).await;
        assert_eq!((t.as_str(), &ready["shard"], &ready["guilds"]), ("READY", &json!([0, 2]), &json!([])));
        // Shard 1: READY with the server, then its GUILD_CREATE.
        let mut one = identify(&second, Some([1, 2])).await;
        let (t, ready) = next(&mut one).await;
        assert_eq!((t.as_str(), &ready["shard"]), ("READY", &json!([1, 2])));
        assert_eq!(ready["guilds"][0]["id"], guild.to_string());
        assert_eq!(next(&mut one).await.0, "GUILD_CREATE");

        // A DM interaction arrives on shard 0, a server interaction on shard 1.
        let dm = fake.command(&alice, Place::Dm, "ping", &[]).await;
        let (t, d) = next(&mut zero).await;
        assert_eq!((t.as_str(), d["id"].as_str()), ("INTERACTION_CREATE", Some(dm.to_string().as_str())));
        let server = fake.command(&alice, Place::Server, "ping", &[]).await;
        let (t, d) = next(&mut one).await;
        assert_eq!((t.as_str(), d["id"].as_str()), ("INTERACTION_CREATE", Some(server.to_string().as_str())));
        let routes: Vec<_> =
            fake.interactions().into_iter().map(|i| (i.id, i.shard, i.delivered_to.unwrap())).collect();
        assert_eq!(routes, [(dm, 0, "first".to_string()), (server, 1, "second".to_string())]);
        fake.assert_no_problems();

        // Shard 2 of 2, and an unsharded IDENTIFY ([0, 1]) to a bot with 2 shards: 4010 each.
        for shard in [Some([2, 2]), None] {
            let mut ws = identify(&first, shard).await;
            assert_eq!(next(&mut ws).await.0, format!("close {INVALID_SHARD}"), "{shard:?}");
        }
        assert_eq!(fake.problems().len(), 2, "{:?}", fake.problems());
        assert_eq!(fake.identified("first"), [[0, 2], [2, 2], [0, 1]]);
        assert_eq!(fake.identified("second"), [[1, 2]]);
        let accepted: Vec<bool> = fake.identifies().iter().map(|i| i.accepted).collect();
        assert_eq!(accepted, [true, true, false, false]);
        assert_eq!(fake.sessions(), [(0, Some("first".into())), (1, Some("second".into()))]);
    }
}

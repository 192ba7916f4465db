//! Injecting interactions as real `INTERACTION_CREATE` dispatches: slash commands and
//! autocomplete (typed from the registered command's own schema), button clicks, select
//! choices and modal submits; then waiting for the bot's answer. Each goes to the session of
//! the shard Discord would use: the server's shard for the server's interactions, shard 0 for
//! DM ones (every DM button, modal and select menu).

use std::time::{Duration, Instant};

use serde_json::{json, Map, Value};

use super::message::Message;
use super::model::{self, User};
use super::server::FakeDiscord;
use super::shared::shard_of;
use super::state::{Interaction, Modal, Response, State};

/// Where an interaction happens.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Place {
    /// The server's text channel.
    Server,
    /// The user's DM with the bot.
    Dm,
}

/// The bot's answer to an injected interaction.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The interaction id.
    pub id: u64,
    /// The acknowledgement's callback type (4 message, 5 deferred, 6 deferred update, 7 update,
    /// 8 autocomplete, 9 modal).
    pub ack: u8,
    /// Time from injection to acknowledgement.
    pub ack_latency: Duration,
    /// The final answer.
    pub response: Response,
}

impl Outcome {
    /// The answer's message (panics if it was not a message).
    pub fn message(&self) -> &Message {
        match &self.response {
            Response::Message(m) => m,
            other => panic!("expected a message, got {other:?}"),
        }
    }
    /// The answer's text.
    pub fn text(&self) -> &str {
        &self.message().content
    }
    /// True if the answer's text contains `words`, ignoring case.
    pub fn says(&self, words: &str) -> bool {
        self.text().to_lowercase().contains(&words.to_lowercase())
    }
    /// True if the answer is a refusal (an ephemeral message starting with ⚠️).
    pub fn is_refusal(&self) -> bool {
        matches!(&self.response, Response::Message(m) if m.ephemeral && m.content.starts_with("⚠️"))
    }
    /// The autocomplete choices (panics otherwise).
    pub fn choices(&self) -> &[(String, String)] {
        match &self.response {
            Response::Choices(c) => c,
            other => panic!("expected autocomplete choices, got {other:?}"),
        }
    }
    /// The modal (panics otherwise).
    pub fn modal(&self) -> &Modal {
        match &self.response {
            Response::Modal(m) => m,
            other => panic!("expected a modal, got {other:?}"),
        }
    }
}

fn find_option<'a>(list: &'a Value, name: &str) -> Option<&'a Value> {
    list.as_array()?.iter().find(|o| o["name"] == name)
}

impl FakeDiscord {
    fn base_payload(st: &mut State, kind: u8, user: &User, place: Place) -> (Value, u64) {
        let id = st.id();
        let token = format!("itoken-{id}");
        let mut p = json!({
            "id": id.to_string(), "application_id": st.app_id.to_string(), "type": kind, "token": token,
            "version": 1, "locale": user.locale, "entitlements": [], "attachment_size_limit": 10485760,
            "app_permissions": model::ALL_PERMISSIONS,
        });
        let channel = match place {
            Place::Server => {
                p["guild_id"] = json!(st.guild.to_string());
                p["guild_locale"] = json!("en-US");
                p["member"] = model::member(user);
                p["channel"] = model::text_channel(st.channel, st.guild, "general");
                p["authorizing_integration_owners"] = json!({"0": st.guild.to_string()});
                p["context"] = json!(0);
                st.channel
            }
            Place::Dm => {
                let c = st.dm_channel(user.id);
                p["user"] = model::user(user);
                p["channel"] = json!({"id": c.to_string(), "type": 1});
                p["authorizing_integration_owners"] = json!({"1": user.id.to_string()});
                p["context"] = json!(1);
                c
            }
        };
        p["channel_id"] = json!(channel.to_string());
        (p, channel)
    }

    /// The `data` of a slash command or autocomplete from the registered schema: `path` is
    /// `admiral move`, options are (name, value) with values as typed (numbers, `true`,
    /// user ids, attachment ids from [`FakeDiscord::upload`], or a choice's name).
    fn command_data(
        st: &State,
        path: &str,
        opts: &[(&str, &str)],
        focused: Option<&str>,
        guild: bool,
    ) -> Value {
        let names: Vec<&str> = path.split_whitespace().collect();
        let cmd = st
            .commands
            .iter()
            .find(|c| c["name"] == names[0])
            .unwrap_or_else(|| panic!("command {} is not registered", names[0]))
            .clone();
        let mut chain = vec![];
        let mut schema = cmd.clone();
        for n in &names[1..] {
            schema = find_option(&schema["options"], n)
                .filter(|o| matches!(o["type"].as_u64(), Some(1 | 2)))
                .unwrap_or_else(|| panic!("no subcommand {n} in {path}"))
                .clone();
            chain.push((n.to_string(), schema["type"].as_u64().unwrap()));
        }
        let mut resolved = json!({});
        let mut leaf = vec![];
        for (name, value) in opts {
            let o =
                find_option(&schema["options"], name).unwrap_or_else(|| panic!("no option {name} in {path}"));
            let kind = o["type"].as_u64().unwrap_or(3);
            let chosen = o["choices"]
                .as_array()
                .and_then(|cs| cs.iter().find(|c| c["name"] == *value).map(|c| c["value"].clone()));
            let is_focused = focused == Some(*name);
            let v = match (chosen, kind) {
                (Some(v), _) => v,
                (None, _) if is_focused => json!(value),
                (None, 4) => json!(value.parse::<i64>().expect("integer option")),
                (None, 5) => json!(value.parse::<bool>().expect("boolean option")),
                (None, 6) => {
                    let uid: u64 = value.parse().expect("user id");
                    let u = st.users.get(&uid).cloned().expect("known user");
                    resolved["users"][value] = model::user(&u);
                    if guild {
                        let mut m = model::member(&u);
                        m.as_object_mut().unwrap().remove("user");
                        resolved["members"][value] = m;
                    }
                    json!(value)
                }
                (None, 11) => {
                    let aid: u64 = value.parse().expect("attachment id");
                    let (filename, bytes) = st.files.get(&aid).cloned().expect("uploaded file");
                    let url = format!("{}/attachments/{aid}/{filename}", st.base);
                    resolved["attachments"][value] = json!({
                        "id": value, "filename": filename, "size": bytes.len(), "url": url, "proxy_url": url,
                        "content_type": "text/plain; charset=utf-8",
                    });
                    json!(value)
                }
                (None, _) => json!(value),
            };
            let mut opt = json!({"name": name, "type": if is_focused { 3 } else { kind }, "value": v});
            if is_focused {
                opt["focused"] = json!(true);
            }
            leaf.push(opt);
        }
        if focused.is_none() {
            for o in schema["options"].as_array().into_iter().flatten() {
                if o["required"] == true && !opts.iter().any(|(n, _)| o["name"] == *n) {
                    panic!("required option {} missing in {path}", o["name"]);
                }
            }
        }
        let mut options = Value::Array(leaf);
        for (name, kind) in chain.into_iter().rev() {
            options = json!([{"name": name, "type": kind, "options": options}]);
        }
        let mut data = Map::new();
        data.insert("id".into(), cmd["id"].clone());
        data.insert("name".into(), cmd["name"].clone());
        data.insert("type".into(), json!(1));
        data.insert("options".into(), options);
        data.insert("resolved".into(), resolved);
        Value::Object(data)
    }

    /// Sends an interaction on the gateway, on the session of its shard (the server's shard if
    /// it has a `guild_id`, else shard 0), waiting up to 30 s for that shard to have a session;
    /// returns its id.
    async fn send(&self, payload: Value, channel: u64, kind: u8, user: u64, source: Option<u64>) -> u64 {
        let id: u64 = payload["id"].as_str().unwrap().parse().unwrap();
        let token = payload["token"].as_str().unwrap().to_string();
        let guild: Option<u64> = payload["guild_id"].as_str().map(|g| g.parse().unwrap());
        let shard = self.read(|st| guild.map_or(0, |g| shard_of(g, st.shard_count)));
        let end = Instant::now() + Duration::from_secs(30);
        loop {
            self.wait_for(end.saturating_duration_since(Instant::now()), |st| {
                st.sessions.contains_key(&shard).then_some(())
            })
            .await
            .unwrap_or_else(|| panic!("no gateway session of shard {shard} to inject interaction {id} into"));
            // Recorded and dispatched under one lock: the bot cannot answer before the record.
            let sent = self.shared.update(|st| {
                let session = st.sessions.get_mut(&shard)?;
                let delivered_to = session.client.clone();
                session.dispatch("INTERACTION_CREATE", payload.clone()).then_some(())?;
                st.add_interaction(Interaction {
                    id,
                    token: token.clone(),
                    kind,
                    user,
                    channel,
                    injected: Instant::now(),
                    shard,
                    delivered_to,
                    acked: None,
                    acked_by: None,
                    original: None,
                    source_message: source,
                    response: None,
                });
                Some(())
            });
            if sent.is_some() {
                return id;
            }
            // The session's connection is closing: wait for the next one.
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Injects `/path options…` by `user`.
    pub async fn command(&self, user: &User, place: Place, path: &str, opts: &[(&str, &str)]) -> u64 {
        let (p, channel) = {
            let mut st = self.shared.state.lock().unwrap();
            let (mut p, c) = Self::base_payload(&mut st, 2, user, place);
            p["data"] = Self::command_data(&st, path, opts, None, place == Place::Server);
            (p, c)
        };
        self.send(p, channel, 2, user.id, None).await
    }

    /// Injects an autocomplete request while `user` types `typed` into option `focused`.
    pub async fn autocomplete(
        &self,
        user: &User,
        place: Place,
        path: &str,
        opts: &[(&str, &str)],
        focused: &str,
        typed: &str,
    ) -> u64 {
        let (p, channel) = {
            let mut st = self.shared.state.lock().unwrap();
            let (mut p, c) = Self::base_payload(&mut st, 4, user, place);
            let mut all: Vec<(&str, &str)> = opts.to_vec();
            all.push((focused, typed));
            p["data"] = Self::command_data(&st, path, &all, Some(focused), place == Place::Server);
            (p, c)
        };
        self.send(p, channel, 4, user.id, None).await
    }

    fn place_of(st: &State, user: &User, m: &Message) -> Place {
        if m.ephemeral {
            assert_eq!(
                m.viewer,
                Some(user.id),
                "{} cannot see an ephemeral message of someone else",
                user.name
            );
        }
        if m.channel == st.channel {
            Place::Server
        } else {
            assert_eq!(
                st.user_of_dm.get(&m.channel),
                Some(&user.id),
                "{} cannot see another user's DM",
                user.name
            );
            Place::Dm
        }
    }

    /// Injects a click on the button `custom_id` of `message` (as it is now) by `user`.
    /// Panics if the user cannot see the message or the button is not there or disabled.
    pub async fn click(&self, user: &User, message: u64, custom_id: &str, values: Option<&[&str]>) -> u64 {
        let (p, channel) = {
            let mut st = self.shared.state.lock().unwrap();
            let m = st.message(message).cloned().expect("message exists");
            let c = m.components().into_iter().find(|c| c.custom_id == custom_id);
            let c = c.unwrap_or_else(|| {
                panic!("no component {custom_id} on message {message}: {:?}", m.components())
            });
            assert!(!c.disabled, "{custom_id} is disabled");
            let place = Self::place_of(&st, user, &m);
            let (mut p, ch) = Self::base_payload(&mut st, 3, user, place);
            let mut data = json!({"custom_id": custom_id, "component_type": c.kind});
            if let Some(v) = values {
                for x in v {
                    assert!(c.options.iter().any(|o| o.1 == *x), "{x} is not an option of {custom_id}");
                }
                data["values"] = json!(v);
            }
            p["data"] = data;
            p["message"] = st.message_json(&m);
            (p, ch)
        };
        self.send(p, channel, 3, user.id, Some(message)).await
    }

    /// Injects the submission of a modal the bot opened, with one value per input.
    pub async fn submit(&self, user: &User, modal: &Modal, values: &[&str]) -> u64 {
        assert_eq!(values.len(), modal.inputs.len(), "one value per input of {}", modal.title);
        let (p, channel) = {
            let mut st = self.shared.state.lock().unwrap();
            let m = modal.source_message.and_then(|id| st.message(id).cloned());
            let place = match &m {
                Some(m) => Self::place_of(&st, user, m),
                None => Place::Dm,
            };
            let (mut p, ch) = Self::base_payload(&mut st, 5, user, place);
            let rows: Vec<Value> = modal
                .inputs
                .iter()
                .zip(values)
                .map(|((id, _), v)| json!({"type": 1, "components": [{"type": 4, "custom_id": id, "value": v}]}))
                .collect();
            p["data"] = json!({"custom_id": modal.custom_id, "components": rows});
            if let Some(m) = &m {
                p["message"] = st.message_json(m);
            }
            (p, ch)
        };
        self.send(p, channel, 5, user.id, modal.source_message).await
    }

    /// Waits for the bot's answer to an interaction.
    pub async fn outcome(&self, id: u64, timeout: Duration) -> Outcome {
        let r = self
            .wait_for(timeout, |st| {
                let i = st.interactions.get(&id)?;
                let (ack, at) = i.acked?;
                Some(Outcome {
                    id,
                    ack,
                    ack_latency: at.duration_since(i.injected),
                    response: i.response.clone()?,
                })
            })
            .await;
        r.unwrap_or_else(|| {
            let i = self.read(|st| st.interactions.get(&id).cloned());
            panic!("no answer to interaction {id} within {timeout:?}: {i:?}")
        })
    }
}

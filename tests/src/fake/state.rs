//! The fake's memory and the behaviour of each REST call, independent of HTTP: channels,
//! messages (created, edited, deduplicated by nonce), interactions (acknowledged once, within
//! the deadline, then answered), command registration, closed DMs, and every problem found.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use super::media::{self, Media};
use super::message::{Attachment, Message};
use super::model::{self, User};
use super::session::{Identify, Session};

/// The result of a REST call: a JSON body (`Null` = 204 No Content) or a status and error body.
pub type Reply = Result<Value, (u16, Value)>;

/// A file part of a multipart request (`files[n]`).
#[derive(Clone, Debug)]
pub struct Upload {
    /// The `n` of `files[n]`.
    pub index: u64,
    /// File name.
    pub filename: String,
    /// Content.
    pub bytes: Vec<u8>,
}

/// A modal the bot opened.
#[derive(Clone, Debug)]
pub struct Modal {
    /// Custom id (to submit).
    pub custom_id: String,
    /// Title.
    pub title: String,
    /// Text inputs: (custom id, label).
    pub inputs: Vec<(String, String)>,
    /// The message whose button opened it.
    pub source_message: Option<u64>,
}

/// How the bot answered an interaction, in the end.
#[derive(Clone, Debug)]
pub enum Response {
    /// A message (new, edited in place, or the deferred response filled in).
    Message(Message),
    /// Autocomplete choices: (name shown, value).
    Choices(Vec<(String, String)>),
    /// A modal.
    Modal(Modal),
}

/// One injected interaction.
#[derive(Clone, Debug)]
pub struct Interaction {
    /// Snowflake.
    pub id: u64,
    /// Token.
    pub token: String,
    /// 2 command, 3 component, 4 autocomplete, 5 modal submit.
    pub kind: u8,
    /// Who.
    pub user: u64,
    /// Where.
    pub channel: u64,
    /// When it was sent on the gateway.
    pub injected: Instant,
    /// The shard whose session it was dispatched on (the server's shard, or 0 without one).
    pub shard: u32,
    /// The client of that session (see [`super::FakeDiscord::endpoint`]).
    pub delivered_to: Option<String>,
    /// Acknowledgement: callback type and when.
    pub acked: Option<(u8, Instant)>,
    /// The client whose REST call acknowledged it.
    pub acked_by: Option<String>,
    /// The original response message.
    pub original: Option<u64>,
    /// The message of a component or modal.
    pub source_message: Option<u64>,
    /// The final answer.
    pub response: Option<Response>,
}

/// One REST call as recorded.
#[derive(Clone, Debug)]
pub struct Call {
    /// HTTP method.
    pub method: String,
    /// Path and query.
    pub path: String,
    /// Status answered.
    pub status: u16,
    /// When it arrived.
    pub at: Instant,
    /// The client of the endpoint it arrived at (see [`super::FakeDiscord::endpoint`]).
    pub client: Option<String>,
}

impl Call {
    /// Whether it came from `client` (see [`super::FakeDiscord::endpoint`]).
    pub fn by(&self, client: &str) -> bool {
        self.client.as_deref() == Some(client)
    }

    /// Whether it registered the commands (globally or in a server) successfully.
    pub fn registers_commands(&self) -> bool {
        self.method == "PUT" && self.path.ends_with("/commands") && (200..300).contains(&self.status)
    }

    /// Whether it posted a message in a channel (a DM or the server's).
    pub fn posts_message(&self) -> bool {
        self.method == "POST" && self.path.starts_with("/api/v10/channels/")
    }
}

/// Everything the fake knows.
pub struct State {
    pub(crate) next_id: u64,
    pub(crate) base: String,
    pub(crate) token: String,
    pub(crate) bot: User,
    pub(crate) app_id: u64,
    pub(crate) guild: u64,
    pub(crate) channel: u64,
    pub(crate) users: HashMap<u64, User>,
    pub(crate) closed_dms: HashSet<u64>,
    pub(crate) dm_of_user: HashMap<u64, u64>,
    pub(crate) user_of_dm: HashMap<u64, u64>,
    pub(crate) messages: Vec<Message>,
    index: HashMap<u64, usize>,
    by_channel: HashMap<u64, Vec<usize>>,
    nonces: HashMap<(u64, String), u64>,
    pub(crate) interactions: HashMap<u64, Interaction>,
    by_token: HashMap<String, u64>,
    pub(crate) files: HashMap<u64, (String, Vec<u8>)>,
    pub(crate) commands: Vec<Value>,
    /// The bot's shard count (what every IDENTIFY must use).
    pub(crate) shard_count: u32,
    /// The live session of each shard id.
    pub(crate) sessions: BTreeMap<u32, Session>,
    pub(crate) identifies: Vec<Identify>,
    /// The clients that have an endpoint of their own.
    pub(crate) clients: HashSet<String>,
    pub(crate) calls: Vec<Call>,
    pub(crate) problems: Vec<String>,
    pub(crate) refused_dms: u64,
    pub(crate) nonce_duplicates: u64,
    pub(crate) ack_deadline: Duration,
}

fn bad_form(msg: &str) -> (u16, Value) {
    (400, model::error(50035, &format!("Invalid Form Body: {msg}")))
}

fn str_len(v: &Value) -> usize {
    v.as_str().map(|s| s.chars().count()).unwrap_or(0)
}

/// Whether Discord accepts `name` as a command or option name (or a localisation of one):
/// 1–32 letters, digits, `-`, `_` or `'`, lower case wherever a letter has cases.
fn valid_command_name(name: &str) -> bool {
    (1..=32).contains(&name.chars().count())
        && name.chars().all(|c| matches!(c, '-' | '_' | '\'') || (c.is_alphanumeric() && !c.is_uppercase()))
}

/// Discord's checks of a command list (or one level of options below `path`): valid names and
/// localised names, descriptions of 1–100 characters (localised ones too) and no two siblings
/// with the same name in any language.
fn check_commands(list: &[Value], path: &str) -> Result<(), String> {
    let mut seen: HashSet<(String, String)> = HashSet::new();
    for c in list {
        let name = c["name"].as_str().unwrap_or_default();
        let here = format!("{path}/{name}");
        if !valid_command_name(name) {
            return Err(format!("{here}: invalid name"));
        }
        let mut names = vec![("", name.to_string())];
        if let Some(map) = c["name_localizations"].as_object() {
            for (locale, n) in map {
                let n = n.as_str().unwrap_or_default();
                if !valid_command_name(n) {
                    return Err(format!("{here}: invalid {locale} name `{n}`"));
                }
                names.push((locale.as_str(), n.to_string()));
            }
        }
        for (locale, n) in names {
            if !seen.insert((locale.to_string(), n.clone())) {
                return Err(format!("{here}: two siblings are named `{n}` ({locale})"));
            }
        }
        // Options and chat commands need a description; user and message commands have none.
        let described = !path.is_empty() || c.get("type").is_none_or(|t| t == 1);
        if described && !(1..=100).contains(&str_len(&c["description"])) {
            return Err(format!("{here}: description must have 1-100 characters"));
        }
        if let Some(map) = c["description_localizations"].as_object() {
            if map.values().any(|d| !(1..=100).contains(&str_len(d))) {
                return Err(format!("{here}: a localised description must have 1-100 characters"));
            }
        }
        if let Some(options) = c["options"].as_array() {
            check_commands(options, &here)?;
        }
    }
    Ok(())
}

impl State {
    pub(crate) fn new(token: &str, bot: User, guild: u64, channel: u64) -> State {
        State {
            next_id: 1_300_000_000_000_000_000,
            base: String::new(),
            token: token.into(),
            app_id: bot.id,
            users: HashMap::from([(bot.id, bot.clone())]),
            bot,
            guild,
            channel,
            closed_dms: HashSet::new(),
            dm_of_user: HashMap::new(),
            user_of_dm: HashMap::new(),
            messages: Vec::new(),
            index: HashMap::new(),
            by_channel: HashMap::new(),
            nonces: HashMap::new(),
            interactions: HashMap::new(),
            by_token: HashMap::new(),
            files: HashMap::new(),
            commands: Vec::new(),
            shard_count: 1,
            sessions: BTreeMap::new(),
            identifies: Vec::new(),
            clients: HashSet::new(),
            calls: Vec::new(),
            problems: Vec::new(),
            refused_dms: 0,
            nonce_duplicates: 0,
            ack_deadline: Duration::from_secs(3),
        }
    }

    /// A fresh snowflake.
    pub(crate) fn id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }

    pub(crate) fn problem(&mut self, p: String) {
        eprintln!("fake discord: PROBLEM: {p}");
        self.problems.push(p);
    }

    /// A message by id.
    pub fn message(&self, id: u64) -> Option<&Message> {
        self.index.get(&id).map(|&i| &self.messages[i])
    }

    /// The bot's messages in the server channel (not interaction responses), in order.
    pub fn channel_messages(&self) -> Vec<&Message> {
        self.in_channel(self.channel)
    }

    /// The bot's messages in a channel (not interaction responses), in order.
    fn in_channel(&self, channel: u64) -> Vec<&Message> {
        let list = self.by_channel.get(&channel).map(Vec::as_slice).unwrap_or(&[]);
        list.iter().map(|&i| &self.messages[i]).filter(|m| m.interaction.is_none()).collect()
    }

    /// The messages in a user's DM channel (not interaction responses), in order.
    pub fn dms(&self, user: u64) -> Vec<&Message> {
        match self.dm_of_user.get(&user) {
            Some(&c) => self.in_channel(c),
            None => vec![],
        }
    }

    fn message_mut(&mut self, id: u64) -> Option<&mut Message> {
        self.index.get(&id).copied().map(move |i| &mut self.messages[i])
    }

    /// The DM channel of a user (created on first use, as Discord does).
    pub(crate) fn dm_channel(&mut self, user: u64) -> u64 {
        if let Some(&c) = self.dm_of_user.get(&user) {
            return c;
        }
        let c = self.id();
        self.dm_of_user.insert(user, c);
        self.user_of_dm.insert(c, user);
        c
    }

    fn guild_of(&self, channel: u64) -> Option<u64> {
        (channel == self.channel).then_some(self.guild)
    }

    pub(crate) fn message_json(&self, m: &Message) -> Value {
        m.json(&self.base, &self.bot, self.guild_of(m.channel))
    }

    /// Decodes uploads into attachments (problems recorded for broken pictures).
    fn attachments(&mut self, uploads: &[Upload]) -> HashMap<u64, Attachment> {
        let mut out = HashMap::new();
        for u in uploads {
            let media = match media::inspect(&u.filename, &u.bytes) {
                Ok(m) => m,
                Err(e) => {
                    self.problem(format!("bad attachment: {e}"));
                    Media::Other
                }
            };
            let id = self.id();
            let bytes = matches!(media, Media::Other).then(|| u.bytes.clone());
            if let Some(b) = &bytes {
                self.files.insert(id, (u.filename.clone(), b.clone()));
            }
            out.insert(
                u.index,
                Attachment { id, filename: u.filename.clone(), size: u.bytes.len(), media, bytes },
            );
        }
        out
    }

    /// Checks Discord's limits on a message payload.
    fn validate(&mut self, p: &Value, creating: bool, files: usize) -> Result<(), (u16, Value)> {
        let mut errs = Vec::new();
        if str_len(&p["content"]) > 2000 {
            errs.push("content longer than 2000".to_string());
        }
        let rows = p["components"].as_array().cloned().unwrap_or_default();
        if rows.len() > 5 {
            errs.push(format!("{} component rows", rows.len()));
        }
        for row in &rows {
            let comps = row["components"].as_array().cloned().unwrap_or_default();
            if row["type"] != 1 || comps.is_empty() || comps.len() > 5 {
                errs.push(format!("bad action row {row}"));
            }
            for c in comps {
                if str_len(&c["custom_id"]) == 0 || str_len(&c["custom_id"]) > 100 {
                    errs.push(format!("custom_id {}", c["custom_id"]));
                }
                match c["type"].as_u64() {
                    Some(2) if str_len(&c["label"]) > 80 => errs.push("button label > 80".into()),
                    Some(3) => {
                        let n = c["options"].as_array().map(|o| o.len()).unwrap_or(0);
                        if n == 0 || n > 25 {
                            errs.push(format!("select with {n} options"));
                        }
                    }
                    Some(2) => {}
                    other => errs.push(format!("component type {other:?}")),
                }
            }
        }
        if creating && str_len(&p["content"]) == 0 && rows.is_empty() && files == 0 {
            errs.push("empty message".into());
        }
        if errs.is_empty() {
            Ok(())
        } else {
            let e = errs.join("; ");
            self.problem(format!("rejected message: {e}"));
            Err(bad_form(&e))
        }
    }

    fn new_message(&mut self, channel: u64, p: &Value, uploads: &[Upload]) -> Result<Message, (u16, Value)> {
        self.validate(p, true, uploads.len())?;
        let mut atts = self.attachments(uploads);
        let mut order: Vec<u64> = atts.keys().copied().collect();
        order.sort_unstable();
        let attachments = order.into_iter().filter_map(|i| atts.remove(&i)).collect();
        let flags = p["flags"].as_u64().unwrap_or(0);
        Ok(Message {
            id: self.id(),
            channel,
            content: p["content"].as_str().unwrap_or("").to_string(),
            rows: p.get("components").cloned().unwrap_or(json!([])),
            attachments,
            ephemeral: flags & 64 != 0,
            viewer: None,
            interaction: None,
            nonce: p["nonce"].as_str().map(str::to_string).or(p["nonce"].as_u64().map(|n| n.to_string())),
            edits: 0,
            loading: false,
            posted: Instant::now(),
        })
    }

    fn insert(&mut self, m: Message) -> Value {
        let json = self.message_json(&m);
        self.index.insert(m.id, self.messages.len());
        self.by_channel.entry(m.channel).or_default().push(self.messages.len());
        if let Some(n) = &m.nonce {
            self.nonces.entry((m.channel, n.clone())).or_insert(m.id);
        }
        self.messages.push(m);
        json
    }

    /// Applies an edit: fields present replace, `attachments` lists what stays (existing ids)
    /// and what is new (`filename` + placeholder id of `files[n]`).
    fn edit(&mut self, id: u64, p: &Value, uploads: &[Upload]) -> Reply {
        self.validate(p, false, uploads.len())?;
        let mut new = self.attachments(uploads);
        let Some(m) = self.message_mut(id) else {
            return Err((404, model::error(10008, "Unknown Message")));
        };
        if let Some(c) = p.get("content").filter(|c| !c.is_null()) {
            m.content = c.as_str().unwrap_or("").to_string();
        }
        if let Some(rows) = p.get("components").filter(|c| !c.is_null()) {
            m.rows = rows.clone();
        }
        if let Some(list) = p.get("attachments").and_then(|a| a.as_array()) {
            let old = std::mem::take(&mut m.attachments);
            for entry in list {
                let aid = entry["id"].as_u64().or(entry["id"].as_str().and_then(|s| s.parse().ok()));
                if entry.get("filename").is_some() {
                    if let Some(a) = aid.and_then(|i| new.remove(&i)) {
                        m.attachments.push(a);
                    }
                } else if let Some(a) = old.iter().find(|a| Some(a.id) == aid) {
                    m.attachments.push(a.clone());
                }
            }
        }
        let mut rest: Vec<(u64, Attachment)> = new.into_iter().collect();
        rest.sort_by_key(|(i, _)| *i);
        m.attachments.extend(rest.into_iter().map(|(_, a)| a));
        m.edits += 1;
        m.loading = false;
        let m = m.clone();
        Ok(self.message_json(&m))
    }

    // ------------------------------------------------------------------ REST operations

    /// `PUT /applications/{app}/commands` (or the guild route): stores and echoes the commands.
    pub(crate) fn register(&mut self, body: &Value) -> Reply {
        let Some(list) = body.as_array() else { return Err(bad_form("commands must be an array")) };
        if let Err(e) = check_commands(list, "") {
            self.problem(format!("bad command list: {e}"));
            return Err(bad_form(&e));
        }
        let mut out = Vec::new();
        for c in list {
            let mut c = c.clone();
            c["id"] = json!(self.id().to_string());
            c["application_id"] = json!(self.app_id.to_string());
            c["version"] = json!(self.id().to_string());
            if c.get("type").is_none() {
                c["type"] = json!(1);
            }
            out.push(c);
        }
        self.commands = out.clone();
        Ok(Value::Array(out))
    }

    /// `POST /users/@me/channels`.
    pub(crate) fn create_dm(&mut self, body: &Value) -> Reply {
        let uid =
            body["recipient_id"].as_str().and_then(|s| s.parse().ok()).or(body["recipient_id"].as_u64());
        let Some(user) = uid.and_then(|u| self.users.get(&u).cloned()) else {
            return Err((400, model::error(50033, "Invalid Recipient(s)")));
        };
        let c = self.dm_channel(user.id);
        Ok(model::dm_channel(c, &user))
    }

    /// `POST /channels/{c}/messages`: 403/50007 for closed DMs; a repeated nonce (with
    /// `enforce_nonce`) returns the first message instead of a second one.
    pub(crate) fn post_message(&mut self, channel: u64, p: &Value, uploads: &[Upload]) -> Reply {
        if let Some(&user) = self.user_of_dm.get(&channel) {
            if self.closed_dms.contains(&user) {
                self.refused_dms += 1;
                return Err((403, model::error(50007, "Cannot send messages to this user")));
            }
        } else if channel != self.channel {
            return Err((404, model::error(10003, "Unknown Channel")));
        }
        if p["enforce_nonce"].as_bool() == Some(true) {
            let nonce =
                p["nonce"].as_str().map(str::to_string).or(p["nonce"].as_u64().map(|n| n.to_string()));
            if let Some(n) = nonce {
                if let Some(json) = self
                    .nonces
                    .get(&(channel, n))
                    .and_then(|id| self.message(*id))
                    .map(|m| self.message_json(m))
                {
                    self.nonce_duplicates += 1;
                    return Ok(json);
                }
            }
        }
        let m = self.new_message(channel, p, uploads)?;
        Ok(self.insert(m))
    }

    /// `PATCH /channels/{c}/messages/{m}`.
    pub(crate) fn edit_message(&mut self, channel: u64, id: u64, p: &Value, uploads: &[Upload]) -> Reply {
        match self.message(id) {
            Some(m) if m.channel == channel && m.interaction.is_none() => self.edit(id, p, uploads),
            _ => Err((404, model::error(10008, "Unknown Message"))),
        }
    }

    /// `GET /channels/{c}/messages/{m}`.
    pub(crate) fn get_message(&self, channel: u64, id: u64) -> Reply {
        match self.message(id) {
            Some(m) if m.channel == channel => Ok(self.message_json(m)),
            _ => Err((404, model::error(10008, "Unknown Message"))),
        }
    }

    pub(crate) fn add_interaction(&mut self, ix: Interaction) {
        self.by_token.insert(ix.token.clone(), ix.id);
        self.interactions.insert(ix.id, ix);
    }

    fn finish(&mut self, ix: u64, r: Response) {
        if let Some(i) = self.interactions.get_mut(&ix) {
            if i.response.is_none() {
                i.response = Some(r);
            }
        }
    }

    /// `POST /interactions/{id}/{token}/callback`, from `client`.
    pub(crate) fn callback(
        &mut self,
        id: u64,
        token: &str,
        p: &Value,
        uploads: &[Upload],
        client: Option<&str>,
    ) -> Reply {
        let Some(ix) = self.interactions.get(&id).cloned().filter(|i| i.token == token) else {
            self.problem(format!("callback for unknown interaction {id}"));
            return Err((404, model::error(10062, "Unknown interaction")));
        };
        if ix.acked.is_some() {
            self.problem(format!("interaction {id} acknowledged twice"));
            return Err((400, model::error(40060, "Interaction has already been acknowledged.")));
        }
        let now = Instant::now();
        if now.duration_since(ix.injected) > self.ack_deadline {
            self.problem(format!("interaction {id} acknowledged after {:?}", now - ix.injected));
            return Err((404, model::error(10062, "Unknown interaction")));
        }
        let kind = p["type"].as_u64().unwrap_or(0) as u8;
        let allowed = match ix.kind {
            2 => matches!(kind, 4 | 5 | 9),
            3 => matches!(kind, 4 | 5 | 6 | 7 | 9),
            4 => kind == 8,
            5 => matches!(kind, 4..=7),
            _ => false,
        };
        if !allowed {
            self.problem(format!("callback type {kind} for an interaction of type {}", ix.kind));
            return Err(bad_form("interaction response type"));
        }
        let data = p.get("data").cloned().unwrap_or(json!({}));
        match kind {
            4 => {
                let mut m = self.new_message(ix.channel, &data, uploads)?;
                m.interaction = Some(id);
                m.viewer = m.ephemeral.then_some(ix.user);
                let mid = m.id;
                let shown = m.clone();
                self.insert(m);
                self.interactions.get_mut(&id).unwrap().original = Some(mid);
                self.finish(id, Response::Message(shown));
            }
            5 => {
                let flags = data["flags"].as_u64().unwrap_or(0);
                let mid = self.id();
                let m = Message {
                    id: mid,
                    channel: ix.channel,
                    content: String::new(),
                    rows: json!([]),
                    attachments: vec![],
                    ephemeral: flags & 64 != 0,
                    viewer: (flags & 64 != 0).then_some(ix.user),
                    interaction: Some(id),
                    nonce: None,
                    edits: 0,
                    loading: true,
                    posted: now,
                };
                self.insert(m);
                self.interactions.get_mut(&id).unwrap().original = Some(mid);
            }
            6 => {
                self.interactions.get_mut(&id).unwrap().original = ix.source_message;
            }
            7 => {
                let Some(src) = ix.source_message else { return Err(bad_form("no message to update")) };
                self.edit(src, &data, uploads)?;
                self.interactions.get_mut(&id).unwrap().original = Some(src);
                let m = self.message(src).cloned().unwrap();
                self.finish(id, Response::Message(m));
            }
            8 => {
                let choices = data["choices"].as_array().cloned().unwrap_or_default();
                if choices.len() > 25
                    || choices.iter().any(|c| {
                        str_len(&c["name"]) == 0 || str_len(&c["name"]) > 100 || c["value"].is_null()
                    })
                {
                    self.problem(format!("bad autocomplete choices: {choices:?}"));
                    return Err(bad_form("choices"));
                }
                let list = choices
                    .iter()
                    .map(|c| {
                        let v = match &c["value"] {
                            Value::String(s) => s.clone(),
                            other => other.to_string(),
                        };
                        (c["name"].as_str().unwrap_or("").to_string(), v)
                    })
                    .collect();
                self.finish(id, Response::Choices(list));
            }
            9 => {
                let rows = data["components"].as_array().cloned().unwrap_or_default();
                let inputs: Vec<(String, String)> = rows
                    .iter()
                    .flat_map(|r| r["components"].as_array().cloned().unwrap_or_default())
                    .filter(|c| c["type"] == 4)
                    .map(|c| {
                        (
                            c["custom_id"].as_str().unwrap_or("").into(),
                            c["label"].as_str().unwrap_or("").into(),
                        )
                    })
                    .collect();
                if inputs.is_empty() || inputs.len() > 5 || str_len(&data["title"]) > 45 {
                    self.problem(format!("bad modal {data}"));
                    return Err(bad_form("modal"));
                }
                let modal = Modal {
                    custom_id: data["custom_id"].as_str().unwrap_or("").into(),
                    title: data["title"].as_str().unwrap_or("").into(),
                    inputs,
                    source_message: ix.source_message,
                };
                self.finish(id, Response::Modal(modal));
            }
            _ => unreachable!(),
        }
        let ix = self.interactions.get_mut(&id).unwrap();
        ix.acked = Some((kind, now));
        ix.acked_by = client.map(str::to_string);
        Ok(Value::Null)
    }

    fn by_token(&mut self, token: &str) -> Result<Interaction, (u16, Value)> {
        match self.by_token.get(token).and_then(|id| self.interactions.get(id)) {
            Some(i) if i.acked.is_some() => Ok(i.clone()),
            Some(_) => {
                self.problem("webhook call before the interaction was acknowledged".into());
                Err((404, model::error(10015, "Unknown Webhook")))
            }
            None => Err((404, model::error(10015, "Unknown Webhook"))),
        }
    }

    /// `PATCH /webhooks/{app}/{token}/messages/@original`.
    pub(crate) fn edit_original(&mut self, token: &str, p: &Value, uploads: &[Upload]) -> Reply {
        let ix = self.by_token(token)?;
        let Some(mid) = ix.original else { return Err((404, model::error(10008, "Unknown Message"))) };
        let out = self.edit(mid, p, uploads)?;
        let m = self.message(mid).cloned().unwrap();
        self.finish(ix.id, Response::Message(m));
        Ok(out)
    }

    /// `POST /webhooks/{app}/{token}`: a follow-up; the first one after a deferred response
    /// fills in the "thinking" message (and keeps its ephemerality), as Discord does.
    pub(crate) fn followup(&mut self, token: &str, p: &Value, uploads: &[Upload]) -> Reply {
        let ix = self.by_token(token)?;
        if let Some(orig) = ix.original.filter(|o| self.message(*o).is_some_and(|m| m.loading)) {
            let mut p = p.clone();
            if p.get("attachments").is_none() {
                p["attachments"] = json!([]);
            }
            let out = self.edit(orig, &p, uploads)?;
            let m = self.message(orig).cloned().unwrap();
            self.finish(ix.id, Response::Message(m));
            return Ok(out);
        }
        let mut m = self.new_message(ix.channel, p, uploads)?;
        m.interaction = Some(ix.id);
        m.viewer = m.ephemeral.then_some(ix.user);
        self.finish(ix.id, Response::Message(m.clone()));
        Ok(self.insert(m))
    }

    /// `PATCH /webhooks/{app}/{token}/messages/{id}` (a follow-up edited).
    pub(crate) fn edit_followup(&mut self, token: &str, id: u64, p: &Value, uploads: &[Upload]) -> Reply {
        let ix = self.by_token(token)?;
        match self.message(id) {
            Some(m) if m.interaction == Some(ix.id) => self.edit(id, p, uploads),
            _ => Err((404, model::error(10008, "Unknown Message"))),
        }
    }
}

#[cfg(test)]
mod command_checks {
    use super::*;

    fn cmd(name: &str, ru: &str, options: Value) -> Value {
        json!({"name": name, "description": "d", "name_localizations": {"ru": ru}, "options": options})
    }

    #[test]
    fn discord_refuses_bad_names_duplicates_and_missing_descriptions() {
        let ok = cmd(
            "admiral",
            "адмирал",
            json!([cmd("move", "ход", json!([])), cmd("board", "доска", json!([]))]),
        );
        assert_eq!(check_commands(&[ok], ""), Ok(()));
        for bad in [
            cmd("Admiral", "адмирал", json!([])),
            cmd("admiral", "Адмирал", json!([])),
            cmd("admiral", "адмирал флота", json!([])),
            cmd("admiral", "адмирал", json!([cmd("move", "ход", json!([])), cmd("board", "ход", json!([]))])),
            cmd("admiral", "адмирал", json!([{"name": "move", "description": ""}])),
            cmd("admiral", &"а".repeat(33), json!([])),
        ] {
            assert!(check_commands(std::slice::from_ref(&bad), "").is_err(), "{bad}");
        }
    }
}

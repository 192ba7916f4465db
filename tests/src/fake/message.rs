//! Messages as the fake keeps them, read back by the tests: text, components (buttons and
//! select menus), decoded attachments, who may see them, and how to render them as JSON.

use std::time::Instant;

use serde_json::{json, Value};

use super::media::Media;
use super::model;

/// An attachment of a message (pictures are decoded; other files keep their bytes).
#[derive(Clone, Debug)]
pub struct Attachment {
    /// Snowflake.
    pub id: u64,
    /// File name.
    pub filename: String,
    /// Size in bytes.
    pub size: usize,
    /// What it decoded as.
    pub media: Media,
    /// The bytes of non-picture files (pictures are dropped after decoding to save memory).
    pub bytes: Option<Vec<u8>>,
}

impl Attachment {
    /// True for a PNG picture.
    pub fn is_png(&self) -> bool {
        matches!(self.media, Media::Png { .. })
    }
    /// The text of a text file.
    pub fn text(&self) -> Option<String> {
        self.bytes.as_ref().map(|b| String::from_utf8_lossy(b).into_owned())
    }
    /// The attachment object (`url` served by the fake).
    pub fn json(&self, base: &str) -> Value {
        let url = format!("{base}/attachments/{}/{}", self.id, self.filename);
        let (w, h) = match self.media {
            Media::Png { width, height } | Media::Gif { width, height, .. } => (json!(width), json!(height)),
            Media::Other => (Value::Null, Value::Null),
        };
        let ct = match self.media {
            Media::Png { .. } => "image/png",
            Media::Gif { .. } => "image/gif",
            Media::Other => "text/plain; charset=utf-8",
        };
        json!({"id": self.id.to_string(), "filename": self.filename, "size": self.size, "url": url,
               "proxy_url": url, "content_type": ct, "width": w, "height": h})
    }
}

/// A button or a select menu.
#[derive(Clone, Debug, PartialEq)]
pub struct Component {
    /// 2 = button, 3 = string select.
    pub kind: u64,
    /// Custom id.
    pub custom_id: String,
    /// Button label or select placeholder.
    pub label: String,
    /// Greyed out.
    pub disabled: bool,
    /// Select options: (label, value).
    pub options: Vec<(String, String)>,
}

/// A message the bot posted (or an interaction response).
#[derive(Clone, Debug)]
pub struct Message {
    /// Snowflake.
    pub id: u64,
    /// Channel (a DM channel, the server channel).
    pub channel: u64,
    /// Text.
    pub content: String,
    /// Raw component rows as the bot sent them.
    pub rows: Value,
    /// Attachments.
    pub attachments: Vec<Attachment>,
    /// Only `viewer` sees it.
    pub ephemeral: bool,
    /// Who sees an ephemeral message.
    pub viewer: Option<u64>,
    /// The interaction it answers, if any.
    pub interaction: Option<u64>,
    /// The nonce it was sent with.
    pub nonce: Option<String>,
    /// How many times it was edited.
    pub edits: u32,
    /// A deferred response still "thinking".
    pub loading: bool,
    /// When it was created.
    pub posted: Instant,
}

impl Message {
    /// Every button and select menu, in order.
    pub fn components(&self) -> Vec<Component> {
        let mut out = Vec::new();
        for row in self.rows.as_array().into_iter().flatten() {
            for c in row["components"].as_array().into_iter().flatten() {
                out.push(Component {
                    kind: c["type"].as_u64().unwrap_or(0),
                    custom_id: c["custom_id"].as_str().unwrap_or("").to_string(),
                    label: c["label"].as_str().or(c["placeholder"].as_str()).unwrap_or("").to_string(),
                    disabled: c["disabled"].as_bool().unwrap_or(false),
                    options: c["options"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .map(|o| {
                            (
                                o["label"].as_str().unwrap_or("").into(),
                                o["value"].as_str().unwrap_or("").into(),
                            )
                        })
                        .collect(),
                });
            }
        }
        out
    }

    /// The component whose custom id starts with `prefix` (e.g. `adm:ready:`).
    pub fn component(&self, prefix: &str) -> Option<Component> {
        self.components().into_iter().find(|c| c.custom_id.starts_with(prefix))
    }

    /// The PNG attachments' file names.
    pub fn pictures(&self) -> Vec<&str> {
        self.attachments
            .iter()
            .filter(|a| !matches!(a.media, Media::Other))
            .map(|a| a.filename.as_str())
            .collect()
    }

    /// The attachment with this file name.
    pub fn file(&self, name: &str) -> Option<&Attachment> {
        self.attachments.iter().find(|a| a.filename == name)
    }

    /// The message object as Discord returns it.
    pub fn json(&self, base: &str, author: &model::User, guild: Option<u64>) -> Value {
        let mut m = json!({
            "id": self.id.to_string(), "channel_id": self.channel.to_string(), "author": model::user(author),
            "content": self.content, "timestamp": model::TIMESTAMP,
            "edited_timestamp": if self.edits > 0 { json!(model::TIMESTAMP) } else { Value::Null },
            "tts": false, "mention_everyone": false, "mentions": [], "mention_roles": [],
            "attachments": self.attachments.iter().map(|a| a.json(base)).collect::<Vec<_>>(),
            "embeds": [], "pinned": false, "type": if self.interaction.is_some() { 20 } else { 0 },
            "flags": if self.ephemeral { 64 } else { 0 } | if self.loading { 128 } else { 0 },
            "components": self.rows.clone(),
        });
        if let Some(n) = &self.nonce {
            m["nonce"] = json!(n);
        }
        if let Some(g) = guild {
            m["guild_id"] = json!(g.to_string());
        }
        if self.interaction.is_some() {
            m["application_id"] = json!(author.id.to_string());
            m["webhook_id"] = json!(author.id.to_string());
        }
        m
    }
}

//! The JSON shapes the fake sends: users, members, the guild, messages, attachments and the
//! gateway's READY. Field sets follow Discord's API v10 as serenity 0.12.5 reads them (every
//! field serenity requires is present; see `shared/spec/discord-notes.md`).

use serde_json::{json, Value};

/// A fixed timestamp in Discord's format (the bot never reads message times).
pub const TIMESTAMP: &str = "2026-01-01T00:00:00.000000+00:00";
/// Every permission (the bot only needs View Channels, Send Messages, Attach Files).
pub const ALL_PERMISSIONS: &str = "2251799813685247";

/// A Discord user as the fake knows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct User {
    /// Snowflake.
    pub id: u64,
    /// Username (also the display name).
    pub name: String,
    /// Discord locale (`en-US`, `ru`, ...), sent with every interaction of this user.
    pub locale: String,
    /// True for bot accounts.
    pub bot: bool,
}

/// The user object.
pub fn user(u: &User) -> Value {
    json!({
        "id": u.id.to_string(), "username": u.name, "global_name": u.name, "discriminator": "0",
        "avatar": null, "bot": u.bot, "system": false, "public_flags": 0, "flags": 0,
        "banner": null, "accent_color": null,
    })
}

/// A guild member object (with the user).
pub fn member(u: &User) -> Value {
    json!({
        "user": user(u), "nick": null, "avatar": null, "roles": [], "joined_at": TIMESTAMP,
        "premium_since": null, "deaf": false, "mute": false, "flags": 0, "pending": false,
        "permissions": ALL_PERMISSIONS, "communication_disabled_until": null,
    })
}

/// The text channel object.
pub fn text_channel(id: u64, guild: u64, name: &str) -> Value {
    json!({
        "id": id.to_string(), "guild_id": guild.to_string(), "type": 0, "name": name, "position": 0,
        "permission_overwrites": [], "nsfw": false, "parent_id": null, "topic": null,
        "last_message_id": null, "rate_limit_per_user": 0, "flags": 0,
    })
}

/// The GUILD_CREATE payload: one text channel, the members given.
pub fn guild_create(id: u64, owner: u64, channel: u64, members: &[User]) -> Value {
    json!({
        "id": id.to_string(), "name": "Admiralty", "icon": null, "icon_hash": null, "splash": null,
        "discovery_splash": null, "owner_id": owner.to_string(), "afk_channel_id": null,
        "afk_timeout": 300, "widget_enabled": false, "widget_channel_id": null,
        "verification_level": 0, "default_message_notifications": 0, "explicit_content_filter": 0,
        "roles": [{
            "id": id.to_string(), "name": "@everyone", "color": 0,
            "colors": {"primary_color": 0, "secondary_color": null, "tertiary_color": null},
            "hoist": false, "managed": false, "mentionable": false, "permissions": ALL_PERMISSIONS,
            "position": 0, "icon": null, "unicode_emoji": null, "flags": 0,
        }],
        "emojis": [], "features": [], "mfa_level": 0, "application_id": null,
        "system_channel_id": null, "system_channel_flags": 0, "rules_channel_id": null,
        "max_presences": null, "max_members": 500000, "vanity_url_code": null, "description": null,
        "banner": null, "premium_tier": 0, "premium_subscription_count": 0,
        "preferred_locale": "en-US", "public_updates_channel_id": null,
        "max_video_channel_users": 25, "max_stage_video_channel_users": 50, "nsfw_level": 0,
        "stickers": [], "premium_progress_bar_enabled": false, "safety_alerts_channel_id": null,
        "joined_at": TIMESTAMP, "large": false, "unavailable": false,
        "member_count": members.len(), "voice_states": [],
        "members": members.iter().map(member).collect::<Vec<_>>(),
        "channels": [text_channel(channel, id, "general")], "threads": [], "presences": [],
        "stage_instances": [], "guild_scheduled_events": [], "incidents_data": null,
    })
}

/// The READY payload of one shard: the servers on that shard (unavailable until their
/// GUILD_CREATE) and the shard `[id, total]` the session identified as.
pub fn ready(
    bot: &User,
    app_id: u64,
    guilds: &[u64],
    shard: [u32; 2],
    session: &str,
    resume_url: &str,
) -> Value {
    let guilds: Vec<Value> =
        guilds.iter().map(|g| json!({"id": g.to_string(), "unavailable": true})).collect();
    json!({
        "v": 10, "user": user(bot), "guilds": guilds,
        "session_id": session, "resume_gateway_url": resume_url, "shard": shard,
        "application": {"id": app_id.to_string(), "flags": 0},
    })
}

/// The application object of `GET /oauth2/applications/@me`.
pub fn application(app_id: u64, bot: &User) -> Value {
    json!({
        "id": app_id.to_string(), "name": bot.name, "icon": null, "description": "", "rpc_origins": [],
        "bot_public": true, "bot_require_code_grant": false, "owner": user(bot),
        "verify_key": "00", "team": null, "flags": 0, "bot": user(bot),
    })
}

/// A DM channel object.
pub fn dm_channel(id: u64, recipient: &User) -> Value {
    json!({"id": id.to_string(), "type": 1, "last_message_id": null, "recipients": [user(recipient)]})
}

/// A Discord error body.
pub fn error(code: u32, message: &str) -> Value {
    json!({"code": code, "message": message, "errors": {}})
}

-- Tables of the Discord adapter (bot/src/discord/): what the service does not need to know.

-- Whether a player chose a language explicitly (otherwise the interaction's locale decides).
CREATE TABLE discord_users (
    user_id INTEGER PRIMARY KEY,
    explicit_language INTEGER NOT NULL DEFAULT 0
);

-- Where each public challenge message was posted, so that it can update itself.
CREATE TABLE discord_challenge_messages (
    challenge_id INTEGER PRIMARY KEY,
    channel_id INTEGER NOT NULL,
    message_id INTEGER NOT NULL
);

-- Admiral for Discord: the service's store. Times are Unix milliseconds (UTC).
-- Discord ids are stored as INTEGER (i64 bit pattern of the u64 snowflake).

-- Players: everyone who ever touched the bot.
CREATE TABLE players (
    user_id        INTEGER PRIMARY KEY,
    language       TEXT    NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'ru')),
    -- 'auto': the strongest group defends; 'ask': the player is asked by DM with a deadline.
    defence_policy TEXT    NOT NULL DEFAULT 'auto' CHECK (defence_policy IN ('auto', 'ask')),
    -- 1 once a DM to this player failed as "cannot send messages to this user".
    dm_closed      INTEGER NOT NULL DEFAULT 0,
    created_at     INTEGER NOT NULL
);

-- Saved layouts (layout file grid text, English codes).
CREATE TABLE layouts (
    id         INTEGER PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES players(user_id),
    name       TEXT    NOT NULL,
    grid       TEXT    NOT NULL,
    created_at INTEGER NOT NULL,
    UNIQUE (user_id, name)
);

-- Challenges: open for 24 h, answered once.
CREATE TABLE challenges (
    id            INTEGER PRIMARY KEY,
    challenger    INTEGER NOT NULL REFERENCES players(user_id),
    challenged    INTEGER NOT NULL REFERENCES players(user_id),
    settings      TEXT    NOT NULL, -- JSON MatchSettings
    guild_id      INTEGER,
    channel_id    INTEGER,
    status        TEXT    NOT NULL DEFAULT 'open'
                  CHECK (status IN ('open', 'accepted', 'declined', 'expired')),
    created_at    INTEGER NOT NULL,
    expires_at    INTEGER NOT NULL,
    match_id      INTEGER REFERENCES matches(id),
    CHECK (challenger <> challenged)
);
CREATE INDEX challenges_open ON challenges (status, expires_at);

-- Matches. South moves first. An AI seat has a NULL user and `ai_level` set.
CREATE TABLE matches (
    id            INTEGER PRIMARY KEY,
    ruleset       TEXT    NOT NULL DEFAULT 'admiral',
    south_user    INTEGER REFERENCES players(user_id),
    north_user    INTEGER REFERENCES players(user_id),
    ai_level      INTEGER CHECK (ai_level BETWEEN 1 AND 5),
    settings      TEXT    NOT NULL, -- JSON MatchSettings (time control, intel, rated)
    status        TEXT    NOT NULL CHECK (status IN ('setup', 'playing', 'finished')),
    guild_id      INTEGER,
    channel_id    INTEGER,
    seed          INTEGER NOT NULL, -- seed of everything random in the match (auto layouts, AI)
    ply           INTEGER NOT NULL DEFAULT 0,
    -- Optimistic concurrency: every accepted change bumps it, checked in the UPDATE.
    version       INTEGER NOT NULL DEFAULT 0,
    result        TEXT, -- engine Status name once finished
    end_reason    TEXT,
    created_at    INTEGER NOT NULL,
    finished_at   INTEGER,
    CHECK (south_user IS NOT NULL OR north_user IS NOT NULL)
);
CREATE INDEX matches_status ON matches (status);
CREATE INDEX matches_south ON matches (south_user, status);
CREATE INDEX matches_north ON matches (north_user, status);

-- Setup in progress, per seat: the current (possibly partial) layout grid and readiness.
CREATE TABLE setups (
    match_id   INTEGER NOT NULL REFERENCES matches(id),
    side       TEXT    NOT NULL CHECK (side IN ('south', 'north')),
    grid       TEXT    NOT NULL,
    ready      INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (match_id, side)
);

-- The match record: append-only (see the triggers). `kind` is 'started', 'turn' or 'ended';
-- `payload` is JSON (the engine's Start / Turn / Ending). Replaying the rows in `seq` order
-- through the engine rebuilds the game exactly.
CREATE TABLE match_events (
    match_id   INTEGER NOT NULL REFERENCES matches(id),
    seq        INTEGER NOT NULL,
    kind       TEXT    NOT NULL CHECK (kind IN ('started', 'turn', 'ended')),
    side       TEXT,
    payload    TEXT    NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (match_id, seq)
) WITHOUT ROWID;
CREATE TRIGGER match_events_no_update BEFORE UPDATE ON match_events
BEGIN SELECT RAISE(ABORT, 'match_events is append-only'); END;
CREATE TRIGGER match_events_no_delete BEFORE DELETE ON match_events
BEGIN SELECT RAISE(ABORT, 'match_events is append-only'); END;

-- Clocks: per match, each side's remaining time (live) and when the current turn started.
CREATE TABLE clocks (
    match_id      INTEGER PRIMARY KEY REFERENCES matches(id),
    south_ms      INTEGER,
    north_ms      INTEGER,
    running_since INTEGER -- start of the current turn or setup; NULL when stopped
);

-- Deadlines and reminders: one scheduler sleeps until the earliest `due_at`. A row is
-- deleted in the transaction that acts on it or that makes it obsolete. `ply` says which
-- turn it was armed for; a timer that no longer matches the match does nothing.
CREATE TABLE timers (
    key          TEXT    PRIMARY KEY, -- 'm<match>:<kind>' or 'c<challenge>:<kind>'
    match_id     INTEGER REFERENCES matches(id),
    challenge_id INTEGER REFERENCES challenges(id),
    kind         TEXT    NOT NULL CHECK (kind IN ('challenge_expiry', 'setup_deadline',
                         'setup_reminder', 'move_deadline', 'move_reminder', 'defence_deadline')),
    side         TEXT,
    ply          INTEGER,
    due_at       INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX timers_due ON timers (due_at);

-- Pending decisions: an attack waiting for the defender's declared group.
CREATE TABLE pending_decisions (
    match_id    INTEGER PRIMARY KEY REFERENCES matches(id),
    ply         INTEGER NOT NULL,
    defender    TEXT    NOT NULL,
    action      TEXT    NOT NULL, -- the attacker's action in notation
    options     TEXT    NOT NULL, -- JSON: partner squares of each option, default first
    deadline_at INTEGER NOT NULL
);

-- Idempotency: one row per accepted submission (the Discord interaction id), with its result.
CREATE TABLE submissions (
    key        TEXT    PRIMARY KEY,
    user_id    INTEGER NOT NULL,
    match_id   INTEGER,
    result     TEXT    NOT NULL, -- JSON of the result returned the first time
    created_at INTEGER NOT NULL
) WITHOUT ROWID;

-- The notification outbox. Rows are written in the transaction of what they announce and
-- delivered afterwards, in id order; `delivered_at` marks them done.
CREATE TABLE outbox (
    id           INTEGER PRIMARY KEY,
    recipient    TEXT    NOT NULL, -- JSON Recipient
    match_id     INTEGER,
    payload      TEXT    NOT NULL, -- JSON Notice
    created_at   INTEGER NOT NULL,
    attempts     INTEGER NOT NULL DEFAULT 0,
    next_try_at  INTEGER NOT NULL DEFAULT 0,
    delivered_at INTEGER,
    -- 'dm', 'fallback' (DMs closed: rerouted), or 'dropped' (nowhere to deliver)
    outcome      TEXT
);
CREATE INDEX outbox_pending ON outbox (delivered_at, id);

-- Career: accumulated points and counters per player.
CREATE TABLE profiles (
    user_id        INTEGER PRIMARY KEY REFERENCES players(user_id),
    points         INTEGER NOT NULL DEFAULT 0,
    rated_matches  INTEGER NOT NULL DEFAULT 0,
    wins           INTEGER NOT NULL DEFAULT 0,
    draws          INTEGER NOT NULL DEFAULT 0,
    losses         INTEGER NOT NULL DEFAULT 0,
    units_sunk     INTEGER NOT NULL DEFAULT 0,
    tonnage_sunk   INTEGER NOT NULL DEFAULT 0
);

-- Points earned per match and player, with the working shown to the player (JSON).
CREATE TABLE match_points (
    match_id  INTEGER NOT NULL REFERENCES matches(id),
    user_id   INTEGER NOT NULL REFERENCES players(user_id),
    points    INTEGER NOT NULL,
    breakdown TEXT    NOT NULL,
    PRIMARY KEY (match_id, user_id)
);

-- Award counters and the degree reached (0 = none yet, 3 = III, 2 = II, 1 = I).
CREATE TABLE awards (
    user_id INTEGER NOT NULL REFERENCES players(user_id),
    award   TEXT    NOT NULL,
    count   INTEGER NOT NULL DEFAULT 0,
    degree  INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, award)
);

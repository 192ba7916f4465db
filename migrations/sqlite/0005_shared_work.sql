-- Work that any of several processes sharing one database may do, and which exactly one does.

-- Leases: one holder at a time for a named duty (the outbox dispatcher). A holder renews
-- before `expires_at`; after it, anyone may take the lease over, which increments `token`.
-- Writes made under a lease check the token (fencing): a holder that stalled past its
-- expiry and lost the lease cannot overwrite its successor's work.
CREATE TABLE leases (
    name       TEXT    PRIMARY KEY,
    holder     TEXT    NOT NULL,
    token      INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
);

-- AI turns to play: a row while the AI is to move in a match, written in the transaction
-- that gave it the move and deleted in the one that plays it. A process claims a row for
-- `claimed_until` when one of its search slots is free; a claim that runs out (the process
-- died) is free for any other process. The search is deterministic, so whoever plays the
-- turn plays the same move.
CREATE TABLE ai_jobs (
    match_id      INTEGER PRIMARY KEY REFERENCES matches(id),
    ply           INTEGER NOT NULL,
    created_at    INTEGER NOT NULL,
    claimed_by    TEXT,
    claimed_until INTEGER
);
CREATE INDEX ai_jobs_waiting ON ai_jobs (claimed_until, created_at);

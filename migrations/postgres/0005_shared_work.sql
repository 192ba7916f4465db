-- Work that any of several processes sharing one database may do, and which exactly one does.
-- The comments are in migrations/sqlite/0005_shared_work.sql.

CREATE TABLE leases (
    name       TEXT    PRIMARY KEY,
    holder     TEXT    NOT NULL,
    token      BIGINT  NOT NULL,
    expires_at BIGINT  NOT NULL
);

CREATE TABLE ai_jobs (
    match_id      BIGINT  PRIMARY KEY REFERENCES matches(id),
    ply           BIGINT  NOT NULL,
    created_at    BIGINT  NOT NULL,
    claimed_by    TEXT,
    claimed_until BIGINT
);
CREATE INDEX ai_jobs_waiting ON ai_jobs (claimed_until, created_at);

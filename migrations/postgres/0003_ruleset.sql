-- On SQLite this version backfilled `matches.ruleset` from the settings JSON; a PostgreSQL
-- database starts with the column filled, so only the index remains.
CREATE INDEX IF NOT EXISTS matches_ruleset ON matches (ruleset, status);

-- Issue #9: a match carries its ruleset (`admiral` or `stratego`) in the `matches.ruleset`
-- column (present since 0001, default 'admiral') as well as in its settings JSON. Matches
-- created before the service wrote the column get it from their settings; lookups by ruleset
-- (career recomputation, listings) use the index.
UPDATE matches
   SET ruleset = COALESCE(json_extract(settings, '$.ruleset'), 'admiral')
 WHERE ruleset <> COALESCE(json_extract(settings, '$.ruleset'), 'admiral');

CREATE INDEX IF NOT EXISTS matches_ruleset ON matches (ruleset, status);

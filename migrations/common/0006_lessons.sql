-- Guided lessons (`/admiral learn`): where each player stands on each lesson. A lesson's try is
-- an ordinary match (its settings name the lesson); `match_id` is the latest try.
-- state: 'open' (started, not passed yet), 'passed', 'skipped'. `failures` counts failed tries.
-- Written once for both backends: SQLite reads BIGINT as an integer column.
CREATE TABLE lesson_progress (
    user_id    BIGINT  NOT NULL REFERENCES players(user_id),
    lesson_id  TEXT    NOT NULL,
    state      TEXT    NOT NULL CHECK (state IN ('open', 'passed', 'skipped')),
    failures   BIGINT  NOT NULL DEFAULT 0,
    match_id   BIGINT  REFERENCES matches(id),
    updated_at BIGINT  NOT NULL,
    PRIMARY KEY (user_id, lesson_id)
);

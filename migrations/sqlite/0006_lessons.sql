-- Guided lessons (`/admiral learn`): where each player stands on each lesson. A lesson's try is
-- an ordinary match (its settings name the lesson); `match_id` is the latest try.
-- state: 'open' (started, not passed yet), 'passed', 'skipped'. `failures` counts failed tries.
CREATE TABLE lesson_progress (
    user_id    INTEGER NOT NULL REFERENCES players(user_id),
    lesson_id  TEXT    NOT NULL,
    state      TEXT    NOT NULL CHECK (state IN ('open', 'passed', 'skipped')),
    failures   INTEGER NOT NULL DEFAULT 0,
    match_id   INTEGER REFERENCES matches(id),
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, lesson_id)
);

-- Guided lessons. The comments are in migrations/sqlite/0006_lessons.sql.
CREATE TABLE lesson_progress (
    user_id    BIGINT  NOT NULL REFERENCES players(user_id),
    lesson_id  TEXT    NOT NULL,
    state      TEXT    NOT NULL CHECK (state IN ('open', 'passed', 'skipped')),
    failures   BIGINT  NOT NULL DEFAULT 0,
    match_id   BIGINT  REFERENCES matches(id),
    updated_at BIGINT  NOT NULL,
    PRIMARY KEY (user_id, lesson_id)
);

-- Contests and rankers (issue 28): over a contest's period members enter once with 1–5
-- stocks, each with its price at entry; they are ranked by the mean return of their picks.
-- Rules: docs/api.md, "Contests".
CREATE TABLE contests (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    title TEXT NOT NULL,
    description TEXT NOT NULL,
    starts_at_ms INTEGER NOT NULL,
    ends_at_ms INTEGER NOT NULL,
    -- Seeded by the embedded default (shown as 샘플).
    sample INTEGER NOT NULL DEFAULT 0,
    -- Counted under the contest row's lock (the cap on entries).
    entries INTEGER NOT NULL DEFAULT 0,
    -- Set once the picks' prices at the end are stored (`final_price`).
    finalized INTEGER NOT NULL DEFAULT 0
);

-- An entry is a ranker (its id is the ranker id).
CREATE TABLE contest_entries (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    contest_id INTEGER NOT NULL REFERENCES contests (id),
    user_id INTEGER NOT NULL,
    entered_at_ms INTEGER NOT NULL,
    UNIQUE (contest_id, user_id)
);

CREATE TABLE contest_picks (
    entry_id INTEGER NOT NULL REFERENCES contest_entries (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    security_id TEXT NOT NULL,
    name TEXT NOT NULL,
    entry_price REAL NOT NULL,
    -- The price frozen at the contest's end; null while it runs.
    final_price REAL,
    PRIMARY KEY (entry_id, position)
);

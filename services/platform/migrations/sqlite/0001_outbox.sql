-- The transactional outbox (sise_platform::outbox): durable events committed in the same
-- transaction as the rows they describe, deleted once the relay has published them.
-- AUTOINCREMENT: SQLite never reuses an id, even after the newest row is deleted, so the
-- message id built from it names one event only.
CREATE TABLE outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    subject TEXT NOT NULL,
    -- JSON object of header names to values.
    headers TEXT NOT NULL,
    payload BLOB NOT NULL,
    created_at_ms INTEGER NOT NULL
);

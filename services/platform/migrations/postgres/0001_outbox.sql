-- The transactional outbox (sise_platform::outbox): durable events committed in the same
-- transaction as the rows they describe, deleted once the relay has published them.
-- Identity values are never reused, so the message id built from one names one event only.
CREATE TABLE outbox (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    subject TEXT NOT NULL,
    -- JSON object of header names to values.
    headers TEXT NOT NULL,
    payload BYTEA NOT NULL,
    created_at_ms BIGINT NOT NULL
);

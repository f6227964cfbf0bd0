-- Posts per stock and hour (docs/architecture.md, "Trends"): the "by posts" popular stocks.
-- Filled by applying post-created events of the social service, idempotently: a post is
-- counted once, keyed by its id in `counted_posts`.
CREATE TABLE security_post_counts (
    security_id TEXT NOT NULL,
    -- Hours since the Unix epoch.
    hour BIGINT NOT NULL,
    posts BIGINT NOT NULL,
    PRIMARY KEY (security_id, hour)
);
CREATE INDEX security_post_counts_by_hour ON security_post_counts (hour);

CREATE TABLE counted_posts (
    post_id TEXT PRIMARY KEY,
    security_id TEXT NOT NULL,
    hour BIGINT NOT NULL
);

-- Posts per stock (docs/architecture.md, "Trends"): the "by posts" popular stocks. Filled by
-- applying post-created events of the social service; the post id as key counts a post once
-- under at-least-once delivery, and the per-stock counts are read from here directly.
CREATE TABLE counted_posts (
    post_id TEXT PRIMARY KEY,
    security_id TEXT NOT NULL,
    -- Hours since the Unix epoch.
    hour BIGINT NOT NULL
);
CREATE INDEX counted_posts_by_hour ON counted_posts (hour);

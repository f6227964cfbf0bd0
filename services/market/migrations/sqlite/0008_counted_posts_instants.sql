-- Posts per stock (docs/architecture.md, "Trends") kept with their creation instant instead
-- of their hour: 토론 급증 compares the last 60 minutes with the week before, which hour
-- buckets cannot cut. The post id is social's (an integer). Nothing fed the table before
-- (social published no post events), so it is made anew.
DROP TABLE counted_posts;
CREATE TABLE counted_posts (
    post_id BIGINT PRIMARY KEY,
    security_id TEXT NOT NULL,
    -- Epoch milliseconds, as the event carries it.
    created_at_ms BIGINT NOT NULL
);
-- The last hour's (and day's) posts, and the prune.
CREATE INDEX counted_posts_by_time ON counted_posts (created_at_ms);
-- One busy stock's week, for its usual rate.
CREATE INDEX counted_posts_by_stock ON counted_posts (security_id, created_at_ms);

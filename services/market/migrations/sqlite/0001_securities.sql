-- Listed securities, seeded from the bundled KRX dataset (see data/SOURCES.md).
CREATE TABLE securities (
    security_id TEXT PRIMARY KEY,
    code TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    name_en TEXT,
    market TEXT NOT NULL,
    shares_outstanding BIGINT NOT NULL,
    last_close BIGINT NOT NULL,
    last_close_date TEXT NOT NULL
);

-- Which dataset version the securities table was seeded from.
CREATE TABLE dataset_meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

-- Page views per security and KST day, counted from `events.market.security_viewed`.
CREATE TABLE security_views (
    security_id TEXT NOT NULL,
    day TEXT NOT NULL,
    views BIGINT NOT NULL,
    PRIMARY KEY (security_id, day)
);

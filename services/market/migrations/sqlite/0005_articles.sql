-- News and disclosures (docs/architecture.md, "Market data: news and disclosures").
-- Lists are read newest first with keyset pagination; every index below serves one of them.

-- OpenDART filings (list.json rows), deduplicated by rcept_no. security_id is NULL when the
-- company is not in the listing (unlisted companies, KONEX, delisted names).
CREATE TABLE disclosures (
    rcept_no TEXT PRIMARY KEY,
    corp_code TEXT NOT NULL,
    corp_name TEXT NOT NULL,
    stock_code TEXT NOT NULL,
    security_id TEXT,
    report_nm TEXT NOT NULL,
    flr_nm TEXT NOT NULL,
    -- Receipt date, YYYY-MM-DD.
    rcept_dt TEXT NOT NULL,
    rm TEXT NOT NULL,
    ingested_at_ms BIGINT NOT NULL
);
CREATE INDEX disclosures_security_keyset
    ON disclosures (security_id, rcept_dt DESC, rcept_no DESC);

-- News items from RSS/Atom feeds (and the labelled demo samples, sample = 1), deduplicated by link.
CREATE TABLE news_items (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    url TEXT NOT NULL UNIQUE,
    title TEXT NOT NULL,
    summary TEXT NOT NULL,
    publisher TEXT NOT NULL,
    published_at_ms BIGINT NOT NULL,
    -- The feed the item came from ("sample" for the demo samples).
    source TEXT NOT NULL,
    sample INTEGER NOT NULL DEFAULT 0,
    ingested_at_ms BIGINT NOT NULL
);
CREATE INDEX news_items_keyset ON news_items (published_at_ms DESC, id DESC);

-- Stocks a news item names; published_at_ms is copied from the item so that per-security
-- pages are read from this index alone.
CREATE TABLE news_item_securities (
    news_id BIGINT NOT NULL REFERENCES news_items (id) ON DELETE CASCADE,
    security_id TEXT NOT NULL,
    published_at_ms BIGINT NOT NULL,
    PRIMARY KEY (news_id, security_id)
);
CREATE INDEX news_item_securities_keyset
    ON news_item_securities (security_id, published_at_ms DESC, news_id DESC);

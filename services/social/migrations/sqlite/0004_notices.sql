-- Notices (issue 28), published by operators. The table of 0001 was never written; it is
-- made again in its final shape. A notice is plain text (line breaks kept; the page shows
-- its links as links), like a post: no markup reaches a page. A withdrawn notice leaves
-- the lists and its page; it can be withdrawn only 7 days after it was published (spec §9:
-- notices stay 7 days or more). The operator of each step is kept.
DROP TABLE notices;

CREATE TABLE notices (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    title TEXT NOT NULL,
    body TEXT NOT NULL,
    published_by TEXT NOT NULL,
    published_at_ms INTEGER NOT NULL,
    withdrawn_by TEXT,
    withdrawn_at_ms INTEGER
);

-- The notices shown, newest first (cursor = last id).
CREATE INDEX notices_shown ON notices (id) WHERE withdrawn_at_ms IS NULL;

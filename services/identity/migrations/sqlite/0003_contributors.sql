-- Contributors of insight articles (issue 28): a role operators grant and revoke on the
-- operators' API. One row per member who was ever made one; a revocation keeps the row
-- (who and when) with `contributor = 0`. Social learns each change from
-- `events.identity.contributor_changed`, published in the transaction of the change.
CREATE TABLE contributors (
    user_id INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    contributor INTEGER NOT NULL,
    bio TEXT NOT NULL DEFAULT '',
    changed_by TEXT NOT NULL,
    changed_at_ms INTEGER NOT NULL
);

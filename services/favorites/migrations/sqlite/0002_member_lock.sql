-- One row per member who has groups: every change of a member's favorites first writes it,
-- so one member's changes run one after another (the group and stock limits, all-or-nothing
-- reorders) on both backends: a row lock on PostgreSQL, the write lock on SQLite.
CREATE TABLE favorite_members (
    user_id INTEGER PRIMARY KEY,
    changed_at_ms INTEGER NOT NULL
);

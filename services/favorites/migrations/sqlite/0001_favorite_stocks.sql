-- Members' favorite groups ("관심그룹") and the stocks in them. `user_id` is identity's
-- user id (another service, so no foreign key). Instants are epoch milliseconds; the same
-- SQL runs through sqlx `Any` on both backends.

-- A member's groups, shown in `position` order; names are 1 to 12 characters.
CREATE TABLE favorite_stock_lists (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL,
    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 12),
    position INTEGER NOT NULL,
    created_at_ms INTEGER NOT NULL,
    updated_at_ms INTEGER NOT NULL
);

CREATE INDEX favorite_stock_lists_user_id ON favorite_stock_lists (user_id, position);

-- The stocks of a group, once each, shown in `position` order; they go with their group.
CREATE TABLE favorite_stocks (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    favorite_stock_list_id INTEGER NOT NULL REFERENCES favorite_stock_lists (id) ON DELETE CASCADE,
    security_id TEXT NOT NULL,
    position INTEGER NOT NULL,
    created_at_ms INTEGER NOT NULL,
    UNIQUE (favorite_stock_list_id, security_id)
);

-- "Which of my groups hold this security" (favorites and existence by security).
CREATE INDEX favorite_stocks_security_id ON favorite_stocks (security_id);

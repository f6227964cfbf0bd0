-- Members, created at sign-up from a Kakao account. Booleans are 0/1 integers and
-- instants epoch milliseconds, so the same SQL runs through sqlx `Any` on both backends.
CREATE TABLE users (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    kakao_id TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    birth_year INTEGER,
    -- 1 male, 2 female, NULL unset.
    gender INTEGER CHECK (gender IN (1, 2)),
    email TEXT,
    avatar_url TEXT,
    open_favorite_stocks INTEGER NOT NULL DEFAULT 1 CHECK (open_favorite_stocks IN (0, 1)),
    is_edited_user_name INTEGER NOT NULL DEFAULT 0 CHECK (is_edited_user_name IN (0, 1)),
    dormant INTEGER NOT NULL DEFAULT 0 CHECK (dormant IN (0, 1)),
    created_at_ms INTEGER NOT NULL,
    updated_at_ms INTEGER NOT NULL
);

-- Login sessions. `token_hash` is the key derived from the bearer token by
-- `store::token_key` (see there for what it holds); the token itself is never logged.
CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at_ms INTEGER NOT NULL,
    expires_at_ms INTEGER NOT NULL
);

CREATE INDEX sessions_user_id ON sessions (user_id);
CREATE INDEX sessions_expires_at_ms ON sessions (expires_at_ms);

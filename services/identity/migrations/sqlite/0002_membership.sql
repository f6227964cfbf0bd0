-- Membership (issue 14): unique nicknames, login and dormancy clocks, sanctions state,
-- photos, consents, dormancy release tokens, throttled failures, barred accounts.

-- The nickname's uniqueness key (NFC-folded, lowercased); NULL once a member has left.
ALTER TABLE users ADD COLUMN nickname_key TEXT;
UPDATE users SET nickname_key = LOWER(name);
CREATE UNIQUE INDEX users_nickname_key ON users (nickname_key);
ALTER TABLE users ADD COLUMN last_login_at_ms INTEGER NOT NULL DEFAULT 0;
-- Set while the member is dormant (replaces the unused `dormant` flag of 0001).
ALTER TABLE users ADD COLUMN dormant_since_ms INTEGER;
-- End of the current suspension (epoch ms), if any.
ALTER TABLE users ADD COLUMN suspended_until_ms INTEGER;
ALTER TABLE users ADD COLUMN terminated_at_ms INTEGER;
ALTER TABLE users ADD COLUMN seceded_at_ms INTEGER;
-- The current photo (`avatars.id`).
ALTER TABLE users ADD COLUMN avatar_id TEXT;
CREATE INDEX users_last_login_at_ms ON users (last_login_at_ms);

-- The idle clock of a session (ASVS V3.3.2): refreshed at most once a minute.
ALTER TABLE sessions ADD COLUMN last_seen_at_ms INTEGER NOT NULL DEFAULT 0;

-- Which agreement, which version of its text, when (spec §3 agreement flags).
CREATE TABLE consents (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    agreement TEXT NOT NULL,
    version TEXT NOT NULL,
    agreed_at_ms INTEGER NOT NULL
);
CREATE INDEX consents_user_id ON consents (user_id);

-- Single-use dormancy release tokens (hashed like sessions), returned by a dormant login.
CREATE TABLE dormancy_releases (
    token_hash TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    expires_at_ms INTEGER NOT NULL
);

-- Failed logins in the last hour, per account (`account:<provider id>`) and per address
-- (`address:<ip>`); older rows are purged.
CREATE TABLE login_failures (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    throttle_key TEXT NOT NULL,
    at_ms INTEGER NOT NULL
);
CREATE INDEX login_failures_key_at ON login_failures (throttle_key, at_ms);

-- Warnings and terminations, with the member's objection (spec §4, §9 terms).
CREATE TABLE sanctions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- 1 warning, 2 termination (proto SanctionKind).
    kind INTEGER NOT NULL CHECK (kind IN (1, 2)),
    reason TEXT NOT NULL,
    operator TEXT NOT NULL,
    created_at_ms INTEGER NOT NULL,
    suspended_until_ms INTEGER,
    terminated INTEGER NOT NULL DEFAULT 0 CHECK (terminated IN (0, 1)),
    objection TEXT,
    objected_at_ms INTEGER
);
CREATE INDEX sanctions_user_id ON sanctions (user_id);

-- Provider accounts that may not sign up again (terminated members).
CREATE TABLE barred_accounts (
    kakao_id TEXT PRIMARY KEY,
    barred_at_ms INTEGER NOT NULL
);

-- Photos, re-encoded, one row per size; in the database so every replica reaches them.
CREATE TABLE avatars (
    id TEXT NOT NULL,
    size INTEGER NOT NULL,
    user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    content_type TEXT NOT NULL,
    image BLOB NOT NULL,
    created_at_ms INTEGER NOT NULL,
    PRIMARY KEY (id, size)
);
CREATE INDEX avatars_user_id ON avatars (user_id);

-- Core community tables. Members are identity's users: `user_id` refers to them across
-- services, so there is no foreign key. Instants are epoch milliseconds, soft deletion
-- sets `deleted_at_ms`; the same SQL runs through sqlx `Any` on both backends.

-- Posts in a security's discussion board. The counters are kept with the rows they count.
CREATE TABLE posts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    security_id TEXT NOT NULL,
    user_id INTEGER NOT NULL,
    content TEXT NOT NULL,
    likes_count INTEGER NOT NULL DEFAULT 0,
    dislikes_count INTEGER NOT NULL DEFAULT 0,
    comments_count INTEGER NOT NULL DEFAULT 0,
    created_at_ms INTEGER NOT NULL,
    deleted_at_ms INTEGER
);

-- Newest first per security (cursor = last id), and a member's own posts.
CREATE INDEX posts_security_id_id ON posts (security_id, id);
CREATE INDEX posts_user_id ON posts (user_id);

-- Comments on a post or an insight article.
CREATE TABLE comments (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    commentable_type TEXT NOT NULL CHECK (commentable_type IN ('post', 'insight_article')),
    commentable_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    content TEXT NOT NULL,
    created_at_ms INTEGER NOT NULL,
    deleted_at_ms INTEGER
);

CREATE INDEX comments_commentable ON comments (commentable_type, commentable_id, id);
CREATE INDEX comments_user_id ON comments (user_id);

-- One like or dislike per member and target; "unlike" deletes the row.
CREATE TABLE reactions (
    user_id INTEGER NOT NULL,
    target_type TEXT NOT NULL CHECK (target_type IN ('post', 'insight_article')),
    target_id INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('LIKE', 'DISLIKE')),
    created_at_ms INTEGER NOT NULL,
    PRIMARY KEY (user_id, target_type, target_id)
);

CREATE INDEX reactions_target ON reactions (target_type, target_id);

-- Reports of a post or comment; free text up to 500 characters (empty unless "other").
CREATE TABLE reports (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL,
    target_type TEXT NOT NULL CHECK (target_type IN ('post', 'comment')),
    target_id INTEGER NOT NULL,
    report_type TEXT NOT NULL,
    content TEXT NOT NULL DEFAULT '' CHECK (length(content) <= 500),
    created_at_ms INTEGER NOT NULL
);

CREATE INDEX reports_target ON reports (target_type, target_id);
CREATE INDEX reports_user_id ON reports (user_id);

-- Service notices, newest first.
CREATE TABLE notices (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    title TEXT NOT NULL,
    content TEXT NOT NULL,
    content_type TEXT NOT NULL CHECK (content_type IN ('HTML', 'CUSTOM')),
    published_at_ms INTEGER NOT NULL
);

CREATE INDEX notices_published_at_ms ON notices (published_at_ms, id);

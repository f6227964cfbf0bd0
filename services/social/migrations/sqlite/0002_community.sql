-- The community (issue 27). The tables of 0001 that no feature wrote (posts, comments,
-- reactions, reports) are made again in their final shape; notices stay. Members are
-- identity's users: `user_id` refers to them across services (no foreign key). Instants
-- are epoch milliseconds, booleans 0/1; soft deletion sets `deleted_at_ms`. Every list is
-- read by keyset over an index whose columns are its filter and then its order
-- (docs/architecture.md, "Social").
DROP TABLE reports;
DROP TABLE reactions;
DROP TABLE comments;
DROP TABLE posts;

-- Who wrote: identity's public face of a member (its profile events) or a sample member
-- (negative ids). The row is also the member's lock: each write of a member updates
-- `last_write_ms` first, so one member's writes run one after another (daily limits and
-- duplicates stay exact).
CREATE TABLE authors (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    avatar_url TEXT NOT NULL DEFAULT '',
    seceded INTEGER NOT NULL DEFAULT 0,
    terminated INTEGER NOT NULL DEFAULT 0,
    sample INTEGER NOT NULL DEFAULT 0,
    -- `changed_at_ms` of the profile kept: an older profile event changes nothing.
    version INTEGER NOT NULL DEFAULT 0,
    last_write_ms INTEGER NOT NULL DEFAULT 0
);

-- A member's writes of one KST day (daily limits), counted in the write's transaction.
CREATE TABLE member_days (
    user_id INTEGER NOT NULL,
    day INTEGER NOT NULL,
    posts INTEGER NOT NULL DEFAULT 0,
    comments INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, day)
);

-- Posts on a security's board. The counters and the stored hot rank (`hot_rank`, the
-- rank of docs/api.md × 10^6) are kept with the row, in the transaction that moves them.
CREATE TABLE posts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    security_id TEXT NOT NULL,
    user_id INTEGER NOT NULL,
    category TEXT NOT NULL CHECK (category IN ('opinion', 'question', 'news')),
    content TEXT NOT NULL,
    likes_count INTEGER NOT NULL DEFAULT 0,
    dislikes_count INTEGER NOT NULL DEFAULT 0,
    comments_count INTEGER NOT NULL DEFAULT 0,
    hot_rank INTEGER NOT NULL,
    sample INTEGER NOT NULL DEFAULT 0,
    hidden_by TEXT CHECK (hidden_by IN ('reports', 'operator', 'author_terminated')),
    hidden_reason TEXT NOT NULL DEFAULT '',
    hidden_at_ms INTEGER,
    objection TEXT,
    objected_at_ms INTEGER,
    created_at_ms INTEGER NOT NULL,
    deleted_at_ms INTEGER,
    -- 'author', or the operator who removed it.
    deleted_by TEXT
);

-- One index per list order: a board's, every board's, a member's own; RECENT and RANK_DESC;
-- with and without a category. Deleted posts are in none.
CREATE INDEX posts_board ON posts (security_id, id) WHERE deleted_at_ms IS NULL;
CREATE INDEX posts_board_category ON posts (security_id, category, id) WHERE deleted_at_ms IS NULL;
CREATE INDEX posts_board_rank ON posts (security_id, hot_rank, id) WHERE deleted_at_ms IS NULL;
CREATE INDEX posts_board_category_rank ON posts (security_id, category, hot_rank, id) WHERE deleted_at_ms IS NULL;
CREATE INDEX posts_all ON posts (id) WHERE deleted_at_ms IS NULL;
CREATE INDEX posts_all_category ON posts (category, id) WHERE deleted_at_ms IS NULL;
CREATE INDEX posts_all_rank ON posts (hot_rank, id) WHERE deleted_at_ms IS NULL;
CREATE INDEX posts_all_category_rank ON posts (category, hot_rank, id) WHERE deleted_at_ms IS NULL;
CREATE INDEX posts_mine ON posts (user_id, id) WHERE deleted_at_ms IS NULL;
CREATE INDEX posts_mine_board ON posts (user_id, security_id, id) WHERE deleted_at_ms IS NULL;
CREATE INDEX posts_mine_rank ON posts (user_id, hot_rank, id) WHERE deleted_at_ms IS NULL;
CREATE INDEX posts_mine_board_rank ON posts (user_id, security_id, hot_rank, id) WHERE deleted_at_ms IS NULL;

-- A post's pictures, in order; the renditions are shared by id (content-addressed).
CREATE TABLE post_images (
    post_id INTEGER NOT NULL,
    position INTEGER NOT NULL,
    image_id TEXT NOT NULL,
    width INTEGER NOT NULL,
    height INTEGER NOT NULL,
    PRIMARY KEY (post_id, position)
);

CREATE INDEX post_images_image ON post_images (image_id);

-- Each stored size of a picture: a JPEG within `size` × `size`.
CREATE TABLE image_renditions (
    image_id TEXT NOT NULL,
    size INTEGER NOT NULL,
    width INTEGER NOT NULL,
    height INTEGER NOT NULL,
    data BLOB NOT NULL,
    PRIMARY KEY (image_id, size)
);

-- Comments on a post (or an insight article), and replies one level deep (`parent_id`).
-- `security_id` is the post's board; `replies_count` counts live replies, so a deleted
-- comment stays (as 삭제된 댓글입니다) only while it has some.
CREATE TABLE comments (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    commentable_type TEXT NOT NULL CHECK (commentable_type IN ('post', 'insight_article')),
    commentable_id INTEGER NOT NULL,
    parent_id INTEGER,
    security_id TEXT NOT NULL DEFAULT '',
    user_id INTEGER NOT NULL,
    content TEXT NOT NULL,
    replies_count INTEGER NOT NULL DEFAULT 0,
    sample INTEGER NOT NULL DEFAULT 0,
    hidden_by TEXT CHECK (hidden_by IN ('reports', 'operator', 'author_terminated')),
    hidden_reason TEXT NOT NULL DEFAULT '',
    hidden_at_ms INTEGER,
    objection TEXT,
    objected_at_ms INTEGER,
    created_at_ms INTEGER NOT NULL,
    deleted_at_ms INTEGER,
    deleted_by TEXT
);

CREATE INDEX comments_top ON comments (commentable_type, commentable_id, id) WHERE parent_id IS NULL;
CREATE INDEX comments_replies ON comments (parent_id, id) WHERE parent_id IS NOT NULL;
CREATE INDEX comments_mine ON comments (user_id, id) WHERE deleted_at_ms IS NULL;

-- One like or dislike per member and target; unlike deletes the row. `created_at_ms` is
-- when the current reaction was made (the liked users list, latest first).
CREATE TABLE reactions (
    user_id INTEGER NOT NULL,
    target_type TEXT NOT NULL CHECK (target_type IN ('post', 'insight_article')),
    target_id INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('LIKE', 'DISLIKE')),
    created_at_ms INTEGER NOT NULL,
    PRIMARY KEY (user_id, target_type, target_id)
);

CREATE INDEX reactions_likes ON reactions (target_type, target_id, created_at_ms, user_id) WHERE kind = 'LIKE';

-- Reports of a post or comment (spec §5 reasons), one per member and target; free text up
-- to 500 characters, only with 'other'.
CREATE TABLE reports (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL,
    target_type TEXT NOT NULL CHECK (target_type IN ('post', 'comment')),
    target_id INTEGER NOT NULL,
    report_type TEXT NOT NULL CHECK (report_type IN ('commercial', 'illegal', 'obscene', 'abuse', 'privacy', 'repeated', 'other')),
    content TEXT NOT NULL DEFAULT '' CHECK (length(content) <= 500),
    created_at_ms INTEGER NOT NULL,
    UNIQUE (user_id, target_type, target_id)
);

CREATE INDEX reports_target ON reports (target_type, target_id, id);

-- The operators' cases: one per reported, objected or moderated target. `reporters` counts
-- the distinct reporters since the last decision; an open case is in the queue.
CREATE TABLE cases (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    target_type TEXT NOT NULL CHECK (target_type IN ('post', 'comment')),
    target_id INTEGER NOT NULL,
    reporters INTEGER NOT NULL DEFAULT 0,
    open INTEGER NOT NULL DEFAULT 0,
    decision TEXT CHECK (decision IN ('hide', 'restore', 'remove')),
    decision_reason TEXT NOT NULL DEFAULT '',
    decided_by TEXT NOT NULL DEFAULT '',
    decided_at_ms INTEGER NOT NULL DEFAULT 0,
    updated_at_ms INTEGER NOT NULL,
    UNIQUE (target_type, target_id)
);

CREATE INDEX cases_queue ON cases (reporters DESC, id) WHERE open = 1;

-- Facts the service keeps about itself (the sample boards seeded once).
CREATE TABLE social_meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

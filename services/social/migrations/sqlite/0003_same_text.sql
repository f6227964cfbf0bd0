-- The duplicate rule (the same text again within the window) reads one index entry instead
-- of the member's latest texts: `content_hash` is the first 8 bytes of the SHA-256 of the
-- stored text, as a signed integer, written with every member's post and comment (0 on the
-- sample boards and on rows from before).
ALTER TABLE posts ADD COLUMN content_hash BIGINT NOT NULL DEFAULT 0;
ALTER TABLE comments ADD COLUMN content_hash BIGINT NOT NULL DEFAULT 0;
CREATE INDEX posts_same_text ON posts (user_id, content_hash, created_at_ms) WHERE deleted_at_ms IS NULL;
CREATE INDEX comments_same_text ON comments (user_id, content_hash, created_at_ms) WHERE deleted_at_ms IS NULL;

-- Every board's newest posts read the primary key backwards (deleted posts are few); one
-- index fewer for every new post to write.
DROP INDEX posts_all;

-- Customer support (issue 28): a member's messages to the operators and their answers.
-- Plain text (line breaks kept), like a post. A seceded member's messages go with them
-- (they are personal, and nobody is left to read the answer).
CREATE TABLE support_messages (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL,
    category TEXT NOT NULL,
    body TEXT NOT NULL,
    sent_at_ms INTEGER NOT NULL,
    answer TEXT,
    answered_by TEXT,
    answered_at_ms INTEGER
);

-- A member's own, newest first (cursor = last id).
CREATE INDEX support_messages_mine ON support_messages (user_id, id);
-- The operators' queue: the unanswered ones, oldest first.
CREATE INDEX support_messages_unanswered ON support_messages (id) WHERE answered_at_ms IS NULL;

-- Messages sent per member and KST day (the daily limit, counted under the row's lock).
CREATE TABLE support_days (
    user_id INTEGER NOT NULL,
    day INTEGER NOT NULL,
    sent INTEGER NOT NULL,
    PRIMARY KEY (user_id, day)
);

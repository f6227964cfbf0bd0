-- Insight articles and their contributors (issue 28). Numbered 0007 so that the other
-- branches' 0005 and 0006 (support, topics) come first wherever they merge.

-- Contributors as social knows them: identity's role (`events.identity.contributor_changed`,
-- the newest `version` = changed_at_ms kept) or a sample contributor of the embedded
-- default (negative ids, `sample`). Names and photos are the `authors` rows'.
CREATE TABLE contributors (
    id INTEGER PRIMARY KEY,
    active INTEGER NOT NULL,
    bio TEXT NOT NULL DEFAULT '',
    sample INTEGER NOT NULL DEFAULT 0,
    version INTEGER NOT NULL DEFAULT 0,
    -- Shown articles, kept with publish and withdraw.
    articles_count INTEGER NOT NULL DEFAULT 0
);

-- An article: cleaned HTML or CUSTOM blocks (JSON), as pages show it; `search_title`
-- and `search_text` are the folded forms the search reads. The counters move in the
-- transaction of the reaction or comment, under the article's row lock, as a post's.
-- A withdrawn article leaves every list and its page; its comments stay.
CREATE TABLE insight_articles (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    contributor_id INTEGER NOT NULL,
    title TEXT NOT NULL,
    summary TEXT NOT NULL,
    content_type TEXT NOT NULL CHECK (content_type IN ('HTML', 'CUSTOM')),
    content TEXT NOT NULL,
    -- Comma-joined, as published (the lists by security read insight_article_securities).
    security_ids TEXT NOT NULL DEFAULT '',
    featured INTEGER NOT NULL DEFAULT 0,
    search_title TEXT NOT NULL,
    search_text TEXT NOT NULL,
    likes_count INTEGER NOT NULL DEFAULT 0,
    dislikes_count INTEGER NOT NULL DEFAULT 0,
    comments_count INTEGER NOT NULL DEFAULT 0,
    sample INTEGER NOT NULL DEFAULT 0,
    published_by TEXT NOT NULL,
    published_at_ms INTEGER NOT NULL,
    withdrawn_by TEXT,
    withdrawn_at_ms INTEGER
);

-- Newest first (cursor = last id): every shown article, the featured ones, a contributor's.
CREATE INDEX insight_articles_shown ON insight_articles (id) WHERE withdrawn_at_ms IS NULL;
CREATE INDEX insight_articles_featured ON insight_articles (id) WHERE withdrawn_at_ms IS NULL AND featured = 1;
CREATE INDEX insight_articles_contributor ON insight_articles (contributor_id, id) WHERE withdrawn_at_ms IS NULL;

-- The shown articles about each security (rows go with the withdrawal), newest first.
CREATE TABLE insight_article_securities (
    security_id TEXT NOT NULL,
    article_id INTEGER NOT NULL,
    PRIMARY KEY (security_id, article_id)
);

-- The service's daily market recap (issue 28; services/social/src/recap.rs).

-- A contributor that is the service itself, no person behind it: its articles are labelled
-- 자동 작성. Identity's members have positive ids and the sample contributors -101 and
-- -102, the sample members -1 to -5; -1000 is reserved for the recap writer (시세 마켓봇).
ALTER TABLE contributors ADD COLUMN automated BIGINT NOT NULL DEFAULT 0;
INSERT INTO authors (id, name) VALUES (-1000, '시세 마켓봇');
INSERT INTO contributors (id, active, bio, automated) VALUES (
    -1000, 1,
    '장이 끝나면 그날의 모의 시세, 공시와 뉴스, 종목 토론 데이터로 시장 마감 리뷰를 자동으로 작성합니다. 사람이 쓰지 않은 글이며 투자 권유가 아닙니다.',
    1
);

-- One recap per KRX trading date (YYYY-MM-DD): claimed in the transaction that publishes
-- the article, so two replicas or a restart never write the same day twice.
CREATE TABLE market_recaps (
    trading_date TEXT PRIMARY KEY,
    article_id BIGINT NOT NULL,
    written_at_ms BIGINT NOT NULL
);

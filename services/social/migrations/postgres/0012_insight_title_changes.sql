-- The insight title index's generation (store/insight_index.rs): a counter raised in the
-- transaction of every publish and withdrawal, so that each committed set of shown
-- articles has a number of its own (the shown count and the newest id could repeat on
-- PostgreSQL, where an article with a lower id can commit after a withdrawal).
CREATE TABLE insight_title_changes (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    changes BIGINT NOT NULL
);

INSERT INTO insight_title_changes (id, changes) VALUES (1, 0);

-- A counter every change of the member's favorites moves (with the lock row): the service
-- keeps the member's groups in memory and trusts them while the counter has not moved, on
-- any replica.
ALTER TABLE favorite_members ADD COLUMN version BIGINT NOT NULL DEFAULT 0;

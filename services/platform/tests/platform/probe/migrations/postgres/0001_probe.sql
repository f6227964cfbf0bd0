-- The probe service's one table: a business row for outbox tests.
CREATE TABLE probe_rows (name TEXT PRIMARY KEY);

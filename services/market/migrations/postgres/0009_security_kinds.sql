-- ETFs are securities too (data/etf_facts.csv). Their trading activity is measured on
-- their real candles (no market cap ranks it), so it is stored with them (0 for a stock).
ALTER TABLE securities ADD COLUMN kind TEXT NOT NULL DEFAULT 'stock';
ALTER TABLE securities ADD COLUMN daily_sigma DOUBLE PRECISION NOT NULL DEFAULT 0;
ALTER TABLE securities ADD COLUMN value_per_day DOUBLE PRECISION NOT NULL DEFAULT 0;

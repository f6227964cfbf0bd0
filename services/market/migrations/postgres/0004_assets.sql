-- Daily history of indexes and forex pairs (see docs/architecture.md, "Market data:
-- indexes, FX and assets"). `source`: 'real' (a bundled file), 'derived' (computed from
-- real data), 'sample' (seeded sample series), 'generated' (continuation up to the
-- present, written at start), 'simulated' (days the running service simulated).
-- Dates are 'YYYY-MM-DD'; levels in points, forex base rates in won per unit.
CREATE TABLE asset_day_candles (
    asset_id TEXT NOT NULL,
    date TEXT NOT NULL,
    open DOUBLE PRECISION NOT NULL,
    high DOUBLE PRECISION NOT NULL,
    low DOUBLE PRECISION NOT NULL,
    close DOUBLE PRECISION NOT NULL,
    volume BIGINT NOT NULL,
    trading_value DOUBLE PRECISION NOT NULL,
    source TEXT NOT NULL,
    PRIMARY KEY (asset_id, date)
);

-- Daily candles of stocks: real KRX history from the bundled dataset ('krx'), deterministic
-- sample history where the dataset has none ('generated'), and the simulator's closed days
-- ('simulated'). Dates are KST trading dates 'YYYY-MM-DD'; prices and values in won.
CREATE TABLE day_candles (
    security_id TEXT NOT NULL,
    date TEXT NOT NULL,
    open BIGINT NOT NULL,
    high BIGINT NOT NULL,
    low BIGINT NOT NULL,
    close BIGINT NOT NULL,
    volume BIGINT NOT NULL,
    trading_value BIGINT NOT NULL,
    source TEXT NOT NULL,
    PRIMARY KEY (security_id, date)
);

-- Around the pages (issue 29): the maintenance switch, operators' promotions (driverEvent)
-- and the analytics events behind the operators' daily report.

-- One row at most (id 1), written by operators; no row: never switched on.
CREATE TABLE site_maintenance (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    is_on INTEGER NOT NULL,
    message TEXT NOT NULL,
    redirect_url TEXT NOT NULL,
    changed_by TEXT NOT NULL,
    changed_at_ms INTEGER NOT NULL
);

-- A time-limited promotion; a new one ends the one running (ended_at_ms).
CREATE TABLE promotions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    title TEXT NOT NULL,
    body TEXT NOT NULL,
    link_url TEXT NOT NULL,
    starts_at_ms INTEGER NOT NULL,
    ends_at_ms INTEGER NOT NULL,
    created_by TEXT NOT NULL,
    created_at_ms INTEGER NOT NULL,
    ended_at_ms INTEGER,
    ended_by TEXT
);
-- The one running: not ended, newest first.
CREATE INDEX promotions_running ON promotions (id) WHERE ended_at_ms IS NULL;

-- Analytics events as the consumer of events.analytics.recorded stored them (a redelivered
-- batch changes nothing: the key is the device's event id). `day` is the KST day of
-- arrival (days since 1970-01-01); rows older than services.social.analytics.keep_days go.
CREATE TABLE analytics_events (
    device_id TEXT NOT NULL,
    event_id TEXT NOT NULL,
    day INTEGER NOT NULL,
    user_id INTEGER,
    session_id TEXT NOT NULL,
    app_type TEXT NOT NULL,
    name TEXT NOT NULL,
    screen TEXT NOT NULL,
    time_ms INTEGER NOT NULL,
    received_at_ms INTEGER NOT NULL,
    PRIMARY KEY (device_id, event_id)
);
-- The report of a day (counts by name and screen) and the retention's deletes.
CREATE INDEX analytics_events_day ON analytics_events (day, name, screen);

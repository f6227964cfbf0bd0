-- Searches per asset and hour (docs/architecture.md, "Search"): the popular searches and the
-- search half of the issue keywords. Only searches that found an asset count, under that
-- asset's name, so no typed text (typos, personal data, abuse) is ever shown back.
CREATE TABLE asset_searches (
    asset_id TEXT NOT NULL,
    -- Hours since the Unix epoch.
    hour BIGINT NOT NULL,
    searches BIGINT NOT NULL,
    PRIMARY KEY (asset_id, hour)
);
CREATE INDEX asset_searches_by_hour ON asset_searches (hour);

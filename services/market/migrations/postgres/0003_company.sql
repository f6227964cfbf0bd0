-- Company profiles of the listed securities: KIND industry, main products, listing date,
-- fiscal month, region and homepage, and the WICS sector and industry group, from
-- krx_stock_master_derived.csv (see data/SOURCES.md). Seeded with the dataset; the
-- `dataset_meta` key `companies` records which version.
CREATE TABLE companies (
    security_id TEXT PRIMARY KEY,
    industry TEXT,
    main_products TEXT,
    listing_date TEXT,
    fiscal_month BIGINT,
    homepage TEXT,
    region TEXT,
    wics_sector TEXT,
    wics_industry_group TEXT
);

CREATE INDEX companies_by_industry_group ON companies (wics_industry_group);

//! Storage of the company data: the `companies` table (profiles seeded from the dataset,
//! migration `0003_company.sql`) in [`CompanyStore`], and [`DayHistory`],
//! the day candles the investor and trader generators follow (stored days from the
//! `day_candles` table, plus today's live candle and the newest close still on its way to
//! the database, as the day-candle API shows them).

use std::collections::BTreeMap;
use std::sync::Arc;

use anyhow::Context;
use chrono::NaiveDate;
use sise_platform::db::Database;
use sqlx::Row;

use super::profile::{COMPANY_DATASET_VERSION, CompanyProfile};
use crate::charts::{Candle, ChartStore, IntradayBook};
use crate::domain::SecurityId;
use crate::store;

/// `dataset_meta` key of the seeded company version.
const META_KEY: &str = "companies";

#[derive(Clone, Debug)]
pub struct CompanyStore {
    db: Database,
}

impl CompanyStore {
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    /// Replace the company profiles unless this version is already seeded. Returns whether
    /// it seeded.
    pub async fn seed_companies(&self, profiles: &[CompanyProfile]) -> anyhow::Result<bool> {
        let Some(mut tx) = store::reseed(&self.db, META_KEY, COMPANY_DATASET_VERSION).await? else {
            return Ok(false);
        };
        sqlx::query("DELETE FROM companies")
            .execute(&mut *tx)
            .await?;
        for p in profiles {
            sqlx::query(
                "INSERT INTO companies (security_id, industry, main_products, listing_date, \
                 fiscal_month, homepage, region, wics_sector, wics_industry_group) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
            )
            .bind(p.security_id.as_str())
            .bind(p.industry.as_deref())
            .bind(p.main_products.as_deref())
            .bind(p.listing_date.map(|d| d.to_string()))
            .bind(p.fiscal_month.map(i64::from))
            .bind(p.homepage.as_deref())
            .bind(p.region.as_deref())
            .bind(p.wics_sector.as_deref())
            .bind(p.wics_industry_group.as_deref())
            .execute(&mut *tx)
            .await
            .with_context(|| format!("failed to seed company {}", p.security_id))?;
        }
        tx.finish().await?;
        Ok(true)
    }

    /// Every company profile, ordered by security id.
    pub async fn companies(&self) -> anyhow::Result<Vec<CompanyProfile>> {
        let rows = sqlx::query(
            "SELECT security_id, industry, main_products, listing_date, fiscal_month, \
             homepage, region, wics_sector, wics_industry_group FROM companies \
             ORDER BY security_id",
        )
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter()
            .map(|row| {
                let id: String = row.try_get("security_id")?;
                let listing_date: Option<String> = row.try_get("listing_date")?;
                let fiscal_month: Option<i64> = row.try_get("fiscal_month")?;
                Ok(CompanyProfile {
                    security_id: SecurityId::parse(&id)
                        .map_err(|e| anyhow::anyhow!("stored id {id}: {e}"))?,
                    industry: row.try_get("industry")?,
                    main_products: row.try_get("main_products")?,
                    listing_date: listing_date
                        .map(|d| NaiveDate::parse_from_str(&d, "%Y-%m-%d"))
                        .transpose()
                        .with_context(|| format!("stored listing date of {id}"))?,
                    fiscal_month: fiscal_month
                        .map(u32::try_from)
                        .transpose()
                        .with_context(|| format!("stored fiscal month of {id}"))?,
                    homepage: row.try_get("homepage")?,
                    region: row.try_get("region")?,
                    wics_sector: row.try_get("wics_sector")?,
                    wics_industry_group: row.try_get("wics_industry_group")?,
                })
            })
            .collect()
    }
}

/// The day candles of a stock as the day-candle API shows them.
#[derive(Clone)]
pub struct DayHistory {
    store: ChartStore,
    book: Arc<IntradayBook>,
}

impl DayHistory {
    pub fn new(store: ChartStore, book: Arc<IntradayBook>) -> Self {
        Self { store, book }
    }

    /// Up to `limit` candles dated `to` or earlier, newest first: the live ones (today's,
    /// and the newest close not yet stored) win over stored rows of the same date.
    pub async fn page(
        &self,
        security_id: &str,
        to: Option<NaiveDate>,
        limit: i64,
    ) -> anyhow::Result<Vec<Candle>> {
        let stored = self.store.page(security_id, to, limit).await?;
        Ok(merge(stored, self.book.recent(security_id), to, limit))
    }
}

fn merge(
    stored: Vec<Candle>,
    recent: Vec<Candle>,
    to: Option<NaiveDate>,
    limit: i64,
) -> Vec<Candle> {
    let mut by_date: BTreeMap<NaiveDate, Candle> =
        stored.into_iter().map(|c| (c.date, c)).collect();
    for candle in recent {
        if to.is_none_or(|to| candle.date <= to) {
            by_date.insert(candle.date, candle);
        }
    }
    by_date
        .into_values()
        .rev()
        .take(usize::try_from(limit).unwrap_or(0))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::charts::Source;
    use crate::simulator::{KST, Mode};
    use crate::store::MIGRATIONS;
    use chrono::TimeZone;
    use sise_platform::db::testing::TestDatabase;

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).expect("date")
    }

    fn candle(date: NaiveDate, close: i64, volume: i64) -> Candle {
        Candle {
            date,
            open: close,
            high: close,
            low: close,
            close,
            volume,
            trading_value: close * volume,
        }
    }

    fn profile(code: &str, group: Option<&str>) -> CompanyProfile {
        CompanyProfile {
            security_id: SecurityId::from_code(code).expect("code"),
            industry: Some("반도체 제조업".into()),
            main_products: group.map(|_| "반도체".into()),
            listing_date: Some(date(1975, 6, 11)),
            fiscal_month: Some(12),
            homepage: None,
            region: Some("경기도".into()),
            wics_sector: group.map(|_| "IT".into()),
            wics_industry_group: group.map(str::to_owned),
        }
    }

    sise_platform::per_backend! {
        async fn seeds_companies_once_and_pages_day_history_on_every_backend(backend) {
            let test_db = TestDatabase::create(backend, "market").await.expect("db");
            let db = Database::connect(&test_db.url, &MIGRATIONS)
                .await
                .expect("connect");
            let store = CompanyStore::new(db.clone());
            let profiles = vec![
                profile("005930", Some("반도체와반도체장비")),
                profile("005935", None),
            ];
            assert!(store.seed_companies(&profiles).await.expect("seed"));
            assert!(!store.seed_companies(&profiles).await.expect("reseed"));
            let loaded = store.companies().await.expect("load");
            assert_eq!(loaded.len(), 2);
            assert_eq!(loaded, profiles, "round trip, ordered by id on {backend:?}");
            // A different version replaces the rows.
            sqlx::query("UPDATE dataset_meta SET value = 'old' WHERE key = 'companies'")
                .execute(db.writer())
                .await
                .expect("age");
            assert!(store.seed_companies(&profiles[..1]).await.expect("reseed"));
            assert_eq!(store.companies().await.expect("load").len(), 1);

            // Day history: stored rows, and the live candles of the book.
            let charts = ChartStore::new(db.clone());
            let id = "KOREA-A005930".to_owned();
            let stored: Vec<(Candle, Source)> = [
                (date(2026, 6, 11), 100),
                (date(2026, 6, 12), 110),
                (date(2026, 6, 15), 120),
            ]
            .into_iter()
            .map(|(d, c)| (candle(d, c, 1_000), Source::Krx))
            .collect();
            charts
                .insert(&[(id.clone(), stored)])
                .await
                .expect("insert");
            let start = KST
                .with_ymd_and_hms(2026, 6, 16, 9, 0, 0)
                .single()
                .expect("start");
            let book = Arc::new(IntradayBook::new(vec![id.clone()], Mode::Krx, start));
            let history = DayHistory::new(charts, book);
            let page = history.page(&id, None, 2).await.expect("page");
            let dates: Vec<NaiveDate> = page.iter().map(|c| c.date).collect();
            assert_eq!(dates, vec![date(2026, 6, 15), date(2026, 6, 12)]);
            let page = history
                .page(&id, Some(date(2026, 6, 11)), 5)
                .await
                .expect("page");
            assert_eq!(page, vec![candle(date(2026, 6, 11), 100, 1_000)]);
            assert!(
                history
                    .page("KOREA-A000660", None, 5)
                    .await
                    .expect("page")
                    .is_empty()
            );

            db.close().await;
            test_db.cleanup().await.expect("cleanup");
        }
    }

    #[test]
    fn live_candles_win_and_respect_the_bound() {
        let stored = vec![
            candle(date(2026, 6, 15), 120, 1),
            candle(date(2026, 6, 12), 110, 1),
        ];
        let recent = vec![
            candle(date(2026, 6, 16), 130, 5),
            candle(date(2026, 6, 15), 121, 2),
        ];
        let merged = merge(stored.clone(), recent.clone(), None, 10);
        assert_eq!(
            merged,
            vec![recent[0], recent[1], stored[1]],
            "newest first, live wins"
        );
        let merged = merge(stored.clone(), recent.clone(), Some(date(2026, 6, 15)), 1);
        assert_eq!(merged, vec![recent[1]]);
        assert!(merge(stored, recent, None, 0).is_empty());
    }
}

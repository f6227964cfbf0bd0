//! How popular each indexed asset is, the ranking's tie-breaker inside a tier: refreshed
//! every few seconds from the feed's trading values and the last two days' page views.
//!
//! A stock scores `ln(1 + market cap) + ln(1 + trading value) + 2 ln(1 + views)`: the
//! market cap (at the listing's last close) keeps the order sensible before the day's
//! first trade and view; the view term counts double because a view is a person looking,
//! while value is dominated by a few large caps. The
//! indexes come before every stock and the forex pairs after the indexes: they are what a
//! person typing `코스` or `달러` most likely wants, and they have no trading value of
//! their own.

use std::collections::HashMap;
use std::sync::{Arc, RwLock};
use std::time::Duration;

use chrono::{Days, NaiveDate};
use tokio_util::sync::CancellationToken;

use super::index::{AssetIndex, Kind};
use crate::feed::QuoteBoard;
use crate::securities::SecurityStore;
use crate::simulator::now_kst;

const REFRESH: Duration = Duration::from_secs(10);
const INDEX_SCORE: f64 = 1e6;
const FOREX_SCORE: f64 = 1e6 - 1.0;

/// The scores by position in the index, shared with the searches that read them.
#[derive(Clone, Default)]
pub struct Popularity(Arc<RwLock<Arc<Vec<f64>>>>);

impl Popularity {
    /// The scores as of the last refresh.
    pub fn scores(&self) -> Arc<Vec<f64>> {
        self.0.read().map(|held| held.clone()).unwrap_or_default()
    }

    fn set(&self, scores: Vec<f64>) {
        if let Ok(mut held) = self.0.write() {
            *held = Arc::new(scores);
        }
    }

    /// Compute the scores once from `caps`, `trading_values` and `views` (by asset id).
    pub fn refresh(
        &self,
        index: &AssetIndex,
        caps: &HashMap<String, f64>,
        trading_values: &HashMap<String, f64>,
        views: &HashMap<String, i64>,
    ) {
        let scores = index
            .docs()
            .iter()
            .map(|doc| match doc.kind {
                Kind::Index => INDEX_SCORE,
                Kind::Forex => FOREX_SCORE,
                Kind::Stock => {
                    let cap = caps.get(&doc.asset_id).copied().unwrap_or(0.0);
                    let value = trading_values.get(&doc.asset_id).copied().unwrap_or(0.0);
                    let views = views.get(&doc.asset_id).copied().unwrap_or(0) as f64;
                    cap.max(0.0).ln_1p() + value.max(0.0).ln_1p() + 2.0 * views.max(0.0).ln_1p()
                }
            })
            .collect();
        self.set(scores);
    }

    /// Refresh every few seconds until `cancel`.
    pub async fn run(
        self,
        index: Arc<AssetIndex>,
        caps: HashMap<String, f64>,
        board: Arc<QuoteBoard>,
        store: SecurityStore,
        cancel: CancellationToken,
    ) {
        loop {
            let values = board
                .quotes()
                .into_iter()
                .map(|quote| (quote.security_id, quote.trading_value))
                .collect();
            let since = views_since(now_kst().date_naive());
            let views = match store.views_since(since).await {
                Ok(views) => views.into_iter().collect(),
                Err(error) => {
                    tracing::warn!(%error, "search popularity: page views unavailable");
                    HashMap::new()
                }
            };
            self.refresh(&index, &caps, &values, &views);
            tokio::select! {
                () = tokio::time::sleep(REFRESH) => {}
                () = cancel.cancelled() => return,
            }
        }
    }
}

/// Yesterday and today (KST): a morning's ranking is not empty.
fn views_since(today: NaiveDate) -> NaiveDate {
    today.checked_sub_days(Days::new(1)).unwrap_or(today)
}

/// Each stock's market cap at the listing's last close, by security id.
pub fn market_caps(securities: &[crate::dataset::ListedStock]) -> HashMap<String, f64> {
    securities
        .iter()
        .map(|stock| {
            let cap = stock.shares_outstanding as f64 * stock.last_close as f64;
            (stock.security_id.as_str().to_owned(), cap)
        })
        .collect()
}

//! The keyword lists of the empty search page, computed from what happened, never fixed:
//! - popular: the assets searched most in the last day (a search counts for the asset it
//!   found, see `store`), named as listed;
//! - issue: the assets rising in news and searches: mentions (news items naming the asset
//!   plus searches finding it) in the last day against the daily average of the six days
//!   before, `score = ln(1 + recent) × (recent + 1) / (daily average + 1)`, so a name that
//!   is suddenly everywhere outranks one that always is.

use std::collections::HashMap;

use super::index::AssetIndex;
use super::store::SearchStore;
use crate::articles::store::ArticleStore;

const HOUR_MS: i64 = 3_600_000;
const DAY_HOURS: i64 = 24;
/// Days of the baseline the last day is compared with.
const BASELINE_DAYS: i64 = 6;
/// Most keywords kept per list (the calls take up to 50).
const KEPT: usize = 50;

#[derive(Clone, Debug, PartialEq)]
pub struct Keyword {
    pub keyword: String,
    pub score: f64,
}

#[derive(Clone, Debug, Default)]
pub struct Lists {
    pub issue: Vec<Keyword>,
    pub popular: Vec<Keyword>,
}

pub async fn compute(
    index: &AssetIndex,
    searches: &SearchStore,
    articles: &ArticleStore,
    now_ms: i64,
) -> anyhow::Result<Lists> {
    let hour = now_ms.div_euclid(HOUR_MS) + 1;
    let day_start = hour - DAY_HOURS;
    let baseline_start = day_start - BASELINE_DAYS * DAY_HOURS;
    let searched = searches.counts(day_start, hour).await?;
    let searched_before = searches.counts(baseline_start, day_start).await?;
    let named = articles
        .tagged_counts(day_start * HOUR_MS, hour * HOUR_MS)
        .await?;
    let named_before = articles
        .tagged_counts(baseline_start * HOUR_MS, day_start * HOUR_MS)
        .await?;

    let popular = searched
        .iter()
        .filter_map(|(asset_id, count)| {
            Some(Keyword {
                keyword: name(index, asset_id)?,
                score: *count as f64,
            })
        })
        .take(KEPT)
        .collect();

    let mut recent: HashMap<&str, i64> = HashMap::new();
    for (asset_id, count) in searched.iter().chain(&named) {
        *recent.entry(asset_id.as_str()).or_default() += count;
    }
    let mut before: HashMap<&str, i64> = HashMap::new();
    for (asset_id, count) in searched_before.iter().chain(&named_before) {
        *before.entry(asset_id.as_str()).or_default() += count;
    }
    let mut issue: Vec<Keyword> = recent
        .into_iter()
        .filter_map(|(asset_id, count)| {
            let average = before.get(asset_id).copied().unwrap_or(0) as f64 / BASELINE_DAYS as f64;
            let count = count as f64;
            Some(Keyword {
                keyword: name(index, asset_id)?,
                score: count.ln_1p() * (count + 1.0) / (average + 1.0),
            })
        })
        .collect();
    issue.sort_by(|a, b| {
        b.score
            .total_cmp(&a.score)
            .then_with(|| a.keyword.cmp(&b.keyword))
    });
    issue.truncate(KEPT);
    Ok(Lists { issue, popular })
}

fn name(index: &AssetIndex, asset_id: &str) -> Option<String> {
    index.find(asset_id).map(|hit| index.doc(hit).name.clone())
}

//! Contest rules that need no database: a contest's state by time, an entry's return, the
//! ranking; and the prices they take from market (the simulator's quotes, daily closes).

use std::collections::HashMap;

use sise_proto::market::v1::chart_service_client::ChartServiceClient;
use sise_proto::market::v1::market_service_client::MarketServiceClient;
use sise_proto::market::v1::{GetDayCandlesRequest, GetQuotesRequest, GetSecurityRequest};
use sise_proto::social::v1 as pb;
use tonic::Status;
use tonic::transport::Channel;

use crate::store::contests::{ContestRow, EntryRow, PickRow};

/// Stocks an entry picks, at most.
pub const MAX_PICKS: usize = 5;
/// Entries a contest takes (bounds the ranking's work: its quotes and its sort).
pub const MAX_ENTRIES: i64 = 1_000;
/// Ids market answers in one `GetQuotes`.
const QUOTES_PER_CALL: usize = 200;
/// Days of a ranker's history, at most (a contest lasts up to 90 days).
pub const MAX_HISTORY_DAYS: i64 = 100;

/// Upcoming before its start, running until its end (exclusive), ended afterwards.
pub fn state(contest: &ContestRow, now: i64) -> pb::ContestState {
    if now < contest.starts_at_ms {
        pb::ContestState::Upcoming
    } else if now < contest.ends_at_ms {
        pb::ContestState::Running
    } else {
        pb::ContestState::Ended
    }
}

/// An entry with its place in the ranking.
#[derive(Clone, Debug, PartialEq)]
pub struct Ranked {
    pub entry: EntryRow,
    /// 1 = best.
    pub rank: i64,
    pub return_rate: f64,
    /// Each pick's price now (or at the end), in pick order.
    pub prices: Vec<f64>,
}

/// A pick's return at `price` (0 when the entry price is not positive).
pub fn pick_return(entry_price: f64, price: f64) -> f64 {
    if entry_price > 0.0 {
        price / entry_price - 1.0
    } else {
        0.0
    }
}

/// The entries ranked: the equal-weighted mean return of each one's picks at `price`
/// (best first), ties by earlier entry.
pub fn rank(entries: Vec<EntryRow>, price: impl Fn(&PickRow) -> f64) -> Vec<Ranked> {
    let mut ranked: Vec<Ranked> = entries
        .into_iter()
        .map(|entry| {
            let prices: Vec<f64> = entry.picks.iter().map(&price).collect();
            let sum: f64 = entry
                .picks
                .iter()
                .zip(&prices)
                .map(|(pick, p)| pick_return(pick.entry_price, *p))
                .sum();
            let return_rate = if prices.is_empty() {
                0.0
            } else {
                sum / prices.len() as f64
            };
            Ranked {
                entry,
                rank: 0,
                return_rate,
                prices,
            }
        })
        .collect();
    ranked.sort_by(|a, b| {
        b.return_rate
            .total_cmp(&a.return_rate)
            .then(a.entry.entered_at_ms.cmp(&b.entry.entered_at_ms))
            .then(a.entry.id.cmp(&b.entry.id))
    });
    for (i, r) in ranked.iter_mut().enumerate() {
        r.rank = i as i64 + 1;
    }
    ranked
}

impl Ranked {
    pub fn proto(&self) -> pb::Ranker {
        pb::Ranker {
            id: self.entry.id,
            contest_id: self.entry.contest_id,
            user_id: self.entry.user_id,
            nickname: self.entry.nickname.clone(),
            entered_at_ms: self.entry.entered_at_ms,
            rank: self.rank,
            return_rate: self.return_rate,
            picks: self
                .entry
                .picks
                .iter()
                .zip(&self.prices)
                .map(|(pick, price)| pb::Pick {
                    security_id: pick.security_id.clone(),
                    name: pick.name.clone(),
                    entry_price: pick.entry_price,
                    price: *price,
                    return_rate: pick_return(pick.entry_price, *price),
                })
                .collect(),
        }
    }
}

/// The return at each date's close: for every date on which each pick has a close
/// (`closes[i]`: date → close of pick `i`), oldest first.
pub fn history(picks: &[PickRow], closes: &[HashMap<String, f64>]) -> Vec<pb::DayReturn> {
    let Some(first) = closes.first() else {
        return Vec::new();
    };
    let mut dates: Vec<&String> = first
        .keys()
        .filter(|d| closes.iter().all(|c| c.contains_key(*d)))
        .collect();
    dates.sort();
    dates
        .into_iter()
        .map(|date| {
            let sum: f64 = picks
                .iter()
                .zip(closes)
                .map(|(pick, c)| pick_return(pick.entry_price, c[date]))
                .sum();
            pb::DayReturn {
                date: date.clone(),
                return_rate: sum / picks.len().max(1) as f64,
            }
        })
        .collect()
}

/// Market's prices: quotes of the simulator, a stock's name, its daily closes.
#[derive(Clone)]
pub struct Prices {
    market: MarketServiceClient<Channel>,
    charts: ChartServiceClient<Channel>,
}

impl Prices {
    pub fn new(market: Channel) -> Self {
        Self {
            market: MarketServiceClient::new(market.clone()),
            charts: ChartServiceClient::new(market),
        }
    }

    /// The stock's name and current price: `invalid_security_id`, `security_not_found`,
    /// or market's failure as it came. Market counts it as a view of the stock (an entry
    /// picking it is interest in it; docs/api.md, "Contests").
    pub async fn security(&self, id: &str) -> Result<(String, f64), Status> {
        let answer = self
            .market
            .clone()
            .get_security(GetSecurityRequest {
                security_id: id.to_owned(),
            })
            .await?
            .into_inner();
        let name = answer.security.map(|s| s.name).unwrap_or_default();
        let price = answer.quote.map(|q| q.price).unwrap_or_default();
        Ok((name, price))
    }

    /// Current prices of `ids` (distinct), a call per 200; unknown ids are left out.
    pub async fn quotes(&self, ids: &[String]) -> Result<HashMap<String, f64>, Status> {
        let mut prices = HashMap::with_capacity(ids.len());
        for chunk in ids.chunks(QUOTES_PER_CALL) {
            let quotes = self
                .market
                .clone()
                .get_quotes(GetQuotesRequest {
                    security_ids: chunk.to_vec(),
                })
                .await?
                .into_inner()
                .quotes;
            prices.extend(quotes.into_iter().map(|q| (q.security_id, q.price)));
        }
        Ok(prices)
    }

    /// Closes of `id` from `from` to `to` (dates "YYYY-MM-DD", inclusive), at most
    /// [`MAX_HISTORY_DAYS`] of them.
    pub async fn closes(
        &self,
        id: &str,
        from: &str,
        to: &str,
    ) -> Result<HashMap<String, f64>, Status> {
        let candles = self
            .charts
            .clone()
            .get_day_candles(GetDayCandlesRequest {
                security_id: id.to_owned(),
                limit: Some(MAX_HISTORY_DAYS),
                to: Some(to.to_owned()),
            })
            .await?
            .into_inner()
            .day_candles;
        Ok(candles
            .into_iter()
            .filter(|c| c.date.as_str() >= from)
            .map(|c| (c.date, c.close as f64))
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(id: i64, entered_at_ms: i64, picks: &[(&str, f64)]) -> EntryRow {
        EntryRow {
            id,
            contest_id: 1,
            user_id: id,
            nickname: format!("회원{id}"),
            entered_at_ms,
            picks: picks
                .iter()
                .map(|(s, p)| PickRow {
                    security_id: (*s).to_owned(),
                    name: String::new(),
                    entry_price: *p,
                    final_price: None,
                })
                .collect(),
        }
    }

    #[test]
    fn ranks_by_mean_return_then_earlier_entry() {
        let now: HashMap<&str, f64> = [("A", 110.0), ("B", 90.0), ("C", 100.0)].into();
        let ranked = rank(
            vec![
                entry(1, 10, &[("B", 100.0)]),               // -10%
                entry(2, 20, &[("A", 100.0), ("C", 100.0)]), // +5%
                entry(3, 5, &[("C", 100.0)]),                // 0%, entered first
                entry(4, 1, &[("A", 100.0), ("B", 100.0)]),  // 0%
            ],
            |p| now[p.security_id.as_str()],
        );
        let order: Vec<(i64, i64)> = ranked.iter().map(|r| (r.entry.id, r.rank)).collect();
        assert_eq!(order, [(2, 1), (4, 2), (3, 3), (1, 4)]);
        assert!((ranked[0].return_rate - 0.05).abs() < 1e-12);
        assert_eq!(ranked[0].proto().picks[0].price, 110.0);
    }

    #[test]
    fn state_follows_the_period() {
        let contest = ContestRow {
            id: 1,
            title: String::new(),
            description: String::new(),
            starts_at_ms: 100,
            ends_at_ms: 200,
            sample: false,
            entries: 0,
            finalized: false,
        };
        assert_eq!(state(&contest, 99), pb::ContestState::Upcoming);
        assert_eq!(state(&contest, 100), pb::ContestState::Running);
        assert_eq!(state(&contest, 200), pb::ContestState::Ended);
    }

    #[test]
    fn history_takes_the_dates_every_pick_has() {
        let e = entry(1, 0, &[("A", 100.0), ("B", 200.0)]);
        let a: HashMap<String, f64> =
            [("2026-01-02".into(), 110.0), ("2026-01-01".into(), 100.0)].into();
        let b: HashMap<String, f64> =
            [("2026-01-02".into(), 200.0), ("2026-01-03".into(), 1.0)].into();
        let days = history(&e.picks, &[a, b]);
        assert_eq!(days.len(), 1);
        assert_eq!(days[0].date, "2026-01-02");
        assert!((days[0].return_rate - 0.05).abs() < 1e-12);
        assert_eq!(pick_return(0.0, 5.0), 0.0);
    }
}

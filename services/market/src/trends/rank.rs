//! The rules of the trend lists, pure functions over a snapshot of the quote board: the
//! markets and keys a request names, the special categories, and the orders. Every order
//! ends with the security id, so equal values always come out in the same order and a
//! list pages without repeats.

use std::cmp::Ordering;

use sise_platform::error::{DomainError, ErrorCode};
use sise_proto::market::v1 as pb;

use crate::dataset::ListedStock;
use crate::domain::Market;

/// One stock of the snapshot: its listing, its live quote, and the list's own score.
#[derive(Clone, Debug)]
pub struct Row<'a> {
    pub stock: &'a ListedStock,
    pub quote: pb::Quote,
    pub score: f64,
}

impl Row<'_> {
    pub fn market_cap(&self) -> f64 {
        self.quote.price * self.stock.shares_outstanding as f64
    }

    /// The market cap at the previous close: what the market-cap order ranks by, so its
    /// pages stay put while prices move during the day.
    pub fn previous_market_cap(&self) -> f64 {
        self.quote.previous_close * self.stock.shares_outstanding as f64
    }

    /// Traded in its current day (the opening price is set).
    pub fn traded(&self) -> bool {
        self.quote.open > 0.0 && self.quote.volume > 0
    }

    pub fn to_proto(&self) -> pb::TrendStock {
        let q = &self.quote;
        pb::TrendStock {
            security_id: q.security_id.clone(),
            name: self.stock.name.clone(),
            market: pb::Market::from(self.stock.market) as i32,
            price: q.price,
            change: q.change,
            change_rate: q.change_rate,
            change_type: q.change_type,
            volume: q.volume,
            trading_value: q.trading_value,
            market_cap: self.market_cap(),
            score: self.score,
        }
    }
}

/// `kospi` or `kosdaq` (spec §9 markets).
pub fn parse_market(text: &str) -> Result<Market, DomainError> {
    match text.trim() {
        "kospi" => Ok(Market::Kospi),
        "kosdaq" => Ok(Market::Kosdaq),
        _ => Err(ErrorCode::InvalidMarket.into()),
    }
}

/// A market, or both when empty.
pub fn parse_optional_market(text: &str) -> Result<Option<Market>, DomainError> {
    if text.trim().is_empty() {
        Ok(None)
    } else {
        parse_market(text).map(Some)
    }
}

/// What an ordered list ranks by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// Change rate, highest first; rising stocks only.
    Rising,
    /// Change rate, lowest first; falling stocks only.
    Falling,
    TradingValue,
    Volume,
    /// Market cap at the previous close (stable during the day), largest first.
    MarketCap,
    /// The latest day's foreign net buying in won (sample data), largest first.
    ForeignNetBuying,
    /// Page views of yesterday and today, most first.
    Popular,
}

/// The key of the one ordered list of ETFs (every other key lists company stocks only).
pub const ETF_KEY: &str = "etf";

/// Every key of the ordered stocks call: its order and its Korean title. `collection_a`
/// and `collection_b` are the two collection pages of `/m/trend` (docs/architecture.md,
/// "Trends"); [`ETF_KEY`] lists the ETFs by trading value.
pub const KEYS: [(&str, Order, &str); 10] = [
    ("rising", Order::Rising, "상승률 상위"),
    ("falling", Order::Falling, "하락률 상위"),
    ("trading_value", Order::TradingValue, "거래대금 상위"),
    ("volume", Order::Volume, "거래량 상위"),
    ("market_cap", Order::MarketCap, "시가총액 상위"),
    (
        "foreign_net_buying",
        Order::ForeignNetBuying,
        "외국인 순매수 상위",
    ),
    ("popular", Order::Popular, "많이 본 종목"),
    ("collection_a", Order::TradingValue, "거래대금 상위"),
    ("collection_b", Order::MarketCap, "시가총액 상위"),
    (ETF_KEY, Order::TradingValue, "ETF 거래대금 상위"),
];

pub fn parse_key(text: &str) -> Result<(Order, &'static str), DomainError> {
    KEYS.iter()
        .find(|(key, _, _)| *key == text.trim())
        .map(|&(_, order, title)| (order, title))
        .ok_or_else(|| ErrorCode::InvalidTrendKey.into())
}

fn desc(a: f64, b: f64) -> Ordering {
    b.total_cmp(&a)
}

/// Ties: the larger trading value, then the security id.
fn ties(a: &Row<'_>, b: &Row<'_>) -> Ordering {
    desc(a.quote.trading_value, b.quote.trading_value)
        .then_with(|| a.quote.security_id.cmp(&b.quote.security_id))
}

/// Keep and sort the rows `order` lists (the score already set where it ranks by it).
pub fn ordered<'a>(mut rows: Vec<Row<'a>>, order: Order) -> Vec<Row<'a>> {
    match order {
        Order::Rising => rows.retain(|r| r.quote.change_rate > 0.0),
        Order::Falling => rows.retain(|r| r.quote.change_rate < 0.0),
        _ => {}
    }
    rows.sort_by(|a, b| {
        let first = match order {
            Order::Rising => desc(a.quote.change_rate, b.quote.change_rate),
            Order::Falling => a.quote.change_rate.total_cmp(&b.quote.change_rate),
            Order::TradingValue => Ordering::Equal,
            Order::Volume => b.quote.volume.cmp(&a.quote.volume),
            // Ties by id alone: nothing in this order moves during the day.
            Order::MarketCap => {
                return desc(a.previous_market_cap(), b.previous_market_cap())
                    .then_with(|| a.quote.security_id.cmp(&b.quote.security_id));
            }
            Order::ForeignNetBuying | Order::Popular => desc(a.score, b.score),
        };
        first.then_with(|| ties(a, b))
    });
    rows
}

/// A special category (spec §3 Trend: specialStocksByMarket).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Special {
    /// 상한가: at the day's upper limit price.
    TopLimit,
    /// 하한가: at the lower limit price.
    BottomLimit,
    /// 52주 신고가: today's high at or above the highest high of the 52 weeks before.
    High52Week,
    /// 52주 신저가: today's low at or below the lowest low of the 52 weeks before.
    Low52Week,
    /// VI 발동: a volatility interruption in force.
    Vi,
}

pub const SPECIALS: [Special; 5] = [
    Special::TopLimit,
    Special::BottomLimit,
    Special::High52Week,
    Special::Low52Week,
    Special::Vi,
];

/// Whether `row` is in `special`; `extremes` is the stock's 52-week (high, low) before
/// today, when known.
pub fn is_special(row: &Row<'_>, special: Special, extremes: Option<(i64, i64)>) -> bool {
    let q = &row.quote;
    match special {
        Special::TopLimit => {
            q.change_type == pb::PriceChange::UpperLimit as i32 && q.price == q.upper_limit
        }
        Special::BottomLimit => {
            q.change_type == pb::PriceChange::LowerLimit as i32 && q.price == q.lower_limit
        }
        Special::High52Week => {
            row.traded() && extremes.is_some_and(|(high, _)| q.high >= high as f64)
        }
        Special::Low52Week => {
            row.traded() && q.low > 0.0 && extremes.is_some_and(|(_, low)| q.low <= low as f64)
        }
        Special::Vi => q.vi,
    }
}

/// The stocks of one category, in its order: limits and VI by trading value, new highs by
/// change rate (highest first), new lows by change rate (lowest first).
pub fn special<'a>(
    rows: &[Row<'a>],
    special: Special,
    extremes: impl Fn(&str) -> Option<(i64, i64)>,
) -> Vec<Row<'a>> {
    let mut kept: Vec<Row<'a>> = rows
        .iter()
        .filter(|row| is_special(row, special, extremes(&row.quote.security_id)))
        .cloned()
        .collect();
    kept.sort_by(|a, b| {
        let first = match special {
            Special::High52Week => desc(a.quote.change_rate, b.quote.change_rate),
            Special::Low52Week => a.quote.change_rate.total_cmp(&b.quote.change_rate),
            _ => Ordering::Equal,
        };
        first.then_with(|| ties(a, b))
    });
    kept
}

#[cfg(test)]
mod tests {
    use chrono::NaiveDate;

    use super::*;
    use crate::domain::SecurityId;

    fn stock(code: &str) -> ListedStock {
        ListedStock {
            security_id: SecurityId::from_code(code).expect("code"),
            name: code.to_owned(),
            name_en: None,
            market: Market::Kospi,
            shares_outstanding: 1_000,
            last_close: 1_000,
            last_close_date: NaiveDate::from_ymd_opt(2026, 6, 15).expect("date"),
            kind: crate::dataset::SecurityKind::Stock,
        }
    }

    fn quote(id: &str, price: f64, value: f64) -> pb::Quote {
        let previous = 1_000.0;
        let change_type = if price >= 1_300.0 {
            pb::PriceChange::UpperLimit
        } else if price <= 700.0 {
            pb::PriceChange::LowerLimit
        } else if price > previous {
            pb::PriceChange::Rise
        } else if price < previous {
            pb::PriceChange::Fall
        } else {
            pb::PriceChange::Even
        };
        pb::Quote {
            security_id: id.to_owned(),
            price,
            previous_close: previous,
            change: price - previous,
            change_rate: (price - previous) / previous,
            change_type: change_type as i32,
            open: previous,
            high: price.max(previous),
            low: price.min(previous),
            volume: 10,
            trading_value: value,
            upper_limit: 1_300.0,
            lower_limit: 700.0,
            ..Default::default()
        }
    }

    fn ids(rows: &[Row<'_>]) -> Vec<String> {
        rows.iter().map(|r| r.quote.security_id.clone()).collect()
    }

    #[test]
    fn trends_parses_markets_and_keys() {
        assert_eq!(parse_market("kospi").ok(), Some(Market::Kospi));
        assert_eq!(parse_market("kosdaq").ok(), Some(Market::Kosdaq));
        for bad in ["", "KOSPI", "konex", "nasdaq"] {
            assert_eq!(parse_market(bad).expect_err(bad).code, "invalid_market");
        }
        assert_eq!(parse_optional_market("").ok(), Some(None));
        assert_eq!(
            parse_key("collection_a").ok(),
            Some((Order::TradingValue, "거래대금 상위"))
        );
        assert_eq!(
            parse_key("nope").expect_err("nope").code,
            "invalid_trend_key"
        );
    }

    #[test]
    fn trends_categories_follow_the_krx_rules() {
        let stocks: Vec<ListedStock> = ["000010", "000020", "000030", "000040"].map(stock).into();
        let rows: Vec<Row<'_>> = vec![
            Row {
                stock: &stocks[0],
                quote: quote("KOREA-A000010", 1_300.0, 5.0),
                score: 0.0,
            },
            Row {
                stock: &stocks[1],
                quote: quote("KOREA-A000020", 700.0, 5.0),
                score: 0.0,
            },
            Row {
                stock: &stocks[2],
                quote: quote("KOREA-A000030", 1_100.0, 5.0),
                score: 0.0,
            },
            Row {
                stock: &stocks[3],
                quote: pb::Quote {
                    vi: true,
                    ..quote("KOREA-A000040", 1_000.0, 5.0)
                },
                score: 0.0,
            },
        ];
        let extremes = |_: &str| Some((1_100, 950));
        assert_eq!(
            ids(&special(&rows, Special::TopLimit, extremes)),
            ["KOREA-A000010"]
        );
        assert_eq!(
            ids(&special(&rows, Special::BottomLimit, extremes)),
            ["KOREA-A000020"]
        );
        // Highs at or above 1,100, highest change first; lows at or below 950.
        assert_eq!(
            ids(&special(&rows, Special::High52Week, extremes)),
            ["KOREA-A000010", "KOREA-A000030"]
        );
        assert_eq!(
            ids(&special(&rows, Special::Low52Week, extremes)),
            ["KOREA-A000020"]
        );
        assert_eq!(
            ids(&special(&rows, Special::Vi, extremes)),
            ["KOREA-A000040"]
        );
        // Without a 52-week range, or before the first trade, no new high or low.
        assert!(special(&rows, Special::High52Week, |_| None).is_empty());
        let untraded = Row {
            quote: pb::Quote {
                open: 0.0,
                ..rows[0].quote.clone()
            },
            ..rows[0].clone()
        };
        assert!(!is_special(&untraded, Special::High52Week, Some((1, 1))));
        // A limit change type without the limit price is not a limit.
        let odd = Row {
            quote: pb::Quote {
                price: 1_290.0,
                ..rows[0].quote.clone()
            },
            ..rows[0].clone()
        };
        assert!(!is_special(&odd, Special::TopLimit, None));
    }

    #[test]
    fn trends_orders_are_stable_on_ties() {
        let stocks: Vec<ListedStock> = ["000050", "000010", "000030", "000020"].map(stock).into();
        let rows: Vec<Row<'_>> = stocks
            .iter()
            .map(|s| Row {
                stock: s,
                quote: quote(s.security_id.as_str(), 1_100.0, 5.0),
                score: 1.0,
            })
            .collect();
        for order in [
            Order::Rising,
            Order::TradingValue,
            Order::Volume,
            Order::MarketCap,
            Order::Popular,
        ] {
            assert_eq!(
                ids(&ordered(rows.clone(), order)),
                [
                    "KOREA-A000010",
                    "KOREA-A000020",
                    "KOREA-A000030",
                    "KOREA-A000050"
                ],
                "{order:?}"
            );
        }
        assert!(
            ordered(rows.clone(), Order::Falling).is_empty(),
            "rising stocks only"
        );
        let mut mixed = rows.clone();
        mixed[0].quote = quote("KOREA-A000050", 900.0, 1.0);
        mixed[1].quote = quote("KOREA-A000010", 1_200.0, 9.0);
        mixed[2].score = 7.0;
        assert_eq!(
            ids(&ordered(mixed.clone(), Order::Rising))[0],
            "KOREA-A000010"
        );
        assert_eq!(
            ids(&ordered(mixed.clone(), Order::Falling)),
            ["KOREA-A000050"]
        );
        assert_eq!(
            ids(&ordered(mixed.clone(), Order::Popular))[0],
            "KOREA-A000030"
        );
        assert_eq!(
            ids(&ordered(mixed, Order::TradingValue))[0],
            "KOREA-A000010"
        );
    }
}

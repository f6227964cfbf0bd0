//! Generated sample financial statements (spec §3 `quarterlyStatements`,
//! `yearlyStatements`): plausible, deterministic figures per company, scaled from its size.
//! The dataset has no real financials, so these are SAMPLE data and labelled so in the UI.
//!
//! # Model
//!
//! A company is described once from a hash of its security id and its WICS sector
//! ([`SectorTraits`]): an operating margin, a PER and an ROE drawn from the sector's typical
//! ranges (PBR = PER × ROE, kept within the sector's PBR range), leverage (assets /
//! equity), growth, payout ratio, and whether it is loss-making (likelier for small
//! companies and for health care). Its *reference* market cap (the last
//! real close of the dataset × shares, stable across restarts) fixes the scale:
//! reference-year net income ≈ market cap / PER, book equity ≈ market cap / PBR.
//!
//! Each calendar quarter is then a pure function of `(security id, quarter)`: revenue
//! follows the growth trend, a slow business cycle, the sector's seasonality and noise;
//! operating profit is revenue × a noisy margin; net income is operating profit after tax
//! and non-operating noise; equity compounds retained earnings, assets = equity × leverage.
//! Money is rounded to millions of won (as DART reports it).
//!
//! # Identities (tested)
//!
//! - `assets = liabilities + equity` in every statement.
//! - A year's revenue, operating profit, net income and dividend per share are the sums of
//!   its four quarters; its balance sheet is that of its fourth quarter.
//! - `eps = round(net_income / shares)`; valuation ratios use the current `price`:
//!   yearly `per = price / eps`, quarterly `per = price / (sum of the last four quarterly
//!   eps)` (trailing twelve months), `None` when that eps is not positive;
//!   `pbr = price / (equity / shares)`; `roe = net income / equity` (trailing twelve months
//!   for quarters), `None` when equity is not positive.
//!
//! Periods are calendar quarters and years for every company (the ~5% with a fiscal year
//! ending in another month are not shifted).

use chrono::{Datelike, NaiveDate};
use rand::Rng;

use super::noise;

/// Quarters and years per answer.
pub const QUARTERS: usize = 8;
pub const YEARS: usize = 5;

/// Days after a quarter's end until its report is out (Korean deadlines: 45 days for a
/// quarterly report, 90 for the annual report that carries the fourth quarter).
const QUARTER_REPORT_LAG_DAYS: i64 = 45;
const ANNUAL_REPORT_LAG_DAYS: i64 = 90;

/// The quarter the reference market cap is calibrated against (the last full year before
/// the dataset's 2026-05-08 snapshot): fixed, so values never drift as time passes.
const REFERENCE_QUARTER: Quarter = Quarter {
    year: 2025,
    quarter: 4,
};

/// A calendar quarter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Quarter {
    pub year: i32,
    /// 1..=4.
    pub quarter: u8,
}

impl Quarter {
    #[cfg(test)]
    pub fn new(year: i32, quarter: u8) -> Option<Self> {
        (1..=4).contains(&quarter).then_some(Self { year, quarter })
    }

    fn index(self) -> i64 {
        i64::from(self.year) * 4 + i64::from(self.quarter) - 1
    }

    fn from_index(index: i64) -> Self {
        Self {
            year: index.div_euclid(4) as i32,
            quarter: index.rem_euclid(4) as u8 + 1,
        }
    }

    fn end(self) -> Option<NaiveDate> {
        let month = u32::from(self.quarter) * 3;
        let next = if month == 12 {
            NaiveDate::from_ymd_opt(self.year + 1, 1, 1)
        } else {
            NaiveDate::from_ymd_opt(self.year, month + 1, 1)
        };
        next.and_then(|d| d.pred_opt())
    }

    /// `2026Q1`.
    pub fn label(self) -> String {
        format!("{}Q{}", self.year, self.quarter)
    }
}

/// The newest quarter whose report is out on `today`.
pub fn latest_reported_quarter(today: NaiveDate) -> Quarter {
    let current = Quarter {
        year: today.year(),
        quarter: ((today.month() - 1) / 3 + 1) as u8,
    };
    let mut index = current.index() - 1;
    loop {
        let quarter = Quarter::from_index(index);
        let lag = if quarter.quarter == 4 {
            ANNUAL_REPORT_LAG_DAYS
        } else {
            QUARTER_REPORT_LAG_DAYS
        };
        match quarter.end() {
            Some(end) if (today - end).num_days() < lag => index -= 1,
            _ => return quarter,
        }
    }
}

/// The newest year whose annual report is out on `today`.
pub fn latest_reported_year(today: NaiveDate) -> i32 {
    let year = today.year() - 1;
    match NaiveDate::from_ymd_opt(year, 12, 31) {
        Some(end) if (today - end).num_days() < ANNUAL_REPORT_LAG_DAYS => year - 1,
        _ => year,
    }
}

/// What the generator needs to know about a company.
#[derive(Clone, Copy, Debug)]
pub struct Subject<'a> {
    pub security_id: &'a str,
    pub wics_sector: Option<&'a str>,
    pub shares: i64,
    /// Market cap at the dataset's last real close: the stable size everything scales from.
    pub reference_market_cap: f64,
}

/// One period's statement. Money in won; ratios as ratios (0.12 is 12%).
#[derive(Clone, Debug, PartialEq)]
pub struct Statement {
    /// `2026Q1` or `2025`.
    pub period: String,
    pub revenue: i64,
    pub operating_profit: i64,
    pub net_income: i64,
    pub assets: i64,
    pub liabilities: i64,
    pub equity: i64,
    pub eps: i64,
    pub per: Option<f64>,
    pub pbr: Option<f64>,
    pub roe: Option<f64>,
    pub dividend_per_share: i64,
}

/// Typical figures of a WICS sector.
#[derive(Clone, Copy, Debug)]
pub struct SectorTraits {
    pub operating_margin: (f64, f64),
    pub per: (f64, f64),
    /// Return on equity of a profitable company; with the PER it sets the PBR.
    pub roe: (f64, f64),
    pub pbr: (f64, f64),
    /// Assets / equity.
    pub leverage: (f64, f64),
    pub payout: (f64, f64),
    /// Share of profitable companies that pay a dividend.
    pub payers: f64,
    /// Chance of being loss-making before the size adjustment.
    pub loss_making: f64,
    /// Yearly revenue growth.
    pub growth: (f64, f64),
    /// Relative revenue of Q1..Q4.
    pub seasonality: [f64; 4],
}

pub fn sector_traits(sector: Option<&str>) -> SectorTraits {
    let t = |operating_margin,
             per,
             roe,
             pbr,
             leverage,
             payout,
             payers,
             loss_making,
             growth,
             seasonality| {
        SectorTraits {
            operating_margin,
            per,
            roe,
            pbr,
            leverage,
            payout,
            payers,
            loss_making,
            growth,
            seasonality,
        }
    };
    match sector {
        Some("IT") => t(
            (0.06, 0.18),
            (10.0, 25.0),
            (0.06, 0.16),
            (1.0, 3.0),
            (1.3, 1.9),
            (0.15, 0.35),
            0.55,
            0.25,
            (-0.02, 0.15),
            [0.95, 1.0, 1.0, 1.05],
        ),
        Some("금융") => t(
            (0.15, 0.35),
            (4.0, 9.0),
            (0.06, 0.11),
            (0.3, 0.8),
            (6.0, 14.0),
            (0.25, 0.45),
            0.85,
            0.08,
            (0.0, 0.07),
            [1.0, 1.0, 1.0, 1.0],
        ),
        Some("건강관리") => t(
            (0.05, 0.20),
            (20.0, 60.0),
            (0.04, 0.12),
            (2.0, 6.0),
            (1.2, 1.7),
            (0.10, 0.30),
            0.35,
            0.45,
            (0.0, 0.18),
            [0.97, 1.0, 1.0, 1.03],
        ),
        Some("산업재") => t(
            (0.03, 0.09),
            (8.0, 18.0),
            (0.05, 0.12),
            (0.6, 1.6),
            (2.0, 3.2),
            (0.20, 0.35),
            0.65,
            0.18,
            (-0.02, 0.10),
            [0.92, 1.0, 0.98, 1.10],
        ),
        Some("경기관련소비재") => t(
            (0.04, 0.10),
            (6.0, 15.0),
            (0.05, 0.12),
            (0.5, 1.3),
            (1.7, 2.6),
            (0.20, 0.35),
            0.6,
            0.2,
            (-0.02, 0.08),
            [0.95, 1.02, 0.98, 1.05],
        ),
        Some("소재") => t(
            (0.03, 0.10),
            (8.0, 16.0),
            (0.04, 0.10),
            (0.4, 1.1),
            (1.6, 2.4),
            (0.20, 0.40),
            0.7,
            0.18,
            (-0.03, 0.07),
            [0.98, 1.02, 1.0, 1.0],
        ),
        Some("커뮤니케이션서비스") => t(
            (0.06, 0.16),
            (12.0, 30.0),
            (0.05, 0.12),
            (1.0, 3.0),
            (1.4, 2.0),
            (0.15, 0.35),
            0.5,
            0.25,
            (0.0, 0.12),
            [0.95, 1.0, 1.0, 1.05],
        ),
        Some("필수소비재") => t(
            (0.04, 0.10),
            (8.0, 16.0),
            (0.06, 0.12),
            (0.7, 1.6),
            (1.6, 2.3),
            (0.20, 0.40),
            0.75,
            0.12,
            (0.0, 0.06),
            [0.97, 1.0, 1.03, 1.0],
        ),
        Some("에너지") => t(
            (0.02, 0.07),
            (5.0, 12.0),
            (0.05, 0.12),
            (0.4, 1.0),
            (2.0, 3.0),
            (0.30, 0.50),
            0.75,
            0.15,
            (-0.04, 0.06),
            [1.03, 0.97, 0.98, 1.02],
        ),
        Some("유틸리티") => t(
            (0.02, 0.08),
            (6.0, 14.0),
            (0.02, 0.06),
            (0.2, 0.6),
            (2.5, 4.0),
            (0.20, 0.40),
            0.8,
            0.15,
            (0.0, 0.04),
            [1.10, 0.92, 0.98, 1.0],
        ),
        _ => t(
            (0.04, 0.12),
            (8.0, 20.0),
            (0.05, 0.12),
            (0.6, 2.0),
            (1.5, 2.3),
            (0.15, 0.35),
            0.55,
            0.25,
            (-0.02, 0.10),
            [1.0, 1.0, 1.0, 1.0],
        ),
    }
}

/// One quarter's raw figures (money rounded to millions of won).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Figures {
    revenue: i64,
    operating_profit: i64,
    net_income: i64,
    assets: i64,
    equity: i64,
    dividend_per_share: i64,
}

/// The company-level parameters drawn once per security.
#[derive(Clone, Debug)]
struct Model {
    id: String,
    shares: i64,
    annual_revenue: f64,
    operating_margin: f64,
    /// Net income / operating profit of a profitable quarter.
    net_ratio: f64,
    equity: f64,
    equity_growth: f64,
    leverage: f64,
    growth: f64,
    seasonality: [f64; 4],
    cycle_length: f64,
    cycle_phase: f64,
    payout: f64,
    payer: bool,
    quarterly_payer: bool,
}

impl Model {
    fn new(subject: &Subject<'_>) -> Self {
        let traits = sector_traits(subject.wics_sector);
        let market_cap = if subject.reference_market_cap.is_finite() {
            subject.reference_market_cap.max(1.0e9)
        } else {
            1.0e9
        };
        let mut r = noise::rng(&[subject.security_id.as_bytes(), b"statements"]);
        let size_factor = if market_cap >= 1.0e13 {
            0.1
        } else if market_cap >= 1.0e12 {
            0.4
        } else if market_cap >= 3.0e11 {
            0.8
        } else {
            1.3
        };
        let loss_making = r.random::<f64>() < (traits.loss_making * size_factor).min(0.7);
        let per = noise::lerp(traits.per, r.random());
        let roe = noise::lerp(traits.roe, r.random());
        let pbr_draw = noise::lerp(traits.pbr, r.random());
        // Profitable: book value from the PER and a plausible ROE (PBR = PER × ROE).
        let pbr = if loss_making {
            pbr_draw
        } else {
            (per * roe).clamp(traits.pbr.0, traits.pbr.1)
        };
        let net_ratio = noise::lerp((0.70, 0.85), r.random());
        let (operating_margin, annual_revenue) = if loss_making {
            let margin = -noise::lerp((0.05, 0.40), r.random());
            let price_to_sales = noise::lerp((1.5, 8.0), r.random());
            (margin, market_cap / price_to_sales)
        } else {
            let margin = noise::lerp(traits.operating_margin, r.random());
            (margin, market_cap / per / (margin * net_ratio))
        };
        let equity = market_cap / pbr;
        let annual_net_income = if loss_making {
            annual_revenue * operating_margin * 1.1
        } else {
            market_cap / per
        };
        let payout = noise::lerp(traits.payout, r.random());
        let payer_chance = if market_cap >= 1.0e12 {
            (traits.payers * 1.3).min(0.95)
        } else {
            traits.payers
        };
        let payer = !loss_making && r.random::<f64>() < payer_chance;
        let quarterly_payer = payer && market_cap >= 1.0e13 && r.random::<f64>() < 0.4;
        let retained = if loss_making { 1.0 } else { 1.0 - payout };
        Self {
            id: subject.security_id.to_owned(),
            shares: subject.shares,
            annual_revenue,
            operating_margin,
            net_ratio,
            equity,
            equity_growth: (annual_net_income / equity * retained).clamp(-0.2, 0.25),
            leverage: noise::lerp(traits.leverage, r.random()),
            growth: noise::lerp(traits.growth, r.random()),
            seasonality: traits.seasonality,
            cycle_length: noise::lerp((12.0, 24.0), r.random()),
            cycle_phase: r.random::<f64>() * 24.0,
            payout,
            payer,
            quarterly_payer,
        }
    }

    /// Profit-and-loss and balance-sheet figures of one quarter, without dividends.
    fn base(&self, quarter: Quarter) -> Figures {
        let k = quarter.index();
        let years = (k - REFERENCE_QUARTER.index()) as f64 / 4.0;
        let mut r = noise::rng(&[self.id.as_bytes(), b"quarter", &k.to_le_bytes()]);
        let mut noise = |spread: f64| (r.random::<f64>() * 2.0 - 1.0) * spread;
        let season_mean = self.seasonality.iter().sum::<f64>() / 4.0;
        let season = self.seasonality[usize::from(quarter.quarter - 1)] / season_mean;
        let cycle =
            (std::f64::consts::TAU * (k as f64 + self.cycle_phase) / self.cycle_length).sin();
        let revenue = self.annual_revenue / 4.0
            * (1.0 + self.growth).powf(years)
            * season
            * (1.0 + 0.06 * cycle)
            * (1.0 + noise(0.05));
        let margin =
            self.operating_margin + self.operating_margin.abs() * (0.25 * cycle + noise(0.2));
        let operating_profit = revenue * margin;
        // After tax (profitable) or with extra non-operating losses, plus non-operating
        // noise: a profitable company stays profitable, a loss-making one stays in the red.
        let net_income = if operating_profit > 0.0 {
            operating_profit * self.net_ratio * (1.0 + noise(0.15))
        } else {
            operating_profit * (1.1 + noise(0.1))
        } + operating_profit.abs() * noise(0.08);
        let equity = self.equity * (1.0 + self.equity_growth).powf(years) * (1.0 + noise(0.01));
        let assets = equity * self.leverage * (1.0 + noise(0.03));
        Figures {
            revenue: millions(revenue),
            operating_profit: millions(operating_profit),
            net_income: millions(net_income),
            assets: millions(assets).max(millions(equity)),
            equity: millions(equity),
            dividend_per_share: 0,
        }
    }

    /// A quarter's figures with its dividend: the year-end dividend is declared in the
    /// fourth quarter from the year's profit; quarterly payers spread it over the year.
    fn quarter(&self, quarter: Quarter) -> Figures {
        let mut figures = self.base(quarter);
        if self.payer && self.shares > 0 && (self.quarterly_payer || quarter.quarter == 4) {
            let k = quarter.index();
            let trailing: i64 = (k - 3..=k)
                .map(|i| self.base(Quarter::from_index(i)).net_income)
                .sum();
            let mut per_share = self.payout * trailing.max(0) as f64 / self.shares as f64;
            if self.quarterly_payer {
                per_share /= 4.0;
            }
            figures.dividend_per_share = round_to(per_share, 5);
        }
        figures
    }

    fn eps(&self, net_income: i64) -> i64 {
        if self.shares > 0 {
            (net_income as f64 / self.shares as f64).round() as i64
        } else {
            0
        }
    }

    fn book_value_per_share(&self, equity: i64) -> Option<f64> {
        (self.shares > 0 && equity > 0).then(|| equity as f64 / self.shares as f64)
    }
}

fn millions(won: f64) -> i64 {
    if won.is_finite() {
        (won / 1.0e6).round() as i64 * 1_000_000
    } else {
        0
    }
}

fn round_to(value: f64, step: i64) -> i64 {
    if value.is_finite() && value > 0.0 {
        (value / step as f64).round() as i64 * step
    } else {
        0
    }
}

fn ratio(numerator: f64, denominator: f64) -> Option<f64> {
    (denominator > 0.0).then(|| numerator / denominator)
}

/// The [`QUARTERS`] quarterly statements ending with `latest`, newest first, valued at
/// `price`.
pub fn quarterly(subject: &Subject<'_>, latest: Quarter, price: f64) -> Vec<Statement> {
    let model = Model::new(subject);
    (0..QUARTERS as i64)
        .map(|back| {
            let k = latest.index() - back;
            let quarter = Quarter::from_index(k);
            let figures = model.quarter(quarter);
            let trailing: Vec<Figures> = (k - 3..=k)
                .map(|i| model.base(Quarter::from_index(i)))
                .collect();
            let trailing_eps: i64 = trailing.iter().map(|f| model.eps(f.net_income)).sum();
            let trailing_income: i64 = trailing.iter().map(|f| f.net_income).sum();
            statement(
                &model,
                quarter.label(),
                figures,
                trailing_eps,
                trailing_income,
                price,
            )
        })
        .collect()
}

/// The [`YEARS`] yearly statements ending with `latest_year`, newest first, valued at
/// `price`.
pub fn yearly(subject: &Subject<'_>, latest_year: i32, price: f64) -> Vec<Statement> {
    let model = Model::new(subject);
    (0..YEARS as i32)
        .map(|back| {
            let year = latest_year - back;
            let quarters: Vec<Figures> = (1..=4)
                .map(|q| model.quarter(Quarter { year, quarter: q }))
                .collect();
            let sum = |f: fn(&Figures) -> i64| quarters.iter().map(f).sum::<i64>();
            let last = quarters[3];
            let figures = Figures {
                revenue: sum(|f| f.revenue),
                operating_profit: sum(|f| f.operating_profit),
                net_income: sum(|f| f.net_income),
                assets: last.assets,
                equity: last.equity,
                dividend_per_share: sum(|f| f.dividend_per_share),
            };
            let eps = model.eps(figures.net_income);
            statement(
                &model,
                year.to_string(),
                figures,
                eps,
                figures.net_income,
                price,
            )
        })
        .collect()
}

fn statement(
    model: &Model,
    period: String,
    figures: Figures,
    annual_eps: i64,
    annual_income: i64,
    price: f64,
) -> Statement {
    let price = if price.is_finite() { price } else { 0.0 };
    Statement {
        period,
        revenue: figures.revenue,
        operating_profit: figures.operating_profit,
        net_income: figures.net_income,
        assets: figures.assets,
        liabilities: figures.assets - figures.equity,
        equity: figures.equity,
        eps: model.eps(figures.net_income),
        per: ratio(price, annual_eps as f64),
        pbr: model
            .book_value_per_share(figures.equity)
            .and_then(|bps| ratio(price, bps)),
        roe: ratio(annual_income as f64, figures.equity as f64),
        dividend_per_share: figures.dividend_per_share,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).expect("date")
    }

    fn samsung() -> Subject<'static> {
        Subject {
            security_id: "KOREA-A005930",
            wics_sector: Some("IT"),
            shares: 5_846_278_608,
            reference_market_cap: 5_846_278_608.0 * 70_000.0,
        }
    }

    const SECTORS: [Option<&str>; 12] = [
        Some("IT"),
        Some("금융"),
        Some("건강관리"),
        Some("산업재"),
        Some("경기관련소비재"),
        Some("소재"),
        Some("커뮤니케이션서비스"),
        Some("필수소비재"),
        Some("에너지"),
        Some("유틸리티"),
        Some("없는섹터"),
        None,
    ];

    /// A spread of synthetic companies: every sector, caps from 20억 to 400조.
    fn companies() -> Vec<(String, Option<&'static str>, i64, f64)> {
        let mut out = Vec::new();
        for (i, sector) in SECTORS.iter().enumerate() {
            for (j, cap) in [2.0e9, 5.0e10, 8.0e11, 6.0e12, 4.0e14].iter().enumerate() {
                for n in 0..8 {
                    let shares = 1_000_000 * (1 + (i + j + n) as i64 * 37);
                    out.push((format!("KOREA-A{i:02}{j}{n:03}"), *sector, shares, *cap));
                }
            }
        }
        out
    }

    #[test]
    fn reporting_calendar() {
        assert_eq!(
            latest_reported_quarter(date(2026, 11, 22)),
            Quarter::new(2026, 3).expect("q")
        );
        // Q3 ended 2026-09-30; its report is due 45 days later.
        assert_eq!(
            latest_reported_quarter(date(2026, 11, 13)),
            Quarter::new(2026, 2).expect("q")
        );
        // The fourth quarter waits for the annual report (90 days).
        assert_eq!(
            latest_reported_quarter(date(2026, 3, 1)),
            Quarter::new(2025, 3).expect("q")
        );
        assert_eq!(
            latest_reported_quarter(date(2026, 3, 31)),
            Quarter::new(2025, 4).expect("q")
        );
        assert_eq!(latest_reported_year(date(2026, 11, 22)), 2025);
        assert_eq!(latest_reported_year(date(2026, 3, 30)), 2024);
        assert_eq!(latest_reported_year(date(2026, 3, 31)), 2025);
        assert_eq!(Quarter::new(2026, 1).expect("q").label(), "2026Q1");
        assert_eq!(Quarter::new(2026, 5), None);
    }

    #[test]
    fn statements_are_deterministic_and_per_company() {
        let latest = Quarter::new(2026, 3).expect("q");
        let a = quarterly(&samsung(), latest, 70_000.0);
        assert_eq!(a, quarterly(&samsung(), latest, 70_000.0));
        assert_eq!(a.len(), QUARTERS);
        let labels: Vec<&str> = a.iter().map(|s| s.period.as_str()).collect();
        assert_eq!(
            labels,
            [
                "2026Q3", "2026Q2", "2026Q1", "2025Q4", "2025Q3", "2025Q2", "2025Q1", "2024Q4"
            ]
        );
        // A later "today" shows the same values for the periods both windows share.
        let later = quarterly(&samsung(), Quarter::new(2027, 1).expect("q"), 70_000.0);
        assert_eq!(later[2], a[0]);
        let other = Subject {
            security_id: "KOREA-A000660",
            ..samsung()
        };
        assert_ne!(quarterly(&other, latest, 70_000.0), a);
        let years = yearly(&samsung(), 2025, 70_000.0);
        assert_eq!(years.len(), YEARS);
        assert_eq!(years[0].period, "2025");
        assert_eq!(years[4].period, "2021");
        assert_eq!(years, yearly(&samsung(), 2025, 70_000.0));
    }

    #[test]
    fn accounting_identities_hold() {
        for (id, sector, shares, cap) in companies() {
            let subject = Subject {
                security_id: &id,
                wics_sector: sector,
                shares,
                reference_market_cap: cap,
            };
            let price = cap / shares as f64;
            let quarters = quarterly(&subject, Quarter::new(2026, 4).expect("q"), price);
            let years = yearly(&subject, 2026, price);
            for s in quarters.iter().chain(&years) {
                assert_eq!(s.assets, s.liabilities + s.equity, "{id} {}", s.period);
                assert!(s.equity > 0 && s.liabilities >= 0, "{id} {}", s.period);
                assert!(s.revenue > 0, "{id} {}", s.period);
                assert!(s.operating_profit.abs() < s.revenue, "{id} {}", s.period);
                assert!(s.eps.signum() * s.net_income.signum() >= 0);
                assert!(s.dividend_per_share >= 0);
                assert_eq!(s.dividend_per_share % 5, 0);
                assert!(s.pbr.is_some_and(|p| p > 0.0));
            }
            // 2026's four quarters are the newest four of the window.
            let year = &years[0];
            let q = &quarters[..4];
            assert_eq!(year.revenue, q.iter().map(|s| s.revenue).sum::<i64>());
            assert_eq!(
                year.operating_profit,
                q.iter().map(|s| s.operating_profit).sum::<i64>()
            );
            assert_eq!(year.net_income, q.iter().map(|s| s.net_income).sum::<i64>());
            assert_eq!(
                year.dividend_per_share,
                q.iter().map(|s| s.dividend_per_share).sum::<i64>()
            );
            assert_eq!(
                (year.assets, year.liabilities, year.equity),
                (q[0].assets, q[0].liabilities, q[0].equity),
                "balance sheet at year end"
            );
            // Ratios from their parts.
            assert_eq!(
                year.eps,
                (year.net_income as f64 / shares as f64).round() as i64
            );
            match year.per {
                Some(per) => {
                    assert!(year.eps > 0);
                    assert!((per - price / year.eps as f64).abs() < 1e-9);
                }
                None => assert!(year.eps <= 0),
            }
            let roe = year.roe.expect("roe");
            assert!((roe - year.net_income as f64 / year.equity as f64).abs() < 1e-12);
            let trailing_eps: i64 = q.iter().map(|s| s.eps).sum();
            assert_eq!(quarters[0].per.is_some(), trailing_eps > 0);
            if year.net_income <= 0 {
                assert_eq!(year.dividend_per_share, 0, "{id}: no dividend from a loss");
            }
            if year.eps >= 100 && year.dividend_per_share > 0 {
                let payout = year.dividend_per_share as f64 / year.eps as f64;
                assert!(payout < 0.7, "{id}: payout {payout}");
            }
        }
    }

    #[test]
    fn figures_are_plausible_for_the_size_and_sector() {
        // Around the reference year, profitable companies trade near their sector's PER
        // and every company near its sector's PBR, at the reference price.
        let mut loss_making_small = 0;
        let mut loss_making_large = 0;
        let mut payers = 0;
        let all = companies();
        for (id, sector, shares, cap) in &all {
            let traits = sector_traits(*sector);
            let subject = Subject {
                security_id: id,
                wics_sector: *sector,
                shares: *shares,
                reference_market_cap: *cap,
            };
            let price = cap / *shares as f64;
            let year = &yearly(&subject, 2025, price)[0];
            let pbr = year.pbr.expect("pbr");
            assert!(
                pbr > traits.pbr.0 * 0.8 && pbr < traits.pbr.1 * 1.25,
                "{id}: pbr {pbr}"
            );
            match year.per {
                Some(per) if year.net_income as f64 > 0.5 * cap / traits.per.1 => {
                    assert!(
                        per > traits.per.0 * 0.4 && per < traits.per.1 * 2.6,
                        "{id}: per {per}"
                    );
                }
                _ if *cap >= 1.0e12 => loss_making_large += 1,
                _ => loss_making_small += 1,
            }
            if year.dividend_per_share > 0 {
                payers += 1;
            }
            let margin = year.operating_profit as f64 / year.revenue as f64;
            assert!(margin > -0.8 && margin < 0.6, "{id}: margin {margin}");
        }
        assert!(
            loss_making_small > loss_making_large,
            "small caps lose more often"
        );
        assert!(
            payers > all.len() / 4 && payers < all.len() * 9 / 10,
            "{payers}"
        );
    }

    #[test]
    fn handles_degenerate_inputs() {
        let subject = Subject {
            security_id: "KOREA-A000000",
            wics_sector: None,
            shares: 0,
            reference_market_cap: f64::NAN,
        };
        let years = yearly(&subject, 2025, f64::NAN);
        assert!(
            years
                .iter()
                .all(|s| s.eps == 0 && s.per.is_none() && s.pbr.is_none())
        );
        assert!(years.iter().all(|s| s.assets == s.liabilities + s.equity));
    }
}

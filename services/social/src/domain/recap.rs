//! The daily market recap as an article (docs/architecture.md, "Insight articles"): what
//! the writer gathered for a closed trading date ([`DayRecap`], from market's account of the
//! day: [`day_recap`]) and the pure composer from it to a title and CUSTOM blocks
//! ([`compose`]): the indexes' close, the biggest risers and fallers each with why (the
//! disclosures and news around the move, its board's posts), the sector heatmap's
//! strongest and weakest groups, the day's notable disclosures and the most discussed
//! stocks. Every section says so when it has nothing; all text is Korean.

use std::collections::HashMap;

use chrono::{Datelike, NaiveDate, Weekday};
use sise_proto::market::v1 as market;

use super::insight::Block;

/// Items of a mover's "why" of each kind (disclosures, news).
pub const WHY_ITEMS: usize = 2;
/// Groups told of each side of the heatmap.
pub const SECTORS: usize = 3;
/// Notable disclosures told.
pub const NOTABLE: usize = 5;
/// Most discussed stocks told.
pub const DISCUSSED: usize = 3;

/// An index at the close.
#[derive(Clone, Debug, PartialEq)]
pub struct IndexMove {
    pub name: String,
    pub close: f64,
    pub change: f64,
    /// Ratio: 0.0123 is 1.23%.
    pub change_rate: f64,
}

/// One of the day's biggest movers and why it moved.
#[derive(Clone, Debug, PartialEq)]
pub struct Mover {
    pub security_id: String,
    pub name: String,
    pub price: f64,
    pub change_rate: f64,
    /// Titles of the disclosures around its move (received that day or the day before; at
    /// most [`WHY_ITEMS`] are told).
    pub disclosures: Vec<String>,
    /// Titles of the news around it (from the previous close to the end of the day).
    pub news: Vec<String>,
    /// Posts on its board that day.
    pub posts: i64,
}

/// An industry group of the heatmap.
#[derive(Clone, Debug, PartialEq)]
pub struct SectorMove {
    pub name: String,
    pub change_rate: f64,
    pub rising: i64,
    pub falling: i64,
}

/// A disclosure of the day.
#[derive(Clone, Debug, PartialEq)]
pub struct DayDisclosure {
    pub company: String,
    pub title: String,
    pub filer: String,
}

/// A stock its board talked about most.
#[derive(Clone, Debug, PartialEq)]
pub struct Discussed {
    pub security_id: String,
    pub name: String,
    /// Posts on its board that day (market's count).
    pub posts: i64,
    pub change_rate: f64,
}

/// What the writer gathered for one closed trading date.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DayRecap {
    pub date: NaiveDate,
    pub indexes: Vec<IndexMove>,
    pub risers: Vec<Mover>,
    pub fallers: Vec<Mover>,
    /// The strongest groups first.
    pub strong_sectors: Vec<SectorMove>,
    /// The weakest groups first.
    pub weak_sectors: Vec<SectorMove>,
    pub disclosures: Vec<DayDisclosure>,
    pub discussed: Vec<Discussed>,
}

/// The recap of `date` from market's account of it (`closed`) and the movers' posts of the
/// day on social's boards (`posts`, by security id).
pub fn day_recap(
    date: NaiveDate,
    closed: &market::ClosedDay,
    posts: &HashMap<String, i64>,
) -> DayRecap {
    let mover = |m: &market::ClosedMover| -> Option<Mover> {
        let stock = m.stock.as_ref()?;
        let why = m.r#move.clone().unwrap_or_default();
        Some(Mover {
            security_id: stock.security_id.clone(),
            name: stock.name.clone(),
            price: stock.price,
            change_rate: stock.change_rate,
            disclosures: why.disclosures.into_iter().map(|d| d.report_nm).collect(),
            news: why.news.into_iter().map(|n| n.title).collect(),
            posts: posts.get(&stock.security_id).copied().unwrap_or(0),
        })
    };
    let sector = |s: &market::Sector| SectorMove {
        name: s.name.clone(),
        change_rate: s.change_rate,
        rising: s.rising_count,
        falling: s.falling_count,
    };
    DayRecap {
        date,
        indexes: closed
            .indexes
            .iter()
            .map(|index| IndexMove {
                name: index.name.clone(),
                close: index.price,
                change: index.change,
                change_rate: index.change_rate,
            })
            .collect(),
        risers: closed.rising.iter().filter_map(mover).collect(),
        fallers: closed.falling.iter().filter_map(mover).collect(),
        // Market lists the groups strongest first.
        strong_sectors: closed
            .sectors
            .iter()
            .filter(|s| s.change_rate > 0.0)
            .take(SECTORS)
            .map(sector)
            .collect(),
        weak_sectors: closed
            .sectors
            .iter()
            .rev()
            .filter(|s| s.change_rate < 0.0)
            .take(SECTORS)
            .map(sector)
            .collect(),
        disclosures: closed
            .disclosures
            .iter()
            .take(NOTABLE)
            .map(|d| DayDisclosure {
                company: d.corp_name.clone(),
                title: d.report_nm.clone(),
                filer: d.flr_nm.clone(),
            })
            .collect(),
        discussed: closed
            .discussed
            .iter()
            .take(DISCUSSED)
            .map(|s| Discussed {
                security_id: s.security_id.clone(),
                name: s.name.clone(),
                posts: s.score as i64,
                change_rate: s.change_rate,
            })
            .collect(),
    }
}

/// The recap's title: `11월 27일 시장 마감 리뷰`.
pub fn title(date: NaiveDate) -> String {
    format!("{}월 {}일 시장 마감 리뷰", date.month(), date.day())
}

/// The article: its title and blocks (never empty: the opening paragraph is always there).
pub fn compose(recap: &DayRecap) -> (String, Vec<Block>) {
    let mut blocks = vec![paragraph(format!(
        "{} 장이 마감한 뒤 시세 마켓봇이 그날의 시세, 공시와 뉴스, 종목토론 데이터로 자동 \
         작성한 리뷰입니다. 시세는 실제 KRX 과거 시세를 바탕으로 한 샘플(모의) 데이터이며, \
         투자 권유가 아닙니다.",
        long_date(recap.date)
    ))];

    blocks.push(heading("지수"));
    if recap.indexes.is_empty() {
        blocks.push(paragraph("지수 데이터를 받지 못했습니다."));
    } else {
        let last = recap.indexes.len() - 1;
        let summary: Vec<String> = recap
            .indexes
            .iter()
            .enumerate()
            .map(|(i, index)| {
                format!(
                    "{}{} {}",
                    index.name,
                    topic(&index.name),
                    moved(index.change_rate, i == last)
                )
            })
            .collect();
        blocks.push(paragraph(format!("{}.", summary.join(", "))));
        for index in &recap.indexes {
            blocks.push(paragraph(format!(
                "{} {} ({} {})",
                index.name,
                number(index.close, 2),
                signed(index.change, 2),
                percent(index.change_rate)
            )));
        }
    }

    for (name, movers) in [
        ("상승률 상위", &recap.risers),
        ("하락률 상위", &recap.fallers),
    ] {
        blocks.push(heading(name));
        if movers.is_empty() {
            blocks.push(paragraph("해당하는 종목이 없었습니다."));
        }
        for mover in movers.iter() {
            blocks.push(Block::Stock {
                security_id: mover.security_id.clone(),
            });
            blocks.push(paragraph(format!(
                "{} {}원 ({}). {}",
                mover.name,
                number(mover.price, 0),
                percent(mover.change_rate),
                why(mover)
            )));
        }
    }

    blocks.push(heading("업종 히트맵"));
    if recap.strong_sectors.is_empty() && recap.weak_sectors.is_empty() {
        blocks.push(paragraph("업종 데이터를 받지 못했습니다."));
    }
    for (label, sectors) in [
        ("강세 업종", &recap.strong_sectors),
        ("약세 업종", &recap.weak_sectors),
    ] {
        if sectors.is_empty() {
            continue;
        }
        let listed: Vec<String> = sectors
            .iter()
            .map(|s| {
                format!(
                    "{} {} (상승 {} · 하락 {})",
                    s.name,
                    percent(s.change_rate),
                    s.rising,
                    s.falling
                )
            })
            .collect();
        blocks.push(paragraph(format!("{label}: {}", listed.join(", "))));
    }

    blocks.push(heading("주요 공시"));
    if recap.disclosures.is_empty() {
        blocks.push(paragraph("이날 주요 종목의 공시는 없었습니다."));
    }
    for d in &recap.disclosures {
        let filer = if d.filer.is_empty() || d.filer == d.company {
            String::new()
        } else {
            format!(" (제출인 {})", d.filer)
        };
        blocks.push(paragraph(format!("{}: {}{filer}", d.company, d.title)));
    }

    blocks.push(heading("토론이 활발했던 종목"));
    if recap.discussed.is_empty() {
        blocks.push(paragraph("이날 종목토론 글이 올라온 종목이 없었습니다."));
    }
    for stock in &recap.discussed {
        blocks.push(Block::Stock {
            security_id: stock.security_id.clone(),
        });
        blocks.push(paragraph(format!(
            "{}: 이날 종목토론 글 {}건, 등락률 {}",
            stock.name,
            number(stock.posts as f64, 0),
            percent(stock.change_rate)
        )));
    }
    (title(recap.date), blocks)
}

fn paragraph(text: impl Into<String>) -> Block {
    Block::Paragraph { text: text.into() }
}

fn heading(text: &str) -> Block {
    Block::Heading {
        text: text.to_owned(),
    }
}

/// `2026년 11월 27일(금)`.
fn long_date(date: NaiveDate) -> String {
    let weekday = match date.weekday() {
        Weekday::Mon => "월",
        Weekday::Tue => "화",
        Weekday::Wed => "수",
        Weekday::Thu => "목",
        Weekday::Fri => "금",
        Weekday::Sat => "토",
        Weekday::Sun => "일",
    };
    format!(
        "{}년 {}월 {}일({weekday})",
        date.year(),
        date.month(),
        date.day()
    )
}

/// The subject particle after `name`: 은 after a final consonant, 는 otherwise (Latin names
/// are read by their last letter's Korean sound: 코스피는, KRX는).
fn topic(name: &str) -> &'static str {
    match name.chars().last() {
        Some(c @ '가'..='힣') => {
            if (c as u32 - '가' as u32).is_multiple_of(28) {
                "는"
            } else {
                "은"
            }
        }
        Some('L' | 'M' | 'N' | 'R' | 'l' | 'm' | 'n' | 'r' | '0' | '1' | '3' | '6' | '7' | '8') => {
            "은"
        }
        _ => "는",
    }
}

/// `1.23% 올랐습니다` / `0.45% 내렸습니다` / `보합으로 마감했습니다`, or the joining form
/// (`올랐고`, `내렸고`, `보합으로 마감했고`) when another clause follows.
fn moved(rate: f64, last: bool) -> String {
    let shown = (rate * 100.0).abs();
    let end = if last { "습니다" } else { "고" };
    if shown < 0.005 {
        format!("보합으로 마감했{end}")
    } else if rate > 0.0 {
        format!("{shown:.2}% 올랐{end}")
    } else {
        format!("{shown:.2}% 내렸{end}")
    }
}

/// Why a mover moved: the disclosures and news around its move (a few titles each) and
/// its board that day.
fn why(mover: &Mover) -> String {
    let mut parts = Vec::new();
    let told = |titles: &[String]| {
        let mut told: Vec<String> = titles
            .iter()
            .take(WHY_ITEMS)
            .map(|t| format!("「{t}」"))
            .collect();
        if titles.len() > WHY_ITEMS {
            told.push(format!("외 {}건", titles.len() - WHY_ITEMS));
        }
        told.join(", ")
    };
    if !mover.disclosures.is_empty() {
        parts.push(format!("공시 {}", told(&mover.disclosures)));
    }
    if !mover.news.is_empty() {
        parts.push(format!("뉴스 {}", told(&mover.news)));
    }
    let news = if parts.is_empty() {
        "전 거래일 장 마감 뒤부터 이날까지 공시나 뉴스는 없었습니다".to_owned()
    } else {
        format!("전 거래일 장 마감 뒤부터 이날까지 {}", parts.join(", "))
    };
    let board = if mover.posts > 0 {
        format!(
            "이날 종목토론 글 {}건이 올라왔습니다",
            number(mover.posts as f64, 0)
        )
    } else {
        "이날 종목토론 글은 없었습니다".to_owned()
    };
    format!("왜 움직였나: {news}. {board}.")
}

/// `1,234.50` with `decimals` places and thousands separators.
pub fn number(value: f64, decimals: usize) -> String {
    let text = format!("{:.*}", decimals, value.abs());
    let (whole, fraction) = match text.split_once('.') {
        Some((w, f)) => (w.to_owned(), Some(f.to_owned())),
        None => (text.clone(), None),
    };
    let mut grouped = String::with_capacity(whole.len() + whole.len() / 3);
    for (i, digit) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    let negative = value < 0.0 && text.chars().any(|c| c.is_ascii_digit() && c != '0');
    let sign = if negative { "-" } else { "" };
    match fraction {
        Some(f) => format!("{sign}{grouped}.{f}"),
        None => format!("{sign}{grouped}"),
    }
}

/// `+12.34` / `-5.00` / `0.00`.
pub fn signed(value: f64, decimals: usize) -> String {
    let shown = number(value, decimals);
    if value > 0.0 && shown.chars().any(|c| c.is_ascii_digit() && c != '0') {
        format!("+{shown}")
    } else {
        shown
    }
}

/// A ratio as a signed percentage: `+1.23%`, `-0.45%`, `0.00%`.
pub fn percent(rate: f64) -> String {
    format!("{}%", signed(rate * 100.0, 2))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::insight::Content;

    fn date() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 27).unwrap_or_default()
    }

    fn texts(blocks: &[Block]) -> Vec<String> {
        blocks
            .iter()
            .map(|b| match b {
                Block::Paragraph { text } | Block::Heading { text } => text.clone(),
                Block::Stock { security_id } => format!("[{security_id}]"),
                Block::Image { url, .. } => url.clone(),
            })
            .collect()
    }

    fn full() -> DayRecap {
        DayRecap {
            date: date(),
            indexes: vec![
                IndexMove {
                    name: "코스피".into(),
                    close: 2_537.5,
                    change: 12.34,
                    change_rate: 0.004_888,
                },
                IndexMove {
                    name: "코스닥".into(),
                    close: 712.03,
                    change: -3.2,
                    change_rate: -0.004_474,
                },
            ],
            risers: vec![Mover {
                security_id: "KOREA-A005930".into(),
                name: "삼성전자".into(),
                price: 72_300.0,
                change_rate: 0.0512,
                disclosures: vec!["주요사항보고서(자기주식취득결정)".into()],
                news: vec!["뉴스 하나".into(), "뉴스 둘".into(), "뉴스 셋".into()],
                posts: 1_234,
            }],
            fallers: vec![Mover {
                security_id: "KOREA-A000660".into(),
                name: "SK하이닉스".into(),
                price: 180_000.0,
                change_rate: -0.031,
                disclosures: vec![],
                news: vec![],
                posts: 0,
            }],
            strong_sectors: vec![SectorMove {
                name: "반도체와반도체장비".into(),
                change_rate: 0.0231,
                rising: 12,
                falling: 3,
            }],
            weak_sectors: vec![SectorMove {
                name: "자동차와부품".into(),
                change_rate: -0.011,
                rising: 2,
                falling: 9,
            }],
            disclosures: vec![DayDisclosure {
                company: "삼성전자".into(),
                title: "분기보고서".into(),
                filer: "삼성전자".into(),
            }],
            discussed: vec![Discussed {
                security_id: "KOREA-A035720".into(),
                name: "카카오".into(),
                posts: 42,
                change_rate: 0.0,
            }],
        }
    }

    #[test]
    fn a_full_day_reads_in_korean_with_signs_and_percentages() {
        let (title, blocks) = compose(&full());
        assert_eq!(title, "11월 27일 시장 마감 리뷰");
        let texts = texts(&blocks);
        assert!(texts[0].starts_with("2026년 11월 27일(금) 장이 마감한 뒤 시세 마켓봇이"));
        assert!(texts[0].contains("샘플(모의) 데이터"));
        assert!(texts.contains(&"코스피는 0.49% 올랐고, 코스닥은 0.45% 내렸습니다.".to_owned()));
        assert!(texts.contains(&"코스피 2,537.50 (+12.34 +0.49%)".to_owned()));
        assert!(texts.contains(&"코스닥 712.03 (-3.20 -0.45%)".to_owned()));
        let riser = texts
            .iter()
            .position(|t| t == "[KOREA-A005930]")
            .expect("riser card");
        assert_eq!(
            texts[riser + 1],
            "삼성전자 72,300원 (+5.12%). 왜 움직였나: 전 거래일 장 마감 뒤부터 이날까지 공시 \
             「주요사항보고서(자기주식취득결정)」, 뉴스 「뉴스 하나」, 「뉴스 둘」, 외 1건. \
             이날 종목토론 글 1,234건이 올라왔습니다."
        );
        let faller = texts
            .iter()
            .position(|t| t == "[KOREA-A000660]")
            .expect("faller card");
        assert_eq!(
            texts[faller + 1],
            "SK하이닉스 180,000원 (-3.10%). 왜 움직였나: 전 거래일 장 마감 뒤부터 이날까지 공시나 \
             뉴스는 없었습니다. 이날 종목토론 글은 없었습니다."
        );
        assert!(
            texts.contains(&"강세 업종: 반도체와반도체장비 +2.31% (상승 12 · 하락 3)".to_owned())
        );
        assert!(texts.contains(&"약세 업종: 자동차와부품 -1.10% (상승 2 · 하락 9)".to_owned()));
        assert!(texts.contains(&"삼성전자: 분기보고서".to_owned()));
        assert!(texts.contains(&"카카오: 이날 종목토론 글 42건, 등락률 0.00%".to_owned()));
        // The sections in order.
        let headings: Vec<&str> = blocks
            .iter()
            .filter_map(|b| match b {
                Block::Heading { text } => Some(text.as_str()),
                _ => None,
            })
            .collect();
        assert_eq!(
            headings,
            [
                "지수",
                "상승률 상위",
                "하락률 상위",
                "업종 히트맵",
                "주요 공시",
                "토론이 활발했던 종목"
            ]
        );
        // What the writer publishes is valid CUSTOM content, its cards the article's stocks.
        let json = serde_json::json!({ "blocks": blocks }).to_string();
        let content = Content::custom(&json).expect("valid content");
        assert_eq!(
            content.stocks,
            ["KOREA-A005930", "KOREA-A000660", "KOREA-A035720"]
        );
    }

    #[test]
    fn empty_sections_say_so() {
        let recap = DayRecap {
            date: date(),
            ..DayRecap::default()
        };
        let (_, blocks) = compose(&recap);
        let texts = texts(&blocks);
        for said in [
            "지수 데이터를 받지 못했습니다.",
            "해당하는 종목이 없었습니다.",
            "업종 데이터를 받지 못했습니다.",
            "이날 주요 종목의 공시는 없었습니다.",
            "이날 종목토론 글이 올라온 종목이 없었습니다.",
        ] {
            assert!(texts.iter().any(|t| t == said), "{said}: {texts:?}");
        }
        assert!(!blocks.iter().any(|b| matches!(b, Block::Stock { .. })));
        let json = serde_json::json!({ "blocks": blocks }).to_string();
        assert!(Content::custom(&json).is_ok());
    }

    #[test]
    fn numbers_signs_and_particles() {
        assert_eq!(number(1_234_567.891, 2), "1,234,567.89");
        assert_eq!(number(999.0, 0), "999");
        assert_eq!(number(-1_000.0, 0), "-1,000");
        assert_eq!(number(-0.001, 2), "0.00");
        assert_eq!(signed(3.0, 2), "+3.00");
        assert_eq!(signed(-3.0, 2), "-3.00");
        assert_eq!(signed(0.0001, 2), "0.00");
        assert_eq!(percent(0.0123), "+1.23%");
        assert_eq!(percent(-0.3), "-30.00%");
        assert_eq!(percent(0.0), "0.00%");
        assert_eq!(moved(0.00001, true), "보합으로 마감했습니다");
        assert_eq!(moved(-0.02, false), "2.00% 내렸고");
        assert_eq!(topic("코스피"), "는");
        assert_eq!(topic("반도체업종"), "은");
        assert_eq!(topic("KRX"), "는");
        assert_eq!(topic("KOSDAQ"), "는");
        assert_eq!(topic("코스닥"), "은");
    }

    #[test]
    fn market_s_account_of_the_day_becomes_the_recap() {
        let stock = |id: &str, name: &str, price: f64, rate: f64, score: f64| market::TrendStock {
            security_id: id.into(),
            name: name.into(),
            price,
            change_rate: rate,
            score,
            ..Default::default()
        };
        let mover =
            |s: market::TrendStock, disclosures: &[&str], news: &[&str]| market::ClosedMover {
                stock: Some(s),
                r#move: Some(market::Move {
                    disclosures: disclosures
                        .iter()
                        .map(|t| market::Disclosure {
                            report_nm: (*t).into(),
                            ..Default::default()
                        })
                        .collect(),
                    news: news
                        .iter()
                        .map(|t| market::NewsItem {
                            title: (*t).into(),
                            ..Default::default()
                        })
                        .collect(),
                    ..Default::default()
                }),
            };
        let sector = |name: &str, rate: f64| market::Sector {
            name: name.into(),
            change_rate: rate,
            rising_count: 1,
            falling_count: 2,
            ..Default::default()
        };
        let closed = market::ClosedDay {
            date: "2026-11-27".into(),
            indexes: vec![market::Asset {
                name: "코스피".into(),
                price: 2_537.5,
                change: 12.34,
                change_rate: 0.004_888,
                ..Default::default()
            }],
            rising: vec![mover(
                stock("KOREA-A005930", "삼성전자", 72_300.0, 0.0512, 0.0),
                &["분기보고서"],
                &["뉴스 하나"],
            )],
            falling: vec![mover(
                stock("KOREA-A000660", "SK하이닉스", 180_000.0, -0.031, 0.0),
                &[],
                &[],
            )],
            sectors: vec![
                sector("A", 0.03),
                sector("B", 0.02),
                sector("C", 0.01),
                sector("D", 0.005),
                sector("E", 0.0),
                sector("F", -0.01),
                sector("G", -0.02),
            ],
            disclosures: (0..7)
                .map(|i| market::Disclosure {
                    corp_name: format!("회사{i}"),
                    report_nm: "공시".into(),
                    flr_nm: format!("회사{i}"),
                    ..Default::default()
                })
                .collect(),
            discussed: (0..4)
                .map(|i| {
                    stock(
                        &format!("KOREA-A00000{i}"),
                        "종목",
                        1_000.0,
                        0.0,
                        10.0 - f64::from(i),
                    )
                })
                .collect(),
        };
        let posts = HashMap::from([("KOREA-A005930".to_owned(), 7)]);
        let recap = day_recap(date(), &closed, &posts);
        assert_eq!(recap.date, date());
        assert_eq!(
            recap.indexes,
            vec![IndexMove {
                name: "코스피".into(),
                close: 2_537.5,
                change: 12.34,
                change_rate: 0.004_888,
            }]
        );
        assert_eq!(recap.risers.len(), 1);
        assert_eq!(recap.risers[0].disclosures, ["분기보고서"]);
        assert_eq!(recap.risers[0].news, ["뉴스 하나"]);
        assert_eq!(recap.risers[0].posts, 7);
        assert_eq!(recap.fallers[0].posts, 0);
        let names = |sectors: &[SectorMove]| -> Vec<String> {
            sectors.iter().map(|s| s.name.clone()).collect()
        };
        // The three strongest rising groups, the weakest falling ones from the weakest.
        assert_eq!(names(&recap.strong_sectors), ["A", "B", "C"]);
        assert_eq!(names(&recap.weak_sectors), ["G", "F"]);
        assert_eq!(recap.disclosures.len(), NOTABLE);
        assert_eq!(recap.discussed.len(), DISCUSSED);
        assert_eq!(recap.discussed[0].posts, 10);
        let (_, blocks) = compose(&recap);
        let json = serde_json::json!({ "blocks": blocks }).to_string();
        assert!(Content::custom(&json).is_ok());
    }
}

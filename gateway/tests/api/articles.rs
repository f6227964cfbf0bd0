//! News, disclosures and merged articles through the gateway: the real seeded OpenDART
//! filings and the labelled sample news, keyset pages followed to the end, stability under
//! inserts, limits and errors.

use std::collections::HashSet;

use serde_json::Value;
use sise_market::articles::store::{ArticleStore, NewDisclosure, NewNewsItem};
use sise_platform::db::Database;

use crate::helpers::{SAMSUNG, TestApp, shared};

const HYNIX: &str = "KOREA-A000660";
/// 셀트리온 (99 seeded filings): only the insert test reads its articles, so what it adds
/// on the shared system shows in no other test.
const CELLTRION: &str = "KOREA-A068270";

/// Every page of `path` (which has no query yet, or ends in one), following `next_cursor`.
async fn follow(app: &TestApp, path: &str, key: &str, limit: u32) -> (Vec<Value>, usize) {
    let separator = if path.contains('?') { '&' } else { '?' };
    let mut items = Vec::new();
    let mut cursor: Option<String> = None;
    let mut pages = 0;
    loop {
        let url = match &cursor {
            Some(c) => format!("{path}{separator}limit={limit}&cursor={c}"),
            None => format!("{path}{separator}limit={limit}"),
        };
        let (status, body) = app.json(&url).await;
        assert_eq!(status, 200, "{url}: {body}");
        let page = body[key].as_array().expect("items").clone();
        assert!(page.len() <= limit as usize);
        pages += 1;
        items.extend(page);
        match body["next_cursor"].as_str() {
            Some(next) => {
                assert!(
                    next.bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'),
                    "opaque, URL-safe: {next}"
                );
                cursor = Some(next.to_owned());
            }
            None => {
                assert!(body["next_cursor"].is_null());
                return (items, pages);
            }
        }
        assert!(pages < 1_000, "cursor loop");
    }
}

fn ids(items: &[Value], field: &str) -> Vec<String> {
    items
        .iter()
        .map(|i| match &i[field] {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        })
        .collect()
}

/// An article's identity: kind plus id.
fn article_id(article: &Value) -> String {
    match article["kind"].as_str().expect("kind") {
        "NEWS" => format!("n{}", article["news"]["id"]),
        "DISCLOSURE" => format!("d{}", article["disclosure"]["id"].as_str().expect("id")),
        other => panic!("kind {other}"),
    }
}

fn assert_unique(ids: &[String]) {
    let set: HashSet<&String> = ids.iter().collect();
    assert_eq!(set.len(), ids.len(), "duplicates across pages");
}

async fn market_store(app: &TestApp) -> ArticleStore {
    let url = app.database_url("market").expect("market db");
    let db = Database::connect(&url, &sise_market::store::MIGRATIONS)
        .await
        .expect("connect");
    ArticleStore::new(db)
}

sise_platform::per_backend! {
    async fn seeded_disclosures_and_news_page_to_the_end(backend) {
        let app = shared(backend).await;

        // The real seeded 삼성전자 filings, newest first.
        let (status, body) = app
            .json(&format!(
                "/main/api/v1/securities/{SAMSUNG}/disclosures.json"
            ))
            .await;
        assert_eq!(status, 200, "{body} on {backend:?}");
        let first = &body["disclosures"][0];
        assert_eq!(first["id"], "20260821800837");
        assert_eq!(first["title"], "기타경영사항(자율공시)");
        assert_eq!(first["corp_name"], "삼성전자");
        assert_eq!(first["filer"], "삼성전자");
        assert_eq!(first["security_id"], SAMSUNG);
        assert_eq!(first["received_on"], "2026-08-21");
        assert_eq!(first["remark"], "유");
        assert_eq!(
            first["url"],
            "https://dart.fss.or.kr/dsaf001/main.do?rcpNo=20260821800837"
        );
        assert_eq!(
            body["disclosures"].as_array().expect("list").len(),
            20,
            "spec §9 default"
        );
        assert!(body["next_cursor"].is_string());

        // All 871 of them, in order, without duplicates or gaps.
        let path = format!("/main/api/v1/securities/{SAMSUNG}/disclosures");
        let (all, pages) = follow(&app, &path, "disclosures", 50).await;
        assert_eq!((all.len(), pages), (871, 18));
        let numbers = ids(&all, "id");
        assert_unique(&numbers);
        let keys: Vec<(String, String)> = all
            .iter()
            .map(|d| {
                (
                    d["received_on"].as_str().expect("date").to_owned(),
                    d["id"].as_str().expect("id").to_owned(),
                )
            })
            .collect();
        assert!(keys.windows(2).all(|w| w[0] > w[1]), "newest first");
        assert_eq!(keys.last().map(|k| k.0.as_str()), Some("2026-05-08"));
        // Another page size gives the same sequence.
        let (again, _) = follow(&app, &path, "disclosures", 7).await;
        assert_eq!(ids(&again, "id"), numbers);

        // Several securities at once (SK하이닉스 has 77 seeded filings).
        let (both, _) = follow(
            &app,
            &format!("/main/api/v1/disclosures?security_ids={SAMSUNG},{HYNIX}"),
            "disclosures",
            50,
        )
        .await;
        assert_eq!(both.len(), 871 + 77);
        assert_unique(&ids(&both, "id"));
        assert!(
            both.iter()
                .all(|d| d["security_id"] == SAMSUNG || d["security_id"] == HYNIX)
        );

        // The labelled sample news.
        let (status, body) = app
            .json(&format!("/main/api/v1/securities/{SAMSUNG}/news"))
            .await;
        assert_eq!(status, 200, "{body}");
        let news = body["news"].as_array().expect("news");
        assert_eq!(news.len(), 1);
        assert_eq!(news[0]["publisher"], "Sise 샘플 뉴스");
        assert!(news[0]["title"].as_str().expect("title").contains("샘플"));
        assert_eq!(news[0]["security_ids"], serde_json::json!([SAMSUNG]));
        assert!(body["next_cursor"].is_null());
        let (news_both, _) = follow(
            &app,
            &format!("/main/api/v1/news?security_ids={SAMSUNG},{HYNIX},KOREA-A999999"),
            "news",
            1,
        )
        .await;
        assert_eq!(news_both.len(), 2, "unknown ids match nothing");
        assert!(news_both[0]["published_at"].as_i64() > news_both[1]["published_at"].as_i64());

        // Merged: 871 filings and the sample news item, newest first.
        let articles_path = format!("/main/api/v1/securities/{SAMSUNG}/articles");
        let (articles, _) = follow(&app, &articles_path, "articles", 50).await;
        assert_eq!(articles.len(), 872);
        assert_eq!(articles[0]["kind"], "NEWS", "the sample is recent");
        assert!(articles[0]["disclosure"].is_null());
        assert_eq!(articles[1]["kind"], "DISCLOSURE");
        assert!(articles[1]["news"].is_null());
        assert_eq!(articles[1]["disclosure"]["id"], "20260821800837");
        let times: Vec<i64> = articles
            .iter()
            .map(|a| a["published_at"].as_i64().expect("time"))
            .collect();
        assert!(times.windows(2).all(|w| w[0] >= w[1]));
        assert_unique(&articles.iter().map(article_id).collect::<Vec<_>>());
    }
}

sise_platform::per_backend! {
    async fn pages_stay_stable_when_items_arrive_mid_pagination(backend) {
        let app = shared(backend).await;
        let store = market_store(&app).await;
        let path = format!("/main/api/v1/securities/{CELLTRION}/articles");
        let (before, _) = follow(&app, &path, "articles", 50).await;
        let expected: Vec<String> = before.iter().map(article_id).collect();

        // Read the first two pages ...
        let (_, page1) = app.json(&format!("{path}?limit=20")).await;
        let cursor = page1["next_cursor"].as_str().expect("cursor").to_owned();
        let (_, page2) = app.json(&format!("{path}?limit=20&cursor={cursor}")).await;
        let mut seen: Vec<String> = page1["articles"]
            .as_array()
            .expect("page")
            .iter()
            .chain(page2["articles"].as_array().expect("page"))
            .map(article_id)
            .collect();

        // ... then a newer news item, a newer filing and an older item arrive.
        let now = chrono::Utc::now().timestamp_millis();
        let newer = store
            .insert_news(
                &NewNewsItem {
                    url: "https://news.test/breaking".into(),
                    title: "셀트리온 속보".into(),
                    summary: String::new(),
                    publisher: "테스트".into(),
                    published_at_ms: now,
                    source: "test".into(),
                    sample: false,
                    security_ids: vec![CELLTRION.into()],
                },
                now,
            )
            .await
            .expect("insert")
            .expect("new");
        let filed = store
            .insert_disclosures(
                &[NewDisclosure {
                    rcept_no: "20261122000001".into(),
                    corp_code: "00413046".into(),
                    corp_name: "셀트리온".into(),
                    stock_code: "068270".into(),
                    security_id: Some(CELLTRION.into()),
                    report_nm: "주요사항보고서".into(),
                    flr_nm: "셀트리온".into(),
                    rcept_dt: chrono::NaiveDate::from_ymd_opt(2026, 11, 22).expect("date"),
                    rm: String::new(),
                }],
                now,
            )
            .await
            .expect("insert");
        assert_eq!(filed.len(), 1);
        // 2026-06-01 12:00 KST: far below the pages already read.
        let older = store
            .insert_news(
                &NewNewsItem {
                    url: "https://news.test/archive".into(),
                    title: "셀트리온 지난 기사".into(),
                    summary: String::new(),
                    publisher: "테스트".into(),
                    published_at_ms: 1_780_282_800_000,
                    source: "test".into(),
                    sample: false,
                    security_ids: vec![CELLTRION.into()],
                },
                now,
            )
            .await
            .expect("insert")
            .expect("new");

        // The rest of the pages from the old cursor: no repeats of what was read, the
        // newer items not at all, the older one in its place.
        let mut cursor = page2["next_cursor"].as_str().map(str::to_owned);
        while let Some(c) = cursor {
            let (status, page) = app.json(&format!("{path}?limit=20&cursor={c}")).await;
            assert_eq!(status, 200, "{page}");
            seen.extend(
                page["articles"]
                    .as_array()
                    .expect("page")
                    .iter()
                    .map(article_id),
            );
            cursor = page["next_cursor"].as_str().map(str::to_owned);
        }
        assert_unique(&seen);
        let older_id = format!("n{}", older.id);
        let mut expected_after: Vec<String> = expected.clone();
        let position = before
            .iter()
            .position(|a| a["published_at"].as_i64().expect("t") < 1_780_282_800_000)
            .expect("older items exist");
        expected_after.insert(position, older_id);
        assert_eq!(seen, expected_after);
        assert!(!seen.contains(&format!("n{}", newer.id)));

        // A fresh first page shows the newer items on top.
        let (_, top) = app.json(&format!("{path}?limit=3")).await;
        let top: Vec<String> = top["articles"]
            .as_array()
            .expect("page")
            .iter()
            .map(article_id)
            .collect();
        assert_eq!(top[0], format!("n{}", newer.id));
        assert!(top.contains(&"d20261122000001".to_owned()));
        store.database().close().await;
    }
}

sise_platform::per_backend! {
    async fn limits_and_errors_are_json(backend) {
        let app = shared(backend).await;
        let disclosures = format!("/main/api/v1/securities/{SAMSUNG}/disclosures");
        for (query, expected) in [
            ("", 20),
            ("?limit=1", 1),
            ("?limit=50", 50),
        ] {
            let (status, body) = app.json(&format!("{disclosures}{query}")).await;
            assert_eq!(status, 200, "{query}: {body}");
            assert_eq!(
                body["disclosures"].as_array().expect("list").len(),
                expected,
                "{query}"
            );
        }

        let bad_cursor_news = {
            let (_, body) = app
                .json(&format!("/main/api/v1/securities/{SAMSUNG}/news?limit=1"))
                .await;
            assert!(body["next_cursor"].is_null(), "one sample only");
            let (_, body) = app.json(&format!("{disclosures}?limit=1")).await;
            body["next_cursor"].as_str().expect("cursor").to_owned()
        };
        let cases: Vec<(String, u16, &str)> = vec![
            (format!("{disclosures}?limit=0"), 400, "invalid_limit"),
            (format!("{disclosures}?limit=-1"), 400, "invalid_limit"),
            (format!("{disclosures}?limit=abc"), 400, "invalid_limit"),
            // Refused, not capped: the client learns the maximum (one rule for every page).
            (format!("{disclosures}?limit=51"), 400, "invalid_limit"),
            (format!("{disclosures}?limit=5000"), 400, "invalid_limit"),
            (format!("{disclosures}?cursor=zzz"), 400, "invalid_cursor"),
            (
                format!("{disclosures}?cursor=%25%25"),
                400,
                "invalid_cursor",
            ),
            (
                format!("{disclosures}?cursor={}", "A".repeat(300)),
                400,
                "invalid_cursor",
            ),
            // A disclosure cursor is not a news or merged cursor.
            (
                format!("/main/api/v1/securities/{SAMSUNG}/news?cursor={bad_cursor_news}"),
                400,
                "invalid_cursor",
            ),
            (
                format!("/main/api/v1/securities/{SAMSUNG}/articles?cursor={bad_cursor_news}"),
                400,
                "invalid_cursor",
            ),
            (
                "/main/api/v1/securities/KOREA-A999999/news".into(),
                404,
                "security_not_found",
            ),
            (
                "/main/api/v1/securities/KOREA-A999999/disclosures".into(),
                404,
                "security_not_found",
            ),
            (
                "/main/api/v1/securities/KOREA-A999999/articles".into(),
                404,
                "security_not_found",
            ),
            (
                "/main/api/v1/securities/005930/news".into(),
                400,
                "invalid_security_id",
            ),
            (
                "/main/api/v1/securities/KOREA-A00593/articles".into(),
                400,
                "invalid_security_id",
            ),
            ("/main/api/v1/news".into(), 400, "missing_security_ids"),
            (
                "/main/api/v1/disclosures?security_ids=".into(),
                400,
                "missing_security_ids",
            ),
            (
                "/main/api/v1/articles?security_ids=,,".into(),
                400,
                "missing_security_ids",
            ),
            (
                "/main/api/v1/news?security_ids=KOREA-A005930,bogus".into(),
                400,
                "invalid_security_id",
            ),
            (
                format!(
                    "/main/api/v1/articles?security_ids={}",
                    vec![SAMSUNG; 51].join(",")
                ),
                400,
                "too_many_securities",
            ),
            (
                format!("/main/api/v1/articles?security_ids={SAMSUNG}&cursor=x"),
                400,
                "invalid_cursor",
            ),
        ];
        for (path, status, code) in &cases {
            let (got, body) = app.json(path).await;
            assert_eq!(
                (got, body["error"].as_str()),
                (*status, Some(*code)),
                "{path}: {body}"
            );
            assert!(
                body["message"].as_str().is_some_and(|m| !m.is_empty()),
                "{path}"
            );
        }

        // An unknown (well-formed) id among several matches nothing; alone, an empty page.
        let (status, body) = app
            .json("/main/api/v1/articles?security_ids=KOREA-A999999")
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["articles"], serde_json::json!([]));
        assert!(body["next_cursor"].is_null());
        // 50 ids (repeats allowed) are fine.
        let (status, _) = app
            .json(&format!(
                "/main/api/v1/news?security_ids={}",
                vec![SAMSUNG; 50].join(",")
            ))
            .await;
        assert_eq!(status, 200);
    }
}

//! Topics (테마): every stock of the curated list is one market lists, under its name; each
//! call of `TopicService` with its answers and refusals, on both backends (the list is held
//! in memory, the same on both).

use std::collections::HashMap;

use sise_platform::testing::repo_root;
use sise_proto::market::v1::GetQuotesRequest;
use sise_proto::market::v1::market_service_client::MarketServiceClient;
use sise_proto::social::v1 as pb;
use sise_proto::social::v1::topic_service_client::TopicServiceClient;
use sise_social::topics::Topics;
use tonic::transport::Channel;

use crate::helpers::{TestApp, code, peers};

fn topics(app: &TestApp) -> TopicServiceClient<Channel> {
    TopicServiceClient::new(app.service.channel.clone())
}

fn names(topics: &[pb::Topic]) -> Vec<&str> {
    topics.iter().map(|t| t.name.as_str()).collect()
}

async fn search(
    app: &TestApp,
    keyword: &str,
    limit: Option<i64>,
    cursor: &str,
) -> Result<pb::TopicPage, tonic::Status> {
    topics(app)
        .search_topics(pb::SearchTopicsRequest {
            keyword: keyword.to_owned(),
            limit,
            cursor: cursor.to_owned(),
        })
        .await
        .map(|r| r.into_inner())
}

/// The curated file names stocks of the catalogue, as the catalogue names them, and market
/// quotes every one of them.
#[tokio::test]
async fn every_stock_of_a_topic_is_listed_under_its_name() {
    let topics = Topics::bundled().expect("topics.csv");
    let listing = sise_market::dataset::load_listing(&repo_root().join("services/market/data"))
        .expect("listing");
    let names: HashMap<&str, &str> = listing
        .iter()
        .map(|s| (s.security_id.as_str(), s.name.as_str()))
        .collect();
    let mut ids = Vec::new();
    for topic in topics.all() {
        for stock in &topic.stocks {
            assert_eq!(
                names.get(stock.security_id.as_str()).copied(),
                Some(stock.name.as_str()),
                "{} in {}",
                stock.security_id,
                topic.name
            );
            ids.push(stock.security_id.clone());
        }
    }
    ids.sort();
    ids.dedup();
    let market = Channel::from_shared(format!("http://{}", peers().market))
        .expect("url")
        .connect()
        .await
        .expect("market");
    for chunk in ids.chunks(100) {
        let quoted = MarketServiceClient::new(market.clone())
            .get_quotes(GetQuotesRequest {
                security_ids: chunk.to_vec(),
            })
            .await
            .expect("quotes")
            .into_inner()
            .quotes;
        assert_eq!(quoted.len(), chunk.len(), "market quotes every stock");
    }
}

sise_platform::per_backend! {
    async fn a_topic_by_id_with_its_stocks(backend) {
        let app = TestApp::spawn(backend).await;
        let topic = topics(&app)
            .get_topic(pb::GetTopicRequest { id: 2 })
            .await
            .expect("topic 2")
            .into_inner();
        assert_eq!(topic.name, "반도체");
        assert!(!topic.description.is_empty());
        assert!(topic.stocks.iter().any(|s| s.security_id == "KOREA-A005930" && s.name == "삼성전자"));
        for id in [0, -1, 999_999] {
            let missing = topics(&app).get_topic(pb::GetTopicRequest { id }).await.expect_err("missing");
            assert_eq!(code(&missing), "topic_not_found", "{id}");
            assert_eq!(missing.code(), tonic::Code::NotFound);
        }
        app.stop().await;
    }

    async fn featured_topics_in_their_order(backend) {
        let app = TestApp::spawn(backend).await;
        let featured = |limit| {
            let mut client = topics(&app);
            async move { client.featured_topics(pb::FeaturedTopicsRequest { limit }).await.map(|r| r.into_inner().topics) }
        };
        let all = featured(None).await.expect("featured");
        assert!((3..=10).contains(&all.len()), "{}", all.len());
        assert_eq!(names(&all)[..3], ["2차전지", "반도체", "AI"]);
        assert!(all.iter().all(|t| !t.stocks.is_empty()));
        let two = featured(Some(2)).await.expect("two");
        assert_eq!(names(&two), names(&all)[..2]);
        for bad in [0, -1, 51] {
            let refused = featured(Some(bad)).await.expect_err("bad limit");
            assert_eq!(code(&refused), "invalid_limit", "{bad}");
        }
        app.stop().await;
    }

    async fn the_topics_of_a_security(backend) {
        let app = TestApp::spawn(backend).await;
        let of = |id: &str| {
            let mut client = topics(&app);
            let request = pb::TopicsOfSecurityRequest { security_id: id.to_owned() };
            async move { client.topics_of_security(request).await.map(|r| r.into_inner().topics) }
        };
        let samsung = of("KOREA-A005930").await.expect("삼성전자");
        assert!(names(&samsung).contains(&"반도체"), "{:?}", names(&samsung));
        assert!(samsung.iter().all(|t| t.stocks.iter().any(|s| s.security_id == "KOREA-A005930")));
        // A listed stock no topic holds (삼성전자우, a preferred share).
        assert!(of("KOREA-A005935").await.expect("listed").is_empty());
        assert_eq!(code(&of("005930").await.expect_err("bad id")), "invalid_security_id");
        assert_eq!(code(&of("KOREA-A999999").await.expect_err("unknown")), "security_not_found");
        app.stop().await;
    }

    async fn topics_searched_as_korean_is_typed(backend) {
        let app = TestApp::spawn(backend).await;
        for (keyword, first) in [
            ("반도체", "반도체"),
            ("반돛", "반도체"),
            ("ㅂㄷㅊ", "반도체"),
            ("전지", "2차전지"),
            ("에이아이", "AI"),
            ("ai", "AI"),
        ] {
            let page = search(&app, keyword, None, "").await.expect("search");
            assert_eq!(names(&page.topics).first().copied(), Some(first), "{keyword}");
        }
        // Paging by position to the end: every topic whose name starts with ㅂ … or holds it.
        let whole = search(&app, "ㅂ", Some(50), "").await.expect("whole");
        assert!(whole.topics.len() >= 2 && whole.next_cursor.is_empty());
        let mut paged = Vec::new();
        let mut cursor = String::new();
        loop {
            let page = search(&app, "ㅂ", Some(1), &cursor).await.expect("page");
            assert_eq!(page.topics.len(), 1);
            paged.push(page.topics[0].id);
            if page.next_cursor.is_empty() {
                break;
            }
            cursor = page.next_cursor;
        }
        assert_eq!(paged, whole.topics.iter().map(|t| t.id).collect::<Vec<_>>());
        assert!(search(&app, "없는테마", None, "").await.expect("none").topics.is_empty());
        for (keyword, limit, cursor, error) in [
            (" ", None, "", "missing_keyword"),
            (&*"가".repeat(41), None, "", "keyword_too_long"),
            ("반도체", Some(0), "", "invalid_limit"),
            ("반도체", Some(51), "", "invalid_limit"),
            ("반도체", None, "x", "invalid_cursor"),
            ("반도체", None, "0", "invalid_cursor"),
        ] {
            let refused = search(&app, keyword, limit, cursor).await.expect_err(error);
            assert_eq!(code(&refused), error, "{keyword} {limit:?} {cursor}");
        }
        app.stop().await;
    }
}

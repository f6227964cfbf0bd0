//! The daily market recap the service writes itself: nothing while market's session runs
//! (the peers' market runs the continuous clock, which never closes), one CUSTOM article by
//! the reserved contributor 시세 마켓봇 once the trading date shows closed, from the shared
//! market's real data, and never a second one for the date (another run, two writers at
//! once, a publish that races past the check).

use sise_platform::db::Database;
use sise_platform::time::now_ms;
use sise_proto::market::v1 as market;
use sise_proto::social::v1 as pb;
use sise_proto::social::v1::insight_article_service_client::InsightArticleServiceClient;
use sise_social::domain::insight::Content;
use sise_social::domain::recap::title;
use sise_social::recap::{Outcome, RECAP_CONTRIBUTOR, RECAP_PUBLISHER, RecapWriter};
use sise_social::store::insight::NewArticle;
use sise_social::store::{MIGRATIONS, Store};
use tonic::transport::{Channel, Endpoint};

use crate::helpers::{SAMSUNG, TestApp, member, peers};

fn readers(app: &TestApp) -> InsightArticleServiceClient<Channel> {
    InsightArticleServiceClient::new(app.service.channel.clone())
}

/// The service contributor's shown articles.
async fn recaps(app: &TestApp) -> Vec<pb::InsightArticle> {
    readers(app)
        .list_contributor_insight_articles(pb::ListContributorInsightArticlesRequest {
            contributor_id: RECAP_CONTRIBUTOR,
            limit: Some(50),
            cursor: String::new(),
        })
        .await
        .expect("list")
        .into_inner()
        .articles
}

sise_platform::per_backend! {
    async fn one_recap_per_closed_trading_date_by_the_service(backend) {
        let app = TestApp::spawn(backend).await;
        let db = Database::connect(app.service.database_url(), &MIGRATIONS)
            .await
            .expect("database");
        let store = Store::new(db, Default::default());
        let market_channel = || {
            Endpoint::from_shared(format!("http://{}", peers().market))
                .expect("url")
                .connect_lazy()
        };
        // Two writers, as two replicas have.
        let writer = RecapWriter::new(store.clone(), market_channel());
        let other = RecapWriter::new(store.clone(), market_channel());

        // The service contributor exists from the start: the service itself, no person.
        let bot = readers(&app)
            .get_contributor(pb::GetContributorRequest { id: RECAP_CONTRIBUTOR })
            .await
            .expect("contributor")
            .into_inner();
        assert_eq!(bot.name, "시세 마켓봇");
        assert!(bot.automated && !bot.sample);
        assert!(bot.bio.contains("자동으로 작성"), "{}", bot.bio);
        assert_eq!(bot.articles_count, 0);

        // A post on a board today: the recap counts each mover's posts of the day.
        app.post(member(), "오늘 장 어땠나요").await;
        let posts = store
            .board_posts_between(&[SAMSUNG.to_owned()], now_ms() - 3_600_000, now_ms() + 60_000)
            .await
            .expect("posts");
        assert_eq!(posts, vec![(SAMSUNG.to_owned(), 1)]);

        // While the session runs, no recap (the continuous clock never closes).
        let mut open = writer.condition().await.expect("condition");
        assert_eq!(open.session, market::Session::Regular as i32);
        assert_eq!(writer.check().await.expect("run"), Outcome::Open);
        // The day's index opens with market's first step.
        for _ in 0..200 {
            if open.kospi.as_ref().is_some_and(|k| k.open > 0.0) {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
            open = writer.condition().await.expect("condition");
        }
        assert!(open.kospi.as_ref().is_some_and(|k| k.open > 0.0), "{open:?}");
        assert_eq!(writer.write_for(&open).await.expect("run"), Outcome::Open);
        assert!(recaps(&app).await.is_empty());

        // The same day as market shows it once its session is over.
        let closed = market::MarketCondition {
            session: market::Session::Closed as i32,
            ..open.clone()
        };
        let (date, id) = match writer.write_for(&closed).await.expect("run") {
            Outcome::Wrote(date, id) => (date, id),
            other => panic!("not written: {other:?}"),
        };
        assert_eq!(date.to_string(), open.trading_date);

        // In the insight list, by the service contributor, labelled sample data.
        let all = readers(&app)
            .list_insight_articles(pb::ListInsightArticlesRequest::default())
            .await
            .expect("list")
            .into_inner()
            .articles;
        let listed = all.iter().find(|a| a.id == id).expect("in the list");
        assert_eq!(listed.title, title(date));
        assert!(listed.title.ends_with("시장 마감 리뷰"));
        assert!(listed.sample);
        let by = listed.contributor.as_ref().expect("contributor");
        assert_eq!((by.id, by.automated), (RECAP_CONTRIBUTOR, true));
        let detail = readers(&app)
            .get_insight_article(pb::GetInsightArticleRequest { id })
            .await
            .expect("article")
            .into_inner()
            .article
            .expect("article");
        assert_eq!(detail.content_type, pb::ContentFormat::Custom as i32);
        let content = Content::custom(&detail.content).expect("custom blocks");
        for section in ["지수", "상승률 상위", "하락률 상위", "업종 히트맵", "주요 공시", "토론이 활발했던 종목"] {
            assert!(content.text.contains(section), "{section}: {}", content.text);
        }
        assert!(content.text.contains("왜 움직였나"), "{}", content.text);
        // The movers' stock cards, and the article is listed under each of them.
        assert!(content.stocks.len() >= 2, "{:?}", content.stocks);
        assert_eq!(detail.security_ids, content.stocks);
        let under = readers(&app)
            .list_security_insight_articles(pb::ListSecurityInsightArticlesRequest {
                security_id: content.stocks[0].clone(),
                limit: Some(10),
                cursor: String::new(),
            })
            .await
            .expect("by security")
            .into_inner()
            .articles;
        assert!(under.iter().any(|a| a.id == id));

        // Another run, and two writers at once: the date has its recap.
        assert_eq!(writer.write_for(&closed).await.expect("run"), Outcome::Written(date, id));
        let (a, b) = tokio::join!(writer.write_for(&closed), other.write_for(&closed));
        assert_eq!(a.expect("run"), Outcome::Written(date, id));
        assert_eq!(b.expect("run"), Outcome::Written(date, id));
        // A writer that passed the check before the first one published claims nothing,
        // and its article is rolled back.
        let late = NewArticle {
            contributor_id: RECAP_CONTRIBUTOR,
            title: title(date),
            content: content.clone(),
            security_ids: Vec::new(),
            featured: false,
            published_by: RECAP_PUBLISHER.to_owned(),
            sample: true,
        };
        let raced = store
            .publish_market_recap(&late, &date.to_string(), now_ms())
            .await
            .expect("database")
            .expect("allowed");
        assert!(raced.is_none());
        let written = recaps(&app).await;
        assert_eq!(written.len(), 1, "one recap for the date");
        assert_eq!(written[0].id, id);
        let bot = readers(&app)
            .get_contributor(pb::GetContributorRequest { id: RECAP_CONTRIBUTOR })
            .await
            .expect("contributor")
            .into_inner();
        assert_eq!(bot.articles_count, 1);

        store.database().pool.close().await;
        app.stop().await;
    }
}

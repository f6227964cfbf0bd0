//! The daily market recap the service writes itself, from the shared market's real data: the
//! peers' market runs the embedded default's continuous clock, which replays its date and
//! never closes, so its latest closed dates are the trading days before the replayed one.
//! One CUSTOM article by the reserved contributor 시세 마켓봇 for each, never a second one
//! for a date (another run, two writers at once, a publish that races past the check); and a
//! server started again after a close, even several trading days later, writes the days
//! it missed at its start-up check, each once.

use std::time::Duration;

use sise_platform::db::Database;
use sise_platform::time::now_ms;
use sise_proto::market::v1 as market;
use sise_proto::market::v1::asset_service_client::AssetServiceClient;
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

fn market_channel() -> Channel {
    Endpoint::from_shared(format!("http://{}", peers().market))
        .expect("url")
        .connect_lazy()
}

/// The service contributor's shown articles, newest first.
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

        // The recap counts each mover's posts of the day on social's own boards.
        app.post(member(), "오늘 장 어땠나요").await;
        let posts = store
            .board_posts_between(&[SAMSUNG.to_owned()], now_ms() - 3_600_000, now_ms() + 60_000)
            .await
            .expect("posts");
        assert_eq!(posts, vec![(SAMSUNG.to_owned(), 1)]);

        // The continuous clock replays its date (always the regular session): the closed
        // dates are the trading days before it, newest first.
        let condition = AssetServiceClient::new(market_channel())
            .get_market_condition(market::GetMarketConditionRequest { security_id: None })
            .await
            .expect("condition")
            .into_inner()
            .market_condition
            .expect("condition");
        assert_eq!(condition.session, market::Session::Regular as i32);
        let days = writer.closed_days(3).await.expect("closed days");
        assert_eq!(days.len(), 3, "{days:?}");
        assert!(days.windows(2).all(|w| w[0] > w[1]), "{days:?}");
        assert!(days[0].to_string() < condition.trading_date, "{days:?} {condition:?}");
        let date = days[0];
        assert!(recaps(&app).await.is_empty());

        let id = match writer.write_day(date).await.expect("run") {
            Outcome::Wrote(written, id) if written == date => id,
            other => panic!("not written: {other:?}"),
        };

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
        // The day's indexes from market's daily bars, its movers and why.
        assert!(content.text.contains("코스피"), "{}", content.text);
        assert!(content.text.contains("왜 움직였나"), "{}", content.text);
        assert!(content.text.contains("강세 업종") || content.text.contains("약세 업종"));
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
        assert_eq!(writer.check(1).await.expect("run"), vec![Outcome::Written(date, id)]);
        let (a, b) = tokio::join!(writer.write_day(date), other.write_day(date));
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

        // A run over the last three closed dates writes the two older ones, the oldest
        // first (newest first, the list then shows the day before, the one before that,
        // and the latest day written first).
        let done = writer.check(3).await.expect("run");
        assert_eq!(done.len(), 3, "{done:?}");
        assert!(matches!(done[0], Outcome::Wrote(d, _) if d == days[2]), "{done:?}");
        assert!(matches!(done[1], Outcome::Wrote(d, _) if d == days[1]), "{done:?}");
        assert_eq!(done[2], Outcome::Written(date, id));
        let titles: Vec<String> = recaps(&app).await.into_iter().map(|a| a.title).collect();
        assert_eq!(titles, [title(days[1]), title(days[2]), title(date)]);
        let bot = readers(&app)
            .get_contributor(pb::GetContributorRequest { id: RECAP_CONTRIBUTOR })
            .await
            .expect("contributor")
            .into_inner();
        assert_eq!(bot.articles_count, 3);

        store.database().close().await;
        app.stop().await;
    }

    async fn a_server_started_after_closes_writes_the_days_it_missed(backend) {
        // The database of a server that was down over the closes: no recap yet.
        let first = TestApp::spawn(backend).await;
        assert!(recaps(&first).await.is_empty());
        let database_url = first.service.database_url().to_owned();
        let days = RecapWriter::new(
            Store::new(
                Database::connect(&database_url, &MIGRATIONS).await.expect("database"),
                Default::default(),
            ),
            market_channel(),
        )
        .closed_days(3)
        .await
        .expect("closed days");
        // It comes back with the daily recap on over the last two closed days.
        let titles = |n: usize| days.iter().take(n).map(|d| title(*d)).collect::<Vec<_>>();
        let again = restarted(backend, &database_url, "2").await;
        wait_for_recaps(&first, 2).await;
        assert_eq!(recap_titles(&first).await, titles(2));
        again.stop().await;
        // Started once more, a day later as far as the recap is concerned (three days
        // now): the day it had not written, and none twice.
        let later = restarted(backend, &database_url, "3").await;
        wait_for_recaps(&first, 3).await;
        let mut expected = titles(3);
        // The oldest was written last.
        expected.rotate_right(1);
        assert_eq!(recap_titles(&first).await, expected);
        later.stop().await;
        first.stop().await;
    }
}

/// The service again on `database_url` with the daily recap on over the last `days` closed
/// days (and a check an hour apart: only the start-up check runs in a test).
async fn restarted(backend: sise_platform::db::Backend, database_url: &str, days: &str) -> TestApp {
    TestApp::spawn_with(
        backend,
        &[
            ("services.social.database_url", database_url),
            ("services.social.recap.enabled", "true"),
            ("services.social.recap.check_interval_secs", "3600"),
            ("services.social.recap.days", days),
        ],
    )
    .await
}

async fn recap_titles(app: &TestApp) -> Vec<String> {
    recaps(app).await.into_iter().map(|a| a.title).collect()
}

/// Waits until the service contributor has `n` articles (a bound on a hang: the start-up
/// check writes them at once, each a few calls to market).
async fn wait_for_recaps(app: &TestApp, n: usize) {
    for _ in 0..1_200 {
        if recaps(app).await.len() >= n {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("{n} recaps not written within 2 minutes");
}

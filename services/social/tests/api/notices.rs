//! Notices: operators publish them on the operators' listener (their token required, their
//! name kept); everyone reads them newest first, 10 a page, and each by id; a notice cannot
//! be withdrawn before it has stayed 7 days (spec §9), and a withdrawn one leaves the list
//! and its page.

use sise_proto::social::v1 as pb;
use sise_proto::social::v1::editorial_service_client::EditorialServiceClient;
use sise_proto::social::v1::notice_service_client::NoticeServiceClient;
use tonic::Code;
use tonic::transport::Channel;

use crate::helpers::{TestApp, code};

const DAY_MS: i64 = 24 * 3_600_000;

fn readers(app: &TestApp) -> NoticeServiceClient<Channel> {
    NoticeServiceClient::new(app.service.channel.clone())
}

fn desk(app: &TestApp) -> EditorialServiceClient<Channel> {
    EditorialServiceClient::new(
        app.service
            .operator_channel
            .clone()
            .expect("operators' listener"),
    )
}

async fn publish(app: &TestApp, title: &str, body: &str) -> Result<pb::Notice, tonic::Status> {
    let call = app.service.as_operator(pb::PublishNoticeRequest {
        title: title.to_owned(),
        body: body.to_owned(),
    });
    desk(app).publish_notice(call).await.map(|r| r.into_inner())
}

async fn withdraw(app: &TestApp, id: i64) -> Result<pb::Notice, tonic::Status> {
    let call = app.service.as_operator(pb::WithdrawNoticeRequest { id });
    desk(app)
        .withdraw_notice(call)
        .await
        .map(|r| r.into_inner())
}

async fn page(
    app: &TestApp,
    limit: Option<i64>,
    cursor: &str,
) -> Result<pb::NoticePage, tonic::Status> {
    readers(app)
        .list_notices(pb::ListNoticesRequest {
            limit,
            cursor: cursor.to_owned(),
        })
        .await
        .map(|r| r.into_inner())
}

/// Moves notice `id`'s publication `days` into the past (as if it had been shown that long).
async fn age(app: &TestApp, id: i64, days: i64) {
    let db = sise_platform::db::Database::connect(
        app.service.database_url(),
        &sise_social::store::MIGRATIONS,
    )
    .await
    .expect("database");
    sqlx::query("UPDATE notices SET published_at_ms = published_at_ms - $2 WHERE id = $1")
        .bind(id)
        .bind(days * DAY_MS)
        .execute(db.writer())
        .await
        .expect("aged");
    db.close().await;
}

sise_platform::per_backend! {
    async fn notices_page_newest_first_and_stay_seven_days(backend) {
        let app = TestApp::spawn(backend).await;
        assert!(page(&app, None, "").await.expect("empty").notices.is_empty());
        let mut published = Vec::new();
        for n in 1..=12 {
            let notice = publish(&app, &format!(" 공지 {n} "), &format!("내용 {n}\r\n자세히: https://example.com/{n}"))
                .await
                .expect("published");
            assert_eq!(notice.title, format!("공지 {n}"), "trimmed");
            assert_eq!(notice.body, format!("내용 {n}\n자세히: https://example.com/{n}"), "line breaks kept");
            assert_eq!(notice.published_by, sise_platform::testing::OPERATOR);
            published.push(notice);
        }
        // Ten a page by default (spec §9), newest first, then the rest.
        let first = page(&app, None, "").await.expect("first page");
        let ids: Vec<i64> = first.notices.iter().map(|n| n.id).collect();
        let newest: Vec<i64> = published.iter().rev().map(|n| n.id).collect();
        assert_eq!(ids, newest[..10]);
        assert!(first.notices.iter().all(|n| n.published_by.is_empty()), "no operator names for readers");
        let second = page(&app, None, &first.next_cursor).await.expect("second page");
        assert_eq!(second.notices.iter().map(|n| n.id).collect::<Vec<_>>(), newest[10..]);
        assert!(second.next_cursor.is_empty(), "the end");
        let small = page(&app, Some(5), "").await.expect("five");
        assert_eq!(small.notices.len(), 5);
        for (limit, cursor, expected) in [
            (Some(0), "", "invalid_limit"),
            (Some(51), "", "invalid_limit"),
            (None, "bm90LWEtY3Vyc29y", "invalid_cursor"),
        ] {
            let refused = page(&app, limit, cursor).await.expect_err("refused");
            assert_eq!(code(&refused), expected);
        }

        // One by id, as everyone reads it.
        let oldest = &published[0];
        let read = readers(&app)
            .get_notice(pb::GetNoticeRequest { id: oldest.id })
            .await
            .expect("read")
            .into_inner();
        assert_eq!((read.title.as_str(), read.body.as_str()), (oldest.title.as_str(), oldest.body.as_str()));
        assert!(read.published_by.is_empty());

        // Not withdrawn before its 7 days; then it leaves the list and its page.
        let refused = withdraw(&app, oldest.id).await.expect_err("too recent");
        assert_eq!(code(&refused), "notice_too_recent");
        assert_eq!(refused.message(), "공지사항은 게시하고 7일이 지나야 내릴 수 있습니다.");
        age(&app, oldest.id, 7).await;
        let withdrawn = withdraw(&app, oldest.id).await.expect("withdrawn");
        assert!(withdrawn.withdrawn_at_ms > 0);
        assert_eq!(withdrawn.withdrawn_by, sise_platform::testing::OPERATOR);
        assert_eq!(withdraw(&app, oldest.id).await.expect("again"), withdrawn, "again changes nothing");
        let gone = readers(&app)
            .get_notice(pb::GetNoticeRequest { id: oldest.id })
            .await
            .expect_err("gone");
        assert_eq!(code(&gone), "notice_not_found");
        let all = page(&app, Some(50), "").await.expect("all");
        assert_eq!(all.notices.len(), 11);
        assert!(all.notices.iter().all(|n| n.id != oldest.id));
        assert_eq!(code(&withdraw(&app, 999_999).await.expect_err("unknown")), "notice_not_found");

        // Operators list every notice, withdrawn ones too, with who did what.
        let listed = desk(&app)
            .list_notices(app.service.as_operator(pb::ListNoticesRequest { limit: Some(50), cursor: String::new() }))
            .await
            .expect("operators' list")
            .into_inner();
        assert_eq!(listed.notices.len(), 12);
        assert_eq!(listed.notices.last(), Some(&withdrawn));
        app.stop().await;
    }

    async fn publishing_is_for_operators_and_checks_the_text(backend) {
        let app = TestApp::spawn(backend).await;
        for (title, body, expected) in [
            ("  ", "내용", "title_required"),
            (&"가".repeat(101)[..], "내용", "title_too_long"),
            ("제목", " \n ", "content_required"),
            ("제목", &"가".repeat(10_001)[..], "notice_too_long"),
        ] {
            let refused = publish(&app, title, body).await.expect_err("refused");
            assert_eq!(code(&refused), expected);
        }
        publish(&app, &"가".repeat(100), &"가".repeat(10_000)).await.expect("at the limits");
        // No token, no notice; and the readers' listener has no editorial desk at all.
        let anonymous = desk(&app)
            .publish_notice(pb::PublishNoticeRequest { title: "제목".into(), body: "내용".into() })
            .await
            .expect_err("no token");
        assert_eq!(anonymous.code(), Code::Unauthenticated);
        let wrong_door = EditorialServiceClient::new(app.service.channel.clone())
            .publish_notice(app.service.as_operator(pb::PublishNoticeRequest {
                title: "제목".into(),
                body: "내용".into(),
            }))
            .await
            .expect_err("not on the readers' listener");
        assert_eq!(wrong_door.code(), Code::Unimplemented);
        assert_eq!(page(&app, None, "").await.expect("page").notices.len(), 1);
        app.stop().await;
    }
}

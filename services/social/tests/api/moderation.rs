//! Moderation in the open: reports (the seven reasons, free text only with 기타, one per
//! member and target, never one's own), five distinct reporters hide content pending
//! review, readers see the reason and the author the content and an objection (once per
//! hiding) that reopens the case; operators list the queue (most reporters first), read a
//! case, hide with a reason, restore and remove.

use sise_proto::social::v1 as pb;

use crate::helpers::{SAMSUNG, TestApp, board, code, comment_ref, comments_of, member, post_ref};

const REPORTED: &str = "신고가 누적되어 검토 중인 글입니다.";

sise_platform::per_backend! {
    async fn reports_and_their_refusals(backend) {
        let app = TestApp::spawn(backend).await;
        let (author, reporter) = (member(), member());
        let post = app.post(author, "신고될 글").await;
        let report = app
            .report(reporter, post_ref(post.id), pb::ReportType::Other, " 다른 사이트 홍보 ")
            .await
            .expect("reported");
        assert_eq!(report.content, "다른 사이트 홍보");
        assert_eq!(report.target, Some(post_ref(post.id)));
        for (user, target, report_type, text, expected) in [
            (reporter, post_ref(post.id), pb::ReportType::Abuse, "", "already_reported"),
            (author, post_ref(post.id), pb::ReportType::Abuse, "", "cannot_report_own"),
            (member(), post_ref(post.id), pb::ReportType::Unspecified, "", "invalid_report_type"),
            (member(), post_ref(post.id), pb::ReportType::Abuse, "설명", "report_text_not_allowed"),
            (member(), post_ref(999_999), pb::ReportType::Abuse, "", "post_not_found"),
            (member(), comment_ref(999_999), pb::ReportType::Abuse, "", "comment_not_found"),
            (
                member(),
                pb::ContentRef { r#type: 0, id: post.id },
                pb::ReportType::Abuse,
                "",
                "invalid_content_type",
            ),
        ] {
            let refused = app.report(user, target, report_type, text).await.expect_err(expected);
            assert_eq!(code(&refused), expected);
        }
        let long = "가".repeat(501);
        let refused = app
            .report(member(), post_ref(post.id), pb::ReportType::Other, &long)
            .await
            .expect_err("too long");
        assert_eq!(code(&refused), "report_text_too_long");
        assert_eq!(refused.message(), "신고 내용은 500자까지 적을 수 있습니다.");
        // Comments are reported the same way.
        let comment = app.comment(author, post.id, "신고될 댓글").await;
        app.report(reporter, comment_ref(comment.id), pb::ReportType::Commercial, "")
            .await
            .expect("reported");
        // The operators see both cases.
        let queue = app.list_queue(None, "").await.expect("queue");
        assert_eq!(queue.cases.len(), 2);
        let refused = app.list_queue(Some(0), "").await.expect_err("limit");
        assert_eq!(code(&refused), "invalid_limit");
        let refused = app.list_queue(None, "x").await.expect_err("cursor");
        assert_eq!(code(&refused), "invalid_cursor");
        // A visitor reports nothing.
        let mut client =
            pb::social_service_client::SocialServiceClient::new(app.service.channel.clone());
        let refused = client
            .report(pb::ReportRequest {
                target: Some(post_ref(post.id)),
                report_type: pb::ReportType::Abuse as i32,
                content: String::new(),
            })
            .await
            .expect_err("visitor");
        assert_eq!(code(&refused), "login_required");
        app.stop().await;
    }

    async fn five_reporters_hide_and_the_author_objects(backend) {
        let app = TestApp::spawn(backend).await;
        let author = member();
        let post = app.post(author, "문제의 글").await;
        for n in 0..4 {
            let report_type = if n == 0 { pb::ReportType::Other } else { pb::ReportType::Commercial };
            app.report(member(), post_ref(post.id), report_type, if n == 0 { "광고" } else { "" })
                .await
                .expect("reported");
        }
        let seen = app.get_post(None, post.id, pb::Scope::All).await.expect("post");
        assert!(seen.post.as_ref().is_some_and(|p| p.hidden.is_none()), "four are not enough");
        app.report(member(), post_ref(post.id), pb::ReportType::Abuse, "").await.expect("fifth");

        // Others: no content, the reason.
        let seen = app.get_post(Some(member()), post.id, pb::Scope::All).await.expect("post");
        let seen = seen.post.expect("post");
        assert!(seen.content.is_empty() && seen.content_withheld);
        let hidden = seen.hidden.expect("hidden");
        assert_eq!((hidden.by, hidden.reason.as_str()), (pb::HiddenBy::Reports as i32, REPORTED));
        assert!(!hidden.can_object && hidden.objection.is_none());
        // Still listed, withheld.
        let page = app.list_posts(None, board(SAMSUNG)).await.expect("page");
        assert!(page.posts[0].content_withheld);
        // The author: content, reason, may object.
        let own = app.get_post(Some(author), post.id, pb::Scope::All).await.expect("post");
        let own = own.post.expect("post");
        assert_eq!(own.content, "문제의 글");
        assert!(own.hidden.as_ref().is_some_and(|h| h.can_object));

        // The case: five reporters, their reasons, the 기타 text.
        let case = app.get_case(post_ref(post.id)).await.expect("case");
        assert_eq!(case.reporters, 5);
        assert_eq!(case.content, "문제의 글");
        assert_eq!(case.report_texts, ["광고"]);
        let commercial = case
            .reasons
            .iter()
            .find(|r| r.report_type == pb::ReportType::Commercial as i32)
            .map(|r| r.count);
        assert_eq!(commercial, Some(3));

        // Objections: only the author's, 1–1000 characters, once per hiding.
        let refused = app.object(member(), post_ref(post.id), "내 글 아님").await.expect_err("another's");
        assert_eq!(code(&refused), "post_not_found");
        for text in ["  ", &"가".repeat(1001)] {
            let refused = app.object(author, post_ref(post.id), text).await.expect_err("length");
            assert_eq!(code(&refused), "invalid_objection");
        }
        let objected = app
            .object(author, post_ref(post.id), "광고가 아닙니다")
            .await
            .expect("objected");
        assert_eq!(objected.objection.map(|o| o.text), Some("광고가 아닙니다".into()));
        assert!(!objected.can_object);
        let refused = app.object(author, post_ref(post.id), "다시").await.expect_err("once");
        assert_eq!(code(&refused), "already_objected");

        // The operator restores it: visible again, the case closed, reporters from none.
        let case = app.restore(post_ref(post.id), "광고 아님 확인").await.expect("restored");
        assert!(case.hidden.is_none() && !case.removed);
        assert_eq!((case.reporters, case.decided_by.as_str()), (0, "test-operator"));
        assert!(app.list_queue(None, "").await.expect("queue").cases.is_empty());
        let seen = app.get_post(None, post.id, pb::Scope::All).await.expect("post");
        assert_eq!(seen.post.map(|p| p.content), Some("문제의 글".into()));
        let refused = app.object(author, post_ref(post.id), "다시").await.expect_err("not hidden");
        assert_eq!(code(&refused), "not_hidden");
        app.stop().await;
    }

    async fn an_objection_reopens_a_decided_case(backend) {
        let app = TestApp::spawn(backend).await;
        let author = member();
        let post = app.post(author, "운영자가 숨길 글").await;
        let refused = app.hide(post_ref(post.id), "  ").await.expect_err("no reason");
        assert_eq!(code(&refused), "reason_required");
        let case = app.hide(post_ref(post.id), "투자 권유").await.expect("hidden");
        let hidden = case.hidden.expect("hidden");
        assert_eq!((hidden.by, hidden.reason.as_str()), (pb::HiddenBy::Operator as i32, "투자 권유"));
        assert!(app.list_queue(None, "").await.expect("queue").cases.is_empty());
        app.object(author, post_ref(post.id), "권유가 아니라 의견입니다").await.expect("objected");
        let queue = app.list_queue(None, "").await.expect("queue");
        assert_eq!(queue.cases.len(), 1);
        let objection = queue.cases[0].hidden.as_ref().and_then(|h| h.objection.clone());
        assert_eq!(objection.map(|o| o.text), Some("권유가 아니라 의견입니다".into()));
        app.stop().await;
    }

    async fn the_queue_puts_the_most_reported_first(backend) {
        let app = TestApp::spawn(backend).await;
        let author = member();
        let posts = [
            app.post(author, "신고 하나").await,
            app.post(author, "신고 셋").await,
            app.post(author, "신고 둘").await,
        ];
        for (post, reporters) in posts.iter().zip([1, 3, 2]) {
            for _ in 0..reporters {
                app.report(member(), post_ref(post.id), pb::ReportType::Repeated, "")
                    .await
                    .expect("reported");
            }
        }
        let mut order = Vec::new();
        let mut cursor = String::new();
        loop {
            let page = app.list_queue(Some(1), &cursor).await.expect("page");
            order.extend(page.cases.iter().map(|c| (c.target.map(|t| t.id), c.reporters)));
            if page.next_cursor.is_empty() {
                break;
            }
            cursor = page.next_cursor;
        }
        assert_eq!(
            order,
            [(Some(posts[1].id), 3), (Some(posts[2].id), 2), (Some(posts[0].id), 1)]
        );
        app.stop().await;
    }

    async fn removing_and_hiding_comments(backend) {
        let app = TestApp::spawn(backend).await;
        let (author, other) = (member(), member());
        let post = app.post(author, "글").await;
        let comment = app.comment(other, post.id, "숨길 댓글").await;
        let answer = app
            .create_comment(author, crate::helpers::reply(comment.id, "답글"))
            .await
            .expect("reply");
        app.hide(comment_ref(comment.id), "욕설").await.expect("hidden");
        let page = app.list_comments(Some(author), comments_of(post.id)).await.expect("page");
        assert!(page.comments[0].content_withheld && page.comments[0].content.is_empty());
        let own = app.list_comments(Some(other), comments_of(post.id)).await.expect("page");
        assert_eq!(own.comments[0].content, "숨길 댓글");
        let refused = app
            .create_comment(author, crate::helpers::reply(comment.id, "숨긴 댓글에 답글"))
            .await
            .expect_err("hidden");
        assert_eq!(code(&refused), "content_hidden");
        // Removing a post: it leaves every list, as its author's delete.
        let case = app.remove(post_ref(post.id), "").await.expect("removed");
        assert!(case.removed);
        let refused = app.get_post(None, post.id, pb::Scope::All).await.expect_err("gone");
        assert_eq!(code(&refused), "post_not_found");
        let refused = app.hide(post_ref(post.id), "이유").await.expect_err("removed before");
        assert_eq!(code(&refused), "post_not_found");
        // Removing a comment keeps the case readable.
        let case = app.remove(comment_ref(answer.id), "중복").await.expect("removed");
        assert!(case.removed);
        let refused = app.get_case(comment_ref(999_999)).await.expect_err("none");
        assert_eq!(code(&refused), "comment_not_found");
        let refused = app.restore(comment_ref(999_999), "").await.expect_err("none");
        assert_eq!(code(&refused), "comment_not_found");
        let refused = app.remove(post_ref(999_999), "").await.expect_err("none");
        assert_eq!(code(&refused), "post_not_found");
        let refused = app
            .get_case(pb::ContentRef { r#type: 3, id: 1 })
            .await
            .expect_err("an article is not a case");
        assert_eq!(code(&refused), "invalid_content_type");
        app.stop().await;
    }
}

//! Comments: top-level comments oldest first, one level of replies (a reply to a reply
//! joins the parent), deleting one's own (a comment with replies stays as a placeholder),
//! `comments_count` exact (also with 100 members at once), the member's own comments with
//! their posts, the daily limit, duplicates and each error code.

use sise_proto::social::v1 as pb;

use crate::helpers::{
    SAMSUNG, TestApp, code, comment_ref, comments_of, member, on_post, post_ref, reply,
};

async fn comments_count(app: &TestApp, post_id: i64) -> i64 {
    app.get_post(None, post_id, pb::Scope::All)
        .await
        .expect("post")
        .post
        .map_or(-1, |p| p.comments_count)
}

sise_platform::per_backend! {
    async fn comments_and_one_level_of_replies(backend) {
        let app = TestApp::spawn(backend).await;
        let (author, a, b) = (member(), member(), member());
        let post = app.post(author, "댓글 받을 글").await;
        let first = app.comment(a, post.id, "첫 댓글").await;
        assert_eq!(first.parent_id, 0);
        assert!(first.is_my_comment);
        assert_eq!(first.commentable, Some(post_ref(post.id)));
        let second = app.comment(b, post.id, "둘째 댓글").await;
        let answer = app.create_comment(b, reply(first.id, "답글")).await.expect("reply");
        assert_eq!(answer.parent_id, first.id);
        // A reply to a reply joins the same parent.
        let deeper = app
            .create_comment(a, reply(answer.id, "답글의 답글"))
            .await
            .expect("reply");
        assert_eq!(deeper.parent_id, first.id);
        assert_eq!(comments_count(&app, post.id).await, 4);

        let top = app.list_comments(Some(a), comments_of(post.id)).await.expect("page");
        let ids: Vec<i64> = top.comments.iter().map(|c| c.id).collect();
        assert_eq!(ids, [first.id, second.id]);
        assert_eq!(top.comments[0].replies_count, 2);
        assert!(top.comments[0].is_my_comment && !top.comments[1].is_my_comment);
        // Replies, oldest first, a page at a time.
        let replies = |cursor: String| pb::ListCommentsRequest {
            parent_id: first.id,
            limit: Some(1),
            cursor,
            ..Default::default()
        };
        let page = app.list_comments(None, replies(String::new())).await.expect("page");
        assert_eq!(page.comments[0].id, answer.id);
        let page = app.list_comments(None, replies(page.next_cursor)).await.expect("page");
        assert_eq!(page.comments[0].id, deeper.id);
        assert!(page.next_cursor.is_empty());

        // Deleting a comment with replies keeps it as 삭제된 댓글입니다.
        app.delete_comment(a, first.id).await.expect("deleted");
        assert_eq!(comments_count(&app, post.id).await, 3);
        let top = app.list_comments(None, comments_of(post.id)).await.expect("page");
        assert_eq!(top.comments.len(), 2);
        assert!(top.comments[0].deleted && top.comments[0].content.is_empty());
        // Its last replies gone, it leaves too.
        app.delete_comment(b, answer.id).await.expect("deleted");
        app.delete_comment(a, deeper.id).await.expect("deleted");
        let top = app.list_comments(None, comments_of(post.id)).await.expect("page");
        assert_eq!(top.comments.iter().map(|c| c.id).collect::<Vec<_>>(), [second.id]);
        assert_eq!(comments_count(&app, post.id).await, 1);
        // Another member's comment is not found to them; a deleted one neither.
        let refused = app.delete_comment(a, second.id).await.expect_err("another's");
        assert_eq!(code(&refused), "comment_not_found");
        let refused = app.delete_comment(a, first.id).await.expect_err("twice");
        assert_eq!(code(&refused), "comment_not_found");
        app.stop().await;
    }

    async fn comment_refusals(backend) {
        let app = TestApp::spawn(backend).await;
        let user = member();
        let post = app.post(member(), "글").await;
        for (request, expected) in [
            (on_post(post.id, "  "), "content_required"),
            (on_post(post.id, &"가".repeat(301)), "comment_too_long"),
            (on_post(999_999, "없는 글"), "post_not_found"),
            (reply(999_999, "없는 댓글"), "comment_not_found"),
            (
                pb::CreateCommentRequest {
                    commentable: Some(comment_ref(1)),
                    content: "댓글에 댓글".into(),
                    ..Default::default()
                },
                "invalid_content_type",
            ),
            (
                pb::CreateCommentRequest {
                    commentable: Some(pb::ContentRef {
                        r#type: pb::ContentType::InsightArticle as i32,
                        id: 1,
                    }),
                    content: "인사이트".into(),
                    ..Default::default()
                },
                "insight_article_not_found",
            ),
        ] {
            let refused = app.create_comment(user, request).await.expect_err(expected);
            assert_eq!(code(&refused), expected);
        }
        let refused = app
            .create_comment(user, on_post(post.id, &"가".repeat(301)))
            .await
            .expect_err("long");
        assert_eq!(refused.message(), "댓글은 300자까지 쓸 수 있습니다.");
        assert!(app
            .create_comment(user, on_post(post.id, &"가".repeat(300)))
            .await
            .is_ok());
        // Reading: an unknown post, an insight article, a bad cursor, a visitor's MY.
        let refused = app.list_comments(None, comments_of(999_999)).await.expect_err("none");
        assert_eq!(code(&refused), "post_not_found");
        let refused = app
            .list_comments(None, pb::ListCommentsRequest {
                commentable: Some(pb::ContentRef {
                    r#type: pb::ContentType::InsightArticle as i32,
                    id: 1,
                }),
                ..Default::default()
            })
            .await
            .expect_err("no such article");
        assert_eq!(code(&refused), "insight_article_not_found");
        let refused = app
            .list_comments(None, pb::ListCommentsRequest { cursor: "x".into(), ..comments_of(post.id) })
            .await
            .expect_err("cursor");
        assert_eq!(code(&refused), "invalid_cursor");
        let refused = app.list_my_comments(None, None, "").await.expect_err("visitor");
        assert_eq!(code(&refused), "login_required");
        let refused = app.list_my_comments(Some(user), None, "x").await.expect_err("cursor");
        assert_eq!(code(&refused), "invalid_cursor");
        let refused = app
            .list_comments(None, pb::ListCommentsRequest { parent_id: 999_999, ..Default::default() })
            .await
            .expect_err("no such comment");
        assert_eq!(code(&refused), "comment_not_found");
        let refused = app
            .list_comments(None, pb::ListCommentsRequest {
                commentable: Some(comment_ref(1)),
                ..Default::default()
            })
            .await
            .expect_err("comments are on posts");
        assert_eq!(code(&refused), "invalid_content_type");
        // A visitor writes and deletes nothing.
        let mut client =
            pb::social_service_client::SocialServiceClient::new(app.service.channel.clone());
        let refused = client.create_comment(on_post(post.id, "방문자")).await.expect_err("visitor");
        assert_eq!(code(&refused), "login_required");
        let refused = client
            .delete_comment(pb::DeleteCommentRequest { id: 1 })
            .await
            .expect_err("visitor");
        assert_eq!(code(&refused), "login_required");
        // A hidden post takes no comments; a deleted one is not found.
        app.hide(post_ref(post.id), "검토").await.expect("hidden");
        let refused = app.create_comment(user, on_post(post.id, "숨김")).await.expect_err("hidden");
        assert_eq!(code(&refused), "content_hidden");
        app.stop().await;
    }

    async fn my_comments_with_their_posts(backend) {
        let app = TestApp::spawn(backend).await;
        let (me, author) = (member(), member());
        let kept = app.post(author, "남는 글\n둘째 줄").await;
        let gone = app.post(author, "지워질 글").await;
        let mine_first = app.comment(me, kept.id, "첫째").await;
        let on_gone = app.comment(me, gone.id, "둘째").await;
        let deleted = app.comment(me, kept.id, "지울 댓글").await;
        app.comment(author, kept.id, "남의 댓글").await;
        app.delete_comment(me, deleted.id).await.expect("deleted");
        app.delete_post(author, gone.id).await.expect("post deleted");
        let page = app.list_my_comments(Some(me), Some(1), "").await.expect("page");
        assert_eq!(page.comments[0].id, on_gone.id);
        let summary = page.comments[0].post.clone().expect("its post");
        assert!(summary.deleted && summary.excerpt.is_empty());
        assert_eq!(summary.security_id, SAMSUNG);
        let page = app
            .list_my_comments(Some(me), Some(1), &page.next_cursor)
            .await
            .expect("page");
        assert_eq!(page.comments[0].id, mine_first.id);
        let summary = page.comments[0].post.clone().expect("its post");
        assert_eq!((summary.id, summary.deleted), (kept.id, false));
        assert_eq!(summary.excerpt, "남는 글 둘째 줄");
        assert!(page.next_cursor.is_empty());
        app.stop().await;
    }

    async fn daily_comments_and_duplicates(backend) {
        let app = TestApp::spawn_with(backend, &[("services.social.community.daily_comments", "2")])
            .await;
        let user = member();
        let post = app.post(member(), "글").await;
        app.comment(user, post.id, "좋아요").await;
        let refused = app
            .create_comment(user, on_post(post.id, "좋아요"))
            .await
            .expect_err("duplicate");
        assert_eq!(code(&refused), "duplicate_content");
        app.comment(user, post.id, "다른 말").await;
        let refused = app
            .create_comment(user, on_post(post.id, "셋째"))
            .await
            .expect_err("limit");
        assert_eq!(code(&refused), "daily_comment_limit");
        assert_eq!(refused.code(), tonic::Code::ResourceExhausted);
        assert_eq!(refused.message(), "댓글은 하루에 2개까지 쓸 수 있습니다. 내일 다시 시도해주세요.");
        app.stop().await;
    }

    /// 100 members comment on one post at once: every comment counted exactly once.
    async fn a_hundred_comments_at_once(backend) {
        let app = TestApp::spawn(backend).await;
        let post = app.post(member(), "인기 글").await;
        let members: Vec<i64> = (0..100).map(|_| member()).collect();
        let writes = members.iter().enumerate().map(|(n, &user)| {
            let app = &app;
            async move { app.create_comment(user, on_post(post.id, &format!("댓글 {n}"))).await }
        });
        let results = futures::future::join_all(writes).await;
        assert!(results.iter().all(Result::is_ok), "{:?}", results.iter().find(|r| r.is_err()));
        assert_eq!(comments_count(&app, post.id).await, 100);
        let mut listed = 0;
        let mut cursor = String::new();
        loop {
            let page = app
                .list_comments(None, pb::ListCommentsRequest {
                    limit: Some(50),
                    cursor,
                    ..comments_of(post.id)
                })
                .await
                .expect("page");
            listed += page.comments.len();
            if page.next_cursor.is_empty() {
                break;
            }
            cursor = page.next_cursor;
        }
        assert_eq!(listed, 100);
        app.stop().await;
    }
}

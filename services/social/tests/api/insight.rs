//! Insight articles: contributors come from identity's events (idempotent, the newest
//! kept); operators publish for them on the operators' listener (HTML and Markdown cleaned,
//! CUSTOM blocks checked) and withdraw; everyone reads the newest-first lists (every
//! article, featured, by security, by contributor, 10 a page), one article with its
//! neighbours and their reaction, and the search; comments and reactions on an article go
//! through `SocialService` with its counters in the same transaction.

use sise_platform::bus::acl::subjects::CONTRIBUTOR_CHANGED;
use sise_proto::identity::v1 as identity;
use sise_proto::social::v1 as pb;
use sise_proto::social::v1::insight_article_service_client::InsightArticleServiceClient;
use sise_proto::social::v1::insight_editorial_service_client::InsightEditorialServiceClient;
use tonic::Code;
use tonic::transport::Channel;

use crate::helpers::{HYNIX, SAMSUNG, TestApp, code, comment_ref, member, reply};

fn readers(app: &TestApp) -> InsightArticleServiceClient<Channel> {
    InsightArticleServiceClient::new(app.service.channel.clone())
}

fn desk(app: &TestApp) -> InsightEditorialServiceClient<Channel> {
    InsightEditorialServiceClient::new(
        app.service
            .operator_channel
            .clone()
            .expect("operators' listener"),
    )
}

fn article_ref(id: i64) -> pb::ContentRef {
    pb::ContentRef {
        r#type: pb::ContentType::InsightArticle as i32,
        id,
    }
}

/// Identity's event for `user_id` at `at`.
async fn role(app: &TestApp, user_id: i64, contributor: bool, bio: &str, at: i64) {
    let event = identity::ContributorChanged {
        user_id,
        contributor,
        bio: bio.to_owned(),
        name: format!("기고자{user_id}"),
        avatar_url: String::new(),
        changed_at_ms: at,
    };
    app.publish(CONTRIBUTOR_CHANGED, &event).await;
}

async fn contributor(app: &TestApp, id: i64) -> Result<pb::Contributor, tonic::Status> {
    readers(app)
        .get_contributor(pb::GetContributorRequest { id })
        .await
        .map(|r| r.into_inner())
}

fn article(
    contributor_id: i64,
    title: &str,
    format: pb::ContentFormat,
    body: &str,
) -> pb::PublishInsightArticleRequest {
    pb::PublishInsightArticleRequest {
        contributor_id,
        title: title.to_owned(),
        format: format as i32,
        body: body.to_owned(),
        security_ids: vec![],
        featured: false,
    }
}

async fn publish(
    app: &TestApp,
    request: pb::PublishInsightArticleRequest,
) -> Result<pb::InsightArticle, tonic::Status> {
    desk(app)
        .publish_insight_article(app.service.as_operator(request))
        .await
        .map(|r| r.into_inner())
}

async fn get(
    app: &TestApp,
    viewer: Option<i64>,
    id: i64,
) -> Result<pb::InsightArticleDetail, tonic::Status> {
    let message = pb::GetInsightArticleRequest { id };
    let call = match viewer {
        Some(user) => app.service.as_member(message, user),
        None => tonic::Request::new(message),
    };
    readers(app)
        .get_insight_article(call)
        .await
        .map(|r| r.into_inner())
}

async fn list(
    app: &TestApp,
    scope: pb::InsightScope,
    limit: Option<i64>,
    cursor: &str,
) -> Result<pb::InsightArticlePage, tonic::Status> {
    readers(app)
        .list_insight_articles(pb::ListInsightArticlesRequest {
            scope: scope as i32,
            limit,
            cursor: cursor.to_owned(),
        })
        .await
        .map(|r| r.into_inner())
}

fn ids(page: &pb::InsightArticlePage) -> Vec<i64> {
    page.articles.iter().map(|a| a.id).collect()
}

/// An article's `comments_count` as readers see it.
async fn comments_count(app: &TestApp, id: i64) -> i64 {
    let detail = get(app, None, id).await.expect("detail");
    detail.article.expect("article").comments_count
}

/// A contributor social knows (their event applied).
async fn contributor_ready(app: &TestApp, user: i64) {
    role(app, user, true, "반도체 담당", 1_000).await;
    app.eventually("the contributor is known", || async {
        contributor(app, user).await.is_ok()
    })
    .await;
}

sise_platform::per_backend! {
    async fn contributors_publish_and_everyone_reads(backend) {
        let app = TestApp::spawn(backend).await;
        let writer = member();
        // Not a contributor yet: refused, and no page.
        let refused = publish(&app, article(writer, "제목", pb::ContentFormat::Html, "<p>x</p>"))
            .await
            .expect_err("not yet");
        assert_eq!(code(&refused), "not_a_contributor");
        assert_eq!(code(&contributor(&app, writer).await.expect_err("none")), "contributor_not_found");

        contributor_ready(&app, writer).await;
        let shown = contributor(&app, writer).await.expect("contributor");
        assert_eq!((shown.name.as_str(), shown.bio.as_str()), (format!("기고자{writer}").as_str(), "반도체 담당"));
        assert!(!shown.sample);

        // HTML is cleaned when written.
        let html = publish(&app, pb::PublishInsightArticleRequest {
            security_ids: vec![SAMSUNG.into()],
            featured: true,
            ..article(
                writer,
                "삼성전자 분석",
                pb::ContentFormat::Html,
                "<p onclick=\"x()\">본문 <a href=\"javascript:alert(1)\">링크</a></p><script>alert(1)</script>",
            )
        })
        .await
        .expect("html");
        assert_eq!(html.content_type, pb::ContentFormat::Html as i32);
        assert_eq!(html.content, "<p>본문 <a rel=\"nofollow noopener noreferrer\">링크</a></p>");
        assert_eq!(html.summary, "본문 링크");
        assert!(!html.published_by.is_empty(), "operators see who published it");
        // Markdown becomes cleaned HTML; CUSTOM blocks name their stocks.
        let markdown = publish(&app, article(writer, "하이닉스 전망", pb::ContentFormat::Markdown, "## 요약\n\nHBM **수요**"))
            .await
            .expect("markdown");
        assert_eq!(markdown.content, "<h2>요약</h2>\n<p>HBM <strong>수요</strong></p>\n");
        let custom = publish(&app, article(
            writer,
            "카드로 보는 종목",
            pb::ContentFormat::Custom,
            &format!(r#"{{"blocks":[{{"type":"paragraph","text":"설명"}},{{"type":"stock","security_id":"{HYNIX}"}}]}}"#),
        ))
        .await
        .expect("custom");
        assert_eq!(custom.content_type, pb::ContentFormat::Custom as i32);
        assert_eq!(custom.security_ids, vec![HYNIX.to_owned()]);
        // Refusals.
        for (request, expected) in [
            (article(writer, "", pb::ContentFormat::Html, "<p>x</p>"), "title_required"),
            (article(writer, &"가".repeat(101), pb::ContentFormat::Html, "<p>x</p>"), "title_too_long"),
            (article(writer, "t", pb::ContentFormat::Html, "  "), "content_required"),
            (article(writer, "t", pb::ContentFormat::Unspecified, "x"), "invalid_article_content"),
            (article(writer, "t", pb::ContentFormat::Custom, "[{\"type\":\"script\"}]"), "invalid_article_content"),
            (article(writer, "t", pb::ContentFormat::Markdown, &"가".repeat(100_001)), "article_too_long"),
            (pb::PublishInsightArticleRequest { security_ids: vec!["005930".into()], ..article(writer, "t", pb::ContentFormat::Html, "x") }, "invalid_security_id"),
        ] {
            let refused = publish(&app, request).await.expect_err(expected);
            assert_eq!(code(&refused), expected);
        }
        // No operator's token, or the members' port: refused.
        let unsigned = desk(&app)
            .publish_insight_article(article(writer, "t", pb::ContentFormat::Html, "x"))
            .await
            .expect_err("no token");
        assert_eq!(unsigned.code(), Code::Unauthenticated);
        let members_port = InsightEditorialServiceClient::new(app.service.channel.clone())
            .publish_insight_article(app.service.as_operator(article(writer, "t", pb::ContentFormat::Html, "x")))
            .await
            .expect_err("not served there");
        assert_eq!(members_port.code(), Code::Unimplemented);

        // Lists, newest first, paged by keyset.
        let first = list(&app, pb::InsightScope::All, Some(2), "").await.expect("page");
        assert_eq!(ids(&first), vec![custom.id, markdown.id]);
        assert!(first.articles.iter().all(|a| a.content.is_empty()), "lists carry no content");
        let second = list(&app, pb::InsightScope::All, Some(2), &first.next_cursor).await.expect("page 2");
        assert_eq!(ids(&second), vec![html.id]);
        assert!(second.next_cursor.is_empty());
        let featured = list(&app, pb::InsightScope::Featured, None, "").await.expect("featured");
        assert_eq!(ids(&featured), vec![html.id]);
        let refused = list(&app, pb::InsightScope::Featured, None, &first.next_cursor).await.expect_err("another list's");
        assert_eq!(code(&refused), "invalid_cursor");
        assert_eq!(code(&list(&app, pb::InsightScope::All, Some(51), "").await.expect_err("limit")), "invalid_limit");
        let top = readers(&app)
            .list_featured_insight_articles(pb::ListFeaturedInsightArticlesRequest { limit: Some(3) })
            .await
            .expect("featured top")
            .into_inner();
        assert_eq!(ids(&top), vec![html.id]);
        let by_security = readers(&app)
            .list_security_insight_articles(pb::ListSecurityInsightArticlesRequest {
                security_id: HYNIX.into(),
                ..Default::default()
            })
            .await
            .expect("by security")
            .into_inner();
        assert_eq!(ids(&by_security), vec![custom.id]);
        let bad = readers(&app)
            .list_security_insight_articles(pb::ListSecurityInsightArticlesRequest {
                security_id: "x".into(),
                ..Default::default()
            })
            .await
            .expect_err("bad id");
        assert_eq!(code(&bad), "invalid_security_id");
        let by_writer = readers(&app)
            .list_contributor_insight_articles(pb::ListContributorInsightArticlesRequest {
                contributor_id: writer,
                limit: Some(10),
                cursor: String::new(),
            })
            .await
            .expect("by contributor")
            .into_inner();
        assert_eq!(ids(&by_writer), vec![custom.id, markdown.id, html.id]);
        assert_eq!(contributor(&app, writer).await.expect("c").articles_count, 3);

        // One article: content and neighbours (prev newer, next older).
        let detail = get(&app, None, markdown.id).await.expect("detail");
        assert_eq!(detail.article.as_ref().map(|a| a.content.as_str()), Some(markdown.content.as_str()));
        assert_eq!(detail.prev_article.as_ref().map(|a| a.id), Some(custom.id));
        assert_eq!(detail.next_article.as_ref().map(|a| a.id), Some(html.id));
        let newest = get(&app, None, custom.id).await.expect("newest");
        assert!(newest.prev_article.is_none());
        assert_eq!(code(&get(&app, None, 999_999).await.expect_err("none")), "insight_article_not_found");

        // Search: title matches first, then the text's.
        let search = |keyword: &str, cursor: &str, limit: Option<i64>| {
            let request = pb::SearchInsightArticlesRequest {
                keyword: keyword.to_owned(),
                limit,
                cursor: cursor.to_owned(),
            };
            let mut client = readers(&app);
            async move { client.search_insight_articles(request).await.map(|r| r.into_inner()) }
        };
        let found = search("요약", "", None).await.expect("search");
        assert_eq!(ids(&found), vec![markdown.id]);
        let found = search("HBM", "", None).await.expect("case folded");
        assert_eq!(ids(&found), vec![markdown.id]);
        let published = publish(&app, article(writer, "설명 모음", pb::ContentFormat::Html, "<p>없음</p>"))
            .await
            .expect("title match");
        let first = search("설명", "", Some(1)).await.expect("search page");
        assert_eq!(ids(&first), vec![published.id], "the title's match first");
        let second = search("설명", &first.next_cursor, Some(1)).await.expect("page 2");
        assert_eq!(ids(&second), vec![custom.id]);
        assert!(second.next_cursor.is_empty());
        // Titles are found as the asset search finds names: by 초성, from a later word,
        // half-typed, with one typo in a long title; the text's matches after them.
        assert_eq!(ids(&search("ㅎㅇㄴㅅ", "", None).await.expect("초성")), vec![markdown.id]);
        assert_eq!(ids(&search("전망", "", None).await.expect("a later word")), vec![markdown.id]);
        assert_eq!(ids(&search("하이닉ㅅ", "", None).await.expect("half-typed")), vec![markdown.id]);
        assert_eq!(ids(&search("카드로 보는 종묵", "", None).await.expect("one typo")), vec![custom.id]);
        assert_eq!(code(&search("", "", None).await.expect_err("empty")), "missing_keyword");
        // LIKE's characters are taken literally.
        assert!(search("%", "", None).await.expect("literal").articles.is_empty());
        // A cursor belongs to its keyword.
        let refused = search("요약", &first.next_cursor, None).await.expect_err("another keyword's");
        assert_eq!(code(&refused), "invalid_cursor");

        // Withdrawn: out of every list and its page; operators still list it.
        let withdrawn = desk(&app)
            .withdraw_insight_article(app.service.as_operator(pb::WithdrawInsightArticleRequest { id: html.id }))
            .await
            .expect("withdrawn")
            .into_inner();
        assert!(withdrawn.withdrawn_at_ms > 0);
        assert_eq!(code(&get(&app, None, html.id).await.expect_err("gone")), "insight_article_not_found");
        assert!(list(&app, pb::InsightScope::Featured, None, "").await.expect("f").articles.is_empty());
        let everything = desk(&app)
            .list_insight_articles(app.service.as_operator(pb::ListInsightArticlesRequest::default()))
            .await
            .expect("operators' list")
            .into_inner();
        assert!(everything.articles.iter().any(|a| a.id == html.id && a.withdrawn_at_ms > 0));
        let unknown = desk(&app)
            .withdraw_insight_article(app.service.as_operator(pb::WithdrawInsightArticleRequest { id: 999_999 }))
            .await
            .expect_err("unknown");
        assert_eq!(code(&unknown), "insight_article_not_found");

        // Revoked (a newer event): no page, no publishing; an older event changes nothing.
        role(&app, writer, false, "", 2_000).await;
        app.eventually("revoked", || async { contributor(&app, writer).await.is_err() }).await;
        role(&app, writer, true, "늦게 온 예전 이벤트", 1_500).await;
        let later = member();
        contributor_ready(&app, later).await; // the consumer has passed the stale event
        assert!(contributor(&app, writer).await.is_err(), "an older event is not applied");
        let refused = publish(&app, article(writer, "t", pb::ContentFormat::Html, "x")).await.expect_err("revoked");
        assert_eq!(code(&refused), "not_a_contributor");
        app.stop().await;
    }

    async fn comments_and_reactions_on_an_article(backend) {
        let app = TestApp::spawn(backend).await;
        let writer = member();
        contributor_ready(&app, writer).await;
        let shown = publish(&app, article(writer, "글", pb::ContentFormat::Markdown, "본문")).await.expect("a");
        let reader = member();
        let on = || Some(article_ref(shown.id));

        // Reactions: spec §4 transitions, the counts in the article.
        let liked = app.react(Some(reader), article_ref(shown.id), pb::Emotion::Like).await.expect("like");
        assert_eq!((liked.likes_count, liked.dislikes_count), (1, 0));
        let moved = app.react(Some(reader), article_ref(shown.id), pb::Emotion::Dislike).await.expect("dislike");
        assert_eq!((moved.likes_count, moved.dislikes_count), (0, 1));
        let detail = get(&app, Some(reader), shown.id).await.expect("detail");
        let seen = detail.article.expect("article");
        assert_eq!((seen.likes_count, seen.dislikes_count), (0, 1));
        assert!(seen.my_emotion.expect("emotion").disliked);
        let again = app.react(Some(reader), article_ref(shown.id), pb::Emotion::Like).await.expect("like");
        assert_eq!((again.likes_count, again.dislikes_count), (1, 0));
        let visitor = app.react(None, article_ref(shown.id), pb::Emotion::Like).await.expect_err("visitor");
        assert_eq!(code(&visitor), "login_required");
        let unknown = app.react(Some(reader), article_ref(999_999), pb::Emotion::Like).await.expect_err("none");
        assert_eq!(code(&unknown), "insight_article_not_found");

        // Comments and a reply; commentsCount moves with them.
        let comment = app
            .create_comment(reader, pb::CreateCommentRequest { commentable: on(), parent_id: 0, content: "좋은 글이네요".into() })
            .await
            .expect("comment");
        assert_eq!(comment.commentable, on());
        let answer = app.create_comment(writer, reply(comment.id, "감사합니다")).await.expect("reply");
        assert_eq!(answer.commentable, on());
        let page = app
            .list_comments(None, pb::ListCommentsRequest { commentable: on(), ..Default::default() })
            .await
            .expect("comments");
        assert_eq!(page.comments.iter().map(|c| c.id).collect::<Vec<_>>(), vec![comment.id]);
        assert_eq!(page.comments[0].replies_count, 1);

        assert_eq!(comments_count(&app, shown.id).await, 2);
        let mine = app.list_my_comments(Some(reader), None, "").await.expect("mine");
        assert_eq!(mine.comments[0].commentable, on());
        assert!(mine.comments[0].post.is_none(), "an article's comment has no post");
        // MY 내 댓글 names the article, so the row links to it.
        assert_eq!(
            mine.comments[0].insight_article,
            Some(pb::InsightArticleSummary { id: shown.id, title: "글".into(), withdrawn: false })
        );
        app.delete_comment(writer, answer.id).await.expect("deleted");
        assert_eq!(comments_count(&app, shown.id).await, 1);
        // An operator's removal of a reported comment counts it down too.
        app.remove(comment_ref(comment.id), "광고").await.expect("removed");
        assert_eq!(comments_count(&app, shown.id).await, 0);

        // A withdrawn article takes no more; its comments stay the members', without its title.
        let kept = app
            .create_comment(reader, pb::CreateCommentRequest { commentable: on(), parent_id: 0, content: "남는 댓글".into() })
            .await
            .expect("comment");
        desk(&app)
            .withdraw_insight_article(app.service.as_operator(pb::WithdrawInsightArticleRequest { id: shown.id }))
            .await
            .expect("withdrawn");
        let mine = app.list_my_comments(Some(reader), None, "").await.expect("mine");
        assert_eq!(mine.comments[0].id, kept.id);
        assert_eq!(
            mine.comments[0].insight_article,
            Some(pb::InsightArticleSummary { id: shown.id, title: String::new(), withdrawn: true })
        );
        let refused = app
            .create_comment(reader, pb::CreateCommentRequest { commentable: on(), parent_id: 0, content: "늦은 댓글".into() })
            .await
            .expect_err("withdrawn");
        assert_eq!(code(&refused), "insight_article_not_found");
        let refused = app.react(Some(reader), article_ref(shown.id), pb::Emotion::Dislike).await.expect_err("withdrawn");
        assert_eq!(code(&refused), "insight_article_not_found");
        // An article itself is not reported (spec §3: a report is of a post or comment).
        let refused = app.report(reader, article_ref(shown.id), pb::ReportType::Commercial, "").await.expect_err("report");
        assert_eq!(code(&refused), "invalid_content_type");
        app.stop().await;
    }

    async fn the_embedded_default_seeds_sample_articles(backend) {
        let app = TestApp::spawn_with(backend, &[("services.social.sample_posts", "true")]).await;
        app.eventually("sample articles", || async {
            list(&app, pb::InsightScope::All, None, "").await.map(|p| p.articles.len() == 4).unwrap_or(false)
        })
        .await;
        let page = list(&app, pb::InsightScope::All, None, "").await.expect("samples");
        assert!(page.articles.iter().all(|a| a.sample && a.contributor.as_ref().is_some_and(|c| c.sample)));
        assert_eq!(list(&app, pb::InsightScope::Featured, None, "").await.expect("f").articles.len(), 3);
        let samsung = readers(&app)
            .list_security_insight_articles(pb::ListSecurityInsightArticlesRequest { security_id: SAMSUNG.into(), ..Default::default() })
            .await
            .expect("by security")
            .into_inner();
        assert_eq!(samsung.articles.len(), 1);
        let writer = contributor(&app, -101).await.expect("sample contributor");
        assert_eq!((writer.name.as_str(), writer.sample, writer.articles_count), ("샘플기고자1", true, 2));
        app.stop().await;
    }
}

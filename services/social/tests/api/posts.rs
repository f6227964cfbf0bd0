//! Posts: boards in both orders, categories and scopes paged to the end by cursor, one post
//! with its neighbours, writing (content rules, daily limit, duplicates) and deleting, and
//! each error code.

use sise_proto::social::v1 as pb;

use crate::helpers::{HYNIX, SAMSUNG, TestApp, board, code, member};

/// Every page of `request` as `viewer` sees it, `limit` at a time.
async fn all_pages(
    app: &TestApp,
    viewer: Option<i64>,
    mut request: pb::ListPostsRequest,
    limit: i64,
) -> Vec<pb::Post> {
    request.limit = Some(limit);
    let mut posts = Vec::new();
    loop {
        let page = app.list_posts(viewer, request.clone()).await.expect("page");
        assert!(page.posts.len() <= limit as usize);
        posts.extend(page.posts);
        if page.next_cursor.is_empty() {
            return posts;
        }
        request.cursor = page.next_cursor;
    }
}

fn ids(posts: &[pb::Post]) -> Vec<i64> {
    posts.iter().map(|p| p.id).collect()
}

sise_platform::per_backend! {
    async fn a_board_pages_newest_first_to_the_end(backend) {
        let app = TestApp::spawn(backend).await;
        let (a, b) = (member(), member());
        let mut written = Vec::new();
        for n in 0..7 {
            let category = if n % 3 == 0 { pb::Category::Question } else { pb::Category::Opinion };
            let author = if n % 2 == 0 { a } else { b };
            let post = app
                .create_post(author, SAMSUNG, category, &format!("글 {n}"), Vec::new())
                .await
                .expect("written");
            assert_eq!(post.author.as_ref().map(|x| x.id), Some(author));
            assert!(post.is_mine);
            // The answer is built from the write's transaction: it is the post as read.
            let read = app.get_post(Some(author), post.id, pb::Scope::All).await.expect("read");
            assert_eq!(read.post.as_ref(), Some(&post));
            written.push(post);
        }
        app.post(a, "하이닉스가 아니라 삼성 게시판").await;
        app.create_post(a, HYNIX, pb::Category::News, "다른 게시판", Vec::new())
            .await
            .expect("written");

        let newest_first: Vec<i64> = written.iter().rev().map(|p| p.id).collect();
        let all = all_pages(&app, None, board(SAMSUNG), 3).await;
        assert_eq!(ids(&all)[1..], newest_first[..]);
        assert!(all.iter().all(|p| p.security_id == SAMSUNG && !p.is_mine));
        // A category.
        let questions = all_pages(
            &app,
            None,
            pb::ListPostsRequest {
                category: pb::Category::Question as i32,
                ..board(SAMSUNG)
            },
            2,
        )
        .await;
        assert_eq!(ids(&questions), [written[6].id, written[3].id, written[0].id]);
        // Scope mine: the member's own on this board; across boards for MY.
        let mine = all_pages(
            &app,
            Some(b),
            pb::ListPostsRequest { scope: pb::Scope::Mine as i32, ..board(SAMSUNG) },
            2,
        )
        .await;
        assert_eq!(ids(&mine), [written[5].id, written[3].id, written[1].id]);
        assert!(mine.iter().all(|p| p.is_mine));
        let everywhere = all_pages(
            &app,
            Some(a),
            pb::ListPostsRequest { scope: pb::Scope::Mine as i32, ..Default::default() },
            50,
        )
        .await;
        assert_eq!(everywhere.len(), 6);
        assert_eq!(everywhere[0].security_id, HYNIX);
        // Every board.
        assert_eq!(all_pages(&app, None, pb::ListPostsRequest::default(), 4).await.len(), 9);
        app.stop().await;
    }

    async fn rank_orders_by_points_and_pages_by_its_own_cursor(backend) {
        let app = TestApp::spawn(backend).await;
        let author = member();
        let quiet = app.post(author, "조용한 글").await;
        let liked = app.post(author, "공감 많은 글").await;
        let newest = app.post(author, "최신 글").await;
        for _ in 0..12 {
            app.react(Some(member()), crate::helpers::post_ref(liked.id), pb::Emotion::Like)
                .await
                .expect("liked");
        }
        let ranked = all_pages(
            &app,
            None,
            pb::ListPostsRequest { sort: pb::Sort::RankDesc as i32, ..board(SAMSUNG) },
            1,
        )
        .await;
        // Twelve likes outrank seconds of recency; the rest by time.
        assert_eq!(ids(&ranked), [liked.id, newest.id, quiet.id]);
        assert_eq!(ranked[0].likes_count, 12);
        // A RECENT cursor is not a RANK_DESC one, nor another board's.
        let recent = app
            .list_posts(None, pb::ListPostsRequest { limit: Some(1), ..board(SAMSUNG) })
            .await
            .expect("page");
        for wrong in [
            pb::ListPostsRequest {
                sort: pb::Sort::RankDesc as i32,
                cursor: recent.next_cursor.clone(),
                ..board(SAMSUNG)
            },
            pb::ListPostsRequest { cursor: recent.next_cursor.clone(), ..board(HYNIX) },
            pb::ListPostsRequest { cursor: "garbage".into(), ..board(SAMSUNG) },
        ] {
            let refused = app.list_posts(None, wrong).await.expect_err("another list's cursor");
            assert_eq!(code(&refused), "invalid_cursor");
        }
        app.stop().await;
    }

    async fn one_post_with_its_neighbours(backend) {
        let app = TestApp::spawn(backend).await;
        let (a, b) = (member(), member());
        let first = app.post(a, "첫 글").await;
        let second = app.post(b, "둘째 글").await;
        let third = app.post(a, "셋째 글").await;
        app.create_post(a, HYNIX, pb::Category::Opinion, "다른 게시판", Vec::new())
            .await
            .expect("written");
        let detail = app.get_post(None, second.id, pb::Scope::All).await.expect("post");
        assert_eq!(detail.post.as_ref().map(|p| p.content.as_str()), Some("둘째 글"));
        assert_eq!((detail.prev_post_id, detail.next_post_id), (third.id, first.id));
        let ends = app.get_post(None, third.id, pb::Scope::All).await.expect("post");
        assert_eq!((ends.prev_post_id, ends.next_post_id), (0, second.id));
        // Scope mine: the member's own on that board.
        let mine = app.get_post(Some(a), third.id, pb::Scope::Mine).await.expect("post");
        assert_eq!((mine.prev_post_id, mine.next_post_id), (0, first.id));
        assert!(mine.post.as_ref().is_some_and(|p| p.is_mine));
        let refused = app.get_post(None, third.id, pb::Scope::Mine).await.expect_err("visitor");
        assert_eq!(code(&refused), "login_required");
        let refused = app.get_post(None, 999_999, pb::Scope::All).await.expect_err("none");
        assert_eq!(code(&refused), "post_not_found");
        let mut client =
            pb::social_service_client::SocialServiceClient::new(app.service.channel.clone());
        let refused = client
            .get_post(pb::GetPostRequest { id: third.id, scope: 9 })
            .await
            .expect_err("scope");
        assert_eq!(code(&refused), "invalid_scope");
        app.stop().await;
    }

    async fn content_is_normalised_and_bounded(backend) {
        let app = TestApp::spawn(backend).await;
        let user = member();
        let post = app
            .post(user, "  \u{202E}가즈아\r\n\r\n\r\n\r\n내일\u{200B}  ")
            .await;
        assert_eq!(post.content, "가즈아\n\n\n내일");
        let shared = &app;
        let write = |content: String| async move {
            shared.create_post(member(), SAMSUNG, pb::Category::Opinion, &content, Vec::new())
                .await
        };
        assert!(write("가".repeat(1000)).await.is_ok());
        let refused = write("가".repeat(1001)).await.expect_err("too long");
        assert_eq!(code(&refused), "post_too_long");
        assert_eq!(refused.message(), "글은 1000자까지 쓸 수 있습니다.");
        let refused = write(" \n\u{200B}\u{3164} ".into()).await.expect_err("empty");
        assert_eq!(code(&refused), "content_required");
        app.stop().await;
    }

    async fn write_refusals(backend) {
        let app = TestApp::spawn(backend).await;
        let user = member();
        let attempt = |security_id: &str, category: i32, images: Vec<Vec<u8>>| {
            let call = pb::CreatePostRequest {
                security_id: security_id.to_owned(),
                category,
                content: "글".into(),
                images,
            };
            let mut client = pb::social_service_client::SocialServiceClient::new(
                app.service.channel.clone(),
            );
            let request = app.service.as_member(call, user);
            async move { client.create_post(request).await }
        };
        let opinion = pb::Category::Opinion as i32;
        for (security_id, category, images, expected) in [
            ("KOREA-005930", opinion, 0, "invalid_security_id"),
            ("KOREA-A999999", opinion, 0, "security_not_found"),
            (SAMSUNG, 0, 0, "invalid_category"),
            (SAMSUNG, 9, 0, "invalid_category"),
            (SAMSUNG, opinion, 5, "too_many_images"),
        ] {
            let refused = attempt(security_id, category, vec![vec![0u8; 4]; images])
                .await
                .expect_err(expected);
            assert_eq!(code(&refused), expected, "{security_id} {category} {images}");
        }
        // A visitor cannot write.
        let mut client =
            pb::social_service_client::SocialServiceClient::new(app.service.channel.clone());
        let refused = client
            .create_post(pb::CreatePostRequest::default())
            .await
            .expect_err("visitor");
        assert_eq!(code(&refused), "login_required");
        // List refusals.
        for (request, viewer, expected) in [
            (board("삼성전자"), None, "invalid_security_id"),
            (board("KOREA-A999999"), None, "security_not_found"),
            (pb::ListPostsRequest { scope: 7, ..board(SAMSUNG) }, None, "invalid_scope"),
            (pb::ListPostsRequest { sort: 7, ..board(SAMSUNG) }, None, "invalid_sort"),
            (pb::ListPostsRequest { category: 7, ..board(SAMSUNG) }, None, "invalid_category"),
            (pb::ListPostsRequest { limit: Some(51), ..board(SAMSUNG) }, None, "invalid_limit"),
            (pb::ListPostsRequest { limit: Some(0), ..board(SAMSUNG) }, None, "invalid_limit"),
            (
                pb::ListPostsRequest { scope: pb::Scope::Mine as i32, ..board(SAMSUNG) },
                None,
                "login_required",
            ),
        ] {
            let refused = app.list_posts(viewer, request).await.expect_err(expected);
            assert_eq!(code(&refused), expected);
        }
        app.stop().await;
    }

    async fn deleting_is_the_authors_alone(backend) {
        let app = TestApp::spawn(backend).await;
        let (author, other) = (member(), member());
        let post = app.post(author, "지울 글").await;
        let refused = app.delete_post(other, post.id).await.expect_err("another's");
        assert_eq!(code(&refused), "post_not_found");
        app.delete_post(author, post.id).await.expect("deleted");
        let refused = app.delete_post(author, post.id).await.expect_err("twice");
        assert_eq!(code(&refused), "post_not_found");
        let page = app.list_posts(None, board(SAMSUNG)).await.expect("page");
        assert!(page.posts.is_empty(), "it left the board");
        let refused = app.get_post(None, post.id, pb::Scope::All).await.expect_err("gone");
        assert_eq!(code(&refused), "post_not_found");
        app.stop().await;
    }

    async fn thirty_posts_a_day_and_no_duplicates(backend) {
        let app = TestApp::spawn_with(backend, &[("services.social.community.daily_posts", "3")])
            .await;
        let user = member();
        app.post(user, "하나").await;
        // The same text again within ten minutes, even on another board.
        let refused = app
            .create_post(user, HYNIX, pb::Category::Opinion, " 하나 ", Vec::new())
            .await
            .expect_err("duplicate");
        assert_eq!(code(&refused), "duplicate_content");
        // Another member may write the same words.
        app.post(member(), "하나").await;
        app.post(user, "둘").await;
        app.post(user, "셋").await;
        let refused = app
            .create_post(user, SAMSUNG, pb::Category::Opinion, "넷", Vec::new())
            .await
            .expect_err("over the day's limit");
        assert_eq!(code(&refused), "daily_post_limit");
        assert_eq!(refused.code(), tonic::Code::ResourceExhausted);
        assert_eq!(
            refused.message(),
            "글은 하루에 3개까지 쓸 수 있습니다. 내일 다시 시도해주세요."
        );
        // Deleting does not give the day's posts back.
        let mine = app
            .list_posts(Some(user), pb::ListPostsRequest { scope: pb::Scope::Mine as i32, ..Default::default() })
            .await
            .expect("mine");
        app.delete_post(user, mine.posts[0].id).await.expect("deleted");
        let refused = app
            .create_post(user, SAMSUNG, pb::Category::Opinion, "다섯", Vec::new())
            .await
            .expect_err("still over");
        assert_eq!(code(&refused), "daily_post_limit");
        app.stop().await;
    }

    /// Many members' posts at once are written together (store::post_batch): each member's
    /// own rules still hold exactly, whatever batch their posts fall in, and a refused post
    /// gives its count of the day back.
    async fn posts_written_together_keep_each_members_rules(backend) {
        let app = TestApp::spawn_with(backend, &[("services.social.community.daily_posts", "3")])
            .await;
        let members: Vec<i64> = (0..16).map(|_| member()).collect();
        let all_at_once = |texts: &'static [&'static str]| {
            let app = &app;
            let attempts = members.iter().flat_map(move |&user| {
                texts.iter().map(move |&text| async move {
                    let result = app
                        .create_post(user, SAMSUNG, pb::Category::Opinion, text, Vec::new())
                        .await;
                    (user, result)
                })
            });
            futures::future::join_all(attempts)
        };
        let tally = |results: &[(i64, Result<pb::Post, tonic::Status>)], user: i64| {
            let mut taken = 0;
            let mut refused = Vec::new();
            for (u, result) in results.iter().filter(|(u, _)| *u == user) {
                match result {
                    Ok(post) => {
                        assert_eq!(post.author.as_ref().map(|a| a.id), Some(*u));
                        taken += 1;
                    }
                    Err(status) => refused.push(code(status).to_owned()),
                }
            }
            (taken, refused)
        };
        // The same text three times at once: one is taken, two are duplicates.
        let results = all_at_once(&["같은 글", "같은 글", "같은 글"]).await;
        for &user in &members {
            let (taken, refused) = tally(&results, user);
            assert_eq!(taken, 1, "member {user}: {refused:?}");
            assert_eq!(refused, ["duplicate_content"; 2], "member {user}");
        }
        // The duplicates gave their counts back: two more of the limit of three are taken.
        let results = all_at_once(&["둘", "셋", "넷"]).await;
        for &user in &members {
            let (taken, refused) = tally(&results, user);
            assert_eq!(taken, 2, "member {user}: {refused:?}");
            assert_eq!(refused, ["daily_post_limit"], "member {user}");
            let listed = app
                .list_posts(Some(user), pb::ListPostsRequest { scope: pb::Scope::Mine as i32, ..Default::default() })
                .await
                .expect("mine");
            assert_eq!(listed.posts.len(), 3, "member {user}");
        }
        app.stop().await;
    }

    async fn the_daily_limit_holds_under_concurrent_posts(backend) {
        let app = TestApp::spawn(backend).await;
        let user = member();
        let attempts = (0..40).map(|n| {
            let app = &app;
            async move {
                app.create_post(user, SAMSUNG, pb::Category::Opinion, &format!("동시에 {n}"), Vec::new())
                    .await
            }
        });
        let results = futures::future::join_all(attempts).await;
        let taken = results.iter().filter(|r| r.is_ok()).count();
        assert_eq!(taken, 30, "exactly the default daily limit");
        assert!(results
            .iter()
            .filter_map(|r| r.as_ref().err())
            .all(|e| code(e) == "daily_post_limit"));
        app.stop().await;
    }
}

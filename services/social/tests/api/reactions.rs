//! Reactions (spec §4): like, dislike and unlike with their transitions, counts exact with
//! 100 members reacting at once, the liked users latest first, and the refusals.

use sise_proto::social::v1 as pb;

use crate::helpers::{TestApp, code, comment_ref, member, post_ref};

fn state(r: &pb::Reactions) -> (i64, i64, bool, bool) {
    let mine = r.my_emotion.unwrap_or_default();
    (r.likes_count, r.dislikes_count, mine.liked, mine.disliked)
}

sise_platform::per_backend! {
    async fn transitions_of_the_spec(backend) {
        let app = TestApp::spawn(backend).await;
        let (user, other) = (member(), member());
        let post = app.post(member(), "반응 받을 글").await;
        let target = post_ref(post.id);
        let react = |user: i64, emotion: pb::Emotion| app.react(Some(user), target, emotion);
        assert_eq!(state(&react(other, pb::Emotion::Like).await.expect("like")), (1, 0, true, false));
        assert_eq!(state(&react(user, pb::Emotion::Like).await.expect("like")), (2, 0, true, false));
        // Like on liked: nothing changes.
        assert_eq!(state(&react(user, pb::Emotion::Like).await.expect("again")), (2, 0, true, false));
        // Dislike on liked moves it.
        assert_eq!(state(&react(user, pb::Emotion::Dislike).await.expect("moved")), (1, 1, false, true));
        // Like on disliked moves it back.
        assert_eq!(state(&react(user, pb::Emotion::Like).await.expect("back")), (2, 0, true, false));
        // Unlike removes either; twice changes nothing.
        assert_eq!(state(&react(user, pb::Emotion::Unspecified).await.expect("unlike")), (1, 0, false, false));
        assert_eq!(state(&react(user, pb::Emotion::Unspecified).await.expect("again")), (1, 0, false, false));
        react(user, pb::Emotion::Dislike).await.expect("dislike");
        // Readers see the counts; the member sees their own reaction.
        let seen = app.get_post(Some(user), post.id, pb::Scope::All).await.expect("post");
        let seen = seen.post.expect("post");
        assert_eq!((seen.likes_count, seen.dislikes_count), (1, 1));
        assert_eq!(seen.my_emotion, Some(pb::MyEmotion { liked: false, disliked: true }));
        let visitor = app.get_post(None, post.id, pb::Scope::All).await.expect("post");
        assert_eq!(visitor.post.and_then(|p| p.my_emotion), Some(pb::MyEmotion::default()));
        app.stop().await;
    }

    async fn liked_users_latest_first(backend) {
        let app = TestApp::spawn(backend).await;
        let post = app.post(member(), "글").await;
        let likers: Vec<i64> = (0..5).map(|_| member()).collect();
        for &user in &likers {
            app.react(Some(user), post_ref(post.id), pb::Emotion::Like).await.expect("like");
            // Distinct instants: the order is the likes' order.
            tokio::time::sleep(std::time::Duration::from_millis(3)).await;
        }
        // A dislike is not a like; an unlike leaves the list.
        app.react(Some(member()), post_ref(post.id), pb::Emotion::Dislike).await.expect("dislike");
        app.react(Some(likers[1]), post_ref(post.id), pb::Emotion::Unspecified).await.expect("unlike");
        let mut seen = Vec::new();
        let mut cursor = String::new();
        loop {
            let page = app.list_liked_users(post.id, Some(2), &cursor).await.expect("page");
            seen.extend(page.authors.iter().map(|a| a.id));
            if page.next_cursor.is_empty() {
                break;
            }
            cursor = page.next_cursor;
        }
        assert_eq!(seen, [likers[4], likers[3], likers[2], likers[0]]);
        let first = app.list_liked_users(post.id, None, "").await.expect("page");
        assert_eq!(first.authors[0].name, format!("회원{}", likers[4]));
        let refused = app.list_liked_users(999_999, None, "").await.expect_err("none");
        assert_eq!(code(&refused), "post_not_found");
        let refused = app.list_liked_users(post.id, Some(51), "").await.expect_err("limit");
        assert_eq!(code(&refused), "invalid_limit");
        let refused = app.list_liked_users(post.id, None, "bm90LWl0").await.expect_err("cursor");
        assert_eq!(code(&refused), "invalid_cursor");
        app.stop().await;
    }

    async fn reaction_refusals(backend) {
        let app = TestApp::spawn(backend).await;
        let user = member();
        let post = app.post(member(), "글").await;
        let refused = app
            .react(None, post_ref(post.id), pb::Emotion::Like)
            .await
            .expect_err("visitor");
        assert_eq!(code(&refused), "login_required");
        let refused = app
            .react(Some(user), post_ref(999_999), pb::Emotion::Like)
            .await
            .expect_err("none");
        assert_eq!(code(&refused), "post_not_found");
        let refused = app
            .react(Some(user), comment_ref(1), pb::Emotion::Like)
            .await
            .expect_err("comments take no reactions");
        assert_eq!(code(&refused), "invalid_content_type");
        let mut client =
            pb::social_service_client::SocialServiceClient::new(app.service.channel.clone());
        let unknown = app.service.as_member(
            pb::ReactRequest { target: Some(post_ref(post.id)), emotion: 9 },
            user,
        );
        let refused = client.react(unknown).await.expect_err("no such emotion");
        assert_eq!(code(&refused), "invalid_request_body");
        app.react(Some(user), post_ref(post.id), pb::Emotion::Like).await.expect("like");
        app.hide(post_ref(post.id), "검토").await.expect("hidden");
        let refused = app
            .react(Some(member()), post_ref(post.id), pb::Emotion::Like)
            .await
            .expect_err("hidden");
        assert_eq!(code(&refused), "content_hidden");
        // Taking one's own reaction back stays possible.
        let after = app
            .react(Some(user), post_ref(post.id), pb::Emotion::Unspecified)
            .await
            .expect("unlike");
        assert_eq!(state(&after), (0, 0, false, false));
        app.stop().await;
    }

    /// 100 members react to one post at once (60 like, 40 dislike): the counts are exact.
    async fn a_hundred_reactions_at_once(backend) {
        let app = TestApp::spawn(backend).await;
        let post = app.post(member(), "모두가 반응하는 글").await;
        let members: Vec<i64> = (0..100).map(|_| member()).collect();
        let reactions = members.iter().enumerate().map(|(n, &user)| {
            let app = &app;
            let emotion = if n < 60 { pb::Emotion::Like } else { pb::Emotion::Dislike };
            async move { app.react(Some(user), post_ref(post.id), emotion).await }
        });
        let results = futures::future::join_all(reactions).await;
        assert!(results.iter().all(Result::is_ok), "{:?}", results.iter().find(|r| r.is_err()));
        let seen = app.get_post(None, post.id, pb::Scope::All).await.expect("post");
        let seen = seen.post.expect("post");
        assert_eq!((seen.likes_count, seen.dislikes_count), (60, 40));
        // And again at once, every member moving to the other side.
        let moves = members.iter().enumerate().map(|(n, &user)| {
            let app = &app;
            let emotion = if n < 60 { pb::Emotion::Dislike } else { pb::Emotion::Like };
            async move { app.react(Some(user), post_ref(post.id), emotion).await }
        });
        assert!(futures::future::join_all(moves).await.iter().all(Result::is_ok));
        let seen = app.get_post(None, post.id, pb::Scope::All).await.expect("post");
        let seen = seen.post.expect("post");
        assert_eq!((seen.likes_count, seen.dislikes_count), (40, 60));
        app.stop().await;
    }
}

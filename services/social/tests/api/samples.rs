//! The sample boards of the embedded default: with `sample_posts` on, the largest stocks'
//! boards (market's `ListOrderedStocks`, key `market_cap`) get posts of sample members,
//! labelled sample, with comments and reactions; once, however often the service starts.

use sise_proto::social::v1 as pb;

use crate::helpers::{SAMSUNG, TestApp, board, comments_of};

sise_platform::per_backend! {
    async fn the_largest_stocks_boards_start_with_sample_posts(backend) {
        let app = TestApp::spawn_with(backend, &[("services.social.sample_posts", "true")]).await;
        let all = |cursor: String| pb::ListPostsRequest {
            limit: Some(50),
            cursor,
            ..Default::default()
        };
        app.eventually("sample boards", || async {
            app.list_posts(None, all(String::new()))
                .await
                .is_ok_and(|page| !page.posts.is_empty())
        })
        .await;
        let mut posts = Vec::new();
        let mut cursor = String::new();
        loop {
            let page = app.list_posts(None, all(cursor)).await.expect("page");
            posts.extend(page.posts);
            if page.next_cursor.is_empty() {
                break;
            }
            cursor = page.next_cursor;
        }
        assert_eq!(posts.len(), 30, "three on each of ten boards");
        assert!(posts.iter().all(|p| p.sample));
        assert!(posts.iter().all(|p| p.author.as_ref().is_some_and(|a| a.sample && a.id < 0)));
        assert!(posts
            .iter()
            .all(|p| p.author.as_ref().is_some_and(|a| a.name.starts_with("샘플회원"))));
        // Samsung is among the largest.
        let samsung = app.list_posts(None, board(SAMSUNG)).await.expect("board");
        assert_eq!(samsung.posts.len(), 3);
        assert!(samsung.posts.iter().any(|p| p.content.contains("삼성전자")));
        assert!(posts.iter().any(|p| p.likes_count > 0));
        let commented = posts.iter().find(|p| p.comments_count > 0).expect("a commented post");
        let comments = app.list_comments(None, comments_of(commented.id)).await.expect("comments");
        assert!(comments.comments.iter().all(|c| c.sample));
        // Seeding again (another start, another replica) writes nothing.
        let db = sise_platform::db::Database::connect(
            app.service.database_url(),
            &sise_social::store::MIGRATIONS,
        )
        .await
        .expect("database");
        let store = sise_social::store::Store::new(db, Default::default());
        let boards = [(SAMSUNG.to_owned(), "삼성전자".to_owned())];
        let now = sise_platform::time::now_ms();
        let again = store
            .seed_samples(
                &sise_social::samples::members(),
                &sise_social::samples::posts(&boards, now),
                now,
            )
            .await
            .expect("seed");
        assert!(!again);
        store.database().close().await;
        let samsung = app.list_posts(None, board(SAMSUNG)).await.expect("board");
        assert_eq!(samsung.posts.len(), 3);
        app.stop().await;
    }
}

//! Authors: names and photos from identity at a member's first write, then from identity's
//! events, consumed idempotently (each published twice here): a newer profile replaces an
//! older one and never the reverse, a secession shows 탈퇴한 회원, a termination hides the
//! member's content once (and they write no more).

use sise_platform::bus::acl::subjects::{
    CONTENT_HIDDEN, PROFILE_CHANGED, USER_SANCTIONED, USER_SECEDED,
};
use sise_proto::identity::v1 as identity;
use sise_proto::social::v1 as pb;

use crate::helpers::{TestApp, code, comments_of, decode, member, post_ref, signed_up};

const TERMINATED: &str = "이용이 제한된 회원의 글입니다.";

/// The author of post `id` as a visitor sees them.
async fn author_of(app: &TestApp, id: i64) -> pb::Author {
    app.get_post(None, id, pb::Scope::All)
        .await
        .expect("post")
        .post
        .and_then(|p| p.author)
        .expect("author")
}

sise_platform::per_backend! {
    async fn names_come_from_identity_then_its_events(backend) {
        let app = TestApp::spawn(backend).await;
        let user = signed_up("개미투자자").await;
        let post = app.post(user.id, "첫 글").await;
        let author = post.author.expect("author");
        assert_eq!(author.name, user.name);
        assert!(!author.sample && !author.seceded);

        let renamed = identity::ProfileChanged {
            user_id: user.id,
            name: "새이름".into(),
            avatar_url: "/main/api/avatars/abc".into(),
            changed_at_ms: sise_platform::time::now_ms() + 1000,
        };
        let older = identity::ProfileChanged {
            name: "옛이름".into(),
            changed_at_ms: 1,
            ..renamed.clone()
        };
        for event in [&renamed, &renamed, &older] {
            app.publish(PROFILE_CHANGED, event).await;
        }
        app.eventually("the new name", || async {
            author_of(&app, post.id).await.name == "새이름"
        })
        .await;
        // The older profile, after it, changes nothing (the marker: another member's).
        let marker = member();
        let marker_post = app.post(marker, "표시").await;
        app.publish(PROFILE_CHANGED, &identity::ProfileChanged {
            user_id: marker,
            name: "표시회원".into(),
            avatar_url: String::new(),
            changed_at_ms: sise_platform::time::now_ms() + 1000,
        })
        .await;
        app.eventually("the marker", || async {
            author_of(&app, marker_post.id).await.name == "표시회원"
        })
        .await;
        let author = author_of(&app, post.id).await;
        assert_eq!((author.name.as_str(), author.avatar_url.as_str()), ("새이름", "/main/api/avatars/abc"));
        app.stop().await;
    }

    async fn a_seceded_members_content_stays_under_a_placeholder(backend) {
        let app = TestApp::spawn(backend).await;
        let user = member();
        let post = app.post(user, "남는 글").await;
        for _ in 0..2 {
            app.publish(USER_SECEDED, &identity::UserSeceded { user_id: user }).await;
        }
        app.eventually("seceded", || async { author_of(&app, post.id).await.seceded }).await;
        let author = author_of(&app, post.id).await;
        assert_eq!((author.name.as_str(), author.avatar_url.as_str()), ("탈퇴한 회원", ""));
        // A late profile event does not bring the name back.
        app.publish(PROFILE_CHANGED, &identity::ProfileChanged {
            user_id: user,
            name: "돌아온이름".into(),
            avatar_url: String::new(),
            changed_at_ms: sise_platform::time::now_ms() + 1000,
        })
        .await;
        let marker = member();
        let marker_post = app.post(marker, "표시").await;
        app.publish(PROFILE_CHANGED, &identity::ProfileChanged {
            user_id: marker,
            name: "표시회원".into(),
            avatar_url: String::new(),
            changed_at_ms: sise_platform::time::now_ms() + 1000,
        })
        .await;
        app.eventually("the marker", || async {
            author_of(&app, marker_post.id).await.name == "표시회원"
        })
        .await;
        assert_eq!(author_of(&app, post.id).await.name, "탈퇴한 회원");
        app.stop().await;
    }

    async fn a_terminated_members_content_is_hidden_once(backend) {
        let app = TestApp::spawn(backend).await;
        let (user, other) = (member(), member());
        let first = app.post(user, "첫 글").await;
        let second = app.post(user, "둘째 글").await;
        let elsewhere = app.post(other, "다른 회원 글").await;
        let comment = app.comment(user, elsewhere.id, "댓글").await;
        let warning = identity::UserSanctioned {
            user_id: user,
            kind: identity::SanctionKind::Warning as i32,
            suspended_until_ms: 0,
            terminated: false,
        };
        let termination = identity::UserSanctioned {
            kind: identity::SanctionKind::Termination as i32,
            terminated: true,
            ..warning
        };
        // A warning leaves the content; the termination, delivered twice, hides it once.
        for event in [&warning, &termination, &termination] {
            app.publish(USER_SANCTIONED, event).await;
        }
        // The marker: another member's termination, after them on the same consumer.
        let marker = member();
        let marker_post = app.post(marker, "표시").await;
        app.publish(USER_SANCTIONED, &identity::UserSanctioned { user_id: marker, ..termination })
            .await;
        app.eventually("the marker hidden", || async {
            app.get_post(None, marker_post.id, pb::Scope::All)
                .await
                .is_ok_and(|d| d.post.is_some_and(|p| p.hidden.is_some()))
        })
        .await;
        for id in [first.id, second.id] {
            let seen = app.get_post(None, id, pb::Scope::All).await.expect("post");
            let hidden = seen.post.and_then(|p| p.hidden).expect("hidden");
            assert_eq!(
                (hidden.by, hidden.reason.as_str()),
                (pb::HiddenBy::AuthorTerminated as i32, TERMINATED)
            );
        }
        let comments = app.list_comments(None, comments_of(elsewhere.id)).await.expect("page");
        assert!(comments.comments[0].content_withheld);
        // Two posts, a comment and the marker's post: four events, not eight.
        let events = app.events(CONTENT_HIDDEN, 4).await;
        let hidden: Vec<pb::ContentHidden> = events.iter().map(decode).collect();
        assert!(hidden.iter().all(|h| h.by == pb::HiddenBy::AuthorTerminated as i32));
        assert!(hidden.iter().any(|h| h.target == Some(crate::helpers::comment_ref(comment.id))));
        // The author cannot object here, and writes no more.
        let refused = app.object(user, post_ref(first.id), "부당합니다").await.expect_err("terminated");
        assert_eq!(code(&refused), "not_hidden");
        let refused = app
            .create_post(user, crate::helpers::SAMSUNG, pb::Category::Opinion, "또", Vec::new())
            .await
            .expect_err("terminated");
        assert_eq!(code(&refused), "user_terminated");
        app.stop().await;
    }
}

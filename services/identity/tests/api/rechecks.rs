//! Writes that check the member again inside their own transaction, at the store: the
//! membership rules read the member first, and a sanction or a secession may commit between
//! that read and the write (a window no API call hits on purpose, so the store is called as
//! the rules call it, after the change).

use sise_identity::store::{NewAvatar, SanctionKind, SessionPolicy, Store};
use sise_platform::time::now_ms;

use crate::helpers::{TestApp, sessions_of};

const POLICY: SessionPolicy = SessionPolicy {
    lifetime_ms: 86_400_000,
    idle_ms: 86_400_000,
};

async fn avatars_of(store: &Store, user_id: i64) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM avatars WHERE user_id = $1")
        .bind(user_id)
        .fetch_one(&store.database().pool)
        .await
        .expect("count photos")
}

/// A photo as the membership rules hand it over, decoded and resized.
fn photo() -> Vec<NewAvatar> {
    [64, 256]
        .into_iter()
        .map(|size| NewAvatar {
            size,
            content_type: "image/jpeg",
            image: vec![0xff, 0xd8, 0xff, u8::try_from(size % 256).unwrap_or(0)],
        })
        .collect()
}

async fn sanction(store: &Store, user_id: i64, kind: SanctionKind, now: i64) {
    store
        .sanction(user_id, kind, "욕설", "test-operator", now)
        .await
        .expect("sanction");
}

sise_platform::per_backend! {
    async fn a_login_after_a_sanction_or_secession_issues_no_session(backend) {
        let app = TestApp::spawn(backend).await;
        let store = app.store().await;
        let now = now_ms();
        let suspended = app.sign_up(&app.kakao_token("정지").await).await;
        let terminated = app.sign_up(&app.kakao_token("해지").await).await;
        let seceded = app.sign_up(&app.kakao_token("탈퇴").await).await;
        let active = app.sign_up(&app.kakao_token("정상").await).await;
        for _ in 0..3 {
            sanction(&store, suspended.id, SanctionKind::Warning, now).await;
        }
        sanction(&store, terminated.id, SanctionKind::Termination, now).await;
        assert!(store.secede(seceded.id, now).await.expect("secede"));

        // Each was read active by the login's checks; the change committed since.
        for (who, id) in [
            ("suspended", suspended.id),
            ("terminated", terminated.id),
            ("seceded", seceded.id),
        ] {
            let before = store.user(id).await.expect("read").expect("member");
            let session = store.log_in(id, now + 1, POLICY).await.expect("log in");
            assert!(session.is_none(), "a {who} member got a session on {backend:?}");
            assert_eq!(sessions_of(&store, id).await, 0, "{who} on {backend:?}");
            let after = store.user(id).await.expect("read").expect("member");
            assert_eq!(after.last_login_at_ms, before.last_login_at_ms, "{who}: rolled back");
        }
        // Suspended until a time: a login after it goes through.
        let until = store
            .user(suspended.id)
            .await
            .expect("read")
            .and_then(|user| user.suspended_until_ms)
            .expect("suspended");
        assert!(store.log_in(suspended.id, until + 1, POLICY).await.expect("log in").is_some());
        assert!(store.log_in(active.id, now + 1, POLICY).await.expect("log in").is_some());
        assert_eq!(sessions_of(&store, active.id).await, 1);

        store.database().close().await;
        app.stop().await;
    }

    async fn a_photo_after_a_secession_or_termination_is_not_stored(backend) {
        let app = TestApp::spawn(backend).await;
        let store = app.store().await;
        let now = now_ms();
        let seceded = app.sign_up(&app.kakao_token("탈퇴").await).await;
        let terminated = app.sign_up(&app.kakao_token("해지").await).await;
        let active = app.sign_up(&app.kakao_token("정상").await).await;
        // Checked by the rules, then the photo decoded; meanwhile the member left or was
        // terminated.
        assert!(store.secede(seceded.id, now).await.expect("secede"));
        sanction(&store, terminated.id, SanctionKind::Termination, now).await;

        for (who, id) in [("seceded", seceded.id), ("terminated", terminated.id)] {
            let stored = store.set_avatar(id, photo(), now + 1).await.expect("set avatar");
            assert!(stored.is_none(), "a {who} member's photo was stored on {backend:?}");
            assert_eq!(avatars_of(&store, id).await, 0, "{who} on {backend:?}");
            let user = store.user(id).await.expect("read").expect("member");
            assert_eq!(user.avatar_id, None, "{who} on {backend:?}");
        }
        let stored = store
            .set_avatar(active.id, photo(), now + 1)
            .await
            .expect("set avatar")
            .expect("an active member's photo");
        assert!(stored.avatar_id.is_some());
        assert_eq!(avatars_of(&store, active.id).await, 2);

        store.database().close().await;
        app.stop().await;
    }
}

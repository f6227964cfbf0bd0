//! `Login` and `Authenticate`: a messenger token becomes a session whose token resolves to
//! its member; anything else is one answer.

use sise_platform::error::{DomainError, ErrorKind};
use sise_platform::time::now_ms;

use crate::helpers::{TestApp, session};

sise_platform::per_backend! {
    async fn a_login_session_resolves_to_its_member(backend) {
        let app = TestApp::spawn(backend).await;
        let kakao = app.kakao_token("개미").await;
        let user = app.sign_up(&kakao).await;
        let session = session(app.login(&kakao).await.expect("login"));
        assert_eq!(session.user.as_ref().map(|u| u.id), Some(user.id));
        assert_eq!(session.access_token.len(), 64);

        let ok = app.authenticate(&session.access_token).await.expect("authenticate");
        assert_eq!(ok.user_id, user.id);
        assert!(ok.expires_at_ms > now_ms());
        // Every login is a new token.
        let again = crate::helpers::session(app.login(&kakao).await.expect("login"));
        assert_ne!(again.access_token, session.access_token);
        app.stop().await;
    }

    async fn empty_malformed_unknown_and_idle_tokens_get_one_answer(backend) {
        let app = TestApp::spawn(backend).await;
        let kakao = app.kakao_token("개미").await;
        app.sign_up(&kakao).await;
        let idle = session(app.login(&kakao).await.expect("login"));
        // A week and a minute unused (the default idle timeout is 7 days).
        sqlx::query("UPDATE sessions SET last_seen_at_ms = last_seen_at_ms - 604860000")
            .execute(app.store().await.database().writer())
            .await
            .expect("age the session");

        for token in [String::new(), "f".repeat(64), "not-a-token".into(), idle.access_token] {
            let status = app.authenticate(&token).await.expect_err("must be rejected");
            assert_eq!(status.code(), tonic::Code::Unauthenticated);
            let error = DomainError::from_status(&status);
            assert_eq!(
                (error.kind(), error.code.as_ref()),
                (ErrorKind::Unauthenticated, "invalid_token")
            );
            assert_eq!(error.message, "로그인이 필요합니다.");
        }
        app.stop().await;
    }
}

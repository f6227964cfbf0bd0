//! `Authenticate`: a session token resolves to its member; anything else is one answer.

use std::time::Duration;

use sise_platform::error::{DomainError, ErrorKind};

use crate::helpers::TestApp;

sise_platform::per_backend! {
    async fn a_live_session_resolves_to_its_member(backend) {
        let app = TestApp::spawn(backend).await;
        let store = app.store().await;
        let user_id = store.create_user("kakao-api", "개미").await.expect("user");
        let session = store
            .create_session(user_id, Duration::from_secs(600))
            .await
            .expect("session");

        let ok = app.authenticate(&session.token).await.expect("authenticate");
        assert_eq!(ok.user_id, user_id);
        assert_eq!(ok.expires_at_ms, session.expires_at_ms);
        app.stop().await;
    }

    async fn empty_malformed_unknown_and_expired_tokens_get_one_answer(backend) {
        let app = TestApp::spawn(backend).await;
        let store = app.store().await;
        let user_id = store.create_user("kakao-api", "개미").await.expect("user");
        let expired = store
            .create_session(user_id, Duration::ZERO)
            .await
            .expect("expired session");

        for token in [String::new(), "f".repeat(64), "not-a-token".into(), expired.token] {
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

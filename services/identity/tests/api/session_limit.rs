//! A member keeps at most `MAX_SESSIONS_PER_MEMBER` sessions: a login beyond them ends the
//! oldest, and `events.identity.sessions_revoked` tells the gateways to stop trusting it.

use futures::StreamExt as _;
use prost::Message as _;
use sise_identity::store::MAX_SESSIONS_PER_MEMBER;
use sise_platform::bus::acl::subjects::SESSIONS_REVOKED;
use sise_proto::identity::v1 as pb;

use crate::helpers::{TestApp, session, sessions_of};

sise_platform::per_backend! {
    async fn a_login_past_the_limit_ends_the_oldest_session(backend) {
        let app = TestApp::spawn(backend).await;
        let kakao = app.kakao_token("여러기기").await;
        let member = app.sign_up(&kakao).await;
        let store = app.store().await;
        let oldest = session(app.login(&kakao).await.expect("login"));
        // Logins within one millisecond: the first one is made a minute older.
        sqlx::query("UPDATE sessions SET created_at_ms = created_at_ms - 60000 WHERE user_id = $1")
            .bind(member.id)
            .execute(store.database().writer())
            .await
            .expect("age the first session");
        let mut newer = Vec::new();
        for _ in 0..MAX_SESSIONS_PER_MEMBER {
            newer.push(session(app.login(&kakao).await.expect("login")));
        }

        let left = sessions_of(&store, member.id).await;
        assert_eq!(left, MAX_SESSIONS_PER_MEMBER, "on {backend:?}");
        assert!(app.authenticate(&oldest.access_token).await.is_err(), "the oldest ended");
        for live in &newer {
            assert!(app.authenticate(&live.access_token).await.is_ok(), "the newest stay");
        }
        // The gateways hear of it.
        let mut deliveries = app
            .service
            .bus
            .consume_durable("test-sessions", SESSIONS_REVOKED)
            .await
            .expect("consume");
        let delivery = tokio::time::timeout(std::time::Duration::from_secs(10), deliveries.next())
            .await
            .expect("the outbox publishes within 10 s")
            .expect("stream open");
        let revoked = pb::SessionsRevoked::decode(delivery.event.payload.clone()).expect("decode");
        delivery.ack().await.expect("ack");
        assert_eq!(revoked.user_id, member.id);

        store.database().close().await;
        app.stop().await;
    }
}

//! Health and trust: the process is ready and reports the services it serves on each
//! listener; it refuses to start without a member key; the operators' API takes only a
//! known operator's token and is not served on the members' port; a forged member is
//! refused.

use sise_proto::social::v1 as pb;

use crate::helpers::{TestApp, code, post_ref};

sise_platform::per_backend! {
    async fn ready_and_reports_what_it_serves(backend) {
        let app = TestApp::spawn(backend).await;
        app.service
            .assert_health(
                &["sise.social.v1.SocialService"],
                &["sise.social.v1.ModerationService"],
            )
            .await;
        app.stop().await;
    }

    async fn the_operators_api_needs_a_known_token_on_its_own_listener(backend) {
        let app = TestApp::spawn(backend).await;
        let operators = app.service.operator_channel.clone().expect("operators' listener");
        let mut client = app.moderation_on(operators);
        // No token, then a wrong one: refused before anything is read.
        let refused = client
            .list_queue(pb::ListQueueRequest::default())
            .await
            .expect_err("no token");
        assert_eq!(refused.code(), tonic::Code::Unauthenticated);
        assert_eq!(code(&refused), "operator_required");
        let wrong = sise_platform::operator::request(post_ref(1), "not-the-token").expect("request");
        let refused = client.get_case(wrong).await.expect_err("wrong token");
        assert_eq!(code(&refused), "operator_required");
        // The members' port does not serve it at all, even with the operator's token.
        let mut on_members_port = app.moderation_on(app.service.channel.clone());
        let refused = on_members_port
            .list_queue(app.service.as_operator(pb::ListQueueRequest::default()))
            .await
            .expect_err("not served there");
        assert_eq!(refused.code(), tonic::Code::Unimplemented);
        // With the token, on its listener: served.
        assert!(app.list_queue(None, "").await.expect("queue").cases.is_empty());
        app.stop().await;
    }

    async fn a_member_signed_with_another_key_is_refused(backend) {
        let app = TestApp::spawn(backend).await;
        let other = sise_platform::member::MemberKey::new(
            &sise_platform::member::MemberKey::generate(),
        )
        .expect("key");
        let mut client = pb::social_service_client::SocialServiceClient::new(
            app.service.channel.clone(),
        );
        let forged = other.request(pb::DeletePostRequest { id: 1 }, 7);
        let refused = client.delete_post(forged).await.expect_err("forged");
        assert_eq!(code(&refused), "login_required");
        // Without any member, a member's call is login_required too.
        let refused = client
            .delete_post(pb::DeletePostRequest { id: 1 })
            .await
            .expect_err("visitor");
        assert_eq!(code(&refused), "login_required");
        app.stop().await;
    }
}

/// No unsigned mode: without `services.social.member_key` the service does not start.
#[tokio::test]
async fn refuses_to_start_without_a_member_key() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut config = sise_platform::config::Config::load_from(
        &sise_platform::testing::repo_root().join("config"),
        "local",
    )
    .expect("configuration");
    config
        .set("data_dir", dir.path().display().to_string())
        .expect("set");
    for key in ["listen", "operator_listen"] {
        config
            .set(&format!("services.social.{key}"), "127.0.0.1:0")
            .expect("set");
    }
    let bus = sise_platform::bus::Bus::connect(&config.section("bus").expect("bus"))
        .await
        .expect("bus");
    let stop = tokio_util::sync::CancellationToken::new();
    let refused =
        sise_platform::service::launch::<sise_social::Application>(&config, bus, stop).await;
    let error = format!("{:#}", refused.err().expect("refused"));
    assert!(error.contains("services.social.member_key"), "{error}");
}

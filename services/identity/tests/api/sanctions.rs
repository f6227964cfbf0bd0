//! Sanctions through the operators' API (spec §4, §9 terms): three warnings suspend for 30
//! days, a warning after a suspension terminates and bars re-sign-up, a serious violation
//! terminates at once; sessions end; the member may object and operators see it.

use sise_platform::error::DomainError;
use sise_proto::identity::v1 as pb;

use crate::helpers::{TestApp, session};

async fn sanction(app: &TestApp, user_id: i64, kind: pb::SanctionKind) -> pb::SanctionOutcome {
    app.operators
        .clone()
        .sanction(app.as_operator(pb::SanctionRequest {
            user_id,
            kind: kind as i32,
            reason: "욕설".into(),
        }))
        .await
        .expect("sanction")
        .into_inner()
}

fn code(status: tonic::Status) -> String {
    DomainError::from_status(&status).code.as_str().to_owned()
}

sise_platform::per_backend! {
    async fn warnings_suspend_then_terminate(backend) {
        let app = TestApp::spawn(backend).await;
        let kakao = app.kakao_token("개미").await;
        let user = app.sign_up(&kakao).await;
        let live = session(app.login(&kakao).await.expect("login"));

        for n in 1..=2 {
            let outcome = sanction(&app, user.id, pb::SanctionKind::Warning).await;
            assert_eq!(outcome.warnings, n);
            assert_eq!(outcome.sanction.expect("sanction").suspended_until_ms, 0);
        }
        assert!(app.authenticate(&live.access_token).await.is_ok(), "warnings keep sessions");

        // The member objects to the first warning; operators see it.
        let mine = app
            .client
            .clone()
            .list_my_sanctions(app.as_member(pb::ListMySanctionsRequest {}, user.id))
            .await
            .expect("mine")
            .into_inner();
        let first = mine.sanctions.last().expect("two").id;
        app.client
            .clone()
            .file_objection(app.as_member(
                pb::FileObjectionRequest { sanction_id: first, text: "오해입니다".into() },
                user.id,
            ))
            .await
            .expect("objection");
        let listed = app
            .operators
            .clone()
            .list_objections(app.as_operator(pb::ListObjectionsRequest {}))
            .await
            .expect("objections")
            .into_inner();
        assert_eq!(listed.sanctions.len(), 1);
        assert_eq!(listed.sanctions[0].objection, "오해입니다");
        // Not someone else's sanction, and not without a member.
        let other = app
            .client
            .clone()
            .file_objection(app.as_member(
                pb::FileObjectionRequest { sanction_id: first, text: "x".into() },
                user.id + 1000,
            ))
            .await
            .expect_err("not theirs");
        assert_eq!(code(other), "sanction_not_found");
        let anonymous = app
            .client
            .clone()
            .file_objection(pb::FileObjectionRequest { sanction_id: first, text: "x".into() })
            .await
            .expect_err("no member");
        assert_eq!(code(anonymous), "login_required");

        // The third warning suspends for 30 days and ends the sessions.
        let third = sanction(&app, user.id, pb::SanctionKind::Warning).await;
        let until = third.sanction.expect("sanction").suspended_until_ms;
        assert!(until > sise_platform::time::now_ms() + 29 * 86_400_000);
        assert!(app.authenticate(&live.access_token).await.is_err(), "suspension ends sessions");
        match app.login(&kakao).await.expect("login answers") {
            pb::login_response::Outcome::Suspended(suspended) => {
                assert_eq!(suspended.until.len(), 10);
                assert!(suspended.message.contains(&suspended.until));
            }
            other => panic!("expected a suspension, got {other:?}"),
        }

        // The suspension over, a new warning ends the contract; re-sign-up is barred.
        sqlx::query("UPDATE users SET suspended_until_ms = 1 WHERE id = $1")
            .bind(user.id)
            .execute(app.store().await.database().writer())
            .await
            .expect("end the suspension");
        session(app.login(&kakao).await.expect("login after the suspension"));
        let fourth = sanction(&app, user.id, pb::SanctionKind::Warning).await;
        assert!(fourth.sanction.expect("sanction").terminated);
        assert_eq!(code(app.login(&kakao).await.expect_err("terminated")), "user_terminated");
        let again = app
            .client
            .clone()
            .sign_up(pb::SignUpRequest {
                kakao_access_token: kakao.clone(),
                service_age: true,
                service: true,
                private_collect: true,
                client_address: "127.0.0.1".into(),
            })
            .await
            .expect_err("barred");
        assert_eq!(code(again), "signup_in_app");
        // Nothing more to sanction.
        let ended = app
            .operators
            .clone()
            .sanction(app.as_operator(pb::SanctionRequest {
                user_id: user.id,
                kind: pb::SanctionKind::Warning as i32,
                reason: "x".into(),
            }))
            .await
            .expect_err("ended");
        assert_eq!(code(ended), "invalid_sanction");
        app.stop().await;
    }

    async fn a_serious_violation_terminates_at_once(backend) {
        let app = TestApp::spawn(backend).await;
        let kakao = app.kakao_token("고래").await;
        let user = app.sign_up(&kakao).await;
        let live = session(app.login(&kakao).await.expect("login"));
        let outcome = sanction(&app, user.id, pb::SanctionKind::Termination).await;
        assert!(outcome.sanction.expect("sanction").terminated);
        assert!(app.authenticate(&live.access_token).await.is_err());
        assert_eq!(code(app.login(&kakao).await.expect_err("terminated")), "user_terminated");
        let missing = app
            .operators
            .clone()
            .sanction(app.as_operator(pb::SanctionRequest {
                user_id: 999_999,
                kind: pb::SanctionKind::Warning as i32,
                reason: "x".into(),
            }))
            .await
            .expect_err("no member");
        assert_eq!(code(missing), "member_not_found");
        app.stop().await;
    }
}

//! Who may call identity (docs/architecture.md, "Trust boundaries"): a member only as the
//! gateway signed it, an operator only on the operators' listener with a known token, and
//! the audit trail records the operator that token belongs to, whatever the caller claims.

use sise_platform::error::DomainError;
use sise_platform::member::{MEMBER_METADATA, MemberKey, SIGNATURE_TTL_MS};
use sise_platform::testing::OPERATOR;
use sise_platform::time::now_ms;
use sise_proto::identity::v1 as pb;
use sise_proto::identity::v1::identity_service_client::IdentityServiceClient;
use sise_proto::identity::v1::operator_service_client::OperatorServiceClient;

use crate::helpers::TestApp;

fn code(status: &tonic::Status) -> String {
    DomainError::from_status(status).code.as_str().to_owned()
}

/// `message` with `value` as its member metadata.
fn claiming<T>(message: T, value: &str) -> tonic::Request<T> {
    let mut request = tonic::Request::new(message);
    request
        .metadata_mut()
        .insert(MEMBER_METADATA, value.parse().expect("metadata value"));
    request
}

/// `message` with a token no operator has.
fn wrong<T>(message: T) -> tonic::Request<T> {
    sise_platform::operator::request(message, "not-the-token").expect("request")
}

/// A sanction request as an old client would send it: with the operator's name in the
/// body (field 4, now reserved).
#[derive(Clone, PartialEq, prost::Message)]
struct ClaimingSanctionRequest {
    #[prost(int64, tag = "1")]
    user_id: i64,
    #[prost(int32, tag = "2")]
    kind: i32,
    #[prost(string, tag = "3")]
    reason: String,
    #[prost(string, tag = "4")]
    operator: String,
}

sise_platform::per_backend! {
    async fn members_are_taken_only_as_the_gateway_signed_them(backend) {
        let app = TestApp::spawn(backend).await;
        let kakao = app.kakao_token("서명").await;
        let user = app.sign_up(&kakao).await;
        let id = user.id;
        let setting = || pb::UpdateSettingRequest { open_favorite_stocks: false };
        let stranger = MemberKey::new(&MemberKey::generate()).expect("another key");
        let good = app.service.member_key.sign(id);
        let (_, rest) = good.split_once('.').expect("id.expiry.mac");
        let (expiry, _) = rest.split_once('.').expect("expiry.mac");
        let refused = [
            ("no member", tonic::Request::new(setting())),
            ("another key", stranger.request(setting(), id)),
            ("stale", claiming(setting(), &app.service.member_key.sign_until(id, now_ms() - 1))),
            ("too far ahead", claiming(setting(), &app.service.member_key.sign_until(id, now_ms() + 10 * SIGNATURE_TTL_MS))),
            ("forged mac", claiming(setting(), &format!("{id}.{expiry}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"))),
            ("another member's mac", claiming(setting(), &format!("{}.{rest}", id + 1))),
            ("the old unsigned id", {
                let mut request = tonic::Request::new(setting());
                request.metadata_mut().insert("x-sise-member-id", id.to_string().parse().expect("v"));
                request
            }),
            ("malformed", claiming(setting(), "not-a-member")),
        ];
        for (what, request) in refused {
            let status = app.client.clone().update_setting(request).await.expect_err(what);
            assert_eq!(status.code(), tonic::Code::Unauthenticated, "{what}");
            assert_eq!(code(&status), "login_required", "{what}");
        }
        // None of them did anything.
        let me = app.client.clone().get_me(app.as_member(pb::GetMeRequest {}, id)).await.expect("me").into_inner();
        assert!(me.open_favorite_stocks, "the setting is unchanged");
        // The same call, signed with the service's key, acts.
        let changed = app.client.clone().update_setting(app.as_member(setting(), id)).await.expect("signed").into_inner();
        assert!(!changed.open_favorite_stocks);
        // A public call with a forged member is refused too, not served as a visitor's.
        let status = app
            .client
            .clone()
            .get_public_profiles(stranger.request(pb::GetPublicProfilesRequest { user_ids: vec![id] }, id))
            .await
            .expect_err("forged");
        assert_eq!(code(&status), "login_required");
        app.stop().await;
    }

    async fn operators_call_on_their_own_listener_with_their_token(backend) {
        let app = TestApp::spawn(backend).await;
        let kakao = app.kakao_token("감사").await;
        let user = app.sign_up(&kakao).await;
        let list = || pb::ListSanctionsRequest { user_id: user.id };

        // The members' port, the one the gateway calls, does not serve the operators' API.
        let status = OperatorServiceClient::new(app.service.channel.clone())
            .list_sanctions(app.as_operator(list()))
            .await
            .expect_err("not on the members' port");
        assert_eq!(status.code(), tonic::Code::Unimplemented);
        // Nor the operators' listener the members' API.
        let operator_channel = app.service.operator_channel.clone().expect("operators' listener");
        let status = IdentityServiceClient::new(operator_channel.clone())
            .get_me(app.as_member(pb::GetMeRequest {}, user.id))
            .await
            .expect_err("not on the operators' listener");
        assert_eq!(status.code(), tonic::Code::Unimplemented);

        // Without a token, or with a wrong one: refused, and nothing recorded.
        for (what, request) in [
            ("no token", tonic::Request::new(list())),
            ("wrong token", wrong(list())),
        ] {
            let status = app.operators.clone().list_sanctions(request).await.expect_err(what);
            assert_eq!((status.code(), code(&status).as_str()), (tonic::Code::Unauthenticated, "operator_required"), "{what}");
        }
        let sanction = || pb::SanctionRequest {
            user_id: user.id,
            kind: pb::SanctionKind::Warning as i32,
            reason: "도배".into(),
        };
        let status = app.operators.clone().sanction(wrong(sanction())).await.expect_err("wrong token");
        assert_eq!(code(&status), "operator_required");
        let listed = app.operators.clone().list_sanctions(app.as_operator(list())).await.expect("listed").into_inner();
        assert!(listed.sanctions.is_empty(), "a refused call sanctions no one");

        // With the right token it works, and the audit trail names the authenticated
        // operator, not the name the caller claims.
        let mut grpc = tonic::client::Grpc::new(operator_channel);
        grpc.ready().await.expect("ready");
        let outcome: pb::SanctionOutcome = grpc
            .unary(
                app.as_operator(ClaimingSanctionRequest {
                    user_id: user.id,
                    kind: pb::SanctionKind::Warning as i32,
                    reason: "도배".into(),
                    operator: "someone-else".into(),
                }),
                tonic::codegen::http::uri::PathAndQuery::from_static(
                    "/sise.identity.v1.OperatorService/Sanction",
                ),
                tonic_prost::ProstCodec::default(),
            )
            .await
            .expect("sanctioned")
            .into_inner();
        let id = outcome.sanction.expect("sanction").id;
        let recorded: String = sqlx::query_scalar("SELECT operator FROM sanctions WHERE id = $1")
            .bind(id)
            .fetch_one(&app.store().await.database().pool)
            .await
            .expect("the sanction's row");
        assert_eq!(recorded, OPERATOR);
        let listed = app.operators.clone().list_sanctions(app.as_operator(list())).await.expect("listed").into_inner();
        assert_eq!(listed.sanctions.len(), 1);
        app.stop().await;
    }
}

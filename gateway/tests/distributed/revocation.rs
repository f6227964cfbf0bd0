//! Revocations reach every gateway replica, on NATS with the deployment's permissions: a
//! private `nats-server` runs `deploy/nats/nats.conf` (rendered from
//! `sise_platform::bus::acl`), and identity and three gateways sign in as their own users.
//! A member signed in through gateway A is resolved (and cached, for ten minutes) by
//! gateways A and B; a logout through gateway C then ends the session on A and B too, long
//! before their caches would forget it: only the revocation on the bus can have done it.
//! Then the member signs in again, and an operator's termination (identity's operators'
//! API, with the operator's credential) ends that session on A and B the same way.
//! Every process reports on `/readyz` that the server refused it nothing.
//!
//! Needs the binaries, PostgreSQL (`SISE_TEST_POSTGRES`) and a `nats-server`
//! ([`PrivateNats`]); skipped with `SISE_SKIP_NATS=1`.

use std::time::{Duration, Instant};

use serde_json::json;
use sise_platform::db::Backend;
use sise_platform::db::testing::TestDatabase;
use sise_platform::testing::{OPERATOR, OPERATOR_TOKEN, PrivateNats};
use sise_proto::identity::v1 as pb;
use sise_proto::identity::v1::operator_service_client::OperatorServiceClient;
use tokio_util::sync::CancellationToken;

use crate::{free_port, service_env, spawn, upstream};

const HOST: &str = "api.sise.test";
/// Longer than the test: a cached session can only leave the cache by a revocation.
const CACHE_TTL_MS: &str = "600000";
/// Bound of each wait (a liveness bound: each ends as soon as its condition holds).
const WAIT: Duration = Duration::from_secs(60);

async fn wait_for(what: &str, mut check: impl AsyncFnMut() -> bool) {
    let done = tokio::time::timeout(WAIT, async {
        while !check().await {
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    })
    .await;
    assert!(done.is_ok(), "{what} within {WAIT:?}");
}

#[tokio::test]
async fn a_logout_or_a_sanction_ends_the_session_on_every_gateway_at_once() {
    let Some(nats) = PrivateNats::start_deployed(|conf| conf).await else {
        return;
    };
    let stop = CancellationToken::new();
    let kakao = sise_identity::kakao::dev::start(
        "127.0.0.1:0".parse().expect("addr"),
        "sise-dev-app-key",
        1,
        stop.clone(),
    )
    .await
    .expect("development messenger provider");
    let kakao = format!("http://{kakao}");

    // Identity, as itself on NATS, with the development provider and web sign-up.
    let db = TestDatabase::create(Backend::Postgres, "identity")
        .await
        .expect("postgres database");
    let identity_port = free_port();
    let operators_port = free_port();
    let mut env = service_env(
        &[("SISE__BUS__URL".to_owned(), nats.url_of("identity"))],
        "identity",
        identity_port,
        &db.url,
    );
    for (key, value) in [
        ("KAKAO__API_BASE", kakao.as_str()),
        ("KAKAO__AUTH_BASE", kakao.as_str()),
        ("MEMBERSHIP__WEB_SIGNUP", "true"),
        ("OPERATOR_LISTEN", &format!("127.0.0.1:{operators_port}")),
        (
            "OPERATORS",
            &format!(
                "{OPERATOR}:{}",
                sise_platform::operator::token_sha256(OPERATOR_TOKEN)
            ),
        ),
    ] {
        env.push((format!("SISE__SERVICES__IDENTITY__{key}"), value.to_owned()));
    }
    let identity = spawn("sise-identity", &env);

    // Three gateways, each as the gateway user; the other upstreams are not needed.
    let mut gateways = Vec::new();
    let mut ports = Vec::new();
    for _ in 0..3 {
        let port = free_port();
        let mut env = vec![
            ("SISE__BUS__URL".to_owned(), nats.url_of("gateway")),
            upstream("identity", identity_port),
            ("SISE__GATEWAY__LISTEN".into(), format!("127.0.0.1:{port}")),
            ("SISE__GATEWAY__HOSTS__MAIN".into(), HOST.into()),
            (
                "SISE__GATEWAY__HOSTS__MOBILE_WEB".into(),
                "m.sise.test".into(),
            ),
            (
                "SISE__GATEWAY__SESSIONS__CACHE_TTL_MS".into(),
                CACHE_TTL_MS.into(),
            ),
        ];
        for service in ["social", "market", "favorites"] {
            env.push(upstream(service, 9));
        }
        gateways.push(spawn("sise-gateway", &env));
        ports.push(port);
    }
    let (a, b, c) = (ports[0], ports[1], ports[2]);
    let client = reqwest::Client::new();

    // Identity ready with nothing refused; every gateway hears revocations (its session
    // cache is on) and is refused nothing.
    wait_for("identity ready, its bus not degraded", async || {
        let Ok(response) = client
            .get(format!("http://127.0.0.1:{identity_port}/readyz"))
            .send()
            .await
        else {
            return false;
        };
        response.status() == 200 && response.text().await.is_ok_and(|t| t == "ready")
    })
    .await;
    for port in &ports {
        wait_for("a gateway on the bus, hearing revocations", async || {
            let Ok(response) = client
                .get(format!("http://127.0.0.1:{port}/readyz"))
                .send()
                .await
            else {
                return false;
            };
            let Ok(body) = response.json::<serde_json::Value>().await else {
                return false;
            };
            body["bus"] == "up" && body["sessions"] == "cached"
        })
        .await;
        let body: serde_json::Value = client
            .get(format!("http://127.0.0.1:{port}/readyz"))
            .send()
            .await
            .expect("readyz")
            .json()
            .await
            .expect("json");
        assert_eq!(body["refused"], json!([]), "gateway on {port}: {body}");
    }

    // A member signs up and in through gateway A.
    let token = sise_identity::kakao::dev::sign_in(
        &kakao,
        "sise-dev-app-key",
        &format!("http://127.0.0.1:{a}/m/oauth/kakao"),
        "분산회원",
    )
    .await
    .expect("development sign-in");
    let agreements = json!({"service_age": true, "service": true, "private_collect": true});
    let post = |path: &str, body: serde_json::Value| {
        client
            .post(format!("http://127.0.0.1:{a}{path}"))
            .header("host", HOST)
            .json(&body)
            .send()
    };
    let response = post(
        "/api/users",
        json!({"kakao_access_token": token, "agreements": agreements}),
    )
    .await
    .expect("sign up");
    assert_eq!(response.status(), 201, "{:?}", response.text().await);
    let log_in = async || {
        let response = post("/api/session", json!({"kakao_access_token": token}))
            .await
            .expect("log in");
        assert_eq!(response.status(), 200);
        let session: serde_json::Value = response.json().await.expect("json");
        (
            session["access_token"].as_str().expect("token").to_owned(),
            session["user"]["id"].as_i64().expect("member id"),
        )
    };
    let me = |port: u16, access: &str| {
        client
            .get(format!("http://127.0.0.1:{port}/api/users/me"))
            .header("host", HOST)
            .bearer_auth(access)
            .send()
    };
    // Both gateways that cached the session refuse it soon after `what`.
    let refused_on_a_and_b = async |access: &str, what: &str, since: Instant| {
        for port in [a, b] {
            wait_for(
                &format!("the session refused after the {what}"),
                async || me(port, access).await.is_ok_and(|r| r.status() == 401),
            )
            .await;
            println!(
                "revocation: the gateway on {port} refuses the token {:?} after the {what}",
                since.elapsed()
            );
        }
    };
    let (access, member_id) = log_in().await;
    for port in [a, b] {
        let response = me(port, &access).await.expect("me");
        assert_eq!(
            response.status(),
            200,
            "signed in through the gateway on {port}"
        );
    }

    // Logged out through gateway C: A and B hear it from identity's outbox over NATS.
    let logout = Instant::now();
    let response = client
        .delete(format!("http://127.0.0.1:{c}/api/session"))
        .header("host", HOST)
        .bearer_auth(&access)
        .send()
        .await
        .expect("log out");
    assert_eq!(response.status(), 204);
    refused_on_a_and_b(&access, "logout", logout).await;

    // Signed in again (cached by A and B), then terminated by an operator.
    let (access, _) = log_in().await;
    for port in [a, b] {
        let response = me(port, &access).await.expect("me");
        assert_eq!(response.status(), 200, "signed in again on {port}");
    }
    let mut operators =
        OperatorServiceClient::connect(format!("http://127.0.0.1:{operators_port}"))
            .await
            .expect("identity's operators' API");
    let sanctioned = Instant::now();
    operators
        .sanction(
            sise_platform::operator::request(
                pb::SanctionRequest {
                    user_id: member_id,
                    kind: pb::SanctionKind::Termination as i32,
                    reason: "분산 시험".into(),
                },
                OPERATOR_TOKEN,
            )
            .expect("operator request"),
        )
        .await
        .expect("sanction");
    refused_on_a_and_b(&access, "sanction", sanctioned).await;

    drop(gateways);
    drop(identity);
    stop.cancel();
    db.cleanup().await.expect("cleanup");
}

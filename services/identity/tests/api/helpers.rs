//! `TestApp`: the identity service under test with the development messenger provider
//! beside it, and one method per RPC.

use sise_identity::Application;
use sise_identity::kakao::dev;
use sise_identity::store::{MIGRATIONS, Store};
use sise_platform::db::{Backend, Database};
use sise_platform::testing::TestService;
use sise_proto::identity::v1 as pb;
use sise_proto::identity::v1::identity_service_client::IdentityServiceClient;
use sise_proto::identity::v1::operator_service_client::OperatorServiceClient;
use tokio_util::sync::CancellationToken;
use tonic::transport::Channel;

pub const APP_KEY: &str = "sise-dev-app-key";
pub const APP_ID: i64 = 1;
const REDIRECT: &str = "http://127.0.0.1:8080/m/oauth/kakao";

pub struct TestApp {
    pub service: TestService,
    pub client: IdentityServiceClient<Channel>,
    /// The operators' API, on its own listener; calls need [`TestApp::as_operator`].
    pub operators: OperatorServiceClient<Channel>,
    provider: String,
    stop_provider: CancellationToken,
}

impl TestApp {
    pub async fn spawn(backend: Backend) -> Self {
        Self::spawn_with(backend, &[]).await
    }

    /// [`Self::spawn`] with configuration changes (keys as in `config/base.yaml`).
    pub async fn spawn_with(backend: Backend, settings: &[(&str, &str)]) -> Self {
        let stop_provider = CancellationToken::new();
        let addr = dev::start(
            "127.0.0.1:0".parse().expect("addr"),
            APP_KEY,
            APP_ID,
            stop_provider.clone(),
        )
        .await
        .expect("development provider");
        let provider = format!("http://{addr}");
        let base = provider.clone();
        let service = TestService::spawn_with::<Application>(backend, move |config| {
            for key in ["api_base", "auth_base"] {
                config
                    .set(&format!("services.identity.kakao.{key}"), base.clone())
                    .expect("set");
            }
            for (key, value) in settings {
                config.set(key, *value).expect("set");
            }
        })
        .await;
        Self {
            client: IdentityServiceClient::new(service.channel.clone()),
            operators: OperatorServiceClient::new(
                service
                    .operator_channel
                    .clone()
                    .expect("identity's operators' listener"),
            ),
            service,
            provider,
            stop_provider,
        }
    }

    /// The service's database, reached directly (to move a member's clocks).
    pub async fn store(&self) -> Store {
        let db = Database::connect(self.service.database_url(), &MIGRATIONS)
            .await
            .expect("connect to the test database");
        Store::new(db)
    }

    /// A messenger token of a new test account.
    pub async fn kakao_token(&self, nickname: &str) -> String {
        dev::sign_in(&self.provider, APP_KEY, REDIRECT, nickname)
            .await
            .expect("development sign-in")
    }

    /// Sign up with every agreement; the new member.
    pub async fn sign_up(&self, kakao_token: &str) -> pb::User {
        self.client
            .clone()
            .sign_up(pb::SignUpRequest {
                kakao_access_token: kakao_token.to_owned(),
                service_age: true,
                service: true,
                private_collect: true,
                client_address: "127.0.0.1".into(),
            })
            .await
            .expect("sign up")
            .into_inner()
    }

    pub async fn login(
        &self,
        kakao_token: &str,
    ) -> Result<pb::login_response::Outcome, tonic::Status> {
        self.client
            .clone()
            .login(pb::LoginRequest {
                kakao_access_token: kakao_token.to_owned(),
                client_address: "127.0.0.1".into(),
            })
            .await
            .map(|r| r.into_inner().outcome.expect("an outcome"))
    }

    pub async fn authenticate(
        &self,
        access_token: &str,
    ) -> Result<pb::AuthenticateResponse, tonic::Status> {
        self.client
            .clone()
            .authenticate(pb::AuthenticateRequest {
                access_token: access_token.to_owned(),
            })
            .await
            .map(tonic::Response::into_inner)
    }

    /// `message` as a call of member `id`, signed as the gateway signs it.
    pub fn as_member<T>(&self, message: T, id: i64) -> tonic::Request<T> {
        self.service.as_member(message, id)
    }

    /// `message` as a call of the test kit's operator (`sise_platform::testing::OPERATOR`).
    pub fn as_operator<T>(&self, message: T) -> tonic::Request<T> {
        self.service.as_operator(message)
    }

    pub async fn stop(self) {
        self.stop_provider.cancel();
        self.service.stop().await;
    }
}

/// The session of a login that must succeed.
pub fn session(outcome: pb::login_response::Outcome) -> pb::Session {
    match outcome {
        pb::login_response::Outcome::Session(session) => session,
        other => panic!("expected a session, got {other:?}"),
    }
}

/// The sessions stored for `user_id`.
pub async fn sessions_of(store: &Store, user_id: i64) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM sessions WHERE user_id = $1")
        .bind(user_id)
        .fetch_one(&store.database().pool)
        .await
        .expect("count sessions")
}

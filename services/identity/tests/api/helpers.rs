//! `TestApp`: the identity service under test, with one method per RPC.

use sise_identity::Application;
use sise_identity::store::{MIGRATIONS, Store};
use sise_platform::db::{Backend, Database};
use sise_platform::testing::TestService;
use sise_proto::identity::v1 as pb;
use sise_proto::identity::v1::identity_service_client::IdentityServiceClient;
use tonic::transport::Channel;

pub struct TestApp {
    pub service: TestService,
    client: IdentityServiceClient<Channel>,
}

impl TestApp {
    pub async fn spawn(backend: Backend) -> Self {
        let service = TestService::spawn::<Application>(backend).await;
        let client = IdentityServiceClient::new(service.channel.clone());
        Self { service, client }
    }

    /// The service's database, reached directly: members and sessions are created here
    /// until sign-up and login have their RPCs.
    pub async fn store(&self) -> Store {
        let db = Database::connect(self.service.database_url(), &MIGRATIONS)
            .await
            .expect("connect to the test database");
        Store::new(db)
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

    pub async fn stop(self) {
        self.service.stop().await;
    }
}

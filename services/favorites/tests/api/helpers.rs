//! `TestApp`: the favorites service under test. One method per RPC is added here as the
//! `sise.favorites.v1.FavoritesService` RPCs arrive.

use sise_favorites::Application;
use sise_platform::db::Backend;
use sise_platform::testing::TestService;

pub struct TestApp {
    pub service: TestService,
}

impl TestApp {
    pub async fn spawn(backend: Backend) -> Self {
        Self {
            service: TestService::spawn::<Application>(backend).await,
        }
    }

    pub async fn stop(self) {
        self.service.stop().await;
    }
}

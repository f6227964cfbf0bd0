//! `TestApp`: the social service under test (port 0, a fresh database of one backend, the
//! repository's configuration with the sample boards and the daily recap's task off) with
//! one method per RPC of `SocialService` and `ModerationService`, and the bus it publishes
//! to and consumes from.
//!
//! Social calls identity (authors' profiles) and market (security ids): both run once per
//! test process, on SQLite, in a thread of their own ([`peers`]), shared by every test.

use std::net::SocketAddr;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use futures::StreamExt as _;
use sise_identity::kakao::dev;
use sise_platform::bus::{Event, Headers};
use sise_platform::db::Backend;
use sise_platform::error::DomainError;
use sise_platform::testing::{TestService, repo_root};
use sise_proto::identity::v1 as identity;
use sise_proto::identity::v1::identity_service_client::IdentityServiceClient;
use sise_proto::social::v1 as pb;
use sise_proto::social::v1::moderation_service_client::ModerationServiceClient;
use sise_proto::social::v1::social_service_client::SocialServiceClient;
use sise_social::Application;
use tonic::Status;
use tonic::transport::Channel;

pub const SAMSUNG: &str = "KOREA-A005930";
pub const HYNIX: &str = "KOREA-A000660";

/// The services social calls, shared by the tests of this process.
pub struct Peers {
    pub market: SocketAddr,
    pub identity: SocketAddr,
    /// The development messenger provider identity trusts (members are signed up there).
    pub kakao: String,
}

/// Market and identity, started once (SQLite, in a thread with its own runtime so they
/// outlive each test's runtime).
pub fn peers() -> &'static Peers {
    static PEERS: OnceLock<Peers> = OnceLock::new();
    PEERS.get_or_init(|| {
        let (sender, receiver) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .expect("runtime");
            runtime.block_on(async move {
                let market = TestService::spawn_with::<sise_market::Application>(
                    Backend::Sqlite,
                    |config| {
                        let data = repo_root().join("services/market/data");
                        config
                            .set("services.market.dataset_dir", data.display().to_string())
                            .expect("set");
                        // Quotes need not move for these tests.
                        config
                            .set("services.market.simulator.tick_interval_ms", 5000)
                            .expect("set");
                    },
                )
                .await;
                let kakao = dev::start(
                    "127.0.0.1:0".parse().expect("addr"),
                    "sise-dev-app-key",
                    1,
                    tokio_util::sync::CancellationToken::new(),
                )
                .await
                .expect("development provider");
                let base = format!("http://{kakao}");
                let provider = base.clone();
                let identity = TestService::spawn_with::<sise_identity::Application>(
                    Backend::Sqlite,
                    move |config| {
                        for key in ["api_base", "auth_base"] {
                            config
                                .set(&format!("services.identity.kakao.{key}"), base.clone())
                                .expect("set");
                        }
                    },
                )
                .await;
                sender
                    .send(Peers {
                        market: market.addr,
                        identity: identity.addr,
                        kakao: provider,
                    })
                    .expect("send");
                // Kept for the life of the test process.
                let _kept = (market, identity);
                std::future::pending::<()>().await;
            });
        });
        receiver.recv().expect("peers started")
    })
}

pub struct TestApp {
    pub service: TestService,
    social: SocialServiceClient<Channel>,
    moderation: ModerationServiceClient<Channel>,
}

/// The catalogue code of a refusal.
pub fn code(status: &Status) -> &'static str {
    DomainError::from_status(status).code.as_str()
}

/// A distinct member id for each call in this process (tests share the peers' identity,
/// which does not know these members: social names them 회원{id}).
pub fn member() -> i64 {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    1_000_000 + NEXT.fetch_add(1, Ordering::Relaxed) as i64
}

impl TestApp {
    pub async fn spawn(backend: Backend) -> Self {
        Self::spawn_with(backend, &[]).await
    }

    /// [`Self::spawn`] with configuration changes (keys as in `config/base.yaml`).
    pub async fn spawn_with(backend: Backend, settings: &[(&str, &str)]) -> Self {
        let peers = peers();
        let settings: Vec<(String, String)> = settings
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        let service = TestService::spawn_with::<Application>(backend, move |config| {
            for (key, value) in [
                ("services.social.sample_posts", "false".to_owned()),
                // The recap tests write it themselves (or turn the task back on).
                ("services.social.recap.enabled", "false".to_owned()),
                (
                    "services.social.market_url",
                    format!("http://{}", peers.market),
                ),
                (
                    "services.social.identity_url",
                    format!("http://{}", peers.identity),
                ),
            ] {
                config.set(key, value).expect("set");
            }
            for (key, value) in settings {
                config.set(&key, value).expect("set");
            }
        })
        .await;
        Self {
            social: SocialServiceClient::new(service.channel.clone())
                .max_decoding_message_size(32 << 20)
                .max_encoding_message_size(32 << 20),
            moderation: ModerationServiceClient::new(
                service
                    .operator_channel
                    .clone()
                    .expect("social's operators' listener"),
            ),
            service,
        }
    }

    pub async fn stop(self) {
        self.service.stop().await;
    }

    /// `message` for `viewer` (signed), or a visitor's.
    fn call<T>(&self, viewer: Option<i64>, message: T) -> tonic::Request<T> {
        match viewer {
            Some(id) => self.service.as_member(message, id),
            None => tonic::Request::new(message),
        }
    }

    fn social(&self) -> SocialServiceClient<Channel> {
        self.social.clone()
    }

    // ---- SocialService -----------------------------------------------------------------

    pub async fn list_posts(
        &self,
        viewer: Option<i64>,
        request: pb::ListPostsRequest,
    ) -> Result<pb::PostPage, Status> {
        let call = self.call(viewer, request);
        self.social().list_posts(call).await.map(|r| r.into_inner())
    }

    pub async fn get_post(
        &self,
        viewer: Option<i64>,
        id: i64,
        scope: pb::Scope,
    ) -> Result<pb::PostDetail, Status> {
        let call = self.call(
            viewer,
            pb::GetPostRequest {
                id,
                scope: scope as i32,
            },
        );
        self.social().get_post(call).await.map(|r| r.into_inner())
    }

    pub async fn create_post(
        &self,
        user: i64,
        security_id: &str,
        category: pb::Category,
        content: &str,
        images: Vec<Vec<u8>>,
    ) -> Result<pb::Post, Status> {
        let call = self.call(
            Some(user),
            pb::CreatePostRequest {
                security_id: security_id.to_owned(),
                category: category as i32,
                content: content.to_owned(),
                images,
            },
        );
        self.social()
            .create_post(call)
            .await
            .map(|r| r.into_inner())
    }

    /// A text post on Samsung's board that must be taken.
    pub async fn post(&self, user: i64, content: &str) -> pb::Post {
        self.create_post(user, SAMSUNG, pb::Category::Opinion, content, Vec::new())
            .await
            .expect("post written")
    }

    pub async fn delete_post(&self, user: i64, id: i64) -> Result<pb::Empty, Status> {
        let call = self.call(Some(user), pb::DeletePostRequest { id });
        self.social()
            .delete_post(call)
            .await
            .map(|r| r.into_inner())
    }

    pub async fn get_post_image(
        &self,
        viewer: Option<i64>,
        id: &str,
        size: u32,
    ) -> Result<pb::PostImageData, Status> {
        let call = self.call(
            viewer,
            pb::GetPostImageRequest {
                id: id.to_owned(),
                size,
            },
        );
        self.social()
            .get_post_image(call)
            .await
            .map(|r| r.into_inner())
    }

    pub async fn list_liked_users(
        &self,
        post_id: i64,
        limit: Option<i64>,
        cursor: &str,
    ) -> Result<pb::AuthorPage, Status> {
        let call = self.call(
            None,
            pb::ListLikedUsersRequest {
                post_id,
                limit,
                cursor: cursor.to_owned(),
            },
        );
        self.social()
            .list_liked_users(call)
            .await
            .map(|r| r.into_inner())
    }

    pub async fn list_comments(
        &self,
        viewer: Option<i64>,
        request: pb::ListCommentsRequest,
    ) -> Result<pb::CommentPage, Status> {
        let call = self.call(viewer, request);
        self.social()
            .list_comments(call)
            .await
            .map(|r| r.into_inner())
    }

    pub async fn create_comment(
        &self,
        user: i64,
        request: pb::CreateCommentRequest,
    ) -> Result<pb::Comment, Status> {
        let call = self.call(Some(user), request);
        self.social()
            .create_comment(call)
            .await
            .map(|r| r.into_inner())
    }

    /// A top-level comment on post `post_id` that must be taken.
    pub async fn comment(&self, user: i64, post_id: i64, content: &str) -> pb::Comment {
        self.create_comment(user, on_post(post_id, content))
            .await
            .expect("comment written")
    }

    pub async fn delete_comment(&self, user: i64, id: i64) -> Result<pb::Empty, Status> {
        let call = self.call(Some(user), pb::DeleteCommentRequest { id });
        self.social()
            .delete_comment(call)
            .await
            .map(|r| r.into_inner())
    }

    pub async fn list_my_comments(
        &self,
        user: Option<i64>,
        limit: Option<i64>,
        cursor: &str,
    ) -> Result<pb::CommentPage, Status> {
        let call = self.call(
            user,
            pb::ListMyCommentsRequest {
                limit,
                cursor: cursor.to_owned(),
            },
        );
        self.social()
            .list_my_comments(call)
            .await
            .map(|r| r.into_inner())
    }

    pub async fn react(
        &self,
        user: Option<i64>,
        target: pb::ContentRef,
        emotion: pb::Emotion,
    ) -> Result<pb::Reactions, Status> {
        let call = self.call(
            user,
            pb::ReactRequest {
                target: Some(target),
                emotion: emotion as i32,
            },
        );
        self.social().react(call).await.map(|r| r.into_inner())
    }

    pub async fn report(
        &self,
        user: i64,
        target: pb::ContentRef,
        report_type: pb::ReportType,
        content: &str,
    ) -> Result<pb::Report, Status> {
        let call = self.call(
            Some(user),
            pb::ReportRequest {
                target: Some(target),
                report_type: report_type as i32,
                content: content.to_owned(),
            },
        );
        self.social().report(call).await.map(|r| r.into_inner())
    }

    pub async fn object(
        &self,
        user: i64,
        target: pb::ContentRef,
        text: &str,
    ) -> Result<pb::Hidden, Status> {
        let call = self.call(
            Some(user),
            pb::ObjectRequest {
                target: Some(target),
                text: text.to_owned(),
            },
        );
        self.social().object(call).await.map(|r| r.into_inner())
    }

    // ---- ModerationService (as the test kit's operator) --------------------------------

    pub async fn list_queue(
        &self,
        limit: Option<i64>,
        cursor: &str,
    ) -> Result<pb::QueuePage, Status> {
        let call = self.service.as_operator(pb::ListQueueRequest {
            limit,
            cursor: cursor.to_owned(),
        });
        self.moderation
            .clone()
            .list_queue(call)
            .await
            .map(|r| r.into_inner())
    }

    pub async fn get_case(&self, target: pb::ContentRef) -> Result<pb::Case, Status> {
        let call = self.service.as_operator(target);
        self.moderation
            .clone()
            .get_case(call)
            .await
            .map(|r| r.into_inner())
    }

    pub async fn hide(&self, target: pb::ContentRef, reason: &str) -> Result<pb::Case, Status> {
        let call = self.service.as_operator(moderate(target, reason));
        self.moderation
            .clone()
            .hide(call)
            .await
            .map(|r| r.into_inner())
    }

    pub async fn restore(&self, target: pb::ContentRef, reason: &str) -> Result<pb::Case, Status> {
        let call = self.service.as_operator(moderate(target, reason));
        self.moderation
            .clone()
            .restore(call)
            .await
            .map(|r| r.into_inner())
    }

    pub async fn remove(&self, target: pb::ContentRef, reason: &str) -> Result<pb::Case, Status> {
        let call = self.service.as_operator(moderate(target, reason));
        self.moderation
            .clone()
            .remove(call)
            .await
            .map(|r| r.into_inner())
    }

    /// A moderation client on `channel` (another listener, no credential: refusals).
    pub fn moderation_on(&self, channel: Channel) -> ModerationServiceClient<Channel> {
        ModerationServiceClient::new(channel)
    }

    // ---- The bus ------------------------------------------------------------------------

    /// Publishes `message` on `subject` as its producer would (durably).
    pub async fn publish(&self, subject: &str, message: &impl prost::Message) {
        self.service
            .bus
            .publish_durable(subject, Headers::new(), message.encode_to_vec().into())
            .await
            .expect("published");
    }

    /// The first `n` events on `pattern` the service published since it started (a new
    /// consumer reads from the start of the log), waiting for them for at most 10 s.
    pub async fn events(&self, pattern: &str, n: usize) -> Vec<Event> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let name = format!("test-{}", NEXT.fetch_add(1, Ordering::Relaxed));
        let mut deliveries = self
            .service
            .bus
            .consume_durable(&name, pattern)
            .await
            .expect("consumer");
        let mut events = Vec::new();
        while events.len() < n {
            let delivery = tokio::time::timeout(Duration::from_secs(10), deliveries.next())
                .await
                .unwrap_or_else(|_| panic!("{} of {n} events on {pattern}", events.len()))
                .expect("delivery");
            events.push(delivery.event.clone());
            delivery.ack().await.expect("ack");
        }
        // Nothing more is waiting beyond them.
        assert!(
            tokio::time::timeout(Duration::from_millis(300), deliveries.next())
                .await
                .is_err(),
            "more than {n} events on {pattern}"
        );
        events
    }

    /// Polls `check` until it holds (10 s at most): for what the service's consumers do.
    pub async fn eventually<F, Fut>(&self, what: &str, mut check: F)
    where
        F: FnMut() -> Fut,
        Fut: std::future::Future<Output = bool>,
    {
        for _ in 0..200 {
            if check().await {
                return;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("not within 10 s: {what}");
    }
}

pub fn post_ref(id: i64) -> pb::ContentRef {
    pb::ContentRef {
        r#type: pb::ContentType::Post as i32,
        id,
    }
}

pub fn comment_ref(id: i64) -> pb::ContentRef {
    pb::ContentRef {
        r#type: pb::ContentType::Comment as i32,
        id,
    }
}

pub fn on_post(post_id: i64, content: &str) -> pb::CreateCommentRequest {
    pb::CreateCommentRequest {
        commentable: Some(post_ref(post_id)),
        parent_id: 0,
        content: content.to_owned(),
    }
}

pub fn reply(parent_id: i64, content: &str) -> pb::CreateCommentRequest {
    pb::CreateCommentRequest {
        commentable: None,
        parent_id,
        content: content.to_owned(),
    }
}

pub fn board(security_id: &str) -> pb::ListPostsRequest {
    pb::ListPostsRequest {
        security_id: security_id.to_owned(),
        ..Default::default()
    }
}

pub fn comments_of(post_id: i64) -> pb::ListCommentsRequest {
    pb::ListCommentsRequest {
        commentable: Some(post_ref(post_id)),
        ..Default::default()
    }
}

fn moderate(target: pb::ContentRef, reason: &str) -> pb::ModerateRequest {
    pb::ModerateRequest {
        target: Some(target),
        reason: reason.to_owned(),
    }
}

/// A member identity knows: signed up through the development provider as `nickname`.
pub async fn signed_up(nickname: &str) -> identity::User {
    let peers = peers();
    let token = dev::sign_in(
        &peers.kakao,
        "sise-dev-app-key",
        "http://127.0.0.1:8080/m/oauth/kakao",
        nickname,
    )
    .await
    .expect("development sign-in");
    IdentityServiceClient::connect(format!("http://{}", peers.identity))
        .await
        .expect("identity")
        .sign_up(identity::SignUpRequest {
            kakao_access_token: token,
            service_age: true,
            service: true,
            private_collect: true,
            client_address: "127.0.0.1".into(),
        })
        .await
        .expect("sign up")
        .into_inner()
}

/// The payload of `event` as `M`.
pub fn decode<M: prost::Message + Default>(event: &Event) -> M {
    M::decode(event.payload.clone()).expect("decodes")
}

//! `events.identity.profile_changed`: each change of a member's public face (sign-up, a new
//! nickname, a new photo) goes out once through the outbox, with the name and photo address
//! `GetPublicProfiles` shows; an edit of private fields, and a refused nickname, send
//! nothing. Read from the service's bus as social's consumer reads it.

use futures::StreamExt as _;
use prost::Message as _;
use sise_platform::bus::acl::subjects::PROFILE_CHANGED;
use sise_platform::error::DomainError;
use sise_platform::testing::images::photo_jpeg;
use sise_proto::identity::v1 as pb;

use crate::helpers::TestApp;

/// The profile changes published, in order, up to and including the first of `last_user`.
async fn changes_until(app: &TestApp, last_user: i64) -> Vec<pb::ProfileChanged> {
    let mut deliveries = app
        .service
        .bus
        .consume_durable("test-profiles", PROFILE_CHANGED)
        .await
        .expect("consume");
    let mut changes = Vec::new();
    loop {
        let delivery = tokio::time::timeout(std::time::Duration::from_secs(10), deliveries.next())
            .await
            .expect("the outbox publishes within 10 s")
            .expect("stream open");
        let change = pb::ProfileChanged::decode(delivery.event.payload.clone()).expect("decode");
        delivery.ack().await.expect("ack");
        let last = change.user_id == last_user;
        changes.push(change);
        if last {
            return changes;
        }
    }
}

fn profile(name: &str, birth_year: i32) -> pb::UpdateProfileRequest {
    pb::UpdateProfileRequest {
        name: name.to_owned(),
        birth_year: Some(birth_year),
        gender: Some(1),
        email: String::new(),
    }
}

sise_platform::per_backend! {
    async fn each_change_of_a_public_face_is_one_profile_event(backend) {
        let app = TestApp::spawn(backend).await;
        let member = app.sign_up(&app.kakao_token("변경").await).await;
        let other = app.sign_up(&app.kakao_token("남").await).await;
        let id = member.id;
        let update = |request: pb::UpdateProfileRequest| {
            let mut client = app.client.clone();
            let request = app.as_member(request, id);
            async move { client.update_profile(request).await }
        };
        let renamed = update(profile("개미투자", 1990)).await.expect("rename").into_inner();
        assert_eq!(renamed.name, "개미투자");
        // Private fields only: nothing public changed.
        update(profile("개미투자", 1991)).await.expect("birth year");
        // Someone else's nickname: refused, nothing changed.
        let mut client = app.client.clone();
        client.update_profile(app.as_member(profile("다른개미", 1990), other.id)).await.expect("other's nickname");
        let status = update(profile("다른개미", 1990)).await.expect_err("taken");
        assert_eq!(DomainError::from_status(&status).code, "nickname_taken");
        let photo = app
            .client
            .clone()
            .set_avatar(app.as_member(pb::SetAvatarRequest { image: photo_jpeg(320, 240) }, id))
            .await
            .expect("photo")
            .into_inner();
        assert!(photo.avatar_url.starts_with("/main/api/avatars/"), "{}", photo.avatar_url);
        // The last change of this test: everything before it has gone out by then.
        let last = app.sign_up(&app.kakao_token("끝").await).await;

        let changes = changes_until(&app, last.id).await;
        let mine: Vec<(&str, &str)> = changes
            .iter()
            .filter(|c| c.user_id == id)
            .map(|c| (c.name.as_str(), c.avatar_url.as_str()))
            .collect();
        let signed_up = format!("회원{id}");
        assert_eq!(
            mine,
            [(signed_up.as_str(), ""), ("개미투자", ""), ("개미투자", photo.avatar_url.as_str())],
            "sign-up, nickname, photo: one event each"
        );
        let theirs: Vec<&str> = changes.iter().filter(|c| c.user_id == other.id).map(|c| c.name.as_str()).collect();
        assert_eq!(theirs, [format!("회원{}", other.id).as_str(), "다른개미"]);
        assert_eq!(changes.len(), 6, "{changes:?}");
        assert!(changes.windows(2).all(|w| w[0].changed_at_ms <= w[1].changed_at_ms), "{changes:?}");
        assert!(changes.iter().all(|c| c.changed_at_ms > 0));

        // What the last event says is what the public profile shows.
        let public = app
            .client
            .clone()
            .get_public_profiles(pb::GetPublicProfilesRequest { user_ids: vec![id] })
            .await
            .expect("public profiles")
            .into_inner()
            .profiles;
        let latest = changes.iter().rfind(|c| c.user_id == id).expect("latest");
        assert_eq!((public[0].name.as_str(), public[0].avatar_url.as_str()), (latest.name.as_str(), latest.avatar_url.as_str()));
        app.stop().await;
    }
}

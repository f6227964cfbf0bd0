//! Identity's events, consumed durably (`sise_platform::bus::acl`): `social-profiles`
//! (a member's name and photo), `social-secession` (content stays under 탈퇴한 회원, their
//! support messages go), `social-sanctions` (a terminated member's content is hidden) and
//! `social-contributors` (who may publish insight articles). Supervised by
//! `bus::consume_messages` (restarted with backoff, a failing event redelivered and
//! finally dead-lettered); each is idempotent (`store::authors`), so a redelivered event
//! changes nothing more.

use sise_platform::bus::{self, Bus, acl};
use sise_platform::time::now_ms;
use sise_proto::identity::v1 as pb;
use tokio_util::sync::CancellationToken;

use crate::store::Store;
use crate::store::authors::Profile;

/// Runs the four consumers until `cancel`.
pub async fn run(bus: Bus, store: Store, cancel: CancellationToken) {
    let profiles = {
        let store = store.clone();
        bus::consume_messages(
            bus.clone(),
            acl::SOCIAL_PROFILES,
            cancel.clone(),
            move |event: pb::ProfileChanged| {
                let store = store.clone();
                async move {
                    if event.user_id <= 0 {
                        tracing::warn!("dropping a profile_changed without a member");
                        return Ok(());
                    }
                    let profile = Profile {
                        name: event.name,
                        avatar_url: event.avatar_url,
                        changed_at_ms: event.changed_at_ms,
                    };
                    store.apply_profile(event.user_id, &profile).await
                }
            },
        )
    };
    let secessions = {
        let store = store.clone();
        bus::consume_messages(
            bus.clone(),
            acl::SOCIAL_SECESSION,
            cancel.clone(),
            move |event: pb::UserSeceded| {
                let store = store.clone();
                async move {
                    if event.user_id <= 0 {
                        tracing::warn!("dropping a user_seceded without a member");
                        return Ok(());
                    }
                    store.secede(event.user_id).await?;
                    store.forget_support(event.user_id).await?;
                    store.forget_contest_entries(event.user_id).await?;
                    tracing::info!(user_id = event.user_id, "author seceded");
                    Ok(())
                }
            },
        )
    };
    let contributors = {
        let store = store.clone();
        bus::consume_messages(
            bus.clone(),
            acl::SOCIAL_CONTRIBUTORS,
            cancel.clone(),
            move |event: pb::ContributorChanged| {
                let store = store.clone();
                async move {
                    if event.user_id <= 0 {
                        tracing::warn!("dropping a contributor_changed without a member");
                        return Ok(());
                    }
                    let profile = Profile {
                        name: event.name,
                        avatar_url: event.avatar_url,
                        changed_at_ms: event.changed_at_ms,
                    };
                    store
                        .apply_contributor(event.user_id, event.contributor, &event.bio, &profile)
                        .await?;
                    tracing::info!(
                        user_id = event.user_id,
                        contributor = event.contributor,
                        "contributor role applied"
                    );
                    Ok(())
                }
            },
        )
    };
    let sanctions = bus::consume_messages(
        bus,
        acl::SOCIAL_SANCTIONS,
        cancel,
        move |event: pb::UserSanctioned| {
            let store = store.clone();
            async move {
                // Warnings and suspensions leave the content (writing stops with the
                // sessions); only a termination hides it.
                let terminated =
                    event.terminated || event.kind == pb::SanctionKind::Termination as i32;
                if event.user_id <= 0 || !terminated {
                    return Ok(());
                }
                let hidden = store.terminate(event.user_id, now_ms()).await?;
                tracing::info!(
                    user_id = event.user_id,
                    hidden,
                    "content of a terminated member hidden"
                );
                Ok(())
            }
        },
    );
    tokio::join!(profiles, secessions, contributors, sanctions);
}

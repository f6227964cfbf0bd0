//! The members who write, as identity knows them: before a member's first write social
//! asks identity for their public profile (`GetPublicProfiles`) and keeps it as their
//! `authors` row; identity's events keep it current afterwards (`crate::consumers`).

use sise_platform::error::internal_status;
use sise_platform::time::now_ms;
use sise_proto::identity::v1::GetPublicProfilesRequest;
use sise_proto::identity::v1::identity_service_client::IdentityServiceClient;
use tonic::Status;
use tonic::transport::Channel;

use crate::store::Store;
use crate::store::authors::Profile;

/// Members known to have an `authors` row, kept in memory (rows are never deleted, so an
/// entry never goes stale); a bound on the memory, not a correctness limit.
const KNOWN_AUTHORS: u64 = 100_000;

#[derive(Clone)]
pub struct Members {
    identity: IdentityServiceClient<Channel>,
    store: Store,
    known: moka::sync::Cache<i64, ()>,
}

impl Members {
    pub fn new(identity: IdentityServiceClient<Channel>, store: Store) -> Self {
        Self {
            identity,
            store,
            known: moka::sync::Cache::new(KNOWN_AUTHORS),
        }
    }

    /// Makes sure `user_id` has an `authors` row (from identity, the first time); the
    /// service's failure as it came when identity cannot answer.
    pub async fn ensure(&self, user_id: i64) -> Result<(), Status> {
        if self.known.contains_key(&user_id) {
            return Ok(());
        }
        if self
            .store
            .has_author(user_id)
            .await
            .map_err(internal_status)?
        {
            self.known.insert(user_id, ());
            return Ok(());
        }
        // A profile event of a change made while identity answers is newer than this.
        let asked_at = now_ms() - 1;
        let profiles = self
            .identity
            .clone()
            .get_public_profiles(GetPublicProfilesRequest {
                user_ids: vec![user_id],
            })
            .await?
            .into_inner()
            .profiles;
        // Signed by the gateway yet unknown to identity (not expected): named as identity
        // names new members (회원{id}) until a profile event says otherwise.
        let profile = match profiles.into_iter().find(|p| p.id == user_id) {
            Some(profile) => Profile {
                name: profile.name,
                avatar_url: profile.avatar_url,
                changed_at_ms: asked_at,
            },
            None => Profile {
                name: String::new(),
                avatar_url: String::new(),
                changed_at_ms: 0,
            },
        };
        self.store
            .apply_profile(user_id, &profile)
            .await
            .map_err(internal_status)?;
        self.known.insert(user_id, ());
        Ok(())
    }
}

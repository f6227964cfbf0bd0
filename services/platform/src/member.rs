//! The signed-in member of a call, as the gateway resolved it: trusted gRPC metadata.
//!
//! The gateway resolves the bearer token once per request (through identity) and calls
//! the services with the member id in [`MEMBER_METADATA`]; a service never takes a member
//! id from a request body. The services' ports are internal (not on the public edge), so
//! only the gateway sets it; the gateway never forwards a client's own metadata.

use tonic::{Request, Status};

use crate::error::{DomainError, ErrorCode};

pub const MEMBER_METADATA: &str = "x-sise-member-id";

/// Mark `request` as made for `member_id`.
pub fn attach<T>(request: &mut Request<T>, member_id: i64) {
    request.metadata_mut().insert(
        MEMBER_METADATA,
        tonic::metadata::MetadataValue::from(member_id),
    );
}

/// `message` as a request made for `member_id`.
pub fn request<T>(message: T, member_id: i64) -> Request<T> {
    let mut request = Request::new(message);
    attach(&mut request, member_id);
    request
}

/// The member a call is made for, if any.
pub fn optional<T>(request: &Request<T>) -> Option<i64> {
    request
        .metadata()
        .get(MEMBER_METADATA)?
        .to_str()
        .ok()?
        .parse::<i64>()
        .ok()
        .filter(|id| *id > 0)
}

/// The member a call is made for; a call without one is `login_required`.
pub fn required<T>(request: &Request<T>) -> Result<i64, Status> {
    optional(request).ok_or_else(|| DomainError::from(ErrorCode::LoginRequired).into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_refuses_junk() {
        assert_eq!(required(&request((), 42)).ok(), Some(42));
        assert!(required(&Request::new(())).is_err());
        let mut junk = Request::new(());
        junk.metadata_mut()
            .insert(MEMBER_METADATA, "-1".parse().expect("value"));
        assert_eq!(optional(&junk), None);
        junk.metadata_mut()
            .insert(MEMBER_METADATA, "abc".parse().expect("value"));
        assert_eq!(optional(&junk), None);
    }
}

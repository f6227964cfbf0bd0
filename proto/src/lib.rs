//! Protocol buffers of every Sise domain: gRPC services and bus events.
//!
//! Layout: one module per proto package, `sise.<domain>.v1` → `<domain>::v1`.
//! Sources live in `proto/sise/<domain>/v1/*.proto`; `build.rs` compiles them with protox.

pub mod market {
    pub mod v1 {
        tonic::include_proto!("sise.market.v1");
    }
}

pub mod identity {
    pub mod v1 {
        tonic::include_proto!("sise.identity.v1");
    }
}

pub mod favorites {
    pub mod v1 {
        tonic::include_proto!("sise.favorites.v1");
    }
}

pub mod social {
    pub mod v1 {
        tonic::include_proto!("sise.social.v1");
    }
}

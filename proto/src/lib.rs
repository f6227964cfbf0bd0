//! Protocol buffers of every Sise domain: gRPC services and bus events.
//!
//! Layout: one module per proto package, `sise.<domain>.v1` → `<domain>::v1`.
//! Sources live in `proto/sise/<domain>/v1/*.proto`; their Rust code is generated into
//! `src/gen/` by `bash scripts/gen-proto.sh` (protox and tonic's prost generator, in a
//! workspace of their own under `generate/`) and committed, so that building Sise does not
//! build a protobuf compiler. `tests/generated.rs` fails when it is stale.

pub mod market {
    pub mod v1 {
        include!("gen/sise.market.v1.rs");
    }
}

pub mod identity {
    pub mod v1 {
        include!("gen/sise.identity.v1.rs");
    }
}

pub mod favorites {
    pub mod v1 {
        include!("gen/sise.favorites.v1.rs");
    }
}

pub mod social {
    pub mod v1 {
        include!("gen/sise.social.v1.rs");
    }
}

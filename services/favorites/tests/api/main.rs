//! API tests of the favorites service against the service on port 0 and a fresh database, one
//! test per backend (`sise_platform::per_backend!`). The RPC tests arrive with the
//! features; until then the service proves what it does serve, and that it claims nothing
//! more.

mod health;
mod helpers;

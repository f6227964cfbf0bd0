//! API tests of the identity service: a real tonic client against the service on port 0
//! and a fresh database, one test per backend (`sise_platform::per_backend!`).

mod authenticate;
mod health;
mod helpers;
mod kakao;
mod photos;
mod profiles;
mod rechecks;
mod sanctions;
mod session_limit;
mod trust;

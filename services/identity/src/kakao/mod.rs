//! The messenger login provider over the Kakao Login REST protocol: the client that checks a
//! member's messenger access token (`client`), and a development provider that speaks the
//! same protocol for the embedded default and the tests (`dev`).
//!
//! The server never takes the client's word for who it is: a token is checked with the
//! provider's token info (the `app_id` must be ours), which also names the provider's user.

mod client;
pub mod dev;

pub use client::{KakaoClient, KakaoError, KakaoSettings, TokenInfo};

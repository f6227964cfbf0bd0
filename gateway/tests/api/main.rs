//! API tests: the real services and gateway in one process on port 0, once per storage
//! backend (`SISE_TEST_BACKENDS`, default sqlite and postgres).

mod articles;
mod assets;
mod charts;
mod company;
mod errors;
mod health;
mod helpers;
mod quotes;
mod securities;
mod stream;
mod webapp;

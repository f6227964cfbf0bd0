//! API tests of the social service against the service on port 0 and a fresh database, one
//! test per backend (`sise_platform::per_backend!`), with identity and market running
//! beside it (`helpers::peers`).

mod authors;
mod comments;
mod contests;
mod events;
mod health;
mod helpers;
mod images;
mod insight;
mod moderation;
mod notices;
mod posts;
mod reactions;
mod recap;
mod samples;
mod site;
mod support;
mod topics;

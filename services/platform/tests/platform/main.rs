//! The platform's integration tests in one test binary (one link in the test command's build
//! instead of four): the bus, the deployment's NATS permissions, the outbox and supervised
//! consumption, and the server every service runs. Each module says what it covers.

mod bus;
mod db;
mod nats_auth;
mod outbox;
mod probe;
mod server;

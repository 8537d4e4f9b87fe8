//! The facade's integration tests, one module per subject, built as one test
//! binary: each binary links the whole workspace, and as thirty-four
//! binaries, one per file, they took half as long again to build as this one
//! and `tests/github.rs` do (`docs/testing.md`).
//!
//! A module runs alone by its name: `cargo test --all-features --test suite
//! client::` (a module behind a feature is compiled only with it).
//! `tests/github.rs` holds the tests of the 1,223 GitHub operations, another
//! binary so that a clean build compiles the two at once; `allocations` (a
//! counting global allocator) and `redis_shared_quota` (processes of its own)
//! are binaries of their own.

// The loopback server, the clients under test and the plans the tests share;
// declared first, so that their macros are in scope in every module below.
#[path = "support/server.rs"]
mod server;
#[cfg(all(feature = "ureq", feature = "reqwest"))]
#[macro_use]
#[path = "support/backends.rs"]
mod backends;
#[macro_use]
#[path = "support/plans.rs"]
mod plans;
// The command-line example (`examples/endpoint.rs`, a module of `cli`)
// declares it too, as a program of its own must.
#[allow(clippy::duplicate_mod)]
#[path = "support/ops.rs"]
mod ops;
#[cfg(all(feature = "ureq", feature = "redis"))]
#[path = "support/redis.rs"]
mod redis_server;

// The request builder, its templates and the typed routes, with no client.
mod cli;
mod concurrency;
mod conformance;
mod credentials;
mod hostile;
mod macros;
mod properties;
mod rfc6570;
mod styles;
mod wire;

// The clients: both of them against the loopback server.
#[cfg(all(feature = "ureq", feature = "reqwest"))]
mod answers;
#[cfg(all(feature = "ureq", feature = "reqwest", feature = "app"))]
mod app;
#[cfg(all(feature = "ureq", feature = "reqwest"))]
mod auth;
#[cfg(all(feature = "ureq", feature = "reqwest"))]
mod bodies;
#[cfg(all(feature = "ureq", feature = "reqwest"))]
mod builder;
#[cfg(all(feature = "ureq", feature = "reqwest"))]
mod client;
#[cfg(all(feature = "ureq", feature = "reqwest"))]
mod fuzz_regressions;
#[cfg(all(feature = "github", feature = "ureq"))]
mod github_client;
#[cfg(all(feature = "ureq", feature = "reqwest"))]
mod hostile_answers;
#[cfg(all(feature = "ureq", feature = "reqwest"))]
mod hostile_credentials;
#[cfg(all(feature = "ureq", feature = "reqwest"))]
mod hostile_time;
#[cfg(feature = "reqwest")]
mod https;
#[cfg(all(feature = "ureq", feature = "reqwest"))]
mod idempotency;
#[cfg(all(feature = "ureq", feature = "reqwest"))]
mod item_errors;
#[cfg(all(feature = "ureq", feature = "reqwest"))]
mod octokit_requests;
#[cfg(all(feature = "ureq", feature = "reqwest"))]
mod page_schemes;
#[cfg(all(feature = "ureq", feature = "reqwest"))]
mod pages;
#[cfg(all(feature = "ureq", feature = "reqwest"))]
mod policies;
#[cfg(all(feature = "ureq", feature = "reqwest"))]
mod recorded;
#[cfg(all(feature = "ureq", feature = "redis"))]
mod redis_store;
#[cfg(all(feature = "ureq", feature = "reqwest"))]
mod resilience;
#[cfg(all(feature = "ureq", feature = "reqwest"))]
mod streams;

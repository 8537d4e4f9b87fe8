//! The tests of `endpoint-github`'s 1,223 operations and their answers,
//! generated tables of them most of their code: a test binary beside
//! `tests/suite.rs`, so that a clean build compiles the two at once.
//!
//! A module runs alone by its name: `cargo test --test github
//! github_models::`.

mod decode_inputs;
mod github_models;
mod github_routes;

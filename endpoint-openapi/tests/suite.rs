//! The generator's integration tests, one module per subject, built as one
//! test binary (each binary links the generator and its models).
//!
//! A module runs alone by its name: `cargo test -p endpoint-openapi --test
//! suite read::`.

mod conventions;
mod event_conventions;
mod expand;
mod generate;
mod generate_explained;
mod generate_fixtures;
mod generator;
mod left_out;
mod overlays;
mod paging;
mod read;
mod read_fixtures;
mod read_never_panics;
mod schema_events;
mod shared_features;
mod webhooks;
mod writer;

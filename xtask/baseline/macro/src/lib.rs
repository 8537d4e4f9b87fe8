//! The 1,223 `endpoint!` definitions of `tests/github_routes/routes.rs`, compiled
//! alone, for the compile-time comparison with `../format`.

#[path = "../../../../tests/github_routes/routes.rs"]
mod routes;

pub use routes::*;

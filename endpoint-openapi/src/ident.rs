//! Identifiers: every name the emitted code uses goes through here, so that
//! it is a valid Rust identifier (`r#type`, no leading digit, no `-`).
//!
//! The rules are the workspace's one set, defined in
//! `endpoint_macros_core::ident`: the `endpoint!` macro names a field of
//! a wire name as a generated crate does (`HTTPServer` → `http_server`).

pub use endpoint_macros_core::ident::*;

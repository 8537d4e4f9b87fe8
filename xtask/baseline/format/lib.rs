//! GitHub REST API routes written by hand with `format!`: the baseline of the
//! compile-time comparison with the same routes as `endpoint!` structs.
//!
//! `cargo run -p xtask -- compile-time` copies this file and `support.rs`
//! (both written by hand) into each generated `format!` crate, next to the
//! `routes.rs` and `uses.rs` it generates for that crate's operations.

// A subset of the operations may leave some of the helpers unused.
#[allow(unused_imports, reason = "helpers a subset of the operations may not use")]
mod routes;
#[allow(dead_code, reason = "helpers a subset of the operations may not use")]
mod support;
mod uses;

pub use routes::*;
pub use support::{Body, Request};
pub use uses::use_all;

/// The base URL of the API.
pub const BASE_URL: &str = "https://api.github.com";

/// The server of the one operation that has its own (`repos/upload-release-asset`).
pub const UPLOADS_URL: &str = "https://uploads.github.com";

/// Three requests compared with the runtime's known output. The operations
/// are in the crate of all operations only, which enables `all-operations`.
#[cfg(all(test, feature = "all-operations"))]
mod tests {
    use super::*;

    #[test]
    fn same_requests_as_the_runtime() {
        let request = ReposGetContent {
            owner: "octocat".into(),
            repo: "hello".into(),
            path: "docs/a b.md".into(),
            r#ref: Some("main".into()),
        }
        .to_request();
        assert_eq!(
            request.url,
            "https://api.github.com/repos/octocat/hello/contents/docs%2Fa%20b.md?ref=main"
        );
        let request = ReposUploadReleaseAsset {
            owner: "octocat".into(),
            repo: "hello".into(),
            release_id: 1,
            name: "a b.zip".into(),
            label: None,
            data: Some("bytes".into()),
        }
        .to_request();
        assert_eq!(
            request.url,
            "https://uploads.github.com/repos/octocat/hello/releases/1/assets?name=a%20b.zip"
        );
        assert_eq!(request.body, Some(Body::Text("bytes".into())));
        let request = ActionsUpdateRepoVariable {
            owner: "octocat".into(),
            repo: "hello".into(),
            name: "OLD".into(),
            body_name: Some("NEW".into()),
            value: Some("1".into()),
        }
        .to_request();
        assert_eq!(
            request.url,
            "https://api.github.com/repos/octocat/hello/actions/variables/OLD"
        );
        assert_eq!(
            request.body,
            Some(Body::Json(r#"{"name":"NEW","value":"1"}"#.into()))
        );
    }
}

//! Locations, styles and a form body, without a warning.
#![deny(warnings, missing_docs)]

use std::collections::BTreeMap;

use endpoint::endpoint;

endpoint! {
    /// Every location of a parameter, with OpenAPI's styles.
    #[derive(Debug, Clone, Default)]
    pub struct Search = "GET /items/{id}/{section}" {
        /// A path placeholder in the `label` style, exploded.
        #[endpoint(path, style = "label", explode)]
        pub id: Vec<u32>,
        /// A path placeholder in the `matrix` style.
        #[endpoint(style = "matrix")]
        pub section: String,
        /// Comma-joined.
        #[endpoint(query, style = "form", explode = false)]
        pub tags: Vec<String>,
        /// Pipe-joined.
        #[endpoint(query, style = "pipeDelimited")]
        pub ids: Option<Vec<u64>>,
        /// Brackets with indices.
        #[endpoint(query, style = "deepObject", arrays = "indices", allow_reserved)]
        pub filter: BTreeMap<String, String>,
        /// A header, `x-request-id`.
        #[endpoint(header)]
        pub x_request_id: Option<String>,
        /// A cookie.
        #[endpoint(cookie, rename = "session-id")]
        pub session: Option<String>,
    }

    /// A form body.
    #[endpoint(content_type = "application/x-www-form-urlencoded")]
    pub struct Token = "POST /token" {
        /// A field.
        pub grant_type: String,
        /// Named like an option: free in a body of a media type.
        pub url: Option<String>,
        /// Comma-joined.
        #[endpoint(body, style = "form", explode = false)]
        pub scopes: Vec<String>,
        /// A query parameter of a route with a body.
        #[endpoint(query)]
        pub trace: Option<bool>,
    }

    /// A JSON body of its own media type.
    pub struct Patch = "PATCH /items/{id}" {
        /// The whole body.
        #[endpoint(request_body, content_type = "application/merge-patch+json")]
        pub patch: serde_json::Value,
    }
}

fn main() {
    let _ = Search::default().to_request();
    let _ = Token {
        grant_type: "client_credentials".into(),
        url: None,
        scopes: vec![],
        trace: None,
    }
    .to_request();
    let _ = Patch { id: "1".into(), patch: serde_json::json!({}) }.to_request();
}

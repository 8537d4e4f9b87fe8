//! The request-options builder behind [`endpoint`](https://docs.rs/endpoint):
//! it turns a REST route plus parameters into request options that any HTTP
//! client can send. It is a Rust port of `@octokit/endpoint` 6.0.12, the
//! JavaScript library behind Octokit, and builds the same requests from the
//! same options, except where this crate is stricter (see [`Endpoint`]).
//!
//! Its items are used through the facade, which re-exports them: the
//! examples name them `endpoint::…`, as code that depends on `endpoint` does.
//!
//! ```
//! use endpoint::Endpoint;
//! use serde_json::json;
//!
//! let request = Endpoint::default().endpoint(
//!     "GET /repos/{owner}/{repo}/issues",
//!     json!({"owner": "octocat", "repo": "hello-world", "state": "open", "per_page": 100}),
//! )?;
//! assert_eq!(request.method, "get");
//! assert_eq!(
//!     request.url,
//!     "https://api.github.com/repos/octocat/hello-world/issues?state=open&per_page=100"
//! );
//! assert_eq!(request.headers.get("accept"), Some("application/vnd.github.v3+json"));
//! # Ok::<(), endpoint::Error>(())
//! ```
//!
//! # Layers
//!
//! Each module imports only from the ones above it in this list:
//!
//! 1. `error`: the [`Error`] type;
//! 2. `names`, `github`, `scan`, `url`, `encode`, `number`, `route`: leaf rules
//!    (shared names, GitHub's default values, byte scans a word at a time, URL
//!    scanning, percent-encoding, JavaScript number text, route strings), and
//!    [`model`]: the support types of response models (timestamps, URIs, open
//!    enums, pages and how they follow one another, what an answer decodes
//!    into by status and media type), which the requests
//!    themselves never use (a typed route's `Plan` carries its
//!    [`Pagination`](model::Pagination) for the clients);
//! 3. `file`, then `value`, then [`body`]: a file to upload
//!    ([`body::File`]); one parameter value, [`Param`](template::Param),
//!    which may borrow a file or a choice of body ([`body::Contents`]); the
//!    values of request bodies as users name them ([`body::Content`]);
//! 4. `json`: a value's JSON text, as `JSON.stringify` writes it;
//! 5. [`template`]: RFC 6570 parsing and expansion, knowing values only
//!    through [`Vars`](template::Vars), and `wire`, the neutral request
//!    core: where each parameter goes and how it is written (OpenAPI's
//!    locations and styles), and the bodies of every media type;
//! 6. `params`: parameter sources, the template's variables and the rest;
//! 7. `headers`, `request`: [`Headers`] and the result, [`Request`];
//! 8. `build`: the one function that writes a request;
//! 9. `options`, `layers`: call options, and the one reader of merged options;
//! 10. `merge`: merged options as an object;
//! 11. `defaults`: an endpoint's defaults, read once;
//! 12. `dynamic`, `typed`: the entry points for JSON options and for structs
//!     from `endpoint!`;
//! 13. `api`: [`Api`], an API's settings as typed values, which typed
//!     requests are built with (no JSON options on that path);
//! 14. `endpoint`, `typed_request`: [`Endpoint`], the octokit layer of JSON
//!     defaults over an [`Api`] for dynamic calls, and [`TypedRequest`];
//! 15. `http`: conversion into `http::Request`.
//!
//! It makes no network calls. With the `http` feature (on by default) a
//! [`Request`] converts into an `http::Request<Vec<u8>>`.
#![warn(missing_docs)]
#![forbid(unsafe_code)]

mod api;
pub mod body;
mod build;
mod defaults;
mod dynamic;
mod encode;
mod endpoint;
mod error;
mod file;
mod github;
mod headers;
#[cfg(feature = "http")]
mod http;
mod json;
mod layers;
mod merge;
pub mod model;
mod names;
mod number;
mod options;
mod params;
mod request;
pub mod route;
mod scan;
pub mod template;
mod typed;
mod typed_request;
mod url;
mod value;
mod wire;

pub use crate::api::{Api, Settings};
pub use crate::endpoint::{Endpoint, endpoint};
pub use crate::error::{Error, Result, Source, TemplateError, TemplateErrorKind};
pub use crate::github::{DEFAULT_ACCEPT, DEFAULT_BASE_URL, DEFAULT_UPLOADS_URL, USER_AGENT};
pub use crate::headers::Headers;
pub use crate::options::Options;
pub use crate::request::{Body, Request};
pub use crate::typed_request::TypedRequest;
pub use crate::value::MAX_DEPTH;

/// What the `endpoint!` macro, its generated code and the project's code
/// generators share with the runtime. Not a public API: it changes with the
/// macro.
///
/// Generated code names these items as `::endpoint::__private::…`: the
/// facade re-exports this module, and so does any crate of generated
/// requests that depends on the runtime directly (`endpoint-github`).
#[doc(hidden)]
pub mod __private {
    pub use crate::__decode_struct as decode_struct;
    pub use crate::__decode_struct_or_value as decode_struct_or_value;
    pub use crate::__decode_tagged_union as decode_tagged_union;
    pub use crate::__decode_union as decode_union;
    pub use crate::__open_enum as open_enum;
    pub use crate::api::api_settings;
    pub use crate::body::Content;
    pub use crate::endpoint::{credential_origins, route_origin};
    pub use crate::headers::is_token;
    pub use crate::model::Pagination;
    pub use crate::model::answer::{
        check_statuses as check_answer_statuses, choose as choose_answer, json_path,
        media_type as answer_media_type,
    };
    pub use crate::model::civil::{civil_from_days, days_from_civil};
    pub use crate::model::key::{Key, required};
    pub use crate::model::nullable::OptionalField;
    pub use crate::model::open_enum::{
        deserialize as open_enum_deserialize, unknown as open_enum_unknown,
    };
    pub use crate::model::paginated::{PAGE_KEYS, list_key as page_list_key};
    pub use crate::model::union::{
        Captured, DecodeOrValue, FieldOrValue, ObjectOrValue, Seen, decode_or_value,
    };
    pub use crate::names::*;
    pub use crate::request::Method;
    pub use crate::template::parts::{
        Expression, Modifier, Operator, Part, Parts, VarSpec, Variables, static_template,
    };
    pub use crate::typed::{Argument, Fields, FieldsBuild, Plan, argument, serialize};
    pub use crate::typed_request::Route;
    pub use crate::url::{
        Origin, form_encode, is_absolute, query_param, redact_userinfo, resolve_server,
        server_error, url_host, with_query_param,
    };
    pub use crate::value::{List, Param, ToParam};
    pub use crate::wire::plan::{
        Arrays, BodyKind, BodyPlan, Location, ParamPlan, Placement, Style,
    };
    pub use crate::{Api, Endpoint, Request, Result, Settings, TypedRequest};
    pub use serde;
    pub use serde_json;
    pub use std::borrow::Cow;
}

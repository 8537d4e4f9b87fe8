//! The crate's own items at its root: what its `api()` holds
//! ([`ApiSettings`]), written as `BASE_URL`, `api()` and `endpoint()`.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use endpoint_runtime::sibling::Origin;

use crate::api::Api;
use crate::conventions::Conventions;
use crate::operations::Plan;

/// The crate's own items at its root ([`Generated::statics`](super::Generated::statics)):
/// `BASE_URL` when `settings` has one, `api()` made of `settings`, and
/// `endpoint()` when there is a base URL.
pub(super) fn statics(settings: &ApiSettings) -> String {
    // Every struct's `api = crate::api`: the settings its `to_request()`
    // builds with, made once, of these alone (no other API's defaults).
    let mut out = String::new();
    match &settings.base_url {
        Some(url) => {
            let _ = writeln!(out, "{BASE_URL_DOC}pub const BASE_URL: &str = {url:?};");
            out.push_str(API_DOC);
            out.push_str(API_DOC_BASE_URL);
            if !settings.tied.is_empty() {
                out.push_str(API_DOC_TIED);
            }
            out.push_str(".\n");
            out.push_str(&api_fn(settings, "BASE_URL"));
            out.push_str(ENDPOINT_FN);
        }
        None => {
            out.push_str(API_DOC);
            out.push_str(API_DOC_NO_BASE_URL);
            out.push_str(&api_fn(settings, "\"\""));
        }
    }
    out
}

/// `api()`, its settings made once of `base` (an expression) and
/// `settings`' headers and tied servers.
fn api_fn(settings: &ApiSettings, base: &str) -> String {
    let list = |pairs: Vec<String>| format!("&[{}]", pairs.join(", "));
    let headers = list(
        settings
            .headers
            .iter()
            .map(|(name, value)| format!("({name:?}, {value:?})"))
            .collect(),
    );
    let (make, arguments) = if settings.tied.is_empty() {
        ("api_settings", format!("{base}, {headers}"))
    } else {
        let tied = list(
            settings
                .tied
                .iter()
                .map(|(server, path)| format!("({server:?}, {path:?})"))
                .collect(),
        );
        ("api_settings_tied", format!("{base}, {headers}, {tied}"))
    };
    format!("{API_FN_HEAD}        ::endpoint::__private::{make}({arguments})\n{API_FN_TAIL}")
}

/// The documentation of `BASE_URL`.
const BASE_URL_DOC: &str = concat!(
    "\n",
    "/// The API's server, the first its description names: the base URL of its requests.\n",
);

/// The start of `api()`'s documentation, which says what the settings
/// are made of after it.
const API_DOC: &str = concat!(
    "\n",
    "/// The settings every request of this crate is built with by `to_request()`,\n",
    "/// made once: ",
);

/// What `api()` is made of, with a base URL.
const API_DOC_BASE_URL: &str = concat!(
    "[`BASE_URL`], and JSON as the answer asked for (an operation\n",
    "/// whose answers are of other media types asks for those)",
);

/// What `api()` does with the servers of operations on other origins.
const API_DOC_TIED: &str = concat!(
    ";\n",
    "/// the servers of its operations on other origins belong with it: an `Api`\n",
    "/// of another base URL sends them to that deployment's own, or refuses\n",
    "/// them until told where they are (`Api::with_tied_server`, `Api::with_server`)",
);

/// What `api()` is made of, without a base URL.
const API_DOC_NO_BASE_URL: &str = concat!(
    "no base URL (the description names no absolute\n",
    "/// server: give one with `Api::new`), and JSON as the answer asked for.\n",
);

/// `api()` up to the call that makes its settings.
const API_FN_HEAD: &str = concat!(
    "pub fn api() -> &'static ::endpoint::Api {\n",
    "    static API: ::std::sync::OnceLock<::endpoint::Api> = ::std::sync::OnceLock::new();\n",
    "    API.get_or_init(|| {\n",
);

/// `api()` after the call that makes its settings.
const API_FN_TAIL: &str = concat!("    })\n", "}\n");

/// `endpoint()`, the settings of `api()` as an endpoint.
const ENDPOINT_FN: &str = concat!(
    "\n",
    "/// The settings of [`api()`] as an endpoint, for dynamic calls and other\n",
    "/// defaults: start from it for another base URL or credentials\n",
    "/// (`endpoint()?.defaults(…)`), and build a request with it by\n",
    "/// `to_request_with(&endpoint()?)`.\n",
    "///\n",
    "/// # Errors\n",
    "/// None: the result is made of [`api()`].\n",
    "pub fn endpoint() -> ::endpoint::Result<::endpoint::Endpoint> {\n",
    "    Ok(::endpoint::Endpoint::from_api(api()))\n",
    "}\n",
);

/// What a generated crate's `api()` holds: the base URL and the headers
/// of its requests, the settings `to_request()` builds them with.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ApiSettings {
    /// The base URL (`BASE_URL`); `None` for none.
    pub base_url: Option<String>,
    /// The headers every request carries, by lowercase name, in order.
    pub headers: Vec<(String, String)>,
    /// The servers the operations declare on other origins than the base
    /// URL's, tied to it (`Api::with_tied_server`), each with the path it
    /// is at on another deployment's origin when the conventions say
    /// ([`Conventions::deployment_paths`]); in order, once each.
    pub tied: Vec<(String, Option<String>)>,
}

impl ApiSettings {
    /// The description's settings: its first server when that is an
    /// absolute `http(s)` URL, and JSON asked for.
    pub fn of(api: &Api) -> ApiSettings {
        ApiSettings::with_accept(api, "application/json")
    }

    /// The description's base URL (as [`ApiSettings::of`]) with `accept`
    /// asked for: an API's conventions may name its own media type.
    pub fn with_accept(api: &Api, accept: &str) -> ApiSettings {
        ApiSettings {
            base_url: base_url(api),
            headers: vec![("accept".to_owned(), accept.to_owned())],
            tied: Vec::new(),
        }
    }

    /// These settings with the servers `plan`'s operations declare on
    /// other origins than the base URL's tied to it, each with its path on
    /// another deployment from `conventions`. None without a base URL.
    pub fn tied(mut self, plan: &Plan, conventions: &Conventions) -> ApiSettings {
        let Some(base) = self.base_url.as_deref().and_then(Origin::of) else {
            return self;
        };
        let servers: BTreeSet<&str> = plan
            .operations
            .iter()
            .filter_map(|op| op.server.as_deref())
            .map(|server| server.trim_end_matches('/'))
            .filter(|server| Origin::of(server).is_some_and(|origin| origin != base))
            .collect();
        self.tied = servers
            .into_iter()
            .map(|server| {
                let path = conventions
                    .deployment_paths
                    .iter()
                    .find(|(known, _)| known.trim_end_matches('/') == server)
                    .map(|(_, path)| path.clone());
                (server.to_owned(), path)
            })
            .collect();
        self
    }
}

/// The URL of the API's first server, its variables at their defaults,
/// when it is an absolute `http(s)` URL.
pub(super) fn base_url(api: &Api) -> Option<String> {
    let url = api.servers.first()?.default_url();
    let absolute = url.starts_with("https://") || url.starts_with("http://");
    (absolute && !url.contains(['{', '}', ' ', '"', '\\'])).then_some(url)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(base_url: Option<&str>, tied: &[(&str, Option<&str>)]) -> ApiSettings {
        ApiSettings {
            base_url: base_url.map(str::to_owned),
            headers: vec![("accept".to_owned(), "application/json".to_owned())],
            tied: tied
                .iter()
                .map(|(server, path)| ((*server).to_owned(), path.map(str::to_owned)))
                .collect(),
        }
    }

    #[test]
    fn without_a_base_url_the_statics_are_api_alone() {
        assert_eq!(
            statics(&settings(None, &[])),
            "\n/// The settings every request of this crate is built with by `to_request()`,\n\
             /// made once: no base URL (the description names no absolute\n\
             /// server: give one with `Api::new`), and JSON as the answer asked for.\n\
             pub fn api() -> &'static ::endpoint::Api {\n    \
             static API: ::std::sync::OnceLock<::endpoint::Api> = ::std::sync::OnceLock::new();\n    \
             API.get_or_init(|| {\n        \
             ::endpoint::__private::api_settings(\"\", &[(\"accept\", \"application/json\")])\n    \
             })\n}\n"
        );
    }

    #[test]
    fn with_a_base_url_the_statics_are_base_url_api_and_endpoint() {
        let text = statics(&settings(Some("https://api.example"), &[]));
        let file = syn::parse_file(&text).expect("the statics parse");
        let names: Vec<String> = file
            .items
            .iter()
            .map(|item| match item {
                syn::Item::Const(item) => item.ident.to_string(),
                syn::Item::Fn(item) => item.sig.ident.to_string(),
                _ => String::new(),
            })
            .collect();
        assert_eq!(names, ["BASE_URL", "api", "endpoint"]);
        assert!(text.contains("pub const BASE_URL: &str = \"https://api.example\";\n"));
        assert!(text.contains("api_settings(BASE_URL, &[(\"accept\", \"application/json\")])"));
        assert!(!text.contains("other origins"), "{text}");
    }

    #[test]
    fn tied_servers_are_made_with_the_api_and_documented() {
        let text = statics(&settings(
            Some("https://api.example"),
            &[
                ("https://uploads.example", Some("/uploads")),
                ("https://other.example", None),
            ],
        ));
        syn::parse_file(&text).expect("the statics parse");
        assert!(
            text.contains(
                "::endpoint::__private::api_settings_tied(BASE_URL, \
                 &[(\"accept\", \"application/json\")], \
                 &[(\"https://uploads.example\", Some(\"/uploads\")), (\"https://other.example\", None)])"
            ),
            "{text}"
        );
        assert!(
            text.contains("asks for those);\n/// the servers of its operations on other origins"),
            "{text}"
        );
    }
}

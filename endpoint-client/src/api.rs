//! What a client builds its requests with: the API's settings ([`Api`]:
//! base URL, servers, credential origins, default headers), and the
//! octokit [`Endpoint`] of the dynamic requests only when they are asked
//! for.

use std::fmt;
use std::sync::{Arc, OnceLock};

use endpoint_runtime::{Api, Endpoint, Settings};

/// A client's settings: an [`Api`] alone for a client made by its builder
/// (or [`ClientApi::of_api`]), whose octokit [`Endpoint`] is made of it
/// the first time a dynamic request needs one; or an [`Endpoint`] of the
/// caller's (`Client::new`, `with_endpoint`), which then gives both the
/// typed requests' settings and the dynamic ones'. Cloning is cheap, and
/// clones share the endpoint once made.
#[derive(Clone)]
pub(crate) enum ClientApi {
    /// An API's settings, and the octokit endpoint made of them when first
    /// asked for.
    Api {
        api: Api,
        endpoint: Arc<OnceLock<Endpoint>>,
    },
    /// The caller's endpoint, which typed requests are built with too (its
    /// default parameters, its `request` option).
    Endpoint(Endpoint),
}

impl ClientApi {
    /// The settings of `api`, with no octokit state until a dynamic
    /// request asks for it.
    pub(crate) fn of_api(api: Api) -> ClientApi {
        ClientApi::Api {
            api,
            endpoint: Arc::new(OnceLock::new()),
        }
    }

    /// The settings of the caller's `endpoint`: its [`Endpoint::api`], and
    /// itself for the requests it builds.
    pub(crate) fn of_endpoint(endpoint: Endpoint) -> ClientApi {
        ClientApi::Endpoint(endpoint)
    }

    /// The API's settings: base URL, servers, credential origins, headers.
    pub(crate) fn api(&self) -> &Api {
        match self {
            ClientApi::Api { api, .. } => api,
            ClientApi::Endpoint(endpoint) => endpoint.api(),
        }
    }

    /// What typed requests are built with: the API's settings, or the
    /// caller's endpoint.
    pub(crate) fn settings(&self) -> &dyn Settings {
        match self {
            ClientApi::Api { api, .. } => api,
            ClientApi::Endpoint(endpoint) => endpoint,
        }
    }

    /// The octokit endpoint of the dynamic requests: the caller's, or made
    /// of the API's settings ([`Endpoint::from_api`]) the first time it is
    /// asked for.
    pub(crate) fn endpoint(&self) -> &Endpoint {
        match self {
            ClientApi::Api { api, endpoint } => endpoint.get_or_init(|| Endpoint::from_api(api)),
            ClientApi::Endpoint(endpoint) => endpoint,
        }
    }
}

/// The API's settings, which show no credential; a caller's endpoint as
/// its own `Debug` shows it (no credential either).
impl fmt::Debug for ClientApi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClientApi::Api { api, .. } => fmt::Debug::fmt(api, f),
            ClientApi::Endpoint(endpoint) => fmt::Debug::fmt(endpoint, f),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_octokit_endpoint_is_made_once_when_asked_for_and_shared_by_clones() {
        let api = Api::new("https://shop.example/v1")
            .unwrap()
            .header("authorization", "Bearer s3cr3t")
            .unwrap();
        let client = ClientApi::of_api(api);
        let clone = client.clone();
        let made = |client: &ClientApi| match client {
            ClientApi::Api { endpoint, .. } => endpoint.get().map(std::ptr::from_ref),
            ClientApi::Endpoint(_) => panic!("an API's settings"),
        };
        assert!(made(&client).is_none(), "no octokit state at first");
        assert!(!format!("{client:?}").contains("s3cr3t"));
        let request = clone.endpoint().endpoint("GET /orders", json!({})).unwrap();
        assert_eq!(request.url, "https://shop.example/v1/orders");
        assert_eq!(request.headers.get("accept"), Some("application/json"));
        assert_eq!(made(&client), Some(std::ptr::from_ref(clone.endpoint())));
    }

    #[test]
    fn an_endpoint_of_ones_own_gives_both_settings() {
        let own = Endpoint::default()
            .defaults(json!({"baseUrl": "https://ghe.example/api/v3", "per_page": 100}))
            .unwrap();
        let client = ClientApi::of_endpoint(own);
        assert_eq!(client.api().base_url(), "https://ghe.example/api/v3");
        // Typed requests are built with the endpoint, its default
        // parameters with them.
        let settings: *const dyn Settings = client.settings();
        let endpoint: *const dyn Settings = client.endpoint();
        assert!(std::ptr::addr_eq(settings, endpoint));
        let request = client.endpoint().endpoint("GET /user/repos", ()).unwrap();
        assert_eq!(
            request.url,
            "https://ghe.example/api/v3/user/repos?per_page=100"
        );
    }
}

//! The `endpoint!` macro at run time: the three forms, every placeholder kind,
//! renames, keywords, explicit query and body fields, `-> Type`, layered
//! defaults; and, for each, that the typed request equals the dynamic one
//! built by `Endpoint::endpoint` from the same route and parameters.

use endpoint::{Body, Endpoint, Error, Request, TypedRequest, endpoint};
use serde::Serialize;
use serde_json::{Value, json};

/// Asserts that `typed` is what the dynamic runtime builds from `route` and
/// `params` with the default endpoint, and returns it.
#[track_caller]
fn same_as_dynamic(typed: Result<Request, Error>, route: &str, params: Value) -> Request {
    same_as_dynamic_on(&Endpoint::default(), typed, route, params)
}

/// [`same_as_dynamic`] on the endpoint `ep` (its defaults layered under the
/// call).
#[track_caller]
fn same_as_dynamic_on(
    ep: &Endpoint,
    typed: Result<Request, Error>,
    route: &str,
    params: Value,
) -> Request {
    let dynamic = ep.endpoint(route, params.clone());
    assert_eq!(
        typed, dynamic,
        "typed and dynamic differ for {route} with {params}"
    );
    typed.unwrap_or_else(|err| panic!("{route} with {params} failed: {err}"))
}

/// The body as JSON (text bodies as a JSON string).
fn body_json(request: &Request) -> Option<Value> {
    request.body.as_ref().map(Body::to_json)
}

mod form_one {
    use super::*;

    endpoint! {
        /// Get a repository.
        #[derive(Debug, Clone, PartialEq)]
        pub struct GetRepo = "GET /repos/<owner>/<repo>";

        /// The authenticated user: no placeholder, a unit struct.
        #[derive(Debug, Default)]
        pub struct GetUser = "GET /user";

        /// A URL-only route means GET.
        pub struct Rate = "/rate_limit";

        /// Colon placeholders.
        pub struct ListOrgRepos = "GET /orgs/:org/repos";
    }

    #[test]
    fn struct_with_template_fields() {
        let get = GetRepo {
            owner: "octocat".into(),
            repo: "hello-world".into(),
        };
        let request = same_as_dynamic(
            get.to_request(),
            "GET /repos/<owner>/<repo>",
            json!({"owner": "octocat", "repo": "hello-world"}),
        );
        assert_eq!(request.method, "get");
        assert_eq!(
            request.url,
            "https://api.github.com/repos/octocat/hello-world"
        );
        assert_eq!(request.body, None);
        assert_eq!(get.clone(), get, "user derives are kept");
        assert_eq!(GetRepo::METHOD, "GET");
        assert_eq!(GetRepo::TEMPLATE, "/repos/<owner>/<repo>");
    }

    #[test]
    fn values_are_encoded() {
        let get = GetRepo {
            owner: "a b/c".into(),
            repo: "é?".into(),
        };
        let request = same_as_dynamic(
            get.to_request(),
            "GET /repos/<owner>/<repo>",
            json!({"owner": "a b/c", "repo": "é?"}),
        );
        assert_eq!(
            request.url,
            "https://api.github.com/repos/a%20b%2Fc/%C3%A9%3F"
        );
    }

    #[test]
    fn unsafe_paths_fail_like_the_runtime() {
        let get = GetRepo {
            owner: "..".into(),
            repo: "r".into(),
        };
        let err = get.to_request().unwrap_err();
        assert!(matches!(err, Error::UnsafePath { .. }), "{err}");
    }

    #[test]
    fn unit_struct_and_url_only_route() {
        same_as_dynamic(GetUser.to_request(), "GET /user", json!({}));
        let request = same_as_dynamic(Rate.to_request(), "/rate_limit", json!({}));
        assert_eq!(request.method, "get");
        assert_eq!(Rate::METHOD, "GET");
        assert_eq!(format!("{:?}", GetUser), "GetUser");
    }

    #[test]
    fn colon_placeholders() {
        let list = ListOrgRepos {
            org: "rust-lang".into(),
        };
        let request = same_as_dynamic(
            list.to_request(),
            "GET /orgs/:org/repos",
            json!({"org": "rust-lang"}),
        );
        assert_eq!(request.url, "https://api.github.com/orgs/rust-lang/repos");
    }
}

mod form_two {
    use super::*;

    endpoint! {
        /// List repository issues.
        #[derive(Debug, Default)]
        pub struct ListIssues = "GET /repos/{owner}/{repo}/issues{?state}" {
            /// Restated: optional, as it is in the query.
            pub state: Option<String>,
            pub per_page: Option<u32>,
            pub labels: Vec<String>,
        }

        /// Create an issue.
        pub struct CreateIssue = "POST /repos/:owner/:repo/issues" {
            pub title: String,
            pub body: Option<String>,
            pub assignees: Option<Vec<String>>,
            pub milestone: Option<u64>,
        }

        /// A path parameter restated with another type.
        pub struct GetIssue = "GET /repos/{owner}/{repo}/issues/{issue_number}" {
            pub issue_number: u64,
        }

        /// HEAD and DELETE.
        pub struct CheckStar = "HEAD /user/starred/{owner}/{repo}";
        pub struct DeleteRepo = "DELETE /repos/{owner}/{repo}";

        /// PUT without parameters: an empty body.
        pub struct Star = "PUT /user/starred/{owner}/{repo}";
    }

    #[test]
    fn query_parameters_on_get() {
        let list = ListIssues {
            owner: "octocat".into(),
            repo: "hello-world".into(),
            state: Some("open".into()),
            per_page: Some(100),
            labels: vec!["bug".into(), "ui".into()],
        };
        // A typed list is sent as OpenAPI's `form` exploded, a pair per item;
        // the dynamic layer joins the items as octokit does. All else is alike.
        let request = list.to_request().unwrap();
        assert_eq!(
            request.url,
            "https://api.github.com/repos/octocat/hello-world/issues?state=open&per_page=100&labels=bug&labels=ui"
        );
        let dynamic = same_as_dynamic(
            ListIssues {
                labels: Vec::new(),
                ..list
            }
            .to_request(),
            "GET /repos/{owner}/{repo}/issues{?state}",
            json!({"owner": "octocat", "repo": "hello-world", "state": "open", "per_page": 100}),
        );
        assert_eq!(
            Request {
                url: dynamic.url.clone() + "&labels=bug&labels=ui",
                ..dynamic
            },
            request
        );
    }

    #[test]
    fn none_leaves_parameters_out() {
        let list = ListIssues {
            owner: "octocat".into(),
            repo: "hello-world".into(),
            ..Default::default()
        };
        // An empty list sends nothing (RFC 6570's undefined), as `None` does.
        let request = same_as_dynamic(
            list.to_request(),
            "GET /repos/{owner}/{repo}/issues{?state}",
            json!({"owner": "octocat", "repo": "hello-world"}),
        );
        assert_eq!(
            request.url,
            "https://api.github.com/repos/octocat/hello-world/issues"
        );
    }

    #[test]
    fn body_parameters() {
        let create = CreateIssue {
            owner: "octocat".into(),
            repo: "hello-world".into(),
            title: "Found a bug".into(),
            body: None,
            assignees: Some(vec!["octocat".into()]),
            milestone: Some(1),
        };
        let request = same_as_dynamic(
            create.to_request(),
            "POST /repos/:owner/:repo/issues",
            json!({"owner": "octocat", "repo": "hello-world", "title": "Found a bug", "assignees": ["octocat"], "milestone": 1}),
        );
        assert_eq!(
            request.url,
            "https://api.github.com/repos/octocat/hello-world/issues"
        );
        assert_eq!(
            body_json(&request),
            Some(json!({"title": "Found a bug", "assignees": ["octocat"], "milestone": 1}))
        );
        assert_eq!(
            request.headers.get("content-type"),
            Some("application/json; charset=utf-8")
        );
    }

    #[test]
    fn restated_path_type() {
        let get = GetIssue {
            owner: "o".into(),
            repo: "r".into(),
            issue_number: 42,
        };
        let request = same_as_dynamic(
            get.to_request(),
            "GET /repos/{owner}/{repo}/issues/{issue_number}",
            json!({"owner": "o", "repo": "r", "issue_number": 42}),
        );
        assert_eq!(request.url, "https://api.github.com/repos/o/r/issues/42");
    }

    #[test]
    fn other_methods() {
        let params = json!({"owner": "o", "repo": "r"});
        let head = CheckStar {
            owner: "o".into(),
            repo: "r".into(),
        };
        assert_eq!(
            same_as_dynamic(
                head.to_request(),
                "HEAD /user/starred/{owner}/{repo}",
                params.clone()
            )
            .method,
            "head"
        );
        let delete = DeleteRepo {
            owner: "o".into(),
            repo: "r".into(),
        };
        let request = same_as_dynamic(
            delete.to_request(),
            "DELETE /repos/{owner}/{repo}",
            params.clone(),
        );
        assert_eq!(request.headers.get("content-length"), Some("0"));
        let star = Star {
            owner: "o".into(),
            repo: "r".into(),
        };
        let request = same_as_dynamic(
            star.to_request(),
            "PUT /user/starred/{owner}/{repo}",
            params,
        );
        assert_eq!(body_json(&request), Some(json!("")));
    }
}

mod placeholders {
    use super::*;

    endpoint! {
        /// Every RFC 6570 operator, a prefix and an explode modifier.
        pub struct Everything = "GET /a/{simple}/{+reserved}{/segments*}/x{.ext}{;matrix}/{short:3}{?q,sort}{&page}{#frag}" {
            pub segments: Vec<String>,
            pub page: Option<u32>,
        }

        /// A placeholder in a literal query string.
        pub struct Search = "GET /search/issues?q=<q>";

        /// An absolute URL with a placeholder.
        pub struct Upload = "POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}" {
            pub release_id: u64,
            pub data: String,
        }
    }

    #[test]
    fn every_operator() {
        let all = Everything {
            simple: "s p".into(),
            reserved: "a/b?c".into(),
            segments: vec!["x".into(), "y z".into()],
            ext: "json".into(),
            matrix: "m".into(),
            short: "abcdef".into(),
            q: Some("is:open".into()),
            sort: None,
            page: Some(2),
            frag: Some("top".into()),
        };
        let route = "GET /a/{simple}/{+reserved}{/segments*}/x{.ext}{;matrix}/{short:3}{?q,sort}{&page}{#frag}";
        let request = same_as_dynamic(
            all.to_request(),
            route,
            json!({"simple": "s p", "reserved": "a/b?c", "segments": ["x", "y z"], "ext": "json",
                   "matrix": "m", "short": "abcdef", "q": "is:open", "page": 2, "frag": "top"}),
        );
        assert_eq!(
            request.url,
            "https://api.github.com/a/s%20p/a/b?c/x/y%20z/x.json;matrix=m/abc?q=is%3Aopen&page=2#top"
        );
    }

    #[test]
    fn literal_query_placeholder() {
        let search = Search {
            q: Some("repo:octokit/rest.js is:open".into()),
        };
        same_as_dynamic(
            search.to_request(),
            "GET /search/issues?q=<q>",
            json!({"q": "repo:octokit/rest.js is:open"}),
        );
        let none = Search { q: None };
        let request = same_as_dynamic(none.to_request(), "GET /search/issues?q=<q>", json!({}));
        assert_eq!(request.url, "https://api.github.com/search/issues?q=");
    }

    #[test]
    fn absolute_url_and_raw_data_body() {
        let upload = Upload {
            owner: "o".into(),
            repo: "r".into(),
            release_id: 1,
            name: Some("a.zip".into()),
            label: None,
            data: "raw bytes".into(),
        };
        let route = "POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}";
        let request = same_as_dynamic(
            upload.to_request(),
            route,
            json!({"owner": "o", "repo": "r", "release_id": 1, "name": "a.zip", "data": "raw bytes"}),
        );
        assert_eq!(
            request.url,
            "https://uploads.github.com/repos/o/r/releases/1/assets?name=a.zip"
        );
        assert_eq!(request.body, Some(Body::Text("raw bytes".into())));
    }
}

mod names {
    use super::*;

    endpoint! {
        /// Names that are keywords or not identifiers.
        pub struct Names = "GET /enterprises/{enterprise}/teams/{enterprise-team}/{type}/{ref}/{a.b}";

        /// A hyphenated placeholder restated under its snake_case name.
        pub struct Restated = "GET /enterprises/{enterprise}/teams/{enterprise-team}" {
            pub enterprise_team: u64,
        }

        /// Renamed parameters on the wire.
        pub struct Renamed = "POST /x/{id}" {
            #[endpoint(rename = "id")]
            pub identifier: u32,
            #[endpoint(rename = "per-page")]
            pub per_page: u32,
            pub r#type: String,
        }
    }

    #[test]
    fn keywords_and_non_identifiers() {
        let names = Names {
            enterprise: "e".into(),
            enterprise_team: "t".into(),
            r#type: "ty".into(),
            r#ref: "main".into(),
            a_b: "ab".into(),
        };
        let route = "GET /enterprises/{enterprise}/teams/{enterprise-team}/{type}/{ref}/{a.b}";
        let request = same_as_dynamic(
            names.to_request(),
            route,
            json!({"enterprise": "e", "enterprise-team": "t", "type": "ty", "ref": "main", "a.b": "ab"}),
        );
        assert_eq!(
            request.url,
            "https://api.github.com/enterprises/e/teams/t/ty/main/ab"
        );

        let restated = Restated {
            enterprise: "e".into(),
            enterprise_team: 7,
        };
        same_as_dynamic(
            restated.to_request(),
            "GET /enterprises/{enterprise}/teams/{enterprise-team}",
            json!({"enterprise": "e", "enterprise-team": 7}),
        );
    }

    #[test]
    fn renames() {
        let renamed = Renamed {
            identifier: 3,
            per_page: 10,
            r#type: "all".into(),
        };
        let request = same_as_dynamic(
            renamed.to_request(),
            "POST /x/{id}",
            json!({"id": 3, "per-page": 10, "type": "all"}),
        );
        assert_eq!(
            body_json(&request),
            Some(json!({"per-page": 10, "type": "all"}))
        );
    }
}

mod placement {
    use super::*;

    endpoint! {
        /// `name` is in the path and in the body.
        pub struct UpdateVariable = "PATCH /repos/{owner}/{repo}/actions/variables/{name}" {
            #[endpoint(body, rename = "name")]
            pub new_name: Option<String>,
            pub value: Option<String>,
        }

        /// Query parameters on a route with a body.
        pub struct UploadAsset = "POST /repos/{owner}/{repo}/releases/{release_id}/assets" {
            pub release_id: u64,
            #[endpoint(query)]
            pub name: String,
            #[endpoint(query)]
            pub label: Option<String>,
            pub data: Vec<u8>,
        }

        /// Query after a literal query string.
        pub struct Continued = "POST /x?fixed=1" {
            #[endpoint(query)]
            pub page: u32,
            pub a: bool,
        }

        /// A query parameter whose name can be no template variable.
        pub struct CreateRun = "POST /threads/{thread_id}/runs" {
            pub thread_id: String,
            #[endpoint(query, rename = "include[]")]
            pub include: Option<Vec<String>>,
            #[endpoint(query)]
            pub page: Option<u32>,
            pub assistant_id: String,
        }

        /// `#[endpoint(query)]` on GET is simply a query parameter.
        pub struct GetQuery = "GET /x" {
            #[endpoint(query)]
            pub page: u32,
        }

        /// Body properties named like options (a webhook's `url`).
        pub struct UpdateHookConfig = "PATCH /repos/{owner}/{repo}/hooks/{hook_id}/config" {
            pub hook_id: u64,
            pub url: Option<String>,
            #[endpoint(rename = "baseUrl")]
            pub base_url: Option<String>,
            pub content_type: Option<String>,
        }
    }

    #[test]
    fn body_properties_named_like_options() {
        let update = UpdateHookConfig {
            owner: "o".into(),
            repo: "r".into(),
            hook_id: 7,
            url: Some("https://example.com/hook".into()),
            base_url: Some("b".into()),
            content_type: Some("json".into()),
        };
        let typed = update.to_request().unwrap();
        assert_eq!(typed.url, "https://api.github.com/repos/o/r/hooks/7/config");
        assert_eq!(
            body_json(&typed),
            Some(
                json!({"url": "https://example.com/hook", "baseUrl": "b", "content_type": "json"})
            )
        );
        // The dynamic API would read `url` and `baseUrl` as options; it says
        // the same with the body in `data`.
        let dynamic = Endpoint::default()
            .endpoint(
                "PATCH /repos/{owner}/{repo}/hooks/{hook_id}/config",
                json!({"owner": "o", "repo": "r", "hook_id": 7, "data": {
                    "url": "https://example.com/hook", "baseUrl": "b", "content_type": "json"
                }}),
            )
            .unwrap();
        assert_eq!(typed, dynamic);

        // Left out, it is simply not in the body.
        let typed = UpdateHookConfig {
            owner: "o".into(),
            repo: "r".into(),
            hook_id: 7,
            url: None,
            base_url: None,
            content_type: Some("json".into()),
        }
        .to_request()
        .unwrap();
        assert_eq!(body_json(&typed), Some(json!({"content_type": "json"})));
    }

    #[test]
    fn path_and_body_with_one_name() {
        let update = UpdateVariable {
            owner: "o".into(),
            repo: "r".into(),
            name: "OLD".into(),
            new_name: Some("NEW".into()),
            value: Some("v".into()),
        };
        let typed = update.to_request().unwrap();
        // The dynamic API says the same with the body in `data`.
        let dynamic = Endpoint::default()
            .endpoint(
                "PATCH /repos/{owner}/{repo}/actions/variables/{name}",
                json!({"owner": "o", "repo": "r", "name": "OLD", "data": {"name": "NEW", "value": "v"}}),
            )
            .unwrap();
        assert_eq!(
            typed.url,
            "https://api.github.com/repos/o/r/actions/variables/OLD"
        );
        assert_eq!(typed.url, dynamic.url);
        assert_eq!(body_json(&typed), body_json(&dynamic));
        assert_eq!(typed.headers, dynamic.headers);
    }

    #[test]
    fn query_on_a_route_with_a_body() {
        let upload = UploadAsset {
            owner: "o".into(),
            repo: "r".into(),
            release_id: 1,
            name: "a b.zip".into(),
            label: None,
            data: vec![1, 2],
        };
        // Exploded, so that a list is written as OpenAPI's default.
        assert_eq!(
            UploadAsset::TEMPLATE,
            "/repos/{owner}/{repo}/releases/{release_id}/assets{?name*,label*}"
        );
        let request = same_as_dynamic(
            upload.to_request(),
            "POST /repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}",
            json!({"owner": "o", "repo": "r", "release_id": 1, "name": "a b.zip", "data": [1, 2]}),
        );
        assert_eq!(
            request.url,
            "https://api.github.com/repos/o/r/releases/1/assets?name=a%20b.zip"
        );
        assert_eq!(body_json(&request), Some(json!([1, 2])));

        let continued = Continued { page: 2, a: true };
        assert_eq!(Continued::TEMPLATE, "/x?fixed=1{&page*}");
        let request = same_as_dynamic(
            continued.to_request(),
            "POST /x?fixed=1{&page}",
            json!({"page": 2, "a": true}),
        );
        assert_eq!(request.url, "https://api.github.com/x?fixed=1&page=2");

        let run = CreateRun {
            thread_id: "t".into(),
            include: Some(vec!["a.b".into(), "c".into()]),
            page: Some(2),
            assistant_id: "x".into(),
        };
        assert_eq!(CreateRun::TEMPLATE, "/threads/{thread_id}/runs{?page*}");
        let request = run.to_request().unwrap();
        assert_eq!(
            request.url,
            "https://api.github.com/threads/t/runs?page=2&include%5B%5D=a.b&include%5B%5D=c"
        );
        assert_eq!(body_json(&request), Some(json!({"assistant_id": "x"})));
        let request = CreateRun {
            include: None,
            ..run
        }
        .to_request()
        .unwrap();
        assert_eq!(request.url, "https://api.github.com/threads/t/runs?page=2");

        let get = GetQuery { page: 3 };
        assert_eq!(GetQuery::TEMPLATE, "/x");
        same_as_dynamic(get.to_request(), "GET /x", json!({"page": 3}));
    }
}

mod response_type {
    use super::*;

    /// A response body.
    #[derive(Debug, serde::Deserialize, PartialEq)]
    pub struct User {
        pub login: String,
    }

    endpoint! {
        /// With a response type.
        pub struct GetAuthenticatedUser = "GET /user" -> User;

        /// With a response type and fields.
        pub struct GetUserByName = "GET /users/{username}" -> User {
            #[endpoint(query)]
            pub fields: Option<String>,
        }

        /// Without: `serde_json::Value`.
        pub struct Zen = "GET /zen";
    }

    fn describe<R: TypedRequest>(route: &R) -> (String, &'static str, &'static str) {
        (route.to_request().unwrap().url, R::METHOD, R::TEMPLATE)
    }

    fn parse_response<R: TypedRequest>(_: &R, body: &str) -> R::Response
    where
        R::Response: serde::de::DeserializeOwned,
    {
        serde_json::from_str(body).unwrap()
    }

    #[test]
    fn associated_response_type() {
        assert_eq!(
            describe(&GetAuthenticatedUser),
            ("https://api.github.com/user".to_owned(), "GET", "/user")
        );
        let user: User = parse_response(&GetAuthenticatedUser, r#"{"login": "octocat"}"#);
        assert_eq!(user.login, "octocat");
        let by_name = GetUserByName {
            username: "octocat".into(),
            fields: None,
        };
        assert_eq!(
            parse_response(&by_name, r#"{"login": "x"}"#),
            User { login: "x".into() }
        );
        let zen: Value = parse_response(&Zen, r#""Keep it logically awesome.""#);
        assert_eq!(zen, json!("Keep it logically awesome."));
        // The trait's methods give the same requests as the inherent ones.
        assert_eq!(TypedRequest::to_request(&Zen), Zen.to_request());
    }
}

mod defaults {
    use super::*;

    endpoint! {
        /// Get a repository.
        pub struct GetRepo = "GET /repos/{owner}/{repo}";

        /// List an organization's repositories.
        pub struct ListOrgRepos = "GET /orgs/{org}/repos" {
            pub r#type: Option<String>,
            pub per_page: Option<u32>,
        }

        /// Create a repository.
        pub struct CreateRepo = "POST /orgs/{org}/repos" {
            pub name: String,
            pub private: Option<bool>,
        }

        /// A search whose filter object explodes into the query.
        pub struct Search = "GET /search{?filter*}" {
            pub filter: Value,
        }

        /// The same search, its filter a type of its own (through serde).
        pub struct SearchFilter = "GET /search{?filter*}" {
            pub filter: Filter,
        }
    }

    #[derive(Serialize)]
    pub struct Filter {
        b: String,
        c: String,
    }

    #[test]
    fn a_base_url_with_a_query_string() {
        let ep = Endpoint::default()
            .defaults(json!({"baseUrl": "https://x.example/api?key=1"}))
            .unwrap();
        let list = ListOrgRepos {
            org: "o".into(),
            r#type: Some("all".into()),
            per_page: None,
        };
        let typed = same_as_dynamic_on(
            &ep,
            list.to_request_with(&ep),
            "GET /orgs/{org}/repos",
            json!({"org": "o", "type": "all"}),
        );
        assert_eq!(
            typed.url,
            "https://x.example/api?key=1/orgs/o/repos&type=all"
        );
    }

    #[test]
    fn object_variables_merge_deeply_over_defaults() {
        let ep = Endpoint::default()
            .defaults(json!({"filter": {"a": "1", "b": "x"}}))
            .unwrap();
        let route = "GET /search{?filter*}";
        let options = json!({"filter": {"b": "2", "c": "3"}});
        let dynamic = ep.endpoint(route, options.clone());
        assert_eq!(
            dynamic.as_ref().map(|request| request.url.as_str()),
            Ok("https://api.github.com/search?a=1&b=2&c=3")
        );
        assert_eq!(dynamic, ep.parse(&ep.merge(route, options).unwrap()));
        let filter = json!({"b": "2", "c": "3"});
        assert_eq!(Search { filter }.to_request_with(&ep), dynamic);
        let filter = Filter {
            b: "2".into(),
            c: "3".into(),
        };
        assert_eq!(SearchFilter { filter }.to_request_with(&ep), dynamic);
    }

    #[test]
    fn base_url_and_authorization() {
        let ghe = Endpoint::default()
            .defaults(json!({
                "baseUrl": "https://ghe.example.com/api/v3",
                "headers": {"authorization": "token secret"},
            }))
            .unwrap();
        let get = GetRepo {
            owner: "o".into(),
            repo: "r".into(),
        };
        let typed = same_as_dynamic_on(
            &ghe,
            get.to_request_with(&ghe),
            "GET /repos/{owner}/{repo}",
            json!({"owner": "o", "repo": "r"}),
        );
        assert_eq!(typed.url, "https://ghe.example.com/api/v3/repos/o/r");
        assert_eq!(typed.headers.get("authorization"), Some("token secret"));
    }

    #[test]
    fn previews_and_format() {
        let ep = Endpoint::default()
            .defaults(json!({"mediaType": {"previews": ["mercy"], "format": "raw"}}))
            .unwrap();
        let get = GetRepo {
            owner: "o".into(),
            repo: "r".into(),
        };
        let typed = same_as_dynamic_on(
            &ep,
            get.to_request_with(&ep),
            "GET /repos/{owner}/{repo}",
            json!({"owner": "o", "repo": "r"}),
        );
        assert_eq!(
            typed.headers.get("accept"),
            Some("application/vnd.github.mercy-preview.raw")
        );
    }

    #[test]
    fn default_parameters() {
        let ep = Endpoint::default()
            .defaults(json!({"org": "rust-lang", "per_page": 100, "private": true}))
            .unwrap();
        let list = ListOrgRepos {
            org: "octokit".into(),
            r#type: Some("public".into()),
            per_page: None,
        };
        let typed = same_as_dynamic_on(
            &ep,
            list.to_request_with(&ep),
            "GET /orgs/{org}/repos",
            json!({"org": "octokit", "type": "public"}),
        );
        assert_eq!(
            typed.url,
            "https://api.github.com/orgs/octokit/repos?per_page=100&private=true&type=public"
        );
        let create = CreateRepo {
            org: "octokit".into(),
            name: "new".into(),
            private: Some(false),
        };
        same_as_dynamic_on(
            &ep,
            create.to_request_with(&ep),
            "POST /orgs/{org}/repos",
            json!({"org": "octokit", "name": "new", "private": false}),
        );
    }
}

mod expression_form {
    use super::*;

    #[test]
    fn named_arguments() {
        let name = String::from("hello-world");
        let request =
            endpoint!("GET /repos/<owner>/<repo>", owner = "octocat", repo = name).to_request();
        same_as_dynamic(
            request,
            "GET /repos/<owner>/<repo>",
            json!({"owner": "octocat", "repo": "hello-world"}),
        );
        // Arguments are borrowed, not moved.
        assert_eq!(name, "hello-world");
    }

    #[test]
    fn implicit_capture() {
        let owner = "octocat";
        let repo = String::from("hello");
        let request = endpoint!("GET /repos/<owner>/<repo>").to_request().unwrap();
        assert_eq!(request.url, "https://api.github.com/repos/octocat/hello");
        // Mixed: one named, one captured.
        let request = endpoint!("GET /repos/{owner}/{repo}", repo = "other")
            .to_request()
            .unwrap();
        assert_eq!(request.url, "https://api.github.com/repos/octocat/other");
        let _ = repo;
    }

    #[test]
    fn any_serialize_value() {
        #[derive(Serialize)]
        struct Id(u64);
        let number = 42u32;
        let request = endpoint!(
            "POST /repos/{owner}/{repo}/issues/{issue_number}/labels{/extra*}",
            owner = "o",
            repo = String::from("r"),
            issue_number = number,
            extra = vec![Id(1), Id(2)],
        )
        .to_request();
        let request = same_as_dynamic(
            request,
            "POST /repos/{owner}/{repo}/issues/{issue_number}/labels{/extra*}",
            json!({"owner": "o", "repo": "r", "issue_number": 42, "extra": [1, 2]}),
        );
        assert_eq!(
            request.url,
            "https://api.github.com/repos/o/r/issues/42/labels/1/2"
        );
    }

    #[test]
    fn keywords_and_non_identifiers_by_name() {
        let request = endpoint!(
            "GET /x/{type}/{enterprise-team}",
            r#type = "t",
            enterprise_team = "e"
        )
        .to_request()
        .unwrap();
        assert_eq!(request.url, "https://api.github.com/x/t/e");
    }

    #[test]
    fn value_with_temporaries_and_defaults() {
        let routed = endpoint!("GET /orgs/{org}/repos", org = format!("rust-{}", "lang"));
        assert_eq!(
            routed.to_request().unwrap().url,
            "https://api.github.com/orgs/rust-lang/repos"
        );
        let ep = Endpoint::default()
            .defaults(json!({"baseUrl": "https://ghe.example.com/api/v3"}))
            .unwrap();
        assert_eq!(
            routed.to_request_with(&ep).unwrap().url,
            "https://ghe.example.com/api/v3/orgs/rust-lang/repos"
        );
        let no_params = endpoint!("DELETE /user/following/octocat");
        assert_eq!(no_params.to_request().unwrap().method, "delete");
    }

    #[test]
    fn constants_and_trait() {
        fn template<R: TypedRequest>(_: &R) -> &'static str {
            R::TEMPLATE
        }
        let owner = "o";
        let value = endpoint!("GET /users/{owner}");
        assert_eq!(template(&value), "/users/{owner}");
    }
}

mod generics {
    use super::*;

    endpoint! {
        /// Borrowed fields.
        pub struct Borrowed<'a> = "POST /repos/{owner}/{repo}/issues" {
            pub owner: &'a str,
            pub repo: &'a str,
            pub title: &'a str,
            pub labels: &'a [&'a str],
        }

        /// A generic body.
        pub struct Generic<T: Serialize> = "PUT /x/{id}" {
            pub id: u32,
            pub data: T,
        }
    }

    #[test]
    fn lifetimes_and_type_parameters() {
        let borrowed = Borrowed {
            owner: "o",
            repo: "r",
            title: "t",
            labels: &["bug"],
        };
        same_as_dynamic(
            borrowed.to_request(),
            "POST /repos/{owner}/{repo}/issues",
            json!({"owner": "o", "repo": "r", "title": "t", "labels": ["bug"]}),
        );
        let generic = Generic {
            id: 1,
            data: json!({"a": [1, 2]}),
        };
        same_as_dynamic(
            generic.to_request(),
            "PUT /x/{id}",
            json!({"id": 1, "data": {"a": [1, 2]}}),
        );
    }
}

mod serialization {
    use super::*;

    /// Serialization that fails at run time.
    pub struct Failing;

    impl Serialize for Failing {
        fn serialize<S: serde::Serializer>(&self, _: S) -> Result<S::Ok, S::Error> {
            Err(serde::ser::Error::custom("nope"))
        }
    }

    endpoint! {
        /// A parameter whose serialization fails.
        pub struct Fails = "POST /x" {
            pub bad: Failing,
        }

        /// Numbers, booleans, nulls and nested values.
        pub struct Values = "PATCH /x/{n}" {
            pub n: i64,
            pub f: f64,
            pub b: bool,
            pub nothing: Option<Option<u8>>,
            pub nested: Value,
        }
    }

    #[test]
    fn serialization_errors_name_the_field() {
        let err = Fails { bad: Failing }.to_request().unwrap_err();
        assert!(
            matches!(&err, Error::Serialize { key, .. } if key == "bad"),
            "{err}"
        );
    }

    #[test]
    fn scalars_and_nested_values() {
        let values = Values {
            n: -3,
            f: 1.5,
            b: false,
            nothing: Some(None),
            nested: json!({"a": [1, null]}),
        };
        let request = same_as_dynamic(
            values.to_request(),
            "PATCH /x/{n}",
            json!({"n": -3, "f": 1.5, "b": false, "nothing": null, "nested": {"a": [1, null]}}),
        );
        assert_eq!(request.url, "https://api.github.com/x/-3");
        assert_eq!(
            body_json(&request),
            Some(json!({"f": 1.5, "b": false, "nothing": null, "nested": {"a": [1, null]}}))
        );
    }
}

/// Typed requests equal dynamic requests on the conformance records.
///
/// `macro/conformance.rs` holds one `endpoint!` struct per record of
/// `tests/fixtures/conformance/cases.jsonl` that a typed struct can express,
/// and the reason for each one it cannot; it is generated from the fixture by
/// `cargo run -p xtask -- conformance`, and `cargo run -p xtask -- generate
/// --check` fails when the two disagree.
#[path = "macro/conformance.rs"]
mod conformance;

mod conformance_checks {
    use super::*;
    use serde_json::Map;

    const FIXTURE: &str = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/conformance/cases.jsonl"
    );

    /// The records, in file order.
    fn records() -> Vec<Map<String, Value>> {
        std::fs::read_to_string(FIXTURE)
            .expect("the conformance fixture")
            .lines()
            .filter(|line| !line.trim().is_empty())
            .map(|line| serde_json::from_str(line).expect("a JSON record"))
            .collect()
    }

    /// The endpoint of a record: the plain builder with each `defaults` applied.
    fn endpoint_of(record: &Map<String, Value>) -> Result<Endpoint, Error> {
        let mut ep = Endpoint::default();
        for defaults in record["defaults"].as_array().into_iter().flatten() {
            ep = ep.defaults(defaults.clone())?;
        }
        Ok(ep)
    }

    /// The record's call made dynamically, as the fixture describes it.
    fn dynamic(ep: &Endpoint, record: &Map<String, Value>) -> Result<Request, Error> {
        match (&record["route"], &record["options"]) {
            (Value::String(route), Value::Null) => ep.endpoint(route, ()),
            (Value::String(route), options) => ep.endpoint(route, options.clone()),
            (_, options) => ep.endpoint_options(options.clone()),
        }
    }

    fn with_marker(mut json: Value) -> Value {
        if let Some(headers) = json.get_mut("headers").and_then(Value::as_object_mut) {
            for value in headers.values_mut() {
                if value == endpoint::USER_AGENT {
                    *value = json!("<user-agent>");
                }
            }
        }
        json
    }

    #[test]
    fn typed_requests_equal_dynamic_requests_on_the_conformance_records() {
        let records = records();
        let mut failures = Vec::new();
        let mut checked = 0;
        for (id, call) in conformance::CASES {
            let record = records
                .iter()
                .find(|r| r["id"] == *id)
                .unwrap_or_else(|| panic!("{id}: not in the fixture"));
            let empty = Map::new();
            let options = record["options"].as_object().unwrap_or(&empty);
            let expected = &record["expected"];
            let (typed, dynamic) = match endpoint_of(record) {
                Ok(ep) => (call(&ep, options), dynamic(&ep, record)),
                Err(err) => (Err(err.clone()), Err(err)),
            };
            checked += 1;
            match (&typed, &dynamic) {
                (Ok(t), Ok(d)) if t == d => {}
                (Err(_), Err(_)) => {}
                _ => failures.push(format!("{id}: typed {typed:?}\n  dynamic {dynamic:?}")),
            }
            match (&typed, expected.get("ok")) {
                (Ok(t), Some(ok)) if with_marker(t.to_json()) == *ok => {}
                (Err(_), None) => {}
                _ => failures.push(format!("{id}: typed {typed:?}\n  expected {expected}")),
            }
        }
        assert!(
            failures.is_empty(),
            "{} of {checked} records differ:\n{}",
            failures.len(),
            failures.join("\n")
        );
        // Most records are expressible; a drop means the generator or the macro regressed.
        assert!(checked >= 250, "only {checked} records are expressible");
    }

    #[test]
    fn every_record_is_generated_or_refused() {
        // Every record is either generated or refused for a stated reason,
        // in the fixture's order.
        let ids: Vec<&str> = conformance::CASES
            .iter()
            .map(|(id, _)| *id)
            .chain(conformance::REFUSED.iter().map(|(id, _)| *id))
            .collect();
        let records = records();
        let mut expected: Vec<&str> = records
            .iter()
            .map(|r| r["id"].as_str().expect("an id"))
            .collect();
        let mut sorted = ids.clone();
        sorted.sort_unstable();
        expected.sort_unstable();
        assert_eq!(sorted, expected);
        assert!(
            conformance::REFUSED
                .iter()
                .all(|(_, reason)| !reason.is_empty())
        );
    }
}

/// `#[endpoint(multi_segment)]` path fields and `#[endpoint(uploads)]`
/// structs.
mod segments_and_uploads {
    use super::*;

    endpoint! {
        struct GetRef = "GET /repos/{owner}/{repo}/git/ref/{ref}" {
            #[endpoint(multi_segment)]
            r#ref: String,
        }

        struct Labeled = "GET /x/{a}/{b}{?q}" {
            #[endpoint(multi_segment)]
            a: String,
        }

        #[endpoint(server = "https://uploads.github.com")]
        struct Upload = "POST /repos/{owner}/{repo}/releases/{release_id}/assets" {
            release_id: u64,
            #[endpoint(query)]
            name: String,
            data: String,
        }
    }

    fn get_ref(value: &str) -> Result<Request, Error> {
        GetRef {
            owner: "o".into(),
            repo: "r".into(),
            r#ref: value.into(),
        }
        .to_request()
    }

    #[test]
    fn slashes_stay_and_everything_else_is_encoded() {
        assert_eq!(
            get_ref("heads/feature-a").unwrap().url,
            "https://api.github.com/repos/o/r/git/ref/heads/feature-a"
        );
        assert_eq!(
            get_ref("tags/v1 ?#[]%").unwrap().url,
            "https://api.github.com/repos/o/r/git/ref/tags/v1%20%3F%23%5B%5D%25"
        );
        // The same as the dynamic `{/ref*}` with the pieces as a list.
        same_as_dynamic(
            get_ref("heads/a b"),
            "GET /repos/{owner}/{repo}/git/ref{/ref*}",
            json!({"owner": "o", "repo": "r", "ref": ["heads", "a b"]}),
        );
        // Only the marked field keeps its `/`.
        let request = Labeled {
            a: "x/y".into(),
            b: "x/y".into(),
            q: Some("x/y".into()),
        }
        .to_request()
        .unwrap();
        assert_eq!(request.url, "https://api.github.com/x/x/y/x%2Fy?q=x%2Fy");
    }

    #[test]
    fn dot_and_empty_segments_are_refused_by_name() {
        for value in ["..", ".", "heads/..", "heads/./main", "../../user"] {
            let err = get_ref(value).unwrap_err();
            assert_eq!(
                err.to_string(),
                "cannot expand `ref`: a multi-segment value cannot hold a `.` or `..` segment",
                "{value:?}"
            );
        }
        for value in ["/heads", "heads/", "heads//main"] {
            let err = get_ref(value).unwrap_err();
            assert!(
                matches!(&err, Error::Expansion { variable, .. } if variable == "ref"),
                "{value:?}: {err}"
            );
            assert!(err.to_string().contains("empty segment"), "{err}");
        }
        // Dots inside a piece are text.
        assert_eq!(
            get_ref("heads/v1..v2/.x").unwrap().url,
            "https://api.github.com/repos/o/r/git/ref/heads/v1..v2/.x"
        );
    }

    #[test]
    fn uploads_go_to_their_server() {
        let upload = Upload {
            owner: "o".into(),
            repo: "r".into(),
            release_id: 7,
            name: "a b.zip".into(),
            data: "bytes".into(),
        };
        let expected = "/repos/o/r/releases/7/assets?name=a%20b.zip";
        let request = upload.to_request().unwrap();
        assert_eq!(request.url, format!("https://uploads.github.com{expected}"));
        assert_eq!(request.body, Some(Body::Text("bytes".into())));
        // The base URL does not move it; the endpoint's URL for its server
        // does, and the endpoints made from that one keep it.
        let ghe = Endpoint::default()
            .defaults(json!({"baseUrl": "https://ghe.example/api/v3"}))
            .unwrap();
        assert_eq!(
            upload.to_request_with(&ghe).unwrap().url,
            format!("https://uploads.github.com{expected}")
        );
        let ghe = ghe
            .with_server(
                "https://uploads.github.com",
                "https://ghe.example/api/uploads/",
            )
            .unwrap()
            .defaults(json!({"headers": {"x-a": "1"}}))
            .unwrap();
        let request = upload.to_request_with(&ghe).unwrap();
        assert_eq!(
            request.url,
            format!("https://ghe.example/api/uploads{expected}")
        );
        assert_eq!(request.headers.get("x-a"), Some("1"));
        // The same as a dynamic call that gives that URL as its base URL.
        same_as_dynamic_on(
            &ghe,
            Ok(request),
            "POST /repos/{owner}/{repo}/releases/{release_id}/assets{?name}",
            json!({"baseUrl": "https://ghe.example/api/uploads", "owner": "o", "repo": "r", "release_id": 7,
                   "name": "a b.zip", "data": "bytes"}),
        );
        // Other routes keep the base URL.
        let request = GetRef {
            owner: "o".into(),
            repo: "r".into(),
            r#ref: "heads/a".into(),
        }
        .to_request_with(&ghe)
        .unwrap();
        assert_eq!(
            request.url,
            "https://ghe.example/api/v3/repos/o/r/git/ref/heads/a"
        );
        assert!(matches!(
            Endpoint::default().with_server("https://uploads.github.com", "ftp://ghe.example"),
            Err(Error::Option { .. })
        ));
    }

    #[test]
    fn credentials_go_to_the_uploads_host_when_it_is_trusted() {
        let upload = Upload {
            owner: "o".into(),
            repo: "r".into(),
            release_id: 7,
            name: "a".into(),
            data: String::new(),
        };
        let token = json!({"headers": {"authorization": "token t"}});
        // GitHub's two hosts go together.
        let github = Endpoint::default()
            .defaults(token.clone())
            .unwrap()
            .with_credential_host_check(true);
        assert!(upload.to_request_with(&github).is_ok());
        // Another base URL that does not send uploads elsewhere: the token
        // would go to github.com.
        let ghe = github
            .defaults(json!({"baseUrl": "https://ghe.example/api/v3"}))
            .unwrap();
        assert!(matches!(
            upload.to_request_with(&ghe),
            Err(Error::CredentialsHost { .. })
        ));
        // Sending uploads to its own host, it may; other routes still may
        // not leave the base URL's host.
        let ghe = ghe
            .with_server(
                "https://uploads.github.com",
                "https://GHE.example/api/uploads",
            )
            .unwrap();
        assert!(upload.to_request_with(&ghe).is_ok());
        let elsewhere = ghe
            .with_server(
                "https://uploads.github.com",
                "https://uploads.example/api/uploads",
            )
            .unwrap();
        assert!(upload.to_request_with(&elsewhere).is_ok());
        assert!(matches!(
            elsewhere.endpoint("GET https://uploads.example/x", ()),
            Err(Error::CredentialsHost { .. })
        ));
    }
}

endpoint! {
    /// A body whose `protection` the API requires and allows to be `null`.
    struct UpdateProtection = "PUT /branches/{branch}/protection" {
        #[endpoint(body, nullable)]
        protection: Option<u32>,
        #[endpoint(body)]
        admins: Option<bool>,
    }
}

#[test]
fn a_nullable_field_is_sent_as_null_and_an_optional_one_left_out() {
    let route = UpdateProtection {
        branch: "main".into(),
        protection: None,
        admins: None,
    };
    let request = route.to_request().unwrap();
    assert_eq!(
        request.body,
        Some(Body::Json(r#"{"protection":null}"#.into()))
    );
    let route = UpdateProtection {
        protection: Some(2),
        admins: Some(true),
        ..route
    };
    let request = route.to_request().unwrap();
    assert_eq!(
        request.body,
        Some(Body::Json(r#"{"protection":2,"admins":true}"#.into()))
    );
}

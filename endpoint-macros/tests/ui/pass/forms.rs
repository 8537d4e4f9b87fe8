//! The three forms, without a warning (`missing_docs` included).
#![deny(warnings, missing_docs)]

use endpoint::{Endpoint, TypedRequest, endpoint};

endpoint! {
    /// Form 1: placeholders only.
    #[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
    pub struct GetRepo = "GET /repos/<owner>/<repo>";

    /// No placeholder: a unit struct.
    #[derive(Debug, Clone, Copy)]
    pub struct GetUser = "GET /user";

    /// A URL alone means GET.
    pub struct RateLimit = "/rate_limit";

    /// Form 2: declared parameters.
    pub struct ListIssues = "GET /repos/{owner}/{repo}/issues{?state}" {
        /// The state.
        pub state: Option<String>,
        /// Page size.
        pub per_page: Option<u32>,
        /// Labels.
        pub labels: Vec<String>,
    }

    /// Body parameters.
    pub struct CreateIssue = "POST /repos/:owner/:repo/issues" {
        /// Title.
        pub title: String,
        /// Body.
        pub body: Option<String>,
    }

    /// Path and body `name`, query on a route with a body, a response type.
    pub struct UpdateVariable = "PATCH /repos/{owner}/{repo}/actions/variables/{name}" -> serde_json::Value {
        /// New name.
        #[endpoint(body, rename = "name")]
        pub new_name: Option<String>,
        /// Dry run.
        #[endpoint(query)]
        pub dry_run: Option<bool>,
        /// Page.
        #[endpoint(query)]
        pub page: Option<u32>,
    }

    /// Keywords, names that are not identifiers, every operator.
    pub struct Names = "GET /e/{enterprise-team}/{type}/{ref}/{a.b}{/seg*}{.ext}{;m}/{p:3}{+r}{?q,sort}{&page}{#frag}";

    /// A field named `data` is the raw body.
    pub struct Raw = "PUT /x" {
        /// The body.
        pub data: String,
    }

    /// Generic parameters.
    pub struct Borrowed<'a, T: serde::Serialize> = "POST /x/{id}" where T: Clone {
        /// The id.
        pub id: &'a str,
        /// Anything serializable.
        pub value: T,
    }

    /// A private struct with private fields.
    struct Private = "DELETE /x/{id}" {
        id: u64,
    }
}

fn main() {
    let owner = "octocat";
    let repo = String::from("hello");
    let _ = endpoint!("GET /repos/<owner>/<repo>").to_request();
    let _ = endpoint!("GET /repos/<owner>/<repo>", repo = repo.as_str()).to_request();
    let kept = endpoint!("GET /repos/<owner>/<repo>", owner = String::from("x"), repo = &repo);
    let _ = kept.to_request_with(&Endpoint::default());
    let _ = endpoint!("GET /x/{type}", r#type = 1u8);
    let _ = endpoint!("GET /zen").to_request();
    let _ = GetRepo::default().to_request();
    let _ = GetUser.to_request();
    let _ = RateLimit.to_request();
    let _ = Private { id: 1 }.to_request();
    let _: Option<serde_json::Value> = None::<<UpdateVariable as TypedRequest>::Response>;
    let _ = (
        ListIssues::METHOD,
        CreateIssue::TEMPLATE,
        <Names as TypedRequest>::TEMPLATE,
        <Raw as TypedRequest>::METHOD,
        Borrowed::<'static, u8>::METHOD,
    );
}

use endpoint::endpoint;

endpoint! {
    /// `multi_segment` on fields that fill no placeholder of the path: a
    /// query placeholder, a query parameter, and one also marked `query`.
    pub struct RuleSuites = "GET /repos/{owner}/{repo}/rulesets/rule-suites{?ref}" {
        #[endpoint(multi_segment)]
        r#ref: Option<String>,
        #[endpoint(multi_segment)]
        per_page: Option<u32>,
    }

    pub struct Upload = "POST /repos/{owner}/{repo}/assets" {
        #[endpoint(multi_segment, query)]
        name: String,
    }
}

fn main() {}

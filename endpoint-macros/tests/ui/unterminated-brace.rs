use endpoint::endpoint;

endpoint! {
    /// A `{` without its `}`.
    pub struct GetRepo = "GET /repos/{owner}/{repo";
}

endpoint! {
    /// A `{` whose `}` is missing before the next `{`.
    pub struct GetIssue = "GET /repos/{owner/{repo}/issues";
}

fn main() {}

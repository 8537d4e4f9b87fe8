use endpoint::endpoint;

endpoint! {
    /// A `}` with no `{`.
    pub struct GetRepo = "GET /repos/owner}/{repo}";
}

fn main() {}

use endpoint::endpoint;

endpoint! {
    /// A path parameter cannot be left out.
    pub struct GetRepo = "GET /repos/{owner}/{repo}" {
        owner: Option<String>,
    }
}

fn main() {}

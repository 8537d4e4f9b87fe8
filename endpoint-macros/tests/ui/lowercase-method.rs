use endpoint::endpoint;

endpoint! {
    /// A lowercase method.
    pub struct GetRepo = "get /repos/{owner}/{repo}";
}

fn main() {}

use endpoint::endpoint;

endpoint! {
    /// A misspelled method.
    pub struct GetRepo = "GTE /repos/{owner}/{repo}";
}

fn main() {}

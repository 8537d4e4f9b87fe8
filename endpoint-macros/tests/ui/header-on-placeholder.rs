use endpoint::endpoint;

endpoint! {
    /// A placeholder of the URL is not also a header or a cookie.
    pub struct Get = "GET /repos/{owner}/{repo}" {
        #[endpoint(header)]
        owner: String,
        #[endpoint(cookie)]
        repo: String,
    }
}

fn main() {}

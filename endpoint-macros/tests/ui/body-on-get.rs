use endpoint::endpoint;

endpoint! {
    /// GET has no body.
    pub struct Search = "GET /search/code" {
        #[endpoint(body)]
        q: String,
    }

    /// Nor has HEAD.
    pub struct Check = "HEAD /x" {
        #[endpoint(body)]
        a: u32,
    }
}

fn main() {}

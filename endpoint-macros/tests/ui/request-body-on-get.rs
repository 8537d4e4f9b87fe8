use endpoint::endpoint;

endpoint! {
    /// GET has no body, whole or in fields.
    #[endpoint(content_type = "application/x-www-form-urlencoded")]
    pub struct Search = "GET /search" {
        q: String,
    }

    pub struct Get = "GET /x" {
        #[endpoint(request_body)]
        document: String,
    }
}

fn main() {}

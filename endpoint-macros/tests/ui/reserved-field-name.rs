use endpoint::endpoint;

endpoint! {
    /// Query parameters named like the reserved option keys.
    pub struct Reserved = "GET /x" {
        method: String,
        url: String,
        #[endpoint(rename = "baseUrl")]
        base_url: String,
        headers: String,
        #[endpoint(rename = "mediaType")]
        media_type: String,
        request: String,
    }

    /// A query parameter of a route with a body; a body property may be called `url`.
    pub struct ReservedQuery = "POST /x" {
        #[endpoint(query)]
        url: String,
        headers: String,
    }
}

fn main() {}

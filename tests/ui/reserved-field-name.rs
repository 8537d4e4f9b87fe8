use endpoint::endpoint;

endpoint! {
    /// Parameters named like the reserved option keys.
    pub struct Reserved = "POST /x" {
        method: String,
        url: String,
        #[endpoint(rename = "baseUrl")]
        base_url: String,
        headers: String,
        #[endpoint(rename = "mediaType")]
        media_type: String,
        request: String,
    }
}

fn main() {}

use endpoint::endpoint;

endpoint! {
    /// A request has one body.
    pub struct Render = "POST /markdown/raw" {
        #[endpoint(request_body, content_type = "text/plain")]
        text: String,
        #[endpoint(request_body)]
        again: String,
    }
}

fn main() {}

use endpoint::endpoint;

endpoint! {
    /// The whole body leaves no room for fields of the body.
    pub struct Put = "PUT /documents/{id}" {
        #[endpoint(request_body, content_type = "application/json")]
        document: String,
        #[endpoint(body)]
        title: String,
        version: u32,
    }
}

fn main() {}

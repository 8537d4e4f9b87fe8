use endpoint::endpoint;

endpoint! {
    /// A text body is one value; a multipart body is made of parts.
    #[endpoint(content_type = "text/plain")]
    pub struct Render = "POST /markdown/raw" {
        #[endpoint(body)]
        text: String,
    }

    #[endpoint(content_type = "multipart/form-data")]
    pub struct Upload = "POST /upload" {
        #[endpoint(request_body)]
        parts: Vec<u8>,
    }

    #[endpoint(content_type = "text/plain")]
    pub struct Twice = "POST /twice" {
        #[endpoint(request_body, content_type = "text/markdown")]
        text: String,
    }
}

fn main() {}

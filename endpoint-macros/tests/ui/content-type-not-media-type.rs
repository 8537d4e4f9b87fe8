use endpoint::endpoint;

endpoint! {
    /// `content_type` is a media type, `type/subtype`.
    #[endpoint(content_type = "form")]
    pub struct Token = "POST /token" {
        grant_type: String,
    }

    pub struct Upload = "POST /upload" {
        #[endpoint(request_body, content_type = "application/octet stream")]
        data: Vec<u8>,
    }
}

fn main() {}

use endpoint::endpoint;

endpoint! {
    /// `allow_reserved`, `explode`, `style` and `content_type` where they do not apply.
    pub struct Create = "POST /items" {
        #[endpoint(header, allow_reserved)]
        x_trace: String,
        #[endpoint(query, style = "form", content_type = "text/plain")]
        q: String,
        #[endpoint(style = "form")]
        title: String,
        #[endpoint(body, explode)]
        tags: Vec<String>,
    }
}

fn main() {}

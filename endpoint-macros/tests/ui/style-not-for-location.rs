use endpoint::endpoint;

endpoint! {
    /// Each location has its own styles.
    pub struct Search = "GET /search/{kind}" {
        #[endpoint(header, style = "deepObject")]
        x_filter: String,
        #[endpoint(query, style = "label")]
        q: String,
        #[endpoint(cookie, style = "simple")]
        session: String,
        #[endpoint(style = "form")]
        kind: String,
    }
}

fn main() {}

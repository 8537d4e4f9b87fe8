use endpoint::endpoint;

endpoint! {
    /// Styles are spelled as OpenAPI spells them.
    pub struct Search = "GET /search" {
        #[endpoint(query, style = "deep_object")]
        filter: String,
        #[endpoint(query, arrays = "commas")]
        tags: Vec<String>,
    }
}

fn main() {}

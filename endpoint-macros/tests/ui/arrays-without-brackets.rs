use endpoint::endpoint;

endpoint! {
    /// The bracket rule is for `deepObject` and form bodies.
    pub struct Search = "GET /search" {
        #[endpoint(query, style = "form", arrays = "indices")]
        tags: Vec<String>,
    }

    pub struct Create = "POST /items" {
        #[endpoint(arrays = "brackets")]
        tags: Vec<String>,
    }
}

fn main() {}

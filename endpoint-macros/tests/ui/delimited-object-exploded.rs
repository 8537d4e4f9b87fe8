use endpoint::endpoint;
use std::collections::HashMap;

endpoint! {
    /// `spaceDelimited` and `pipeDelimited` have no exploded form for objects.
    pub struct Search = "GET /search" {
        #[endpoint(query, style = "pipeDelimited", explode = true)]
        color: HashMap<String, u8>,
        #[endpoint(query, style = "spaceDelimited", explode)]
        size: HashMap<String, u8>,
    }
}

fn main() {}

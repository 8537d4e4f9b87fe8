use endpoint::endpoint;
use std::collections::BTreeMap;

endpoint! {
    /// `deepObject` is only defined exploded.
    pub struct Search = "GET /search" {
        #[endpoint(query, style = "deepObject", explode = false)]
        filter: BTreeMap<String, String>,
    }
}

fn main() {}

use endpoint::endpoint;

endpoint! {
    /// The message names the field marked `body`, whatever its wire name.
    pub struct ListRepos = "GET /user/repos" {
        #[endpoint(query)]
        per_page: u32,
        #[endpoint(body, rename = "sort")]
        kind: String,
        #[endpoint(body)]
        r#type: String,
    }
}

fn main() {}

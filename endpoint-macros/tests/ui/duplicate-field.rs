use endpoint::endpoint;

endpoint! {
    /// The same field twice, and the same parameter under two fields.
    pub struct Twice = "POST /x" {
        title: String,
        title: String,
        labels: Vec<String>,
        #[endpoint(rename = "labels")]
        tags: Vec<String>,
    }
}

fn main() {}

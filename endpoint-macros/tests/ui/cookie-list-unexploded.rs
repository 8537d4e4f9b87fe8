use endpoint::endpoint;

endpoint! {
    /// A list in a cookie is exploded.
    pub struct Prefs = "GET /prefs" {
        #[endpoint(cookie, explode = false)]
        langs: Vec<String>,
    }
}

fn main() {}

use endpoint::endpoint;

endpoint! {
    /// A parameter has one location, and a header's name is a token.
    pub struct Get = "GET /x" {
        #[endpoint(header, cookie)]
        session: String,
        #[endpoint(header, rename = "bad header")]
        bad: String,
    }
}

fn main() {}

use endpoint::endpoint;

endpoint! {
    /// A field that is a placeholder cannot also be a query parameter.
    pub struct Get = "GET /x/{id}" {
        #[endpoint(query)]
        id: u32,
    }
}

fn main() {}

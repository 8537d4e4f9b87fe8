use endpoint::endpoint;

endpoint! {
    /// A `<` without its `>`.
    pub struct GetRepo = "GET /repos/<owner/<repo>";
}

fn main() {}

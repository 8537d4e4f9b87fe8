use endpoint::endpoint;

endpoint! {
    /// `{}` and `<>`.
    pub struct Empty = "GET /repos/{}/<>";
}

fn main() {}

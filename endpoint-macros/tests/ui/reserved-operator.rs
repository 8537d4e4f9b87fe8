use endpoint::endpoint;

endpoint! {
    /// Operators RFC 6570 reserves.
    pub struct Reserved = "GET /x/{=x}/{!y}/{|z}";
}

fn main() {}

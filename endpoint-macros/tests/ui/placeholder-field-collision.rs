use endpoint::endpoint;

endpoint! {
    /// `{a-b}` and `{a_b}` would both be the field `a_b`.
    pub struct Collide = "GET /x/{a-b}/{a_b}";
}

fn main() {}

use endpoint::endpoint;

endpoint! {
    /// Prefix modifiers out of range, and a prefix with explode.
    pub struct Prefixes = "GET /x/{a:}/{b:0}/{c:10000}/{d:3*}";
}

fn main() {}

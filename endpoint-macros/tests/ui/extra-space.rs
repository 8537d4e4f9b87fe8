use endpoint::endpoint;

endpoint! {
    /// Two spaces between the method and the URL.
    pub struct TwoSpaces = "GET  /user";
}

endpoint! {
    /// A space inside the URL.
    pub struct SpaceInUrl = "GET /search/issues q";
}

fn main() {}

use endpoint::endpoint;

endpoint! {
    /// `error` names a type, not a string.
    #[endpoint(error = "Problem")]
    pub struct Quoted = "GET /pets/{id}";

    /// `error` needs its type.
    #[endpoint(error)]
    pub struct Bare = "GET /pets/{id}";

    /// `error` is given once.
    #[endpoint(error = serde_json::Value, error = String)]
    pub struct Twice = "GET /pets/{id}";
}

fn main() {}

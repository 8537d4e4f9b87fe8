use endpoint::endpoint;

/// Neither `Deserialize` nor an `Answer`.
pub struct Problem {
    pub title: String,
}

endpoint! {
    /// The error type is what a refusal's body decodes into: an `Answer`.
    #[endpoint(error = Problem)]
    pub struct GetPet = "GET /pets/{id}";
}

fn main() {}

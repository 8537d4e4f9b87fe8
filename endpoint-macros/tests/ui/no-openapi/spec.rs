use endpoint::endpoint;

endpoint! {
    /// Checking a struct against a description needs the `openapi` feature.
    #[endpoint(spec = "petstore.yaml")]
    pub struct ShowPet = "GET /pets/{petId}";
}

fn main() {}

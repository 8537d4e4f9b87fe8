use endpoint::endpoint;

endpoint! {
    /// `limit` is a required query parameter.
    #[endpoint(spec = "petstore.yaml")]
    pub struct ListPets = "GET /pets" {
        tags: Vec<String>,
    }

    /// Required, so not an `Option`.
    #[endpoint(spec = "petstore.yaml")]
    pub struct ListSomePets = "GET /pets{?limit}";

    /// `name` is a required property of the body.
    #[endpoint(spec = "petstore.yaml")]
    pub struct CreatePet = "POST /pets" {
        tag: Option<String>,
    }

    /// Required, so not an `Option`.
    #[endpoint(spec = "petstore.yaml")]
    pub struct CreateNamedPet = "POST /pets" {
        name: Option<String>,
    }
}

fn main() {}

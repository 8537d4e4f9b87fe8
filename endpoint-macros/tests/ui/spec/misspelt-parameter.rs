use endpoint::endpoint;

endpoint! {
    /// A query parameter the description does not have.
    #[endpoint(spec = "petstore.yaml")]
    pub struct ShowPet = "GET /pets/{petId}" {
        feilds: Option<String>,
    }

    /// A placeholder of the route the description does not have.
    #[endpoint(spec = "petstore.yaml")]
    pub struct ShowPetFields = "GET /pets/{petId}{?field}";

    /// A body property the description's schema does not have.
    #[endpoint(spec = "petstore.yaml")]
    pub struct CreatePet = "POST /pets" {
        name: String,
        vacinated: Option<bool>,
    }
}

fn main() {}

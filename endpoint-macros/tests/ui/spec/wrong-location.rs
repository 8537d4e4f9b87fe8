use endpoint::endpoint;

endpoint! {
    /// `session` is a cookie, `X-Request-Id` a header.
    #[endpoint(spec = "petstore.yaml")]
    pub struct ShowPet = "GET /pets/{petId}" {
        pet_id: u64,
        #[endpoint(header)]
        session: Option<String>,
    }

    #[endpoint(spec = "petstore.yaml")]
    pub struct ListPets = "GET /pets" {
        limit: u32,
        #[endpoint(rename = "X-Request-Id")]
        request_id: Option<String>,
    }

    /// `fields` is a query parameter.
    #[endpoint(spec = "petstore.yaml")]
    pub struct ShowPetWithBody = "GET /pets/{petId}" {
        #[endpoint(header, rename = "fields")]
        fields: String,
    }

    /// `name` is a property of the body.
    #[endpoint(spec = "petstore.yaml")]
    pub struct CreatePet = "POST /pets" {
        #[endpoint(query)]
        name: String,
    }
}

fn main() {}

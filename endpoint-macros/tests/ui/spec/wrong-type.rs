use endpoint::endpoint;

endpoint! {
    /// An integer parameter in a `bool`, an array in a `String`.
    #[endpoint(spec = "petstore.yaml")]
    pub struct ListPets = "GET /pets" {
        limit: bool,
        tags: Option<String>,
    }

    /// A string parameter in an integer.
    #[endpoint(spec = "petstore.yaml")]
    pub struct ShowPet = "GET /pets/{petId}" {
        pet_id: u64,
        fields: Option<u32>,
    }

    /// In a JSON body, a string does not hold an integer, nor a list a
    /// string.
    #[endpoint(spec = "petstore.yaml")]
    pub struct CreatePet = "POST /pets" {
        name: Vec<String>,
        age: Option<String>,
        toys: Vec<u8>,
    }
}

fn main() {}

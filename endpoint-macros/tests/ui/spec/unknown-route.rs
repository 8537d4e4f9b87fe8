use endpoint::endpoint;

endpoint! {
    /// No such path: the nearest is named.
    #[endpoint(spec = "petstore.yaml")]
    pub struct ShowPet = "GET /pet/{petId}";

    /// No such method on the path.
    #[endpoint(spec = "petstore.yaml")]
    pub struct DeletePet = "DELETE /pets/{petId}";

    /// The path's placeholder is named otherwise in the description.
    #[endpoint(spec = "petstore.yaml")]
    pub struct ShowPetById = "GET /pets/{id}";

    /// No such operationId.
    #[endpoint(spec = "petstore.yaml", operation = "showPetByID")]
    pub struct ById = "GET /pets/{petId}";

    /// The operationId is another route's.
    #[endpoint(spec = "petstore.yaml", operation = "listPets")]
    pub struct NotListPets = "GET /pets/{petId}";
}

fn main() {}

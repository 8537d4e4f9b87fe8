endpoint_macros::openapi!("openapi/pets.yaml", operations = ["GET /pet/{petId}", "createPet"]);

fn main() {}

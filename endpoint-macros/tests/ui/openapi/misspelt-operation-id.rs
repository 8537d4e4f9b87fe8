endpoint_macros::openapi!("openapi/pets.yaml", operations = ["GET /pets/{petId}", "cretePet"]);

fn main() {}

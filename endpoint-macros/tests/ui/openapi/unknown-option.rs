endpoint_macros::openapi!("openapi/pets.yaml", operation_ids = ["getPet"]);

fn main() {}

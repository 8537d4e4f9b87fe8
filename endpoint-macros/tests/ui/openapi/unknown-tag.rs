endpoint_macros::openapi!("openapi/pets.yaml", tag = "pets", tag = "store");

fn main() {}

endpoint_macros::openapi!("openapi/pets.yaml", overlays = ["openapi/not-a-description.yaml"]);

fn main() {}

endpoint_macros::openapi!("openapi/diagnostic.yaml", strict);

fn main() {}

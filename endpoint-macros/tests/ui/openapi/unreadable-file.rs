endpoint_macros::openapi!("openapi/no-such-file.yaml");

fn main() {}

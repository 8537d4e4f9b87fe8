// Diagnostics are a warning, denied here to read it.
#![deny(deprecated)]

endpoint_macros::openapi!("openapi/diagnostic.yaml");

fn main() {}

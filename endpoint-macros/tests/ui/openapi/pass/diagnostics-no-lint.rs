// A description's diagnostics are a warning in the build output, not a
// lint borrowed for it: no use of a deprecated item.
#![deny(deprecated, unused_must_use)]

endpoint_macros::openapi!("openapi/diagnostic.yaml");

fn main() {}

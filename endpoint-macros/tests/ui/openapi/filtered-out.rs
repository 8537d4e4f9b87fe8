// The operation not named, and the type only it reaches, are not generated.
endpoint_macros::openapi!("openapi/pets.yaml", operations = ["getPet"]);

fn main() {
    let _ = stores::ListStores;
    let _: Option<models::Store> = None;
}

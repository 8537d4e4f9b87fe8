//! Generates the client of `petstore.yaml` into `OUT_DIR`: only the
//! operations named and the types they reach. Cargo runs it again when the
//! description changes.

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let out_dir = std::env::var("OUT_DIR")?;
    endpoint_openapi::Generator::new("petstore.yaml")
        .name("petstore")
        .operation("GET /pets/{petId}")
        .operation("createPet")
        .strict(true)
        .write_to(out_dir)?;
    Ok(())
}

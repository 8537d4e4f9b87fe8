use endpoint::endpoint;

endpoint! {
    /// No such file.
    #[endpoint(spec = "missing.yaml")]
    pub struct ShowPet = "GET /pets/{petId}";

    /// A file that is no description.
    #[endpoint(spec = "Cargo.toml")]
    pub struct ListPets = "GET /pets";
}

fn main() {}

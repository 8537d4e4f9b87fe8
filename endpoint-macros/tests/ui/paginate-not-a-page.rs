use endpoint::client::ureq::Client;
use endpoint::endpoint;
use serde::Deserialize;

/// One pet: not a page of a list.
#[derive(Deserialize)]
pub struct Pet {
    pub name: String,
}

endpoint! {
    pub struct GetPet = "GET /pets/{id}" -> Pet;
}

fn main() {
    let client = Client::builder().base_url("https://pets.example.com").build().unwrap();
    for pet in client.paginate(&GetPet { id: "1".into() }) {
        let _ = pet;
    }
}

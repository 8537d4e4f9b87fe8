// One operation by route (the method in any case), one by operationId.
endpoint_macros::openapi!(
    "openapi/pets.yaml",
    operations = ["get /pets/{petId}", "createPet"],
);

fn main() {
    let request = pets::GetPet { pet_id: 1 }.to_request().unwrap();
    assert_eq!(request.url, format!("{BASE_URL}/pets/1"));
    let _ = pets::CreatePet { name: "Rex".into(), tag: None };
    let _: models::Pet = serde_json::from_str(r#"{"id": 1, "name": "Rex"}"#).unwrap();
}

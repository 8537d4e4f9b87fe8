//! Structs checked against an OpenAPI description
//! (`#[endpoint(spec = "…")]`, feature `openapi`) compile when they match
//! it, and build the requests it describes: `tests/ui/spec/petstore.yaml`,
//! whose mismatches `tests/ui/spec/*.rs` are.
#![cfg(feature = "openapi")]

use endpoint::{Body, endpoint};
use serde::Deserialize;

/// A pet, as the answers of the description hold it.
#[derive(Debug, Deserialize)]
pub struct Pet {
    pub id: u64,
    pub name: String,
}

endpoint! {
    /// One pet, some of its fields: `{petId}` an integer in the
    /// description, `u64` here; `fields` generated, `Option<String>`.
    #[endpoint(spec = "tests/ui/spec/petstore.yaml")]
    pub struct ShowPet = "GET /pets/{petId}{?fields}" -> Pet {
        pet_id: u64,
        #[endpoint(cookie)]
        session: Option<String>,
    }

    /// The pets, the operation named by its `operationId`.
    #[endpoint(spec = "tests/ui/spec/petstore.yaml", operation = "listPets")]
    pub struct ListPets = "GET /pets" {
        limit: i32,
        tags: Vec<String>,
        #[endpoint(header, rename = "x-request-id")]
        request_id: Option<String>,
    }

    /// A new pet: the required `name`, the others left out when `None`.
    #[endpoint(spec = "tests/ui/spec/petstore.yaml")]
    pub struct CreatePet = "POST /pets" {
        name: String,
        tag: Option<String>,
        age: Option<u8>,
        toys: Vec<String>,
        vaccinated: Option<serde_json::Value>,
    }
}

/// Settings of the struct's own, which a checked struct may still name.
fn local() -> &'static endpoint::Api {
    static LOCAL: std::sync::LazyLock<endpoint::Api> = std::sync::LazyLock::new(|| {
        endpoint::Api::new("http://localhost:4010/v1").expect("a valid base URL")
    });
    &LOCAL
}

endpoint! {
    /// A pet of a description that names its server.
    #[endpoint(spec = "tests/openapi/pets.yaml")]
    pub struct GetPet = "GET /pets/{petId}" {
        pet_id: i64,
    }

    /// The same operation, with settings of its own.
    #[endpoint(spec = "tests/openapi/pets.yaml", api = local)]
    pub struct GetPetLocally = "GET /pets/{petId}" {
        pet_id: i64,
    }
}

#[test]
fn a_checked_struct_goes_to_the_descriptions_server_unless_it_names_its_api() -> endpoint::Result<()>
{
    let request = GetPet { pet_id: 7 }.to_request()?;
    assert_eq!(request.url, "https://petstore.example.com/v1/pets/7");
    // The description's settings: JSON asked for, not GitHub's media type.
    assert_eq!(request.headers.get("accept"), Some("application/json"));
    assert!(!format!("{request:?}").contains("github"), "{request:?}");
    // Another base URL, as a client's, is followed.
    let mock = endpoint::Api::new("http://127.0.0.1:4010")?;
    let request = GetPet { pet_id: 7 }.to_request_with(&mock)?;
    assert_eq!(request.url, "http://127.0.0.1:4010/pets/7");
    // `api = …` wins over the description's server.
    let request = GetPetLocally { pet_id: 7 }.to_request()?;
    assert_eq!(request.url, "http://localhost:4010/v1/pets/7");
    Ok(())
}

#[test]
fn path_query_and_cookie() -> endpoint::Result<()> {
    let request = ShowPet {
        fields: Some("name".into()),
        pet_id: 7,
        session: Some("s1".into()),
    }
    .to_request()?;
    assert_eq!(request.method, "get");
    // The description's server, and none of GitHub's settings.
    assert_eq!(
        request.url,
        "https://petstore.example.com/v1/pets/7?fields=name"
    );
    assert_eq!(request.headers.get("accept"), Some("application/json"));
    assert_eq!(request.headers.get("cookie"), Some("session=s1"));
    assert_eq!(ShowPet::TEMPLATE, "/pets/{petId}{?fields}");
    Ok(())
}

#[test]
fn query_list_and_header() -> endpoint::Result<()> {
    let request = ListPets {
        limit: 20,
        tags: vec!["cat".into(), "calm".into()],
        request_id: Some("4f2a".into()),
    }
    .to_request()?;
    assert_eq!(
        request.url,
        "https://petstore.example.com/v1/pets?limit=20&tags=cat&tags=calm"
    );
    assert_eq!(request.headers.get("x-request-id"), Some("4f2a"));
    Ok(())
}

#[test]
fn json_body() -> endpoint::Result<()> {
    let request = CreatePet {
        name: "Rex".into(),
        tag: None,
        age: Some(3),
        toys: vec!["ball".into()],
        vaccinated: Some(serde_json::json!(true)),
    }
    .to_request()?;
    assert_eq!(request.method, "post");
    assert_eq!(request.url, "https://petstore.example.com/v1/pets");
    assert_eq!(
        request.body,
        Some(Body::Json(
            r#"{"name":"Rex","age":3,"toys":["ball"],"vaccinated":true}"#.into()
        ))
    );
    Ok(())
}

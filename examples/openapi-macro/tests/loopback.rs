//! One operation of the `openapi!` client sent by both clients to the test
//! suite's loopback server, its answer decoded into the generated model.

#[path = "../../../tests/support/server.rs"]
mod server;

use endpoint::client::{reqwest, ureq};
use openapi_macro::{models, pets};
use serde_json::json;
use server::{Answer, Server};

fn answer_pets(received: &server::Received) -> Answer {
    match (received.method.as_str(), received.url.as_str()) {
        ("GET", "/pets/7") => Answer::json(200, &json!({"id": 7, "name": "Rex", "tag": "dog"})),
        ("POST", "/pets") => {
            let mut pet = received.body_json();
            pet["id"] = json!(8);
            Answer::json(201, &pet)
        }
        _ => Answer::json(404, &json!({"message": "no such route"})),
    }
}

fn rex() -> models::Pet {
    models::Pet {
        id: 7,
        name: "Rex".into(),
        tag: Some("dog".into()),
    }
}

#[test]
fn ureq_sends_the_generated_requests() {
    let server = Server::start(answer_pets);
    let client = ureq::Client::builder()
        .no_proxy()
        .base_url(server.base_url())
        .build()
        .unwrap();
    let pet = client.send(&pets::GetPet { pet_id: 7 }).unwrap();
    assert_eq!(pet.body, rex());
    let created = client
        .send(&pets::CreatePet {
            name: "Tom".into(),
            tag: None,
        })
        .unwrap();
    assert_eq!((created.status.as_u16(), created.body.id), (201, 8));
    let requests = server.requests();
    assert_eq!(requests[1].body_json(), json!({"name": "Tom"}));
}

#[test]
fn reqwest_sends_the_generated_requests() {
    let server = Server::start(answer_pets);
    let client = reqwest::Client::builder()
        .no_proxy()
        .base_url(server.base_url())
        .build()
        .unwrap();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let pet = runtime
        .block_on(client.send(&pets::GetPet { pet_id: 7 }))
        .unwrap();
    assert_eq!(pet.body, rex());
    assert_eq!(server.only_request().url, "/pets/7");
}

//! Answers decoded by their status and media type, through both clients
//! against the loopback server: an operation whose answers differ by status
//! (`answers!`), a 2xx status none of them names, ranges and `default`,
//! text and bytes, and the typed error bodies of routes that name their
//! error type (`#[endpoint(error = Type)]`), also when the body does not
//! fit it, beside a route that names none.

use crate::{backends, server};

use endpoint::body::Bytes;
use endpoint::client::Error;
use endpoint::{Endpoint, answers, endpoint};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use backends::{BACKENDS, Backend};
use server::{Answer, Received, Server};

#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
struct Pet {
    id: u64,
    name: String,
}

/// An RFC 9457 problem.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
struct Problem {
    title: String,
    status: u16,
}

/// The answer of a validation failure.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
struct Invalid {
    errors: Vec<FieldError>,
}

#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
struct FieldError {
    field: String,
    code: String,
}

answers! {
    /// The answers of creating a pet.
    #[derive(Debug, Clone, PartialEq)]
    pub enum CreatePetAnswer {
        /// The pet existed already.
        Ok(Pet) = "200",
        /// The pet, created.
        Created(Pet) = "201",
        /// Accepted, no body.
        Accepted = "202",
        /// Any other success.
        Other(Value) = "2XX",
        /// Nothing to say.
        NoContent = "204",
    }
}

answers! {
    /// The answers of a pet, with no range for the others.
    #[derive(Debug, Clone, PartialEq)]
    pub enum PetOnly {
        /// The pet.
        Ok(Pet) = "200",
        /// The pet, created.
        Created(Pet) = "201",
    }
}

answers! {
    /// The refusals of the pets' API.
    #[derive(Debug, Clone, PartialEq)]
    pub enum PetError {
        /// Any other error.
        Server(Problem) = "default",
        /// No such pet.
        NotFound(Problem) = "404",
        /// Any other client error.
        Client(Value) = "4XX",
        /// A field is wrong.
        Invalid(Invalid) = "422",
    }
}

endpoint! {
    /// A pet, whose answer differs by status.
    #[endpoint(error = PetError)]
    struct CreatePet = "GET /pets/{case}" -> CreatePetAnswer;

    /// A pet, answered by two statuses only.
    #[endpoint(error = PetError)]
    struct GetPetOnly = "GET /pets/{case}" -> PetOnly;

    /// A pet, with no error type named.
    struct GetPet = "GET /pets/{case}" -> Pet;

    /// A refusal's body as it came.
    #[endpoint(error = Bytes)]
    struct GetPetBytes = "GET /pets/{case}" -> Pet;

    /// A text.
    struct GetText = "GET /text" -> String;

    /// An image.
    struct GetImage = "GET /image/{case}" -> Bytes;
}

/// The image the server sends: not UTF-8, not JSON.
const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\x00\xff\xfe";

fn answer(request: &Received) -> Answer {
    let pet = |id: u64, name: &str| json!({"id": id, "name": name});
    match request.url.as_str() {
        "/pets/200" => Answer::json(200, &pet(1, "Rex")),
        "/pets/201" => Answer::json(201, &pet(2, "Tom")),
        "/pets/202" => Answer::body(202, None, b""),
        "/pets/203" => Answer::json(203, &json!({"queued": true})),
        "/pets/204" => Answer::body(204, Some("application/json"), b""),
        "/pets/bad" => Answer::json(200, &json!({"id": "one", "name": "Rex"})),
        "/pets/206" => Answer::json(206, &pet(3, "Part")),
        "/pets/404" => Answer::json(404, &json!({"title": "no such pet", "status": 404})),
        "/pets/418" => Answer::json(418, &json!({"message": "a teapot"})),
        "/pets/422" => Answer::json(
            422,
            &json!({"errors": [{"field": "name", "code": "missing"}]}),
        ),
        "/pets/500" => Answer::json(500, &json!({"title": "it broke", "status": 500})),
        "/pets/503" => Answer::body(503, Some("text/html"), b"<html>busy</html>"),
        "/text" => Answer::body(200, Some("text/plain; charset=utf-8"), b"pong\n"),
        "/image/png" => Answer::body(200, Some("image/png"), PNG),
        "/image/json" => Answer::body(200, Some("application/json"), br#"{"a": 1}"#),
        "/image/none" => Answer::body(200, None, PNG),
        _ => Answer::json(400, &json!({"message": "unexpected request"})),
    }
}

/// Runs `test` once per backend, against a fresh server answering with
/// [`answer`], with a client that neither retries nor waits.
fn with_each_backend(test: impl Fn(&Backend)) {
    for name in BACKENDS {
        eprintln!("with {name}");
        let server = Server::start(answer);
        let endpoint = Endpoint::default()
            .defaults(json!({"baseUrl": server.base_url()}))
            .expect("valid defaults");
        test(&Backend::new(name, endpoint));
    }
}

fn create(case: &str) -> CreatePet {
    CreatePet { case: case.into() }
}

#[test]
fn successes_decode_by_status() {
    with_each_backend(|backend| {
        let rex = Pet {
            id: 1,
            name: "Rex".into(),
        };
        let tom = Pet {
            id: 2,
            name: "Tom".into(),
        };
        let ok = backend.send(&create("200")).unwrap();
        assert_eq!(
            (ok.status.as_u16(), ok.body),
            (200, CreatePetAnswer::Ok(rex))
        );
        let created = backend.send(&create("201")).unwrap();
        assert_eq!(created.status.as_u16(), 201);
        assert_eq!(created.body, CreatePetAnswer::Created(tom.clone()));
        assert_eq!(
            backend.send(&create("202")).unwrap().body,
            CreatePetAnswer::Accepted
        );
        assert_eq!(
            backend.send(&create("204")).unwrap().body,
            CreatePetAnswer::NoContent
        );
        // Another 2xx: the range.
        assert_eq!(
            backend.send(&create("203")).unwrap().body,
            CreatePetAnswer::Other(json!({"queued": true}))
        );
        // A request built at run time decodes the same way.
        let request = backend
            .endpoint()
            .endpoint("GET /pets/201", json!({}))
            .unwrap();
        assert_eq!(
            backend.execute::<CreatePetAnswer>(request).unwrap().body,
            CreatePetAnswer::Created(tom.clone())
        );
        // The enum writes its variant's value.
        assert_eq!(
            serde_json::to_value(CreatePetAnswer::Created(tom)).unwrap(),
            json!({"id": 2, "name": "Tom"})
        );
        assert_eq!(
            serde_json::to_value(CreatePetAnswer::Accepted).unwrap(),
            Value::Null
        );
    });
}

#[test]
fn a_success_no_variant_names_is_a_decode_error() {
    with_each_backend(|backend| {
        let error = backend
            .send(&GetPetOnly { case: "206".into() })
            .unwrap_err();
        let decode = error.decode_error().expect("a decode error");
        assert!(decode.type_name().ends_with("PetOnly"), "{decode:?}");
        assert_eq!(
            decode.serde_error().to_string(),
            "status 206 is none of the answers of `PetOnly` (200, 201)"
        );
        assert!(error.to_string().contains("status 206"), "{error}");
        // The body is kept.
        assert_eq!(
            serde_json::from_slice::<Value>(decode.body()).unwrap(),
            json!({"id": 3, "name": "Part"})
        );
        // A body that does not fit its status' type names its path.
        let error = backend.send(&create("bad")).unwrap_err();
        let decode = error.decode_error().expect("a decode error");
        assert_eq!(decode.path(), "id");
        assert!(
            decode
                .serde_error()
                .to_string()
                .contains("invalid type: string"),
            "{error}"
        );
    });
}

#[test]
fn error_bodies_decode_by_status_exact_then_range_then_default() {
    with_each_backend(|backend| {
        let refusal = |case: &str| {
            let error = backend.send(&create(case)).unwrap_err();
            assert_eq!(
                error.status().map(|status| status.as_u16().to_string()),
                Some(case.to_owned()),
                "{error}"
            );
            error
        };
        let error = refusal("404");
        assert_eq!(
            error.error_body::<CreatePet>().unwrap().unwrap(),
            PetError::NotFound(Problem {
                title: "no such pet".into(),
                status: 404,
            })
        );
        let error = refusal("422");
        assert_eq!(
            error.error_body::<CreatePet>().unwrap().unwrap(),
            PetError::Invalid(Invalid {
                errors: vec![FieldError {
                    field: "name".into(),
                    code: "missing".into(),
                }],
            })
        );
        assert_eq!(
            refusal("418").error_body::<CreatePet>().unwrap().unwrap(),
            PetError::Client(json!({"message": "a teapot"}))
        );
        let error = refusal("500");
        assert_eq!(
            error.error_body::<CreatePet>().unwrap().unwrap(),
            PetError::Server(Problem {
                title: "it broke".into(),
                status: 500,
            })
        );
        // The same body, read by the refusal itself as any type.
        let api = error.api_error().unwrap();
        assert_eq!(
            api.body_as::<Value>().unwrap(),
            json!({"title": "it broke", "status": 500})
        );
        assert_eq!(api.body_as::<Problem>().unwrap().title, "it broke");
    });
}

#[test]
fn an_error_body_that_does_not_fit_keeps_its_bytes() {
    with_each_backend(|backend| {
        let error = backend.send(&create("503")).unwrap_err();
        let failure = error.error_body::<CreatePet>().unwrap().unwrap_err();
        assert_eq!(failure.path(), "");
        assert!(
            failure.to_string().contains("expected struct Problem"),
            "{failure}"
        );
        assert_eq!(error.api_error().unwrap().body, b"<html>busy</html>");
        // A `Problem` whose field does not fit names it.
        let error = backend.send(&create("418")).unwrap_err();
        let failure = error.api_error().unwrap().body_as::<Problem>().unwrap_err();
        assert!(
            failure.to_string().contains("missing field `title`"),
            "{failure}"
        );
        // The bytes, as an error type.
        let error = backend
            .send(&GetPetBytes { case: "503".into() })
            .unwrap_err();
        assert_eq!(
            error.error_body::<GetPetBytes>().unwrap().unwrap(),
            Bytes(b"<html>busy</html>".to_vec())
        );
        // An error that holds no answer has no body.
        let error = backend
            .send(&GetPetOnly { case: "206".into() })
            .unwrap_err();
        assert!(error.decode_error().is_some(), "{error}");
        assert!(error.error_body::<GetPetOnly>().is_none());
    });
}

#[test]
fn a_route_without_an_error_type_reads_json() {
    with_each_backend(|backend| {
        let pet = backend.send(&GetPet { case: "200".into() }).unwrap().body;
        assert_eq!(
            pet,
            Pet {
                id: 1,
                name: "Rex".into(),
            }
        );
        let error = backend.send(&GetPet { case: "404".into() }).unwrap_err();
        assert!(matches!(error, Error::Status(_)), "{error:?}");
        assert_eq!(
            error.error_body::<GetPet>().unwrap().unwrap(),
            json!({"title": "no such pet", "status": 404})
        );
        // A body that is not JSON is its text.
        let error = backend.send(&GetPet { case: "503".into() }).unwrap_err();
        assert_eq!(
            error.error_body::<GetPet>().unwrap().unwrap(),
            json!("<html>busy</html>")
        );
    });
}

#[test]
fn text_and_bytes() {
    with_each_backend(|backend| {
        assert_eq!(backend.send(&GetText).unwrap().body, "pong\n");
        for case in ["png", "none"] {
            let image = backend.send(&GetImage { case: case.into() }).unwrap();
            assert_eq!(&image.body[..], PNG, "{case}");
        }
        // Bytes are what came, even when the media type says JSON.
        let json = backend
            .send(&GetImage {
                case: "json".into(),
            })
            .unwrap();
        assert_eq!(json.body.into_vec(), br#"{"a": 1}"#);
    });
}

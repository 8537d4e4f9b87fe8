//! Every operation of a generated crate sent to a server that validates
//! each request against the crate's own description: `every-api` (the
//! crate of `tests/fixtures/openapi/every/openapi.yaml` with its overlay)
//! against Prism (`tests/support/prism.rs`), once with the required
//! parameters only and once with every parameter filled, through the
//! blocking client. No request may violate the description (Prism names
//! the violations of a request in the `sl-violations` header of its
//! answer), and every answer — Prism's mock of the description's first
//! success, from its examples or its schema — must decode into the
//! operation's answer type. Where Prism 5.16 cannot read a form that
//! OpenAPI allows (a list of several items in a path, a space-delimited
//! query or a joined form value; an absent optional list or object header;
//! a JSON part of a multipart body; XML), the case says so and leaves that
//! form out (or fills the header); an answer that Prism makes up
//! against the description (it names its own violations) must be refused.
//!
//! `cargo xtask test` installs Prism (`npm ci` in `tests/prism`) and names
//! it in `PRISM`: without it the test fails, saying how to install it.

#[path = "../../../tests/support/prism.rs"]
mod prism;

use std::fmt;
use std::path::{Path, PathBuf};

use endpoint::TypedRequest;
use endpoint::body::File;
use endpoint::client::ureq::Client;
use endpoint::client::{Error, Retry};
use endpoint::model::Answer;
use every_api::{answers, bodies, params, pets, untagged};
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

use prism::Prism;

/// The operation's own server in the description (`PUT /files/{name}`),
/// sent to Prism too.
const FILES_SERVER: &str = "https://files.every.example/v2";

/// What became of one request.
enum Outcome {
    /// A 2xx, decoded into the operation's answer type.
    Accepted,
    /// Prism found the request against the description.
    Violation(String),
    /// A 2xx that does not decode into the operation's answer type.
    Undecoded(String),
    /// A 2xx that Prism made up against the description (it says so in
    /// `sl-violations`: the objects it makes up for a recursive schema lack
    /// their required properties), which the crate refuses to decode, as
    /// it should.
    RefusedInvalid(String),
    /// Any other failure (a refusal that names no violation, no answer).
    Failed(String),
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Accepted => f.write_str("accepted"),
            Outcome::Violation(why) => write!(f, "request violation: {why}"),
            Outcome::Undecoded(why) => write!(f, "answer not decoded: {why}"),
            Outcome::RefusedInvalid(why) => write!(
                f,
                "accepted; Prism's answer breaks the description and is refused: {why}"
            ),
            Outcome::Failed(why) => write!(f, "failed: {why}"),
        }
    }
}

/// One request sent: the operation, which of its cases, what became of it.
struct Case {
    operation: &'static str,
    parameters: &'static str,
    outcome: Outcome,
}

/// Sends `route` and judges the answer.
fn outcome<R>(client: &Client, route: &R) -> Outcome
where
    R: TypedRequest,
    R::Response: Answer,
{
    // The errors of the request (or, with `of: "response"`, of Prism's own
    // answer) in Prism's `sl-violations` header: its warnings (a deprecated
    // parameter's) are no violation.
    let violations_of = |of: &str, headers: &http::HeaderMap| {
        let header = headers.get("sl-violations")?;
        let errors: Vec<Value> = serde_json::from_slice::<Vec<Value>>(header.as_bytes())
            .unwrap_or_else(|_| vec![json!(String::from_utf8_lossy(header.as_bytes()))])
            .into_iter()
            .filter(|violation| {
                violation["severity"] != "Warning"
                    && (violation["location"][0] == "response") == (of == "response")
            })
            .collect();
        (!errors.is_empty()).then(|| Value::from(errors).to_string())
    };
    match client.send(route) {
        Ok(response) => match violations_of("request", &response.headers) {
            // Prism answers a request that breaks the description with its
            // mock all the same, naming the violations.
            Some(violations) => Outcome::Violation(violations),
            None => Outcome::Accepted,
        },
        Err(Error::Status(refusal)) => match violations_of("request", &refusal.headers) {
            Some(violations) => Outcome::Violation(violations),
            // Prism's own problem when the description has no answer for a
            // violation: its `validation` is in the message.
            None if refusal.status == 422 && !refusal.errors.is_empty() => {
                Outcome::Violation(refusal.to_string())
            }
            None => Outcome::Failed(refusal.to_string()),
        },
        // The same request again, its answer read as any JSON: whether
        // Prism says that it made it up against the description.
        Err(Error::Decode(error)) => {
            let again = route
                .to_request_with(client.endpoint())
                .map_err(Error::from)
                .and_then(|request| client.execute::<Value>(request));
            match again
                .ok()
                .and_then(|answer| violations_of("response", &answer.headers))
            {
                Some(invalid) => Outcome::RefusedInvalid(format!("{invalid}; {error}")),
                None => Outcome::Undecoded(error.to_string()),
            }
        }
        Err(error) => Outcome::Failed(error.to_string()),
    }
}

/// A value of a generated model, from its JSON, as a user may build one.
fn model<T: DeserializeOwned>(value: Value) -> T {
    serde_json::from_value(value).expect("the model reads its JSON")
}

/// The property `name` of `value`, if it has one, as a generated model.
fn field<T: DeserializeOwned>(value: &Value, name: &str) -> Option<T> {
    value.get(name).cloned().map(model)
}

/// A new pet, every property of `NewPet` set.
fn new_pet() -> Value {
    json!({"name": "Rex", "kind": "dog", "tag": "good", "secret": "s3cr3t"})
}

/// Every property of `Everything` set, each to a value its schema allows.
fn everything() -> Value {
    json!({
        "int32": -5,
        // Beyond 32 bits, within Prism's (JavaScript's) exact integers.
        "int64": 4_294_967_296_i64,
        "uint64": 18,
        "number": 2.5,
        "float": 0.25,
        "bool": true,
        "nullable": 3,
        "maybe": "perhaps",
        "const": "fixed",
        "bytes": "aGVsbG8=",
        "tuple": ["a", 1],
        "map": {"a": 1},
        "kind": "cat",
        "shape": {"shape": "circle", "radius": 2.5},
        "either": 4,
        "named": {"x": 1, "y": 2, "label": "origin"},
        "node": {"value": 1, "children": [{"value": 2}], "parent": {"value": 0}},
        "defs": {"note": "local"},
        "here": {"lat": 48.85, "lon": 2.35},
        "there": {"lat": -33.86, "lon": 151.2},
        "any": {"anything": [1, "two", null]},
        "self": "me",
        "Self": "Me",
        "type": "t",
        "DateSent": "2024-01-02",
        "DateSent<": "2024-02-01",
        "DateSent>": "2023-12-01",
        "+1": 1,
        "-1": -1,
        "selfLinks": {"self": "https://example.com/self"},
    })
}

/// `PUT /bodies/json` and `POST /schemas` with the fields of `value`.
macro_rules! everything_route {
    ($route:path, $value:expr) => {{
        let value: Value = $value;
        $route {
            int32: field(&value, "int32"),
            int64: field(&value, "int64"),
            uint64: field(&value, "uint64"),
            number: field(&value, "number"),
            float: field(&value, "float"),
            bool: field(&value, "bool"),
            nullable: field(&value, "nullable"),
            maybe: field(&value, "maybe"),
            r#const: field(&value, "const"),
            bytes: field(&value, "bytes"),
            tuple: field(&value, "tuple"),
            map: field(&value, "map"),
            kind: field(&value, "kind"),
            shape: field(&value, "shape"),
            either: field(&value, "either"),
            named: field(&value, "named"),
            node: field(&value, "node"),
            defs: field(&value, "defs"),
            here: field(&value, "here"),
            there: field(&value, "there"),
            any: field(&value, "any"),
            self_: field(&value, "self"),
            body_self: field(&value, "Self"),
            r#type: field(&value, "type"),
            date_sent: field(&value, "DateSent"),
            date_sent_before: field(&value, "DateSent<"),
            date_sent_after: field(&value, "DateSent>"),
            plus_1: field(&value, "+1"),
            minus_1: field(&value, "-1"),
            self_links: field(&value, "selfLinks"),
        }
    }};
}

/// Every operation of `every-api`, with its required parameters only and
/// with every parameter filled. Optional fields are written out as `None`
/// where the request has required ones, so that no case leans on
/// `Default`.
fn every_operation(client: &Client, prism: &mut Prism) -> Vec<Case> {
    let mut cases = Vec::new();
    let mut case = |operation, parameters, outcome| {
        // A request that ended the server is a failure of its own; the
        // next ones go to a new server.
        let outcome = match prism.revive(matches!(outcome, Outcome::Failed(_))) {
            Some(exited) => Outcome::Failed(exited),
            None => outcome,
        };
        cases.push(Case {
            operation,
            parameters,
            outcome,
        })
    };
    const REQUIRED: &str = "required only";
    const EVERY: &str = "every parameter";
    const NONE: &str = "no parameters";

    // pets
    case(
        "pets::ListPets",
        REQUIRED,
        outcome(
            client,
            &pets::ListPets {
                limit: None,
                r#continue: None,
                label_selector: None,
                sort: None,
                owner: None,
                x_request_id: None,
            },
        ),
    );
    case(
        "pets::ListPets",
        EVERY,
        outcome(
            client,
            &pets::ListPets {
                limit: Some(10),
                r#continue: Some("eyJ2IjoxfQ==".into()),
                label_selector: Some("app=web,tier!=db".into()),
                sort: Some(model(json!("desc"))),
                owner: Some("ann".into()),
                x_request_id: Some("req-1".into()),
            },
        ),
    );
    case(
        "pets::CreatePet",
        REQUIRED,
        outcome(
            client,
            &pets::CreatePet {
                x_request_id: None,
                name: "Rex".into(),
                kind: None,
                tag: None,
                secret: None,
            },
        ),
    );
    let pet = new_pet();
    case(
        "pets::CreatePet",
        EVERY,
        outcome(
            client,
            &pets::CreatePet {
                x_request_id: Some("req-2".into()),
                name: model(pet["name"].clone()),
                kind: Some(model(pet["kind"].clone())),
                tag: Some(model(pet["tag"].clone())),
                secret: Some(model(pet["secret"].clone())),
            },
        ),
    );
    case(
        "pets::GetPet",
        REQUIRED,
        outcome(
            client,
            &pets::GetPet {
                pet_id: "7".into(),
                fields: None,
            },
        ),
    );
    case(
        "pets::GetPet",
        EVERY,
        outcome(
            client,
            &pets::GetPet {
                pet_id: "7".into(),
                fields: Some(vec!["name".into(), "kind".into()]),
            },
        ),
    );
    case(
        "pets::DeletePet",
        REQUIRED,
        outcome(client, &pets::DeletePet { pet_id: "7".into() }),
    );
    case(
        "pets::GetOwner",
        REQUIRED,
        outcome(
            client,
            &pets::GetOwner {
                owner_id: 3,
                label_selector: None,
            },
        ),
    );
    case(
        "pets::GetOwner",
        EVERY,
        outcome(
            client,
            &pets::GetOwner {
                owner_id: 3,
                label_selector: Some("app=web".into()),
            },
        ),
    );
    case(
        "pets::GetOwnerAddress",
        REQUIRED,
        outcome(client, &pets::GetOwnerAddress { owner_id: 3 }),
    );

    // params
    // One item in each list of the path: Prism 5.16 splits a path
    // parameter at its commas before it reads the parameter's style, and
    // then crashes on the list it made (`value.split is not a function`).
    case(
        "params::PathStyles",
        REQUIRED,
        outcome(
            client,
            &params::PathStyles {
                simple: vec!["b c".into()],
                label: vec![3],
                matrix: "m".into(),
                exploded: model(json!({"x": 1, "y": -2})),
            },
        ),
    );
    case(
        "params::QueryStyles",
        REQUIRED,
        outcome(
            client,
            &params::QueryStyles {
                form: None,
                form_joined: None,
                space: None,
                pipe: None,
                deep: None,
                reserved: None,
                empty: None,
                json: None,
                date_sent: None,
                date_sent_before: None,
                date_sent_after: None,
                plus_1: None,
                minus_1: None,
                r#type: None,
                self_: None,
                old: None,
            },
        ),
    );
    case(
        "params::QueryStyles",
        EVERY,
        outcome(
            client,
            &params::QueryStyles {
                form: Some(vec!["a".into(), "b".into()]),
                form_joined: Some(vec!["a".into(), "b".into()]),
                // One item: Prism 5.16 splits a `spaceDelimited` value at
                // `%20` after decoding it, so that `1 2` is one item.
                space: Some(vec![1]),
                pipe: Some(vec!["x".into(), "y".into()]),
                deep: Some(model(
                    json!({"created": {"gt": 5, "lt": 9}, "status": "open"}),
                )),
                reserved: Some("a/b?c".into()),
                empty: Some(true),
                json: Some(model(json!({"x": 1, "y": 2}))),
                date_sent: Some("2024-01-02".into()),
                date_sent_before: Some("2024-02-01".into()),
                date_sent_after: Some("2023-12-01".into()),
                plus_1: Some(true),
                minus_1: Some(false),
                r#type: Some("t".into()),
                self_: Some("me".into()),
                old: Some("o".into()),
            },
        ),
    );
    // With `X-Request-Tags` and `X-Point`, although they are optional:
    // Prism 5.16 ends on an exception (`Cannot read properties of undefined
    // (reading 'split')`) when an optional list or object header is absent.
    case(
        "params::HeaderAndCookie",
        "required only, and X-Request-Tags and X-Point",
        outcome(
            client,
            &params::HeaderAndCookieParams {
                x_request_tags: Some(vec!["a".into()]),
                x_point: Some(model(json!({"x": 0, "y": 0}))),
                idempotency_key: "key-1".into(),
                session: "s3cr3t".into(),
                prefs: None,
            },
        ),
    );
    case(
        "params::HeaderAndCookie",
        EVERY,
        outcome(
            client,
            &params::HeaderAndCookieParams {
                x_request_tags: Some(vec!["a".into(), "b".into()]),
                x_point: Some(model(json!({"x": 1, "y": 2}))),
                idempotency_key: "key-1".into(),
                session: "s3cr3t".into(),
                prefs: Some(vec!["dark".into(), "wide".into()]),
            },
        ),
    );
    case(
        "params::JoinedCookie",
        REQUIRED,
        outcome(client, &params::JoinedCookie { langs: None }),
    );
    case(
        "params::JoinedCookie",
        EVERY,
        outcome(
            client,
            &params::JoinedCookie {
                langs: Some(vec!["de".into(), "en".into()]),
            },
        ),
    );

    // bodies
    case(
        "bodies::PutJson",
        REQUIRED,
        outcome(client, &everything_route!(bodies::PutJson, json!({}))),
    );
    case(
        "bodies::PutJson",
        EVERY,
        outcome(client, &everything_route!(bodies::PutJson, everything())),
    );
    case(
        "bodies::PatchMerge",
        REQUIRED,
        outcome(
            client,
            &bodies::PatchMerge {
                name: None,
                tag: None,
            },
        ),
    );
    case(
        "bodies::PatchMerge",
        EVERY,
        outcome(
            client,
            &bodies::PatchMerge {
                name: Some("Max".into()),
                tag: Some("calm".into()),
            },
        ),
    );
    case(
        "bodies::PostForm",
        REQUIRED,
        outcome(
            client,
            &bodies::PostForm {
                amount: 2000,
                metadata: None,
                card: None,
                expand: None,
                tags: None,
            },
        ),
    );
    case(
        "bodies::PostForm",
        EVERY,
        outcome(
            client,
            &bodies::PostForm {
                amount: 2000,
                metadata: Some([("order".to_owned(), "6735".to_owned())].into()),
                card: Some(model(
                    json!({"number": "4242", "exp": {"month": 12, "year": 2030}}),
                )),
                expand: Some(vec!["customer".into()]),
                // One tag: Prism 5.16 refuses the comma that joins the
                // items of a form value (`explode: false`) as a reserved
                // character, although OpenAPI's style examples write it so.
                tags: Some(vec!["a".into()]),
            },
        ),
    );
    let png = b"\x89PNG\r\n\x1a\n-bytes".to_vec();
    case(
        "bodies::UploadPhoto",
        REQUIRED,
        outcome(
            client,
            &bodies::UploadPhoto {
                caption: None,
                file: File::new(png.clone()).file_name("rex.png"),
                meta: None,
                thumbnails: None,
            },
        ),
    );
    // Without `meta` and `thumbnails`: Prism 5.16 reads every part of a
    // multipart body as text, so that the JSON part `meta`
    // (`contentType: application/json`) is no object to it, nor a list of
    // parts a list.
    case(
        "bodies::UploadPhoto",
        "required only, and caption",
        outcome(
            client,
            &bodies::UploadPhoto {
                caption: Some("Rex".into()),
                file: File::new(png.clone()).file_name("rex.png"),
                meta: None,
                thumbnails: None,
            },
        ),
    );
    case(
        "bodies::PutBytes",
        REQUIRED,
        outcome(
            client,
            &bodies::PutBytes {
                body: File::new(vec![0, 1, 2, 255]),
            },
        ),
    );
    case(
        "bodies::PutFile",
        REQUIRED,
        outcome(
            client,
            &bodies::PutFile {
                name: "a b.bin".into(),
                body: File::new(vec![7, 0, 255]),
            },
        ),
    );
    case(
        "bodies::PutText",
        REQUIRED,
        outcome(
            client,
            &bodies::PutText {
                body: "héllo\n".into(),
            },
        ),
    );
    case(
        "bodies::PostChoice",
        REQUIRED,
        outcome(
            client,
            &bodies::PostChoice {
                body: bodies::PostChoiceBody::Json(json!({"name": "Rex"})),
            },
        ),
    );
    case(
        "bodies::PostChoice (JSON)",
        EVERY,
        outcome(
            client,
            &bodies::PostChoice {
                body: bodies::PostChoiceBody::Json(new_pet()),
            },
        ),
    );
    case(
        "bodies::PostChoice (form)",
        EVERY,
        outcome(
            client,
            &bodies::PostChoice {
                body: bodies::PostChoiceBody::Form(new_pet()),
            },
        ),
    );
    // Not as XML: Prism 5.16 reads no XML, and finds any XML body "not an
    // object".

    // answers
    case(
        "answers::AnswerByStatus",
        REQUIRED,
        outcome(client, &answers::AnswerByStatus { status: 200 }),
    );
    case(
        "answers::SameAnswer",
        NONE,
        outcome(client, &answers::SameAnswer),
    );
    case(
        "answers::Download",
        NONE,
        outcome(client, &answers::Download),
    );
    case(
        "answers::DeleteAll",
        NONE,
        outcome(client, &answers::DeleteAll),
    );
    case(
        "answers::OptionsAnswersEmpty",
        NONE,
        outcome(client, &answers::OptionsAnswersEmpty),
    );
    case(
        "answers::HeadAnswersEmpty",
        NONE,
        outcome(client, &answers::HeadAnswersEmpty),
    );
    case(
        "answers::RoundTrip",
        REQUIRED,
        outcome(client, &everything_route!(answers::RoundTrip, json!({}))),
    );
    case(
        "answers::RoundTrip",
        EVERY,
        outcome(client, &everything_route!(answers::RoundTrip, everything())),
    );

    // untagged
    case(
        "untagged::GetUntaggedId",
        REQUIRED,
        outcome(client, &untagged::GetUntaggedId { id: "u1".into() }),
    );
    cases
}

/// The description `every-api` is generated from, as Prism reads it:
/// `openapi.yaml` with `overlay.yaml` applied (by the generator's own
/// overlay code, as `cargo run -p xtask -- generate` does), written as
/// JSON into `dir` beside a copy of the file its `$ref`s reach.
fn description(dir: &Path) -> PathBuf {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/openapi/every");
    let read = |name: &str| {
        let text = std::fs::read_to_string(fixtures.join(name)).expect("the fixture is readable");
        endpoint_openapi::read::parse(&text).expect("the fixture is YAML")
    };
    let mut description = read("openapi.yaml");
    endpoint_openapi::overlay::apply(&mut description, &read("overlay.yaml"))
        .expect("the overlay applies");
    std::fs::create_dir_all(dir).expect("a temporary directory");
    std::fs::copy(fixtures.join("common.yaml"), dir.join("common.yaml"))
        .expect("common.yaml copied");
    let path = dir.join("openapi.json");
    std::fs::write(&path, serde_json::to_vec_pretty(&description).unwrap())
        .expect("the description written");
    path
}

#[test]
fn every_operation_is_accepted_by_a_validating_server_and_its_answer_decodes() {
    let dir = std::env::temp_dir().join(format!("endpoint-prism-every-{}", std::process::id()));
    let mut prism = Prism::start(&description(&dir));
    let client = Client::builder()
        .no_proxy()
        .base_url(prism.base_url())
        .operation_server(FILES_SERVER, prism.base_url())
        .bearer("prism-token")
        // A refusal is what this test looks for, not something to wait out.
        .retry(Retry::never())
        .build()
        .expect("valid settings");

    let cases = every_operation(&client, &mut prism);
    let _ = std::fs::remove_dir_all(&dir);
    let report: Vec<String> = cases
        .iter()
        .map(|case| format!("{} ({}): {}", case.operation, case.parameters, case.outcome))
        .collect();
    println!("{}", report.join("\n"));
    let failed: Vec<&String> = cases
        .iter()
        .zip(&report)
        .filter(|(case, _)| !matches!(case.outcome, Outcome::Accepted | Outcome::RefusedInvalid(_)))
        .map(|(_, line)| line)
        .collect();
    assert!(
        failed.is_empty(),
        "{} of {} requests were not accepted and decoded:\n{}\n\nPrism's log:\n{}",
        failed.len(),
        cases.len(),
        failed
            .iter()
            .map(|line| line.as_str())
            .collect::<Vec<_>>()
            .join("\n"),
        prism.output()
    );
}

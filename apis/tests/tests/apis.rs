//! The crates `cargo endpoint generate` writes (`apis/`), used as their
//! users use them: operations of each built as its description defines the
//! request, sent by both clients to the loopback server, which checks the
//! method, path, query, headers and body bytes; the answer decoded into the
//! generated type.
//!
//! `every-api` is the crate of `tests/fixtures/openapi/every/openapi.yaml`
//! (every construct once); `stripe-api`, `kubernetes-api` and `twilio-api`
//! those of the public descriptions of `tests/fixtures/openapi/`.

#[macro_use]
#[path = "../../../tests/support/backends.rs"]
mod backends;
#[path = "../../../tests/support/server.rs"]
mod server;

use endpoint::TypedRequest;
use endpoint::body::File;
use endpoint::client::{ClientBuilder, Error};
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

use backends::BACKENDS;
use server::{Answer, Received, Server};

/// Sends `route` with each client to a server answering `answer`; what the
/// server received and the decoded answer, for each client.
fn exchange<R>(route: &R, answer: &Answer) -> Vec<(Received, R::Response)>
where
    R: TypedRequest + Sync,
    R::Response: DeserializeOwned,
{
    BACKENDS
        .iter()
        .map(|name| {
            let answer = answer.clone();
            let server = Server::start(move |_| answer.clone());
            let client = client!(*name, &server.base_url(), |b: ClientBuilder<_>| b);
            let response = client
                .send(route)
                .unwrap_or_else(|err| panic!("{name}: {err}"));
            (server.only_request(), response.body)
        })
        .collect()
}

/// An answer of `status` with a body of `content_type`.
fn answer(status: u16, content_type: &str, body: &[u8]) -> Answer {
    Answer {
        status,
        headers: vec![("content-type".into(), content_type.into())],
        body: body.to_vec(),
    }
}

/// An answer without a body.
fn empty(status: u16) -> Answer {
    Answer {
        status,
        headers: Vec::new(),
        body: Vec::new(),
    }
}

/// A value of a generated model, from its JSON, as a user may build one.
fn model<T: DeserializeOwned>(value: Value) -> T {
    serde_json::from_value(value).expect("the model reads its JSON")
}

/// The pairs of a form body or query, decoded.
fn pairs(text: &[u8]) -> Vec<(String, String)> {
    form_urlencoded::parse(text).into_owned().collect()
}

fn pair(name: &str, value: &str) -> (String, String) {
    (name.to_owned(), value.to_owned())
}

/// The query of a request target, decoded.
fn query(received: &Received) -> Vec<(String, String)> {
    let (_, query) = received.url.split_once('?').unwrap_or_default();
    pairs(query.as_bytes())
}

fn pet_json() -> Value {
    json!({
        "id": 7,
        "name": "Rex",
        "kind": "dog",
        "tag": null,
        "owner": {"id": 1, "name": "Ann", "contact": {"email": "ann@example.com", "phone": null}},
        "photos": [{"id": "p1", "size": 12}],
    })
}

// ---------------------------------------------------------------------------
// every-api: each parameter location and style
// ---------------------------------------------------------------------------

#[test]
fn every_query_parameters_of_a_list_with_the_overlays_one() {
    let route = every_api::pets::ListPets {
        limit: Some(10),
        r#continue: Some("eyJ2IjoxfQ==".into()),
        label_selector: Some("app=web,tier!=db".into()),
        owner: Some("ann".into()),
        x_request_id: Some("req-1".into()),
        ..Default::default()
    };
    for (received, pets) in exchange(&route, &Answer::json(200, &json!([pet_json()]))) {
        assert_eq!(received.method, "GET");
        assert_eq!(received.url.split('?').next(), Some("/pets"));
        assert_eq!(
            query(&received),
            [
                pair("limit", "10"),
                pair("continue", "eyJ2IjoxfQ=="),
                pair("labelSelector", "app=web,tier!=db"),
                pair("owner", "ann"),
            ]
        );
        assert_eq!(received.header("x-request-id"), "req-1");
        assert!(received.body.is_empty());
        assert_eq!(pets.len(), 1);
        assert_eq!(pets[0].name, "Rex");
        assert_eq!(pets[0].id, 7);
        let owner = pets[0].owner.as_ref().expect("the owner");
        assert_eq!(owner.name, "Ann");
        // Written back as it was read.
        assert_eq!(
            serde_json::to_value(&pets[0]).unwrap()["owner"],
            pet_json()["owner"]
        );
    }
}

#[test]
fn every_path_styles() {
    let route = every_api::params::PathStyles {
        simple: vec!["a".into(), "b c".into()],
        label: vec![3, 4],
        matrix: "m".into(),
        exploded: model(json!({"x": 1, "y": -2})),
    };
    for (received, ()) in exchange(&route, &empty(204)) {
        assert_eq!(received.method, "GET");
        assert_eq!(
            received.url,
            "/params/path/a,b%20c/.3,4/;matrix=m/;x=1;y=-2"
        );
    }
}

#[test]
fn every_query_styles_and_names_that_clash() {
    let route = every_api::params::QueryStyles {
        form: Some(vec!["a".into(), "b".into()]),
        form_joined: Some(vec!["a".into(), "b".into()]),
        space: Some(vec![1, 2]),
        pipe: Some(vec!["x".into(), "y".into()]),
        deep: Some(model(json!({"created": {"gt": 5}, "status": "open"}))),
        reserved: Some("a/b?c".into()),
        date_sent: Some("2024-01-02".into()),
        date_sent_before: Some("2024-02-01".into()),
        date_sent_after: Some("2023-12-01".into()),
        plus_1: Some(true),
        minus_1: Some(false),
        r#type: Some("t".into()),
        self_: Some("me".into()),
        ..Default::default()
    };
    for (received, ()) in exchange(&route, &empty(204)) {
        let target = &received.url;
        assert!(target.starts_with("/params/query?"), "{target}");
        // allowReserved: `/` and `?` as they are.
        assert!(target.contains("&reserved=a/b?c&"), "{target}");
        assert_eq!(
            query(&received),
            [
                pair("form", "a"),
                pair("form", "b"),
                pair("formJoined", "a,b"),
                pair("space", "1 2"),
                pair("pipe", "x|y"),
                pair("deep[created][gt]", "5"),
                pair("deep[status]", "open"),
                pair("reserved", "a/b?c"),
                pair("DateSent", "2024-01-02"),
                pair("DateSent<", "2024-02-01"),
                pair("DateSent>", "2023-12-01"),
                pair("+1", "true"),
                pair("-1", "false"),
                pair("type", "t"),
                pair("self", "me"),
            ],
            "{target}"
        );
    }
}

#[test]
fn every_header_and_cookie_parameters() {
    let route = every_api::params::HeaderAndCookieParams {
        x_request_tags: Some(vec!["a".into(), "b".into()]),
        x_point: Some(model(json!({"x": 1, "y": 2}))),
        idempotency_key: "key-1".into(),
        session: "s3cr3t".into(),
        prefs: Some(vec!["dark".into(), "wide".into()]),
    };
    for (received, ()) in exchange(&route, &empty(204)) {
        assert_eq!(received.header("x-request-tags"), "a,b");
        assert_eq!(received.header("x-point"), "x=1,y=2");
        assert_eq!(received.header("idempotency-key"), "key-1");
        // A list in a cookie is exploded, one `name=value` an item.
        assert_eq!(
            received.header("cookie"),
            "session=s3cr3t; prefs=dark; prefs=wide"
        );
    }
    // A list the description joins (`explode: false`), which no cookie may
    // hold: exploded, as apis/every/DIAGNOSTICS.md says.
    let route = every_api::params::JoinedCookie {
        langs: Some(vec!["de".into(), "en".into()]),
    };
    for (received, ()) in exchange(&route, &empty(204)) {
        assert_eq!(received.url, "/params/cookies");
        assert_eq!(received.header("cookie"), "langs=de; langs=en");
    }
}

// ---------------------------------------------------------------------------
// every-api: each kind of body
// ---------------------------------------------------------------------------

#[test]
fn every_json_body_and_its_answer() {
    let route = every_api::bodies::PutJson {
        int32: Some(-5),
        bool: Some(true),
        map: Some([("a".to_owned(), 1)].into()),
        r#type: Some("t".into()),
        date_sent_before: Some("before".into()),
        plus_1: Some(1),
        ..Default::default()
    };
    let echoed = json!({
        "int32": -5, "bool": true, "map": {"a": 1}, "type": "t", "DateSent<": "before", "+1": 1,
        "shape": {"shape": "circle", "radius": 2.5},
        "node": {"value": 1, "children": [{"value": 2}]},
    });
    for (received, everything) in exchange(&route, &Answer::json(200, &echoed)) {
        assert_eq!(received.method, "PUT");
        assert_eq!(received.url, "/bodies/json");
        assert_eq!(received.header("content-type"), "application/json");
        // Only the fields set, under their names in the description.
        assert_eq!(
            received.body_json(),
            json!({"int32": -5, "bool": true, "map": {"a": 1}, "type": "t", "DateSent<": "before", "+1": 1})
        );
        assert_eq!(everything.int32, Some(-5));
        assert!(matches!(
            everything.shape.as_deref(),
            Some(every_api::models::Shape::Circle(_))
        ));
        let node = everything.node.as_ref().expect("the node");
        assert_eq!(node.children.as_ref().map(Vec::len), Some(1));
        assert_eq!(serde_json::to_value(&everything).unwrap(), echoed);
    }
}

#[test]
fn every_merge_patch_body() {
    let route = every_api::bodies::PatchMerge {
        name: Some("Max".into()),
        ..Default::default()
    };
    for (received, pet) in exchange(&route, &Answer::json(200, &pet_json())) {
        assert_eq!(received.method, "PATCH");
        assert_eq!(
            received.header("content-type"),
            "application/merge-patch+json"
        );
        assert_eq!(received.body_json(), json!({"name": "Max"}));
        assert_eq!(pet.name, "Rex");
    }
}

#[test]
fn every_form_body_in_deep_object_style() {
    let route = every_api::bodies::PostForm {
        amount: 2000,
        metadata: Some([("order".to_owned(), "6735".to_owned())].into()),
        card: Some(model(
            json!({"number": "4242", "exp": {"month": 12, "year": 2030}}),
        )),
        expand: Some(vec!["customer".into()]),
        tags: Some(vec!["a".into(), "b".into()]),
    };
    let charge =
        json!({"id": "ch_1", "object": "charge", "amount": 2000, "metadata": {"order": "6735"}});
    for (received, decoded) in exchange(&route, &Answer::json(200, &charge)) {
        assert_eq!(received.method, "POST");
        assert_eq!(
            received.header("content-type"),
            "application/x-www-form-urlencoded"
        );
        assert_eq!(
            pairs(&received.body),
            [
                pair("amount", "2000"),
                pair("metadata[order]", "6735"),
                pair("card[number]", "4242"),
                pair("card[exp][month]", "12"),
                pair("card[exp][year]", "2030"),
                pair("expand[]", "customer"),
                pair("tags", "a,b"),
            ]
        );
        assert_eq!(decoded.id, "ch_1");
        assert_eq!(decoded.amount, 2000);
    }
}

#[test]
fn every_multipart_body() {
    let png = b"\x89PNG\r\n\x1a\n-bytes".to_vec();
    let route = every_api::bodies::UploadPhoto {
        caption: Some("Rex".into()),
        meta: Some(model(json!({"x": 1, "y": 2}))),
        ..every_api::bodies::UploadPhoto::new(File::new(png.clone()).file_name("rex.png"))
    };
    let photo = json!({"id": "p1", "data": "aGk=", "size": 9});
    for (received, decoded) in exchange(&route, &Answer::json(201, &photo)) {
        let content_type = received.header("content-type");
        let boundary = content_type
            .strip_prefix("multipart/form-data; boundary=")
            .unwrap_or_else(|| panic!("{content_type}"));
        let body = &received.body;
        let text = String::from_utf8_lossy(body);
        assert!(text.starts_with(&format!("--{boundary}\r\n")), "{text}");
        for part in [
            "content-disposition: form-data; name=\"caption\"\r\n\r\nRex\r\n",
            "content-disposition: form-data; name=\"file\"; filename=\"rex.png\"\r\ncontent-type: image/png\r\n\r\n",
            "content-disposition: form-data; name=\"meta\"\r\ncontent-type: application/json\r\n\r\n{\"x\":1,\"y\":2}\r\n",
        ] {
            assert!(
                text.to_lowercase().contains(&part.to_lowercase()),
                "{part:?} in {text}"
            );
        }
        assert!(body.windows(png.len()).any(|w| w == png), "{text}");
        assert!(text.ends_with(&format!("--{boundary}--\r\n")), "{text}");
        assert_eq!(decoded.id, "p1");
        assert_eq!(decoded.size, Some(9));
    }
}

#[test]
fn every_bytes_and_text_bodies() {
    let bytes = vec![0, 1, 2, 255];
    let route = every_api::bodies::PutBytes {
        body: File::new(bytes.clone()),
    };
    for (received, ()) in exchange(&route, &empty(204)) {
        assert_eq!(received.header("content-type"), "application/octet-stream");
        assert_eq!(received.body, bytes);
    }
    let route = every_api::bodies::PutText {
        body: "héllo\n".into(),
    };
    for (received, text) in exchange(&route, &answer(200, "text/plain", "HÉLLO\n".as_bytes())) {
        assert!(received.header("content-type").starts_with("text/plain"));
        assert_eq!(received.body, "héllo\n".as_bytes());
        assert_eq!(text, "HÉLLO\n");
    }
}

#[test]
fn every_operation_on_its_own_server_goes_where_it_is_redirected() {
    let bytes = vec![7, 0, 255];
    let route = every_api::bodies::PutFile {
        name: "a b.bin".into(),
        body: File::new(bytes.clone()),
    };
    // Without a redirect, its URL is built on its own server, not the API's.
    let request = route
        .to_request_with(&every_api::endpoint().unwrap())
        .unwrap();
    assert_eq!(
        request.url,
        "https://files.every.example/v2/files/a%20b.bin"
    );
    for name in BACKENDS {
        let api = Server::start(|_| empty(500));
        let files = Server::start(|_| empty(204));
        let files_url = format!("{}/v2", files.base_url());
        let client = client!(name, &api.base_url(), |b: ClientBuilder<_>| b
            .bearer("s3cr3t")
            .operation_server("https://files.every.example/v2", &files_url));
        client
            .send(&route)
            .unwrap_or_else(|err| panic!("{name}: {err}"));
        let received = files.only_request();
        assert_eq!(received.method, "PUT", "{name}");
        assert_eq!(received.url, "/v2/files/a%20b.bin", "{name}");
        assert_eq!(received.header("authorization"), "Bearer s3cr3t", "{name}");
        assert_eq!(received.body, bytes, "{name}");
        assert!(api.requests().is_empty(), "{name}");
    }
}

#[test]
fn an_operation_on_another_host_is_refused_by_a_client_of_another_base_url_until_placed() {
    let route = every_api::bodies::PutFile {
        name: "a.bin".into(),
        body: File::new(vec![1, 2, 3]),
    };
    for name in BACKENDS {
        // A mock of the API, and no word of where the file server is: the
        // request would go to the production file host with the mock's
        // token. It is refused before anything is sent.
        let api = Server::start(|_| empty(204));
        let client = client!(name, &api.base_url(), |b: ClientBuilder<_>| b
            .bearer("s3cr3t"));
        let error = client.send(&route).expect_err(name);
        let text = error.to_string();
        assert!(
            text.contains("`https://files.every.example/v2`") && text.contains("Api::with_server"),
            "{name}: {text}"
        );
        assert!(!text.contains("s3cr3t"), "{name}: {text}");
        assert!(
            matches!(
                error,
                Error::Build(endpoint::Error::UnmappedServer { ref server, .. })
                    if server == "https://files.every.example/v2"
            ),
            "{name}: {error:?}"
        );
        assert!(api.requests().is_empty(), "{name}");
    }
}

#[test]
fn every_body_of_several_media_types() {
    use every_api::bodies::{PostChoice, PostChoiceBody};
    let pet = json!({"name": "Rex", "tag": "good"});
    let cases = [
        (
            PostChoiceBody::Json(pet.clone()),
            "application/json",
            br#"{"name":"Rex","tag":"good"}"#.to_vec(),
        ),
        (
            PostChoiceBody::Form(pet.clone()),
            "application/x-www-form-urlencoded",
            b"name=Rex&tag=good".to_vec(),
        ),
        (
            PostChoiceBody::Xml("<pet><name>Rex</name></pet>".into()),
            "application/xml",
            b"<pet><name>Rex</name></pet>".to_vec(),
        ),
    ];
    for (body, content_type, bytes) in cases {
        for (received, ()) in exchange(&PostChoice { body }, &empty(204)) {
            assert_eq!(received.header("content-type"), content_type);
            assert_eq!(received.body, bytes);
        }
    }
}

// ---------------------------------------------------------------------------
// every-api: answers by status
// ---------------------------------------------------------------------------

#[test]
fn every_answers_by_status() {
    let route = every_api::pets::GetPet {
        pet_id: "7".into(),
        fields: Some(vec!["name".into(), "kind".into()]),
    };
    for (received, pet) in exchange(&route, &Answer::json(200, &pet_json())) {
        assert_eq!(received.url, "/pets/7?fields=name&fields=kind");
        assert_eq!(pet.kind, model::<every_api::models::Kind>(json!("dog")));
    }
    // An enum value the description does not know is kept.
    let mut other = pet_json();
    other["kind"] = json!("axolotl");
    for (_, pet) in exchange(&route, &Answer::json(200, &other)) {
        assert_eq!(serde_json::to_value(&pet.kind).unwrap(), json!("axolotl"));
    }
    // 204: no body.
    let route = every_api::pets::DeletePet { pet_id: "7".into() };
    for (received, ()) in exchange(&route, &empty(204)) {
        assert_eq!(received.method, "DELETE");
        assert_eq!(received.url, "/pets/7");
    }
    // A head request.
    for (received, ()) in exchange(&every_api::answers::HeadAnswersEmpty, &empty(200)) {
        assert_eq!(received.method, "HEAD");
        assert_eq!(received.url, "/answers/empty");
    }
    // The same type for two successes.
    for (_, pet) in exchange(
        &every_api::answers::SameAnswer,
        &Answer::json(203, &pet_json()),
    ) {
        assert_eq!(pet.name, "Rex");
    }
}

#[test]
fn every_error_answers_keep_their_body() {
    let route = every_api::pets::GetPet {
        pet_id: "404".into(),
        fields: None,
    };
    for name in BACKENDS {
        let server =
            Server::start(|_| Answer::json(404, &json!({"message": "no such pet", "code": 44})));
        let client = client!(name, &server.base_url(), |b: ClientBuilder<_>| b);
        let err = client.send(&route).expect_err("a 404");
        let Error::Status(refusal) = &err else {
            panic!("{name}: {err}")
        };
        assert_eq!(refusal.status.as_u16(), 404, "{name}");
        let error: every_api::models::Error = serde_json::from_slice(refusal.body()).unwrap();
        assert_eq!(error.message, "no such pet");
        // The overlay made the code an integer.
        assert_eq!(error.code, Some(44));
    }
}

// ---------------------------------------------------------------------------
// The public descriptions
// ---------------------------------------------------------------------------

#[test]
fn stripe_form_bodies_and_queries_in_deep_object_style() {
    let route = stripe_api::customers::PostCustomers {
        email: Some("jenny@example.com".into()),
        address: Some(model(
            json!({"city": "Zürich", "line1": "Bahnhofstrasse 1"}),
        )),
        metadata: Some(model(json!({"order_id": "6735"}))),
        expand: Some(vec!["default_source".into(), "tax".into()]),
        preferred_locales: Some(vec!["de".into(), "en".into()]),
        ..Default::default()
    };
    let customer = json!({
        "id": "cus_1", "object": "customer", "created": 1_700_000_000, "livemode": false,
        "email": "jenny@example.com", "metadata": {"order_id": "6735"},
    });
    for (received, decoded) in exchange(&route, &Answer::json(200, &customer)) {
        assert_eq!(received.method, "POST");
        assert_eq!(received.url, "/v1/customers");
        assert_eq!(
            received.header("content-type"),
            "application/x-www-form-urlencoded"
        );
        let mut sent = pairs(&received.body);
        sent.sort();
        assert_eq!(
            sent,
            [
                pair("address[city]", "Zürich"),
                pair("address[line1]", "Bahnhofstrasse 1"),
                pair("email", "jenny@example.com"),
                pair("expand[]", "default_source"),
                pair("expand[]", "tax"),
                pair("metadata[order_id]", "6735"),
                pair("preferred_locales[]", "de"),
                pair("preferred_locales[]", "en"),
            ]
        );
        assert_eq!(decoded.id, "cus_1");
        assert_eq!(
            decoded.email.value().map(String::as_str),
            Some("jenny@example.com")
        );
    }

    let route = stripe_api::customers::GetCustomers {
        created: Some(model(json!({"gte": 1_600_000_000, "lt": 1_700_000_000}))),
        limit: Some(3),
        expand: Some(vec!["data.default_source".into()]),
        ..Default::default()
    };
    let page =
        json!({"object": "list", "url": "/v1/customers", "has_more": false, "data": [customer]});
    for (received, decoded) in exchange(&route, &Answer::json(200, &page)) {
        assert_eq!(received.method, "GET");
        let mut sent = query(&received);
        sent.sort();
        assert_eq!(
            sent,
            [
                pair("created[gte]", "1600000000"),
                pair("created[lt]", "1700000000"),
                pair("expand[]", "data.default_source"),
                pair("limit", "3"),
            ]
        );
        assert_eq!(decoded.data.len(), 1);
        assert_eq!(decoded.data[0].id, "cus_1");
    }
}

#[test]
fn kubernetes_list_with_continue_and_label_selector() {
    let route = kubernetes_api::core_v1::ListNamespacedPod {
        r#continue: Some("eyJ2Ijoib".into()),
        label_selector: Some("app in (web,api),tier!=db".into()),
        limit: Some(50),
        ..kubernetes_api::core_v1::ListNamespacedPod::new("kube-system")
    };
    let list = json!({
        "apiVersion": "v1", "kind": "PodList",
        "metadata": {"continue": "next-token", "resourceVersion": "42"},
        "items": [{"metadata": {"name": "web-1", "namespace": "kube-system", "labels": {"app": "web"}},
                   "spec": {"containers": [{"name": "web", "image": "nginx:1.27"}]}}],
    });
    for (received, pods) in exchange(&route, &Answer::json(200, &list)) {
        assert_eq!(received.method, "GET");
        assert_eq!(
            received.url.split('?').next(),
            Some("/api/v1/namespaces/kube-system/pods")
        );
        assert_eq!(
            query(&received),
            [
                pair("continue", "eyJ2Ijoib"),
                pair("labelSelector", "app in (web,api),tier!=db"),
                pair("limit", "50"),
            ]
        );
        assert_eq!(pods.items.len(), 1);
        let metadata = pods.items[0].metadata.as_ref().expect("metadata");
        assert_eq!(metadata.name.as_deref(), Some("web-1"));
        let list_meta = pods.metadata.as_ref().expect("the list's metadata");
        assert_eq!(list_meta.r#continue.as_deref(), Some("next-token"));
    }
}

#[test]
fn twilio_comparisons_in_parameter_names() {
    let route = twilio_api::message::ListMessage {
        to: Some("+15551234567".into()),
        date_sent_before: Some("2024-02-01".into()),
        date_sent_after: Some("2024-01-01".into()),
        page_size: Some(20),
        ..twilio_api::message::ListMessage::new("AC123")
    };
    let page = json!({
        "messages": [{"sid": "SM1", "body": "hi", "to": "+15551234567", "num_segments": "1"}],
        "page": 0, "page_size": 20, "uri": "/2010-04-01/Accounts/AC123/Messages.json?PageSize=20",
    });
    for (received, decoded) in exchange(&route, &Answer::json(200, &page)) {
        assert_eq!(received.method, "GET");
        assert_eq!(
            received.url.split('?').next(),
            Some("/2010-04-01/Accounts/AC123/Messages.json")
        );
        assert_eq!(
            query(&received),
            [
                pair("To", "+15551234567"),
                pair("DateSent<", "2024-02-01"),
                pair("DateSent>", "2024-01-01"),
                pair("PageSize", "20"),
            ]
        );
        let messages = decoded.messages.as_ref().expect("messages");
        assert_eq!(messages[0].sid.value().map(String::as_str), Some("SM1"));
        assert_eq!(decoded.page_size, Some(20));
    }
}

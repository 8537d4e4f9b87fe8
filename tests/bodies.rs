//! Request bodies of every media type, sent by both clients to the loopback
//! server and read back by other implementations: JSON of a `+json` type
//! and a typed whole body with serde_json, form bodies with
//! `form_urlencoded` and `serde_qs`, multipart bodies with `multer`, raw
//! bytes and text as they are, and a choice of media type
//! ([`endpoint::body::Content`]), each route declared with `endpoint!`.

use crate::{backends, plans, server};

use std::collections::BTreeMap;

use endpoint::__private::{BodyKind, BodyPlan, Location, ParamPlan, Style, ToParam};
use endpoint::body::{Content, Contents, File};
use endpoint::client::ClientBuilder;
use endpoint::{Body, Endpoint, Request, TypedRequest, endpoint};
use proptest::collection::vec;
use proptest::prelude::*;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use backends::{BACKENDS, Backend, Events, quick_retries};
use plans::at;
use server::{Answer, Received, Server};

/// A content type the defaults set, which a route's own media type
/// replaces.
const DEFAULT_CONTENT_TYPE: &str = "application/x-defaults";

// ---------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------

/// A Kubernetes Pod, as a typed whole body.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Pod {
    api_version: String,
    kind: String,
    metadata: ObjectMeta,
    spec: PodSpec,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct ObjectMeta {
    name: String,
    labels: BTreeMap<String, String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct PodSpec {
    containers: Vec<Container>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Container {
    name: String,
    image: String,
    args: Vec<String>,
}

/// A Stripe-shaped whole form body.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct PaymentIntent {
    amount: u64,
    currency: String,
    metadata: BTreeMap<String, String>,
    expand: Vec<String>,
    items: Vec<Item>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Item {
    price: String,
    quantity: u32,
}

/// A Kubernetes patch: one of four media types.
enum Patch {
    Merge(Value),
    Json(Value),
    StrategicMerge(Value),
    Apply(String),
}

impl Content for Patch {
    fn content(&self) -> Contents<'_> {
        match self {
            Patch::Merge(patch) => Contents::new("application/merge-patch+json", patch.to_param()),
            Patch::Json(patch) => Contents::new("application/json-patch+json", patch.to_param()),
            Patch::StrategicMerge(patch) => {
                Contents::new("application/strategic-merge-patch+json", patch.to_param())
            }
            Patch::Apply(yaml) => Contents::new("application/apply-patch+yaml", yaml.to_param()),
        }
    }
}

endpoint! {
    /// A merge patch of some fields.
    #[endpoint(content_type = "application/merge-patch+json")]
    struct MergePatch = "PATCH /pods/{name}" {
        #[endpoint(body)]
        labels: Value,
        #[endpoint(body)]
        replicas: u64,
        #[endpoint(body)]
        paused: Option<bool>,
    }

    /// A whole Pod.
    #[endpoint(content_type = "application/json")]
    struct ReplacePod = "PUT /pods/{name}" {
        #[endpoint(request_body)]
        pod: Pod,
    }

    /// A Stripe payment intent, field by field, in the encodings Stripe's
    /// OpenAPI description gives them.
    #[endpoint(content_type = "application/x-www-form-urlencoded")]
    struct CreatePaymentIntent = "POST /v1/payment_intents" {
        amount: u64,
        currency: String,
        description: Option<String>,
        #[endpoint(body, style = "deepObject")]
        metadata: Value,
        #[endpoint(body, style = "deepObject")]
        expand: Vec<String>,
        #[endpoint(body, style = "deepObject")]
        items: Value,
        #[endpoint(body, style = "form", explode = false)]
        payment_method_types: Vec<String>,
        #[endpoint(body, content_type = "application/json")]
        shipping: Value,
    }

    /// A whole form body of a struct.
    #[endpoint(content_type = "application/x-www-form-urlencoded")]
    struct CreateFromStruct = "POST /v1/payment_intents" {
        #[endpoint(request_body)]
        body: PaymentIntent,
    }

    /// A whole form body of a JSON object.
    #[endpoint(content_type = "application/x-www-form-urlencoded")]
    struct CreateFromObject = "POST /v1/payment_intents" {
        #[endpoint(request_body)]
        body: Value,
    }

    /// A multipart upload: text, a file, a JSON part, lists of values and
    /// of files, a file of no name, a field whose encoding names its media
    /// type.
    #[endpoint(content_type = "multipart/form-data")]
    struct Upload = "POST /upload/{name}" {
        title: String,
        avatar: File,
        meta: Value,
        tags: Vec<String>,
        attachments: Vec<File>,
        raw: File,
        #[endpoint(body, content_type = "application/vnd.settings+json")]
        settings: Value,
    }

    /// A whole body of bytes, of the route's media type.
    #[endpoint(content_type = "image/png")]
    struct PutObject = "PUT /objects/{name}" {
        #[endpoint(request_body)]
        bytes: Vec<u8>,
    }

    /// A whole body that is a file: its own media type wins over the route's.
    #[endpoint(content_type = "application/octet-stream")]
    struct PutFile = "PUT /objects/{name}" {
        #[endpoint(request_body)]
        file: File,
    }

    /// A text body.
    #[endpoint(content_type = "text/plain; charset=utf-8")]
    struct CreateNote = "POST /notes" {
        #[endpoint(request_body)]
        text: String,
    }

    /// A choice of body: the route names no media type.
    struct PatchPod = "PATCH /pods/{name}" {
        #[endpoint(request_body)]
        patch: Patch,
    }
}

// ---------------------------------------------------------------------------
// Sending and reading back
// ---------------------------------------------------------------------------

/// Sends `route` with each client to a fresh server, and hands `check`
/// what the server received.
fn send_with_each<R>(route: &R, check: impl Fn(&Received))
where
    R: TypedRequest<Response = Value> + Sync,
{
    for name in BACKENDS {
        eprintln!("with {name}");
        let server = Server::start(|_| Answer::json(200, &json!({"ok": true})));
        let endpoint = Endpoint::default()
            .defaults(json!({
                "baseUrl": server.base_url(),
                "headers": {"content-type": DEFAULT_CONTENT_TYPE},
            }))
            .expect("valid defaults");
        let answer = Backend::new(name, endpoint)
            .send(route)
            .unwrap_or_else(|err| panic!("{name}: {err}"));
        assert_eq!(answer.body, json!({"ok": true}));
        check(&server.only_request());
    }
}

/// A part of a multipart body, as multer reads it.
#[derive(Debug, PartialEq)]
struct PartRead {
    name: Option<String>,
    file_name: Option<String>,
    content_type: Option<String>,
    /// Headers other than `content-disposition` and `content-type`.
    headers: Vec<(String, String)>,
    bytes: Vec<u8>,
}

/// The parts of a multipart body of `content_type`, as multer (axum's
/// parser) reads them.
fn multipart_parts(content_type: &str, body: &[u8]) -> Vec<PartRead> {
    let boundary = multer::parse_boundary(content_type).expect("a multipart content type");
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .expect("a runtime");
    let body = body.to_vec();
    runtime.block_on(async move {
        let stream = futures_util::stream::iter([Ok::<_, std::io::Error>(body)]);
        let mut multipart = multer::Multipart::new(stream, boundary);
        let mut parts = Vec::new();
        while let Some(field) = multipart.next_field().await.expect("a well-formed part") {
            let headers = field
                .headers()
                .iter()
                .filter(|(name, _)| *name != "content-disposition" && *name != "content-type")
                .map(|(name, value)| (name.to_string(), value.to_str().expect("text").to_owned()))
                .collect();
            parts.push(PartRead {
                name: field.name().map(str::to_owned),
                file_name: field.file_name().map(str::to_owned),
                content_type: field.content_type().map(ToString::to_string),
                headers,
                bytes: Vec::new(),
            });
            let bytes = field.bytes().await.expect("a part's bytes");
            parts.last_mut().expect("just pushed").bytes = bytes.to_vec();
        }
        parts
    })
}

fn text_part(name: &str, text: &str) -> PartRead {
    PartRead {
        name: Some(name.into()),
        file_name: None,
        content_type: None,
        headers: Vec::new(),
        bytes: text.as_bytes().to_vec(),
    }
}

/// Bytes that are not UTF-8, with the start of a PNG file.
fn png_bytes() -> Vec<u8> {
    let mut bytes = vec![
        0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n', 0, 0xff, 0xfe,
    ];
    bytes.extend((0..=255u8).rev());
    bytes
}

// ---------------------------------------------------------------------------
// Each kind of body, through both clients
// ---------------------------------------------------------------------------

#[test]
fn json_of_a_plus_json_type() {
    let route = MergePatch {
        name: "web".into(),
        labels: json!({"app": "web", "tier": null}),
        replicas: 3,
        paused: None,
    };
    send_with_each(&route, |received| {
        assert_eq!(received.method, "PATCH");
        assert_eq!(received.url, "/pods/web");
        assert_eq!(
            received.header("content-type"),
            "application/merge-patch+json"
        );
        assert_eq!(
            received.body_json(),
            json!({"labels": {"app": "web", "tier": null}, "replicas": 3})
        );
    });
}

#[test]
fn a_typed_whole_body() {
    let pod = Pod {
        api_version: "v1".into(),
        kind: "Pod".into(),
        metadata: ObjectMeta {
            name: "web".into(),
            labels: BTreeMap::from([("app".into(), "web \"é\"".into())]),
        },
        spec: PodSpec {
            containers: vec![Container {
                name: "nginx".into(),
                image: "nginx:1.27".into(),
                args: vec!["-g".into(), "daemon off;".into()],
            }],
        },
    };
    let route = ReplacePod {
        name: "web".into(),
        pod: pod.clone(),
    };
    send_with_each(&route, |received| {
        assert_eq!(received.method, "PUT");
        assert_eq!(received.header("content-type"), "application/json");
        let sent: Pod = serde_json::from_slice(&received.body).expect("a Pod");
        assert_eq!(sent, pod);
    });
}

#[test]
fn a_form_body_field_by_field() {
    let route = CreatePaymentIntent {
        amount: 2000,
        currency: "usd".into(),
        description: Some("Tea & cake, 2×".into()),
        metadata: json!({"order_id": "6735", "note": "a=b&c"}),
        expand: vec!["customer".into(), "invoice".into()],
        items: json!([{"price": "p_1", "quantity": 2}, {"price": "p_2", "quantity": 1}]),
        payment_method_types: vec!["card".into(), "link".into()],
        shipping: json!({"name": "Jenny Rosen", "city": "Zürich"}),
    };
    send_with_each(&route, |received| {
        assert_eq!(received.method, "POST");
        assert_eq!(
            received.header("content-type"),
            "application/x-www-form-urlencoded"
        );
        let text = std::str::from_utf8(&received.body).expect("a form is ASCII");
        assert!(text.is_ascii(), "{text}");
        // Stripe's shape, brackets as they are.
        assert!(
            text.contains("&metadata[order_id]=6735&")
                && text.contains("&expand[]=customer&expand[]=invoice&")
                && text.contains("&items[0][price]=p_1&"),
            "{text}"
        );
        let pairs: Vec<(String, String)> = form_urlencoded::parse(&received.body)
            .into_owned()
            .collect();
        let pair = |name: &str, value: &str| (name.to_owned(), value.to_owned());
        assert_eq!(
            pairs,
            [
                pair("amount", "2000"),
                pair("currency", "usd"),
                pair("description", "Tea & cake, 2×"),
                pair("metadata[order_id]", "6735"),
                pair("metadata[note]", "a=b&c"),
                pair("expand[]", "customer"),
                pair("expand[]", "invoice"),
                pair("items[0][price]", "p_1"),
                pair("items[0][quantity]", "2"),
                pair("items[1][price]", "p_2"),
                pair("items[1][quantity]", "1"),
                pair("payment_method_types", "card,link"),
                pair("shipping", r#"{"name":"Jenny Rosen","city":"Zürich"}"#),
            ]
        );
        // As a server that reads brackets (Rails, PHP, qs) reads them.
        let nested: Value = serde_qs::from_bytes(&received.body).expect("a nested form");
        assert_eq!(
            nested["metadata"],
            json!({"order_id": "6735", "note": "a=b&c"})
        );
        assert_eq!(nested["expand"], json!(["customer", "invoice"]));
        assert_eq!(
            nested["items"],
            json!([{"price": "p_1", "quantity": "2"}, {"price": "p_2", "quantity": "1"}])
        );
    });
}

#[test]
fn a_whole_form_body_of_a_struct() {
    let intent = PaymentIntent {
        amount: 2000,
        currency: "eur".into(),
        metadata: BTreeMap::from([
            ("order_id".into(), "6735".into()),
            ("customer note".into(), "50% off + free [gift]".into()),
        ]),
        expand: vec!["customer".into()],
        items: vec![
            Item {
                price: "p_1".into(),
                quantity: 2,
            },
            Item {
                price: "p_2".into(),
                quantity: 5,
            },
        ],
    };
    let route = CreateFromStruct {
        body: intent.clone(),
    };
    send_with_each(&route, |received| {
        assert_eq!(
            received.header("content-type"),
            "application/x-www-form-urlencoded"
        );
        let read: PaymentIntent = serde_qs::from_bytes(&received.body)
            .unwrap_or_else(|err| panic!("{err}: {}", String::from_utf8_lossy(&received.body)));
        assert_eq!(read, intent);
    });
}

#[test]
fn multipart_text_files_json_and_part_headers() {
    let png = png_bytes();
    let route = Upload {
        name: "octocat".into(),
        title: "A \"quoted\" title\r\nwith lines".into(),
        avatar: File::new(png.clone())
            .file_name("avatar \"1\".png")
            .content_type("image/png")
            .header("x-checksum", "sha256=abc"),
        meta: json!({"tags": ["a", "b"], "size": 3}),
        tags: vec!["cat".into(), "dog".into()],
        attachments: vec![
            File::new(b"first".to_vec()).file_name("a.txt"),
            File::new(vec![0, 1, 2]).file_name("b.bin"),
        ],
        raw: File::new(vec![0xde, 0xad, 0xbe, 0xef]),
        settings: json!({"theme": "dark"}),
    };
    send_with_each(&route, |received| {
        let content_type = received.header("content-type");
        assert!(
            content_type.starts_with("multipart/form-data; boundary="),
            "{content_type}"
        );
        let parts = multipart_parts(content_type, &received.body);
        let file = |name: &str, file_name: &str, content_type: &str, bytes: &[u8]| PartRead {
            name: Some(name.into()),
            file_name: Some(file_name.into()),
            content_type: Some(content_type.into()),
            headers: Vec::new(),
            bytes: bytes.to_vec(),
        };
        let typed = |name: &str, content_type: &str, bytes: &[u8]| PartRead {
            file_name: None,
            ..file(name, "", content_type, bytes)
        };
        let mut avatar = file("avatar", "avatar %221%22.png", "image/png", &png);
        avatar.headers = vec![("x-checksum".into(), "sha256=abc".into())];
        let expected = [
            text_part("title", "A \"quoted\" title\r\nwith lines"),
            avatar,
            typed(
                "meta",
                "application/json",
                br#"{"tags":["a","b"],"size":3}"#,
            ),
            text_part("tags", "cat"),
            text_part("tags", "dog"),
            file("attachments", "a.txt", "application/octet-stream", b"first"),
            file(
                "attachments",
                "b.bin",
                "application/octet-stream",
                &[0, 1, 2],
            ),
            typed("raw", "application/octet-stream", &[0xde, 0xad, 0xbe, 0xef]),
            typed(
                "settings",
                "application/vnd.settings+json",
                br#"{"theme":"dark"}"#,
            ),
        ];
        assert_eq!(parts, expected);
    });
}

#[test]
fn raw_bytes_of_the_routes_media_type() {
    let route = PutObject {
        name: "logo".into(),
        bytes: png_bytes(),
    };
    send_with_each(&route, |received| {
        assert_eq!(received.header("content-type"), "image/png");
        assert_eq!(received.body, png_bytes());
    });
}

#[test]
fn a_files_own_media_type_wins_over_the_routes() {
    let route = PutFile {
        name: "logo".into(),
        file: File::new(png_bytes()).content_type("image/png"),
    };
    send_with_each(&route, |received| {
        assert_eq!(received.header("content-type"), "image/png");
        assert_eq!(received.body, png_bytes());
    });
    let untyped = PutFile {
        name: "blob".into(),
        file: File::new(vec![0xff; 3]),
    };
    send_with_each(&untyped, |received| {
        assert_eq!(received.header("content-type"), "application/octet-stream");
        assert_eq!(received.body, [0xff; 3]);
    });
}

/// A whole body of bytes on a route that names no media type, which
/// `endpoint!` does not declare (it asks for a `Content` choice there) but
/// a plan written by a generator may: compiled by hand, as the macro
/// compiles a route.
struct PutUntyped {
    name: String,
    bytes: Vec<u8>,
}

impl endpoint::__private::Fields for PutUntyped {
    fn with_fields(
        &self,
        build: &mut endpoint::__private::FieldsBuild<'_>,
    ) -> endpoint::Result<Request> {
        use endpoint::__private::Param;
        build(&[Some(self.name.to_param()), Some(Param::Bytes(&self.bytes))])
    }
}

impl endpoint::__private::Route for PutUntyped {
    type Response = Value;
    type Error = Value;
    const METHOD: &'static str = "PUT";
    const TEMPLATE: &'static str = "/objects/{name}";
    const PLAN: &'static endpoint::__private::Plan = {
        use endpoint::__private::{Location, Method, ParamPlan, Placement, Plan, static_template};
        &Plan {
            method: Method::PUT,
            // `/objects/{name}`, packed as the macro packs it.
            template: static_template("/objects/name", &[9, 1, 9, 4, 36, 97, 4, 18, 0]),
            params: &[ParamPlan {
                name: "bytes",
                placement: Placement {
                    location: Location::Content,
                    ..Placement::DEFAULT
                },
            }],
            server: None,
            body: None,
            accept: None,
            pagination: None,
        }
    };
}

#[test]
fn bytes_of_no_media_type_are_octet_stream_unless_the_defaults_say() {
    let route = PutUntyped {
        name: "blob".into(),
        bytes: png_bytes(),
    };
    // The defaults' `content-type` stands, as it does for JSON bodies.
    send_with_each(&route, |received| {
        assert_eq!(received.header("content-type"), DEFAULT_CONTENT_TYPE);
        assert_eq!(received.body, png_bytes());
    });
    let request = route.to_request().unwrap();
    assert_eq!(
        request.headers.get("content-type"),
        Some("application/octet-stream")
    );
    assert_eq!(request.body, Some(Body::Bytes(png_bytes())));
}

#[test]
fn a_retried_request_sends_the_same_bytes() {
    for name in BACKENDS {
        let events = Events::default();
        let mut served = 0;
        let server = Server::start(move |_| {
            served += 1;
            Answer::json(if served == 1 { 502 } else { 200 }, &json!({}))
        });
        let client = client!(name, &server.base_url(), |b: ClientBuilder<_>| b
            .retry(quick_retries())
            .on_event(events.hook()));
        let route = PutFile {
            name: "logo".into(),
            file: File::new(png_bytes()).content_type("image/png"),
        };
        client
            .send(&route)
            .unwrap_or_else(|err| panic!("{name}: {err}"));
        let requests = server.requests();
        assert_eq!(requests.len(), 2, "{name}");
        for received in &requests {
            assert_eq!(received.body, png_bytes(), "{name}");
            assert_eq!(received.header("content-type"), "image/png", "{name}");
        }
        // Events name the request, and show none of its bytes.
        let events = format!("{:?}", events.all());
        assert!(events.contains("Retry"), "{events}");
        assert!(
            !events.contains("PNG") && !events.contains("137, 80"),
            "{events}"
        );
    }
}

#[test]
fn a_text_body() {
    let route = CreateNote {
        text: "héllo\n{not json}\r\n".into(),
    };
    send_with_each(&route, |received| {
        assert_eq!(received.header("content-type"), "text/plain; charset=utf-8");
        assert_eq!(received.body, "héllo\n{not json}\r\n".as_bytes());
    });
}

#[test]
fn a_choice_of_media_type() {
    let json_patch = json!([{"op": "replace", "path": "/spec/replicas", "value": 3}]);
    let yaml = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\n";
    for (patch, media_type, body) in [
        (
            Patch::Json(json_patch.clone()),
            "application/json-patch+json",
            json_patch.to_string(),
        ),
        (
            Patch::Merge(json!({"metadata": {"labels": {"a": null}}})),
            "application/merge-patch+json",
            r#"{"metadata":{"labels":{"a":null}}}"#.to_owned(),
        ),
        (
            Patch::StrategicMerge(json!({"spec": {"containers": []}})),
            "application/strategic-merge-patch+json",
            r#"{"spec":{"containers":[]}}"#.to_owned(),
        ),
        (
            Patch::Apply(yaml.into()),
            "application/apply-patch+yaml",
            yaml.to_owned(),
        ),
    ] {
        let route = PatchPod {
            name: "web".into(),
            patch,
        };
        send_with_each(&route, |received| {
            assert_eq!(received.method, "PATCH");
            assert_eq!(received.header("content-type"), media_type);
            assert_eq!(received.body, body.as_bytes());
        });
    }
}

// ---------------------------------------------------------------------------
// Requests without a server
// ---------------------------------------------------------------------------

#[test]
fn the_request_shows_no_bytes() {
    let request = PutObject {
        name: "logo".into(),
        bytes: png_bytes(),
    }
    .to_request()
    .unwrap();
    let body = request.body.as_ref().unwrap();
    assert_eq!(body, &Body::Bytes(png_bytes()));
    assert_eq!(body.as_bytes(), png_bytes());
    assert_eq!(body.as_str(), "");
    let debug = format!("{request:?}");
    assert!(
        debug.contains(&format!("Bytes(<{} bytes>)", png_bytes().len())),
        "{debug}"
    );
}

#[test]
fn values_only_a_body_holds_are_refused_elsewhere() {
    endpoint! {
        /// A file in a JSON body.
        #[endpoint(content_type = "application/json")]
        struct JsonWithFile = "POST /notes" {
            #[endpoint(body)]
            blob: File,
        }

        /// A file in a form body.
        #[endpoint(content_type = "application/x-www-form-urlencoded")]
        struct FormWithFile = "POST /v1/payment_intents" {
            #[endpoint(body)]
            upload: File,
        }

        /// A file in the path.
        struct PathWithFile = "PUT /objects/{name}" {
            name: File,
        }

        /// A file in the query.
        struct QueryWithFile = "GET /notes" {
            #[endpoint(query)]
            since: File,
        }

        /// A file as a header.
        struct HeaderWithFile = "POST /notes" {
            #[endpoint(header)]
            x_upload: File,
        }
    }
    let check = |result: endpoint::Result<Request>, key: &str| {
        let err = result.unwrap_err();
        let text = err.to_string();
        assert!(text.contains(&format!("`{key}`")), "{text}");
    };
    let file = || File::new(vec![1]);
    check(FormWithFile { upload: file() }.to_request(), "upload");
    check(JsonWithFile { blob: file() }.to_request(), "blob");
    check(PathWithFile { name: file() }.to_request(), "name");
    check(QueryWithFile { since: file() }.to_request(), "since");
    check(HeaderWithFile { x_upload: file() }.to_request(), "x-upload");
    let err = Upload {
        name: "x".into(),
        title: "t".into(),
        avatar: File::new(vec![1]).header("x-bad", "a\nb"),
        meta: Value::Null,
        tags: Vec::new(),
        attachments: Vec::new(),
        raw: File::new(Vec::new()),
        settings: Value::Null,
    }
    .to_request()
    .unwrap_err();
    assert!(
        err.to_string().contains("`avatar`") && err.to_string().contains("x-bad"),
        "{err}"
    );
}

#[test]
fn default_parameters_join_the_fields_and_leave_files_alone() {
    let endpoint = Endpoint::default()
        .defaults(json!({"source": "defaults", "title": "default title"}))
        .unwrap();
    let route = Upload {
        name: "x".into(),
        title: "own title".into(),
        avatar: File::new(png_bytes()).file_name("a.png"),
        meta: Value::Null,
        tags: Vec::new(),
        attachments: Vec::new(),
        raw: File::new(vec![0xff]),
        settings: Value::Null,
    };
    let request = route.to_request_with(&endpoint).unwrap();
    let content_type = request.headers.get("content-type").unwrap().to_owned();
    let parts = multipart_parts(&content_type, &request.body.unwrap().into_bytes());
    let named = |name: &str| {
        parts
            .iter()
            .filter(|part| part.name.as_deref() == Some(name))
            .map(|part| part.bytes.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(named("source"), [b"defaults".to_vec()]);
    assert_eq!(named("title"), [b"own title".to_vec()]);
    assert_eq!(named("avatar"), [png_bytes()]);
    assert_eq!(named("raw"), [vec![0xff]]);
}

#[test]
fn a_whole_body_goes_alone() {
    // Fields of the octokit rule (`data` among them) or of a JSON body
    // beside a whole body, in either order, and two whole bodies: routes
    // `endpoint!` refuses to compile, compiled by hand.
    const fn whole(name: &'static str) -> ParamPlan {
        at(name, Location::Content, Style::Default, false)
    }
    route!(FieldThenWhole = POST [ParamPlan::new("title"), whole("raw")]);
    route!(WholeThenField = POST [whole("raw"), ParamPlan::new("title")]);
    route!(DataThenWhole = POST [ParamPlan::new("data"), whole("raw")]);
    route!(TwoWholes = POST [whole("raw"), whole("other")]);
    route!(
        JsonFieldThenWhole = POST [at("title", Location::Body, Style::Default, true), whole("raw")],
        body: Some(BodyPlan { media_type: "application/json", kind: BodyKind::Json, required: false })
    );
    let value = |text: &str| -> Option<Box<dyn ToParam>> { Some(Box::new(text.to_owned())) };
    let check = |result: endpoint::Result<Request>, key: &str, reason: &str| {
        let err = result.unwrap_err();
        let text = err.to_string();
        assert!(
            text.contains(&format!("`{key}`")) && text.contains(reason),
            "{text}"
        );
    };
    let beside = "a whole body cannot be sent with body fields";
    check(
        FieldThenWhole(vec![value("t"), value("r")]).to_request(),
        "raw",
        beside,
    );
    check(
        WholeThenField(vec![value("r"), value("t")]).to_request(),
        "title",
        beside,
    );
    check(
        DataThenWhole(vec![value("d"), value("r")]).to_request(),
        "raw",
        beside,
    );
    check(
        TwoWholes(vec![value("r"), value("o")]).to_request(),
        "other",
        "one whole body",
    );
    check(
        JsonFieldThenWhole(vec![value("t"), value("r")]).to_request(),
        "raw",
        beside,
    );
    // Without the field, the whole body is the body.
    let request = FieldThenWhole(vec![None, value("raw text")])
        .to_request()
        .unwrap();
    assert_eq!(request.body.unwrap().as_str(), "raw text");
}

/// Bytes that hold the pieces of multipart syntax more often than chance.
fn tricky_bytes() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        vec(any::<u8>(), 0..64),
        Just(b"\r\n--".to_vec()),
        Just(b"--\r\n".to_vec()),
        Just(b"Content-Disposition: form-data; name=\"x\"\r\n\r\n".to_vec()),
        "[0-9A-Za-z]{1,40}".prop_map(String::into_bytes),
    ];
    vec(piece, 0..24).prop_map(|pieces| pieces.concat())
}

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config(64))]

    #[test]
    fn any_content_gets_a_boundary_it_does_not_hold(bytes in tricky_bytes(), text in any::<String>()) {
        let route = Upload {
            name: "x".into(),
            title: text.clone(),
            avatar: File::new(bytes.clone()).file_name("f"),
            meta: Value::Null,
            tags: Vec::new(),
            attachments: Vec::new(),
            raw: File::new(bytes.clone()),
            settings: Value::Null,
        };
        let request = route.to_request().unwrap();
        let content_type = request.headers.get("content-type").unwrap().to_owned();
        let boundary = content_type.split_once("boundary=").unwrap().1;
        let body = request.body.unwrap().into_bytes();
        prop_assert!(!bytes.windows(boundary.len()).any(|w| w == boundary.as_bytes()));
        prop_assert!(!text.as_bytes().windows(boundary.len()).any(|w| w == boundary.as_bytes()));
        let parts = multipart_parts(&content_type, &body);
        prop_assert_eq!(parts.len(), 3);
        prop_assert_eq!(&parts[0].bytes, text.as_bytes());
        prop_assert_eq!(&parts[1].bytes, &bytes);
        prop_assert_eq!(&parts[2].bytes, &bytes);
    }

    #[test]
    fn any_form_body_parses_back(
        fields in vec(("\\PC{0,12}", "\\PC{0,24}"), 0..8),
        metadata in proptest::collection::btree_map("[a-z_]{1,8}", "\\PC{0,16}", 0..5),
    ) {
        let object: serde_json::Map<String, Value> = fields
            .iter()
            .map(|(k, v)| (k.clone(), Value::String(v.clone())))
            .collect();
        let request = CreateFromObject { body: Value::Object(object.clone()) }.to_request().unwrap();
        let body = request.body.map(Body::into_bytes).unwrap_or_default();
        let pairs: Vec<(String, String)> = form_urlencoded::parse(&body).into_owned().collect();
        let expected: Vec<(String, String)> = object
            .iter()
            .map(|(k, v)| (k.clone(), v.as_str().unwrap().to_owned()))
            .collect();
        prop_assert_eq!(pairs, expected);

        let nested = json!({"metadata": metadata});
        let request = CreateFromObject { body: nested }.to_request().unwrap();
        let body = request.body.map(Body::into_bytes).unwrap_or_default();
        let read: BTreeMap<String, BTreeMap<String, String>> =
            serde_qs::from_bytes(&body).unwrap_or_default();
        prop_assert_eq!(read.get("metadata").cloned().unwrap_or_default(), metadata);
    }
}

//! Request bodies of every media type, sent by both clients to the loopback
//! server and read back by other implementations: JSON of a `+json` type
//! and a typed whole body with serde_json, form bodies with
//! `form_urlencoded` and `serde_qs`, multipart bodies with `multer`, raw
//! bytes and text as they are, and a choice of media type
//! ([`endpoint::body::Content`]).
//!
//! The routes are compiled by hand here, as `endpoint!` compiles them: a
//! [`Plan`] (method, packed template, each parameter's placement, the
//! body's media type) and a [`Fields`] implementation that hands the
//! builder every field.

#[path = "support/backends.rs"]
mod backends;
#[path = "support/server.rs"]
mod server;

use std::collections::BTreeMap;

use endpoint::__private::{
    Arrays, BodyKind, BodyPlan, Fields, FieldsBuild, Location, Method, Param, ParamPlan, Placement,
    Plan, Request, Result, Route, Style, ToParam, serialize, static_template,
};
use endpoint::body::{Content, Contents, File};
use endpoint::{Body, Endpoint, TypedRequest};
use proptest::collection::vec;
use proptest::prelude::*;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use backends::{BACKENDS, Backend};
use server::{Answer, Received, Server};

/// A content type the defaults set, which a route's own media type
/// replaces.
const DEFAULT_CONTENT_TYPE: &str = "application/x-defaults";

/// A parameter of the body location, of `style`.
const fn body_field(name: &'static str, style: Style, explode: bool) -> ParamPlan {
    ParamPlan {
        name,
        placement: Placement {
            location: Location::Body,
            style,
            explode,
            allow_reserved: false,
            arrays: Arrays::Brackets,
            content_type: None,
        },
    }
}

/// A body field whose encoding names a media type.
const fn encoded_field(name: &'static str, content_type: &'static str) -> ParamPlan {
    let mut plan = body_field(name, Style::Form, true);
    plan.placement.content_type = Some(content_type);
    plan
}

/// The whole body.
const fn whole_body(name: &'static str) -> ParamPlan {
    let mut plan = body_field(name, Style::Default, false);
    plan.placement.location = Location::Content;
    plan
}

const fn media(media_type: &'static str, kind: BodyKind) -> Option<BodyPlan> {
    Some(BodyPlan { media_type, kind })
}

/// `PATCH /pods/{name}`, `POST /v1/payment_intents`, `POST /upload/{name}`,
/// `PUT /objects/{name}`, `POST /notes`, packed as the macro packs them.
const PODS: (&str, &[u32]) = ("/pods/name", &[6, 1, 6, 4, 24, 97, 4, 18, 0]);
const PAYMENT_INTENTS: (&str, &[u32]) = ("/v1/payment_intents", &[19, 0, 76]);
const UPLOAD: (&str, &[u32]) = ("/upload/name", &[8, 1, 8, 4, 32, 97, 4, 18, 0]);
const OBJECTS: (&str, &[u32]) = ("/objects/name", &[9, 1, 9, 4, 36, 97, 4, 18, 0]);
const NOTES: (&str, &[u32]) = ("/notes", &[6, 0, 24]);

/// `Route` and `Fields` for a struct: its method, template, parameters and
/// body, and the expression of each field's value (template variables
/// first), evaluated with `$this` bound to the struct.
macro_rules! route {
    (
        $ty:ident = $method:ident $template:literal, $packed:expr,
        params: [$($param:expr),* $(,)?],
        body: $body:expr,
        |$this:ident| [$($value:expr),* $(,)?]
    ) => {
        impl Fields for $ty {
            fn with_fields(&self, build: &mut FieldsBuild<'_>) -> Result<Request> {
                let $this = self;
                build(&[$($value),*])
            }
        }

        impl Route for $ty {
            type Response = Value;
            const METHOD: &'static str = stringify!($method);
            const TEMPLATE: &'static str = $template;
            const PLAN: &'static Plan = &Plan {
                method: Method::$method,
                template: static_template($packed.0, $packed.1),
                params: &[$($param),*],
                uploads: false,
                body: $body,
            };
        }
    };
}

// ---------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------

/// A merge patch of some fields (`application/merge-patch+json`).
struct MergePatch {
    name: String,
    labels: Value,
    replicas: u64,
    paused: Option<bool>,
}

route! {
    MergePatch = PATCH "/pods/{name}", PODS,
    params: [body_field("labels", Style::Default, true), body_field("replicas", Style::Default, true),
             body_field("paused", Style::Default, true)],
    body: media("application/merge-patch+json", BodyKind::Json),
    |r| [Some(r.name.to_param()), Some(r.labels.to_param()), Some(r.replicas.to_param()),
         r.paused.as_ref().map(ToParam::to_param)]
}

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

/// `PUT` of a whole Pod (`application/json`).
struct ReplacePod {
    name: String,
    pod: Pod,
}

impl Fields for ReplacePod {
    fn with_fields(&self, build: &mut FieldsBuild<'_>) -> Result<Request> {
        let pod = serialize(&self.pod, "pod")?;
        build(&[Some(self.name.to_param()), Some(Param::Json(&pod))])
    }
}

impl Route for ReplacePod {
    type Response = Value;
    const METHOD: &'static str = "PUT";
    const TEMPLATE: &'static str = "/pods/{name}";
    const PLAN: &'static Plan = &Plan {
        method: Method::PUT,
        template: static_template(PODS.0, PODS.1),
        params: &[whole_body("pod")],
        uploads: false,
        body: media("application/json", BodyKind::Json),
    };
}

/// A Stripe payment intent, field by field, in the encodings Stripe's
/// OpenAPI description gives them.
struct CreatePaymentIntent {
    amount: u64,
    currency: String,
    description: Option<String>,
    metadata: Value,
    expand: Vec<String>,
    items: Value,
    payment_method_types: Vec<String>,
    shipping: Value,
}

route! {
    CreatePaymentIntent = POST "/v1/payment_intents", PAYMENT_INTENTS,
    params: [
        // Unstyled fields of a form route: the form style, exploded.
        ParamPlan::new("amount"),
        ParamPlan::new("currency"),
        body_field("description", Style::Form, true),
        body_field("metadata", Style::DeepObject, true),
        body_field("expand", Style::DeepObject, true),
        body_field("items", Style::DeepObject, true),
        body_field("payment_method_types", Style::Form, false),
        encoded_field("shipping", "application/json"),
    ],
    body: media("application/x-www-form-urlencoded", BodyKind::Form),
    |r| [Some(r.amount.to_param()), Some(r.currency.to_param()),
         r.description.as_ref().map(ToParam::to_param), Some(r.metadata.to_param()),
         Some(r.expand.to_param()), Some(r.items.to_param()),
         Some(r.payment_method_types.to_param()), Some(r.shipping.to_param())]
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

/// `POST` of a whole form body.
struct CreateFromObject<T> {
    body: T,
}

impl<T: Serialize> Fields for CreateFromObject<T> {
    fn with_fields(&self, build: &mut FieldsBuild<'_>) -> Result<Request> {
        let body = serialize(&self.body, "body")?;
        build(&[Some(Param::Json(&body))])
    }
}

impl<T: Serialize> Route for CreateFromObject<T> {
    type Response = Value;
    const METHOD: &'static str = "POST";
    const TEMPLATE: &'static str = "/v1/payment_intents";
    const PLAN: &'static Plan = &Plan {
        method: Method::POST,
        template: static_template(PAYMENT_INTENTS.0, PAYMENT_INTENTS.1),
        params: &[whole_body("body")],
        uploads: false,
        body: media("application/x-www-form-urlencoded", BodyKind::Form),
    };
}

/// A multipart upload: text, a file, a JSON part, lists of values and of
/// files, a field whose encoding names its media type.
struct Upload {
    name: String,
    title: String,
    avatar: File,
    meta: Value,
    tags: Vec<String>,
    attachments: Vec<File>,
    raw: Vec<u8>,
    settings: Value,
}

route! {
    Upload = POST "/upload/{name}", UPLOAD,
    params: [
        body_field("title", Style::Form, true),
        body_field("avatar", Style::Form, true),
        body_field("meta", Style::Form, true),
        body_field("tags", Style::Form, true),
        body_field("attachments", Style::Form, true),
        body_field("raw", Style::Form, true),
        encoded_field("settings", "application/vnd.settings+json"),
    ],
    body: media("multipart/form-data", BodyKind::Multipart),
    |r| [Some(r.name.to_param()), Some(r.title.to_param()), Some(r.avatar.to_param()),
         Some(r.meta.to_param()), Some(r.tags.to_param()), Some(r.attachments.to_param()),
         Some(Param::Bytes(&r.raw)), Some(r.settings.to_param())]
}

/// A whole body of bytes, of the route's media type.
struct PutObject {
    name: String,
    bytes: Vec<u8>,
}

route! {
    PutObject = PUT "/objects/{name}", OBJECTS,
    params: [whole_body("bytes")],
    body: media("image/png", BodyKind::Bytes),
    |r| [Some(r.name.to_param()), Some(Param::Bytes(&r.bytes))]
}

/// A whole body that is a file: its own media type wins over the route's.
struct PutFile {
    name: String,
    file: File,
}

route! {
    PutFile = PUT "/objects/{name}", OBJECTS,
    params: [whole_body("file")],
    body: media("application/octet-stream", BodyKind::Bytes),
    |r| [Some(r.name.to_param()), Some(r.file.to_param())]
}

/// A text body.
struct CreateNote {
    text: String,
}

route! {
    CreateNote = POST "/notes", NOTES,
    params: [whole_body("text")],
    body: media("text/plain; charset=utf-8", BodyKind::Text),
    |r| [Some(r.text.to_param())]
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

/// `PATCH` with a choice of body: the route names no media type.
struct PatchPod {
    name: String,
    patch: Patch,
}

impl Fields for PatchPod {
    fn with_fields(&self, build: &mut FieldsBuild<'_>) -> Result<Request> {
        let patch = self.patch.content();
        build(&[Some(self.name.to_param()), Some(Param::Content(&patch))])
    }
}

impl Route for PatchPod {
    type Response = Value;
    const METHOD: &'static str = "PATCH";
    const TEMPLATE: &'static str = "/pods/{name}";
    const PLAN: &'static Plan = &Plan {
        method: Method::PATCH,
        template: static_template(PODS.0, PODS.1),
        params: &[whole_body("patch")],
        uploads: false,
        body: None,
    };
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
    let route = CreateFromObject {
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
        raw: vec![0xde, 0xad, 0xbe, 0xef],
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
    // The file of a form field, a JSON field, a whole body beside fields.
    struct FormWithFile(File);
    route! {
        FormWithFile = POST "/v1/payment_intents", PAYMENT_INTENTS,
        params: [body_field("upload", Style::Form, true)],
        body: media("application/x-www-form-urlencoded", BodyKind::Form),
        |r| [Some(r.0.to_param())]
    }
    struct JsonWithBytes(Vec<u8>);
    route! {
        JsonWithBytes = POST "/notes", NOTES,
        params: [ParamPlan::new("blob")],
        body: None,
        |r| [Some(Param::Bytes(&r.0))]
    }
    struct PathWithFile(File);
    route! {
        PathWithFile = PUT "/objects/{name}", OBJECTS,
        params: [],
        body: None,
        |r| [Some(r.0.to_param())]
    }
    struct QueryWithBytes(Vec<u8>);
    route! {
        QueryWithBytes = GET "/notes", NOTES,
        params: [ParamPlan::new("since")],
        body: None,
        |r| [Some(Param::Bytes(&r.0))]
    }
    let check = |result: endpoint::Result<Request>, key: &str| {
        let err = result.unwrap_err();
        let text = err.to_string();
        assert!(text.contains(&format!("`{key}`")), "{text}");
    };
    check(FormWithFile(File::new(vec![1])).to_request(), "upload");
    check(JsonWithBytes(vec![1]).to_request(), "blob");
    check(PathWithFile(File::new(vec![1])).to_request(), "name");
    check(QueryWithBytes(vec![1]).to_request(), "since");
    let err = Upload {
        name: "x".into(),
        title: "t".into(),
        avatar: File::new(vec![1]).header("x-bad", "a\nb"),
        meta: Value::Null,
        tags: Vec::new(),
        attachments: Vec::new(),
        raw: Vec::new(),
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
fn a_whole_body_goes_alone() {
    // Fields of the octokit rule (`data` among them) or of a JSON body
    // beside a whole body, in either order, and two whole bodies.
    struct FieldThenWhole(Option<&'static str>, &'static str);
    route! {
        FieldThenWhole = POST "/notes", NOTES,
        params: [ParamPlan::new("title"), whole_body("raw")],
        body: None,
        |r| [r.0.map(|title| title.to_param()), Some(r.1.to_param())]
    }
    struct WholeThenField(&'static str, &'static str);
    route! {
        WholeThenField = POST "/notes", NOTES,
        params: [whole_body("raw"), ParamPlan::new("title")],
        body: None,
        |r| [Some(r.0.to_param()), Some(r.1.to_param())]
    }
    struct DataThenWhole(&'static str, &'static str);
    route! {
        DataThenWhole = POST "/notes", NOTES,
        params: [ParamPlan::new("data"), whole_body("raw")],
        body: None,
        |r| [Some(r.0.to_param()), Some(r.1.to_param())]
    }
    struct TwoWholes(&'static str, &'static str);
    route! {
        TwoWholes = POST "/notes", NOTES,
        params: [whole_body("raw"), whole_body("other")],
        body: None,
        |r| [Some(r.0.to_param()), Some(r.1.to_param())]
    }
    struct JsonFieldThenWhole(&'static str, &'static str);
    route! {
        JsonFieldThenWhole = POST "/notes", NOTES,
        params: [body_field("title", Style::Default, true), whole_body("raw")],
        body: media("application/json", BodyKind::Json),
        |r| [Some(r.0.to_param()), Some(r.1.to_param())]
    }
    let check = |result: endpoint::Result<Request>, key: &str, reason: &str| {
        let err = result.unwrap_err();
        let text = err.to_string();
        assert!(
            text.contains(&format!("`{key}`")) && text.contains(reason),
            "{text}"
        );
    };
    let beside = "a whole body cannot be sent with body fields";
    check(FieldThenWhole(Some("t"), "r").to_request(), "raw", beside);
    check(WholeThenField("r", "t").to_request(), "title", beside);
    check(DataThenWhole("d", "r").to_request(), "raw", beside);
    check(TwoWholes("r", "o").to_request(), "other", "one whole body");
    check(JsonFieldThenWhole("t", "r").to_request(), "raw", beside);
    // Without the field, the whole body is the body.
    let request = FieldThenWhole(None, "raw text").to_request().unwrap();
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
            raw: bytes.clone(),
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

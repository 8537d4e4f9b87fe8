//! Two workloads of request bodies that are not JSON, each built two ways:
//! `typed` (a compiled route's struct turned into a request by the
//! builder) and `floor` (the same request written directly, the practical
//! floor):
//!
//! - `form`: a Stripe payment intent as an `application/x-www-form-urlencoded`
//!   body, flat fields and nested ones by the bracket rule
//!   (`metadata[order_id]=6735`, `expand[]=customer`, `items[0][price]=p_1`);
//!   the floor writes its pairs with `serde_urlencoded`;
//! - `multipart`: an upload of a text field, a JSON part and a 4 KiB file
//!   with its name and media type as a `multipart/form-data` body; the floor
//!   writes the parts directly, with the boundary the builder drew.
//!
//! The routes are declared with `endpoint!`.
#![allow(
    dead_code,
    reason = "included by the benchmarks, which each use a part"
)]

use std::borrow::Cow;
use std::hint::black_box;

use endpoint::body::File;
use endpoint::octokit::{DEFAULT_ACCEPT, DEFAULT_BASE_URL};
use endpoint::{Body, Headers, Request, Result, USER_AGENT, endpoint};
use serde_json::{Value, json};

/// The workload names.
pub const WORKLOADS: [&str; 2] = ["form", "multipart"];

/// The inputs of both workloads, made once.
pub struct Inputs {
    pub intent: CreatePaymentIntent,
    pub upload: Upload,
}

impl Inputs {
    pub fn new() -> Self {
        Inputs {
            intent: CreatePaymentIntent {
                amount: 2000,
                currency: "usd".into(),
                description: "Tea & cake for 2".into(),
                metadata: json!({"order_id": "6735", "customer": "cus_9s6XKzkNRiz8i3"}),
                expand: vec!["customer".into(), "invoice".into()],
                items: json!([{"price": "p_1", "quantity": 2}, {"price": "p_2", "quantity": 1}]),
            },
            upload: Upload {
                title: "Quarterly report".into(),
                meta: json!({"tags": ["finance", "q3"], "public": false}),
                file: File::new(
                    (0..4096u32)
                        .map(|i| (i * 31 % 251) as u8)
                        .collect::<Vec<u8>>(),
                )
                .file_name("report.pdf")
                .content_type("application/pdf"),
            },
        }
    }
}

impl Default for Inputs {
    fn default() -> Self {
        Self::new()
    }
}

// `serde_json::Value` spelled out: the macro hands such a field to the
// builder directly, without serializing it again.
endpoint! {
    /// `POST /v1/payment_intents` with a form body.
    #[endpoint(content_type = "application/x-www-form-urlencoded")]
    pub struct CreatePaymentIntent = "POST /v1/payment_intents" {
        pub amount: u64,
        pub currency: String,
        pub description: String,
        #[endpoint(body, style = "deepObject")]
        pub metadata: serde_json::Value,
        #[endpoint(body, style = "deepObject")]
        pub expand: Vec<String>,
        #[endpoint(body, style = "deepObject")]
        pub items: serde_json::Value,
    }

    /// `POST /upload` with a multipart body.
    #[endpoint(content_type = "multipart/form-data")]
    pub struct Upload = "POST /upload" {
        pub title: String,
        pub meta: serde_json::Value,
        pub file: File,
    }
}

pub fn form_typed(inputs: &Inputs) -> Result<Request> {
    black_box(&inputs.intent).to_request()
}

pub fn multipart_typed(inputs: &Inputs) -> Result<Request> {
    black_box(&inputs.upload).to_request()
}

fn headers(content_type: String) -> Headers {
    let mut headers = Headers::with_capacity(3);
    headers
        .insert("accept", DEFAULT_ACCEPT)
        .expect("a valid header");
    headers
        .insert("user-agent", USER_AGENT)
        .expect("a valid header");
    headers
        .insert("content-type", content_type)
        .expect("a valid header");
    headers
}

fn post(url: &str, content_type: String, body: Body) -> Request {
    Request {
        method: Cow::Borrowed("post"),
        url: format!("{}{url}", DEFAULT_BASE_URL),
        headers: headers(content_type),
        body: Some(body),
        request: None,
    }
}

/// The form written with `serde_urlencoded`, the bracketed names made by
/// hand (which it encodes: `%5B`, `%5D`).
pub fn form_floor(inputs: &Inputs) -> Result<Request> {
    let intent = black_box(&inputs.intent);
    let amount = intent.amount.to_string();
    let mut pairs: Vec<(Cow<'_, str>, &str)> = vec![
        ("amount".into(), &amount),
        ("currency".into(), &intent.currency),
        ("description".into(), &intent.description),
    ];
    let metadata = intent.metadata.as_object().into_iter().flatten();
    let metadata: Vec<(String, String)> = metadata
        .map(|(key, value)| (format!("metadata[{key}]"), scalar(value)))
        .collect();
    pairs.extend(
        metadata
            .iter()
            .map(|(k, v)| (k.as_str().into(), v.as_str())),
    );
    pairs.extend(
        intent
            .expand
            .iter()
            .map(|e| ("expand[]".into(), e.as_str())),
    );
    let items = intent.items.as_array().into_iter().flatten().enumerate();
    let items: Vec<(String, String)> = items
        .flat_map(|(i, item)| {
            let fields = item.as_object().into_iter().flatten();
            fields.map(move |(key, value)| (format!("items[{i}][{key}]"), scalar(value)))
        })
        .collect();
    pairs.extend(items.iter().map(|(k, v)| (k.as_str().into(), v.as_str())));
    let body = serde_urlencoded::to_string(&pairs).expect("pairs of strings");
    Ok(post(
        "/v1/payment_intents",
        "application/x-www-form-urlencoded".into(),
        Body::Text(body),
    ))
}

fn scalar(value: &Value) -> String {
    match value {
        Value::String(text) => text.clone(),
        other => other.to_string(),
    }
}

/// The multipart body written part by part, with `boundary`.
pub fn multipart_floor(inputs: &Inputs, boundary: &str) -> Result<Request> {
    let upload = black_box(&inputs.upload);
    let file = &upload.file;
    let mut body = Vec::with_capacity(file.bytes.len() + 512);
    let head = |body: &mut Vec<u8>, name: &str, extra: &str| {
        body.extend_from_slice(b"--");
        body.extend_from_slice(boundary.as_bytes());
        body.extend_from_slice(b"\r\nContent-Disposition: form-data; name=\"");
        body.extend_from_slice(name.as_bytes());
        body.extend_from_slice(b"\"");
        body.extend_from_slice(extra.as_bytes());
        body.extend_from_slice(b"\r\n");
    };
    head(&mut body, "title", "\r\n");
    body.extend_from_slice(upload.title.as_bytes());
    body.extend_from_slice(b"\r\n");
    head(&mut body, "meta", "\r\nContent-Type: application/json\r\n");
    serde_json::to_writer(&mut body, &upload.meta).expect("JSON");
    body.extend_from_slice(b"\r\n");
    let file_name = file.file_name.as_deref().unwrap_or_default();
    let content_type = file
        .content_type
        .as_deref()
        .unwrap_or("application/octet-stream");
    head(
        &mut body,
        "file",
        &format!("; filename=\"{file_name}\"\r\nContent-Type: {content_type}\r\n"),
    );
    body.extend_from_slice(&file.bytes);
    body.extend_from_slice(b"\r\n--");
    body.extend_from_slice(boundary.as_bytes());
    body.extend_from_slice(b"--\r\n");
    Ok(post(
        "/upload",
        format!("multipart/form-data; boundary={boundary}"),
        Body::Bytes(body),
    ))
}

/// The boundary of a multipart request.
pub fn boundary(request: &Request) -> &str {
    let content_type = request.headers.get("content-type").unwrap_or_default();
    content_type.split_once("boundary=").map_or("", |(_, b)| b)
}

/// Panics unless both ways build the same request: the same form pairs
/// (`serde_urlencoded` encodes brackets), the same multipart bytes.
pub fn assert_equal(inputs: &Inputs) {
    let typed = form_typed(inputs).expect("the form request");
    let floor = form_floor(inputs).expect("the form floor");
    assert_eq!((&typed.url, &typed.headers), (&floor.url, &floor.headers));
    let pairs = |request: &Request| -> Vec<(String, String)> {
        let body = request.body.as_ref().map_or(&[][..], Body::as_bytes);
        form_urlencoded::parse(body).into_owned().collect()
    };
    assert_eq!(pairs(&typed), pairs(&floor));
    let typed = multipart_typed(inputs).expect("the multipart request");
    let floor = multipart_floor(inputs, boundary(&typed)).expect("the multipart floor");
    assert_eq!(typed, floor);
}

//! Streamed answers and bodies through both clients, against the loopback
//! server: a 200 MiB download read with a flat memory profile (the peak
//! resident memory of this process, measured), uploads from a reader, a
//! stream and a file, a Kubernetes-like `watch` of JSON lines decoded
//! typed, server-sent events read as their pieces come and resumed after
//! a cut with their last event id, a typed route whose body is bytes, and
//! the call's rules (redirects, retries, errors) applied to a streamed
//! answer's head.

use crate::server;

use std::future::poll_fn;
use std::io::Read;
use std::pin::Pin;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use endpoint::client::{ClientBuilder, Error, Retry, reqwest, ureq};
use futures_core::Stream;
use serde::Deserialize;
use serde_json::{Value, json};

use server::{Answer, MAX_BODY, Pattern, Received, Server, Streaming};

const MIB: u64 = 1 << 20;

/// The download's size.
const DOWNLOAD: u64 = 200 * MIB;

/// The most the peak resident memory may grow while a download is read:
/// far below its size.
const FLAT: u64 = 32 * MIB;

/// The upload's size.
const UPLOAD: u64 = 64 * MIB;

/// Held by the tests that measure memory or move large bodies, so that no
/// other such test runs beside them in this process.
static LARGE: Mutex<()> = Mutex::new(());

fn large() -> std::sync::MutexGuard<'static, ()> {
    LARGE.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Retries that wait milliseconds.
fn quick<C>(builder: ClientBuilder<C>) -> ClientBuilder<C> {
    builder.no_proxy().retry(
        Retry::default()
            .base_delay(Duration::from_millis(10))
            .max_delay(Duration::from_millis(50)),
    )
}

fn ureq_client(server: &Server) -> ureq::Client {
    quick(ureq::Client::builder().base_url(server.base_url()))
        .build()
        .expect("valid settings")
}

fn reqwest_client(server: &Server) -> (reqwest::Client, tokio::runtime::Runtime) {
    let client = quick(reqwest::Client::builder().base_url(server.base_url()))
        .build()
        .expect("valid settings");
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime");
    (client, runtime)
}

/// The next item of `stream`.
async fn next<S: Stream + Unpin>(stream: &mut S) -> Option<S::Item> {
    poll_fn(|cx| Pin::new(&mut *stream).poll_next(cx)).await
}

/// A field of `/proc/self/status`, in bytes (`VmHWM`: the peak resident
/// memory; `VmRSS`: the resident memory now).
fn memory(field: &str) -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").expect("/proc/self/status");
    let line = status
        .lines()
        .find(|line| line.starts_with(&format!("{field}:")))
        .unwrap_or_else(|| panic!("no {field} in /proc/self/status"));
    let kib: u64 = line
        .split_whitespace()
        .nth(1)
        .and_then(|kib| kib.parse().ok())
        .unwrap_or_else(|| panic!("{line}"));
    kib * 1024
}

/// How much the peak resident memory of this process grows while `run`
/// runs: the peak is reset to the resident memory now first (Linux's
/// `clear_refs`), so that an earlier peak hides nothing.
fn peak_growth(run: impl FnOnce()) -> u64 {
    std::fs::write("/proc/self/clear_refs", "5").expect("the peak resident memory can be reset");
    let before = memory("VmRSS");
    run();
    memory("VmHWM").saturating_sub(before)
}

/// A server streaming `DOWNLOAD` bytes of the pattern at `/download`,
/// with a `content-length`.
fn download_server() -> Server {
    Server::streaming(|received| {
        assert_eq!(received.url, "/download");
        Streaming {
            status: 200,
            headers: vec![("content-type".into(), "application/octet-stream".into())],
            length: Some(DOWNLOAD),
            body: Box::new(Pattern::new(DOWNLOAD)),
        }
    })
}

/// Checks that `chunk`, read at `offset`, is the pattern there.
fn check_pattern(offset: u64, chunk: &[u8]) {
    for (i, byte) in chunk.iter().enumerate() {
        let at = offset + i as u64;
        assert_eq!(*byte, Pattern::byte(at), "byte {at}");
    }
}

#[test]
fn a_200_mib_download_is_read_with_a_flat_memory_profile() {
    let _large = large();
    let server = download_server();

    let client = ureq_client(&server);
    let growth = peak_growth(|| {
        let request = client
            .endpoint()
            .endpoint("GET /download", json!({}))
            .unwrap();
        let mut answer = client.stream_request(request).expect("the head");
        assert_eq!(answer.status, 200);
        assert_eq!(answer.headers["content-length"], DOWNLOAD.to_string());
        let mut buffer = vec![0; 64 << 10];
        let mut read = 0;
        loop {
            let n = answer.body.read(&mut buffer).expect("the body");
            if n == 0 {
                break;
            }
            check_pattern(read, &buffer[..n]);
            read += n as u64;
        }
        assert_eq!(read, DOWNLOAD);
    });
    eprintln!("ureq: the peak resident memory grew by {growth} bytes for {DOWNLOAD} bytes read");
    assert!(growth < FLAT, "ureq: {growth} bytes more at the peak");

    let (client, runtime) = reqwest_client(&server);
    let growth = peak_growth(|| {
        runtime.block_on(async {
            let request = client
                .endpoint()
                .endpoint("GET /download", json!({}))
                .unwrap();
            let mut answer = client.stream_request(request).await.expect("the head");
            assert_eq!(answer.status, 200);
            assert_eq!(answer.headers["content-length"], DOWNLOAD.to_string());
            let mut read = 0;
            while let Some(chunk) = next(&mut answer.body).await {
                let chunk = chunk.expect("the body");
                check_pattern(read, &chunk);
                read += chunk.len() as u64;
            }
            assert_eq!(read, DOWNLOAD);
        });
    });
    eprintln!("reqwest: the peak resident memory grew by {growth} bytes for {DOWNLOAD} bytes read");
    assert!(growth < FLAT, "reqwest: {growth} bytes more at the peak");
    assert_eq!(server.requests().len(), 2);
}

/// A server that counts each upload's bytes and answers them as JSON.
fn upload_server() -> Server {
    Server::start(|received: &Received| {
        Answer::json(
            201,
            &json!({"length": received.body_length, "type": received.optional_header("content-type")}),
        )
    })
}

/// Checks what the server received of an upload of `length` bytes of the
/// pattern, and the client's decoding of its answer.
fn check_upload(received: &Received, answer: &Value, length: u64, chunked: bool) {
    assert_eq!(received.method, "PUT");
    assert_eq!(received.url, "/objects/big.bin");
    assert_eq!(received.body_length, length);
    check_pattern(0, &received.body);
    assert_eq!(received.body.len() as u64, length.min(MAX_BODY));
    assert_eq!(received.header("content-type"), "application/octet-stream");
    if chunked {
        assert_eq!(received.header("transfer-encoding"), "chunked");
        assert_eq!(received.optional_header("content-length"), None);
    } else {
        assert_eq!(received.header("content-length"), length.to_string());
    }
    assert_eq!(answer["length"], length);
}

fn put_object(endpoint: &endpoint::Endpoint) -> endpoint::Request {
    endpoint
        .endpoint(
            "PUT /objects/{name}",
            json!({"name": "big.bin", "headers": {"content-type": "application/octet-stream"}}),
        )
        .unwrap()
}

#[test]
fn an_upload_of_64_mib_from_a_reader_is_sent_as_it_is_read() {
    let _large = large();
    let server = upload_server();

    let client = ureq_client(&server);
    for length in [Some(UPLOAD), None] {
        let body = ureq::Upload::reader(Pattern::new(UPLOAD), length);
        let answer: Value = client
            .upload_request(put_object(client.endpoint()), body)
            .expect("stored")
            .body;
        check_upload(&server.next(), &answer, UPLOAD, length.is_none());
    }

    let (client, runtime) = reqwest_client(&server);
    for length in [Some(UPLOAD), None] {
        // The pattern in chunks of 1 MiB, made as they are sent.
        let chunks = futures_util::stream::unfold(Pattern::new(UPLOAD), |mut pattern| async move {
            let mut chunk = vec![0; MIB as usize];
            let n = pattern.read(&mut chunk).expect("the pattern");
            chunk.truncate(n);
            (n > 0).then_some((Ok::<_, std::io::Error>(chunk), pattern))
        });
        let body = reqwest::Upload::stream(chunks, length);
        let answer: Value = runtime
            .block_on(client.upload_request(put_object(client.endpoint()), body))
            .expect("stored")
            .body;
        check_upload(&server.next(), &answer, UPLOAD, length.is_none());
    }
}

/// A server answering every other request `503`: a retry follows.
fn flaky_server() -> Server {
    let count = Arc::new(Mutex::new(0));
    Server::start(move |received: &Received| {
        let mut count = count.lock().unwrap();
        *count += 1;
        if *count % 2 == 1 {
            Answer::json(503, &json!({"message": "busy"}))
        } else {
            Answer::json(201, &json!({"length": received.body_length}))
        }
    })
}

#[test]
fn a_file_is_opened_again_for_a_retry_and_a_reader_is_sent_once() {
    let path = std::env::temp_dir().join(format!("endpoint-streams-{}.bin", std::process::id()));
    let mut content = vec![0; 300_000];
    Pattern::new(300_000).read_exact(&mut content).unwrap();
    std::fs::write(&path, &content).unwrap();

    let server = flaky_server();
    let client = ureq_client(&server);
    let answer: Value = client
        .upload_request(
            put_object(client.endpoint()),
            ureq::Upload::file(&path).unwrap(),
        )
        .expect("stored at the second try")
        .body;
    assert_eq!(answer["length"], 300_000);
    let requests = server.requests();
    assert_eq!(requests.len(), 2, "two tries of the file");
    for received in requests {
        assert_eq!(received.body, content);
        assert_eq!(received.header("content-length"), "300000");
    }
    let error = client
        .upload_request::<Value>(
            put_object(client.endpoint()),
            ureq::Upload::reader(std::io::Cursor::new(content.clone()), None),
        )
        .expect_err("a 503 is not retried");
    assert!(
        matches!(&error, Error::Status(api) if api.status == 503),
        "{error}"
    );
    assert_eq!(server.requests().len(), 1, "sent once");

    let server = flaky_server();
    let (client, runtime) = reqwest_client(&server);
    runtime.block_on(async {
        let body = reqwest::Upload::file(&path).await.unwrap();
        let answer: Value = client
            .upload_request(put_object(client.endpoint()), body)
            .await
            .expect("stored at the second try")
            .body;
        assert_eq!(answer["length"], 300_000);
        let chunks = futures_util::stream::iter([Ok::<_, std::io::Error>(content.clone())]);
        let error = client
            .upload_request::<Value>(
                put_object(client.endpoint()),
                reqwest::Upload::stream(chunks, Some(300_000)),
            )
            .await
            .expect_err("a 503 is not retried");
        assert!(
            matches!(&error, Error::Status(api) if api.status == 503),
            "{error}"
        );
    });
    let requests = server.requests();
    assert_eq!(
        requests.len(),
        3,
        "two tries of the file, one of the stream"
    );
    for received in requests {
        assert_eq!(received.body, content);
    }
    let _ = std::fs::remove_file(&path);
}

#[test]
fn a_redirect_that_would_send_a_reader_again_is_refused() {
    let server = Server::start(|received: &Received| match received.url.as_str() {
        "/objects/big.bin" => Answer::json(307, &json!({})).with_header("location", "/elsewhere"),
        _ => Answer::json(201, &json!({})),
    });
    let client = ureq_client(&server);
    let error = client
        .upload_request::<Value>(
            put_object(client.endpoint()),
            ureq::Upload::reader(&b"abc"[..], Some(3)),
        )
        .expect_err("not sent again");
    assert!(matches!(error, Error::Transport { .. }), "{error}");
    assert!(
        error.to_string().contains("cannot be sent again"),
        "{error}"
    );
    let (client, runtime) = reqwest_client(&server);
    let chunks = futures_util::stream::iter([Ok::<_, std::io::Error>(b"abc".to_vec())]);
    let error = runtime
        .block_on(client.upload_request::<Value>(
            put_object(client.endpoint()),
            reqwest::Upload::stream(chunks, Some(3)),
        ))
        .expect_err("not sent again");
    assert!(
        error.to_string().contains("cannot be sent again"),
        "{error}"
    );
    // Only the first request of each: the redirect was not followed.
    assert_eq!(server.requests().len(), 2);
}

#[derive(Debug, Deserialize)]
struct WatchEvent {
    r#type: String,
    object: Pod,
}

#[derive(Debug, Deserialize)]
struct Pod {
    metadata: Metadata,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Metadata {
    name: String,
    resource_version: String,
}

/// A server streaming a watch of `lines` (chunked, as Kubernetes sends
/// one), for `/api/v1/namespaces/default/pods?watch=true`.
fn watch_server(lines: Vec<String>) -> Server {
    Server::streaming(move |received| {
        assert_eq!(received.url, "/api/v1/namespaces/default/pods?watch=true");
        let body = lines.concat().into_bytes();
        Streaming {
            status: 200,
            headers: vec![("content-type".into(), "application/json".into())],
            length: None,
            body: Box::new(Trickle(std::io::Cursor::new(body))),
        }
    })
}

/// A reader giving at most 100 bytes a read, so that lines are cut across
/// the chunks of a chunked answer.
struct Trickle(std::io::Cursor<Vec<u8>>);

impl Read for Trickle {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = buf.len().min(100);
        self.0.read(&mut buf[..n])
    }
}

fn event(i: usize) -> String {
    json!({
        "type": if i == 0 { "ADDED" } else { "MODIFIED" },
        "object": {"kind": "Pod", "metadata": {"name": format!("pod-{i}"), "resourceVersion": (1000 + i).to_string()}}
    })
    .to_string()
        + "\n"
}

fn watch(endpoint: &endpoint::Endpoint) -> endpoint::Request {
    endpoint
        .endpoint(
            "GET /api/v1/namespaces/{namespace}/pods{?watch}",
            json!({"namespace": "default", "watch": true}),
        )
        .unwrap()
}

/// Every item of a watch, read by each backend.
fn each_watch(server: &Server) -> Vec<Vec<Result<WatchEvent, Error>>> {
    let client = ureq_client(server);
    let answer = client
        .stream_request(watch(client.endpoint()))
        .expect("the head");
    let by_ureq = answer.body.lines::<WatchEvent>().collect();

    let (client, runtime) = reqwest_client(server);
    let by_reqwest = runtime.block_on(async {
        let answer = client
            .stream_request(watch(client.endpoint()))
            .await
            .expect("the head");
        let mut lines = answer.body.lines::<WatchEvent>();
        let mut items = Vec::new();
        while let Some(item) = next(&mut lines).await {
            items.push(item);
        }
        items
    });
    vec![by_ureq, by_reqwest]
}

#[test]
fn a_watch_of_1000_lines_is_decoded_typed() {
    let server = watch_server((0..1000).map(event).collect());
    for items in each_watch(&server) {
        assert_eq!(items.len(), 1000);
        for (i, item) in items.into_iter().enumerate() {
            let item = item.expect("a watch event");
            assert_eq!(item.object.metadata.name, format!("pod-{i}"));
            assert_eq!(
                item.object.metadata.resource_version,
                (1000 + i).to_string()
            );
            assert_eq!(item.r#type, if i == 0 { "ADDED" } else { "MODIFIED" });
        }
    }
}

#[test]
fn a_line_that_is_not_json_names_its_number_and_the_lines_after_it_come() {
    let lines = vec![
        event(0),
        "\n".to_owned(),
        "<html>gateway timeout</html>\n".to_owned(),
        r#"{"type":"MODIFIED","object":{"metadata":{"name":7}}}"#.to_owned() + "\n",
        event(4),
        // The last line, with no newline.
        event(5).trim_end().to_owned(),
    ];
    let server = watch_server(lines);
    for items in each_watch(&server) {
        assert_eq!(items.len(), 5, "{items:?}");
        assert_eq!(items[0].as_ref().unwrap().object.metadata.name, "pod-0");
        let Err(Error::Decode(error)) = &items[1] else {
            panic!("line 3 is not JSON: {:?}", items[1]);
        };
        assert_eq!(error.line(), Some(3));
        assert_eq!(error.body(), b"<html>gateway timeout</html>");
        assert!(
            error
                .to_string()
                .contains("line 3 of the answer does not fit"),
            "{error}"
        );
        let Err(Error::Decode(error)) = &items[2] else {
            panic!("line 4 does not fit: {:?}", items[2]);
        };
        assert_eq!(error.line(), Some(4));
        assert_eq!(error.path(), "object.metadata.name");
        assert_eq!(items[3].as_ref().unwrap().object.metadata.name, "pod-4");
        assert_eq!(items[4].as_ref().unwrap().object.metadata.name, "pod-5");
    }
}

#[test]
fn redirects_retries_and_errors_apply_to_a_streamed_head() {
    let tries = Arc::new(Mutex::new(0));
    let server = Server::streaming(move |received| {
        let answer = |status: u16, headers: Vec<(String, String)>, body: &'static [u8]| Streaming {
            status,
            headers,
            length: Some(body.len() as u64),
            body: Box::new(body),
        };
        let json = || vec![("content-type".to_owned(), "application/json".to_owned())];
        match received.url.as_str() {
            "/old" => answer(302, vec![("location".into(), "/flaky".into())], b""),
            "/flaky" => {
                let mut tries = tries.lock().unwrap();
                *tries += 1;
                if *tries % 2 == 1 {
                    answer(503, json(), br#"{"message":"warming up"}"#)
                } else {
                    answer(
                        200,
                        vec![("x-ratelimit-remaining".into(), "41".into())],
                        b"the data",
                    )
                }
            }
            _ => answer(404, json(), br#"{"message":"no such file"}"#),
        }
    });

    let client = ureq_client(&server);
    let get = |path: &str| {
        client
            .endpoint()
            .endpoint(&format!("GET {path}"), json!({}))
            .unwrap()
    };
    let mut answer = client
        .stream_request(get("/old"))
        .expect("redirected, then retried");
    assert_eq!(answer.url, format!("{}/flaky", server.base_url()));
    assert_eq!(answer.rate_limit().remaining, Some(41));
    let mut text = String::new();
    answer.body.read_to_string(&mut text).unwrap();
    assert_eq!(text, "the data");
    let error = client.stream_request(get("/gone")).expect_err("a 404");
    assert!(
        matches!(&error, Error::Status(api) if api.status == 404),
        "{error}"
    );
    assert!(error.to_string().contains("no such file"), "{error}");

    let (client, runtime) = reqwest_client(&server);
    let get = |path: &str| {
        client
            .endpoint()
            .endpoint(&format!("GET {path}"), json!({}))
            .unwrap()
    };
    runtime.block_on(async {
        let mut answer = client
            .stream_request(get("/old"))
            .await
            .expect("redirected, then retried");
        assert_eq!(answer.url, format!("{}/flaky", server.base_url()));
        assert_eq!(answer.rate_limit().remaining, Some(41));
        let mut body = Vec::new();
        while let Some(chunk) = next(&mut answer.body).await {
            body.extend_from_slice(&chunk.unwrap());
        }
        assert_eq!(body, b"the data");
        let error = client
            .stream_request(get("/gone"))
            .await
            .expect_err("a 404");
        assert!(error.to_string().contains("no such file"), "{error}");
    });
    let paths: Vec<String> = server.requests().into_iter().map(|r| r.url).collect();
    let round = ["/old", "/flaky", "/flaky", "/gone"];
    assert_eq!(paths, [round, round].concat());
}

#[test]
fn an_answer_cut_short_is_an_error_after_what_came() {
    use std::io::Write;
    let server = Server::raw(|mut stream, _| {
        let _ = stream.write_all(
            b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{\"n\":1}\n{\"n\":",
        );
        // Dropped: the connection closes 988 bytes early.
    });
    #[derive(Debug, Deserialize)]
    struct Item {
        n: u32,
    }
    let get = |endpoint: &endpoint::Endpoint| endpoint.endpoint("GET /items", json!({})).unwrap();

    let client = ureq_client(&server);
    let mut body = client
        .stream_request(get(client.endpoint()))
        .expect("the head")
        .body;
    let mut read = Vec::new();
    let error = body.read_to_end(&mut read).expect_err("cut short");
    assert_eq!(error.kind(), std::io::ErrorKind::UnexpectedEof, "{error}");
    let items: Vec<_> = client
        .stream_request(get(client.endpoint()))
        .expect("the head")
        .body
        .lines::<Item>()
        .collect();
    assert_eq!(items.len(), 2, "{items:?}");
    assert_eq!(items[0].as_ref().unwrap().n, 1);
    assert!(
        matches!(items[1], Err(Error::Transport { .. })),
        "{items:?}"
    );

    let (client, runtime) = reqwest_client(&server);
    runtime.block_on(async {
        let answer = client
            .stream_request(get(client.endpoint()))
            .await
            .expect("the head");
        let mut lines = answer.body.lines::<Item>();
        assert_eq!(next(&mut lines).await.unwrap().unwrap().n, 1);
        let error = next(&mut lines).await.unwrap().expect_err("cut short");
        assert!(matches!(error, Error::Transport { .. }), "{error}");
        assert!(next(&mut lines).await.is_none());
    });
}

#[derive(Debug, Deserialize)]
struct Asset {
    name: String,
    size: u64,
}

endpoint::endpoint! {
    /// Upload a release asset, as GitHub's uploads host takes one.
    #[endpoint(content_type = "application/octet-stream")]
    struct UploadAsset = "POST /releases/{id}/assets{?name}" -> Asset {
        id: u64,
        #[endpoint(request_body)]
        data: Vec<u8>,
    }
}

#[test]
fn a_typed_route_whose_body_is_bytes_sends_the_upload_in_its_place() {
    let server = Server::start(|received: &Received| {
        Answer::json(
            201,
            &json!({"name": "app.bin", "size": received.body_length}),
        )
    });
    let route = UploadAsset {
        id: 7,
        name: Some("app.bin".into()),
        data: Vec::new(),
    };
    let length = 3 * MIB;

    let client = ureq_client(&server);
    let asset = client
        .upload(
            &route,
            ureq::Upload::reader(Pattern::new(length), Some(length)),
        )
        .expect("uploaded")
        .body;
    assert_eq!((asset.name.as_str(), asset.size), ("app.bin", length));

    let (client, runtime) = reqwest_client(&server);
    let chunks = futures_util::stream::iter([Ok::<_, std::io::Error>(vec![7; length as usize])]);
    let asset = runtime
        .block_on(client.upload(&route, reqwest::Upload::stream(chunks, None)))
        .expect("uploaded")
        .body;
    assert_eq!(asset.size, length);

    let requests = server.requests();
    assert_eq!(requests.len(), 2, "one upload by each client");
    for received in requests {
        assert_eq!(received.method, "POST");
        assert_eq!(received.url, "/releases/7/assets?name=app.bin");
        assert_eq!(received.header("content-type"), "application/octet-stream");
        assert_eq!(received.body_length, length);
    }
}

#[test]
fn the_timeout_bounds_the_head_and_not_the_body() {
    use std::io::Write;
    let mut silent = Vec::new();
    let server = Server::raw(move |mut stream, received| {
        if received.url == "/slow" {
            let _ = stream.write_all(b"HTTP/1.1 200 OK\r\ncontent-length: 10\r\n\r\nhello");
            let _ = stream.flush();
            // Longer than the client's timeout: the body may take its time.
            std::thread::sleep(Duration::from_millis(900));
            let _ = stream.write_all(b"world");
        } else {
            // Never answered: kept open and silent.
            silent.push(stream);
        }
    });
    let timeout = Duration::from_millis(300);
    let get = |endpoint: &endpoint::Endpoint, path: &str| {
        endpoint
            .endpoint(&format!("GET {path}"), json!({}))
            .unwrap()
    };

    let client = ureq::Client::builder()
        .base_url(server.base_url())
        .no_proxy()
        .retry(Retry::never())
        .timeout(timeout)
        .build()
        .unwrap();
    let mut body = String::new();
    client
        .stream_request(get(client.endpoint(), "/slow"))
        .expect("the head")
        .body
        .read_to_string(&mut body)
        .expect("the whole body, however long it takes");
    assert_eq!(body, "helloworld");
    let error = client
        .stream_request(get(client.endpoint(), "/silent"))
        .expect_err("no head within the timeout");
    assert!(matches!(error, Error::Transport { .. }), "{error}");

    let client = reqwest::Client::builder()
        .base_url(server.base_url())
        .no_proxy()
        .retry(Retry::never())
        .timeout(timeout)
        .build()
        .unwrap();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let mut answer = client
            .stream_request(get(client.endpoint(), "/slow"))
            .await
            .expect("the head");
        let mut body = Vec::new();
        while let Some(chunk) = next(&mut answer.body).await {
            body.extend_from_slice(&chunk.expect("the whole body, however long it takes"));
        }
        assert_eq!(body, b"helloworld");
        let error = client
            .stream_request(get(client.endpoint(), "/silent"))
            .await
            .expect_err("no head within the timeout");
        assert!(matches!(error, Error::Transport { .. }), "{error}");
    });
}

/// A comment line longer than the server's write buffer (1 KiB), so that
/// each piece of an event stream holding one leaves as it is read.
fn padding() -> String {
    format!(": {}\n", "-".repeat(1100))
}

/// An event stream in four pieces, each ending one event and beginning
/// the next: a byte order mark, comments, a reconnection time, ids that
/// persist, an event type, a CR ending a piece and its LF the next, data
/// that does not fit, and a block the stream ends inside.
fn token_pieces() -> Vec<Vec<u8>> {
    let pad = padding();
    [
        format!(
            "\u{feff}: a stream of tokens\n{pad}retry: 1500\nid: 1\ndata: {{\"n\":1,\"text\":\"Hel\"}}\n\nevent: token\nid: 2\ndata: {{\"n\":2,"
        ),
        format!("\"text\":\"lo\"}}\r\n{pad}\r"),
        format!("\n{pad}data: {{\"n\":\"three\",\r\ndata: \"text\":\"?\"}}\n\n: keep-alive\n"),
        format!("{pad}id: 4\ndata: {{\"n\":4,\"text\":\" world\"}}\n\nid: 5\ndata: {{\"n\":5"),
    ]
    .map(String::into_bytes)
    .to_vec()
}

/// How long a piece waits for the client to read the event before it: a
/// margin no loaded machine reaches (the client reads at once).
const PIECE_WAIT: std::time::Duration = std::time::Duration::from_secs(120);

/// A body giving `pieces` one by one: each after the first only once the
/// client has read an event (a message on `read`), so that an event is
/// known to come before the piece after it is sent. `starved` is set when
/// the client read none within [`PIECE_WAIT`].
struct Pieces {
    pieces: std::collections::VecDeque<Vec<u8>>,
    current: std::io::Cursor<Vec<u8>>,
    read: std::sync::mpsc::Receiver<()>,
    starved: Arc<std::sync::atomic::AtomicBool>,
}

impl Read for Pieces {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        loop {
            let n = self.current.read(buf)?;
            if n > 0 || buf.is_empty() {
                return Ok(n);
            }
            let Some(next) = self.pieces.pop_front() else {
                return Ok(0);
            };
            if self.read.recv_timeout(PIECE_WAIT).is_err() {
                self.starved
                    .store(true, std::sync::atomic::Ordering::SeqCst);
            }
            self.current = std::io::Cursor::new(next);
        }
    }
}

/// A server answering `/v1/tokens` with the token stream, sent as
/// [`Pieces`] (with its length, so that each piece leaves at once).
fn token_server(
    read: std::sync::mpsc::Receiver<()>,
) -> (Server, Arc<std::sync::atomic::AtomicBool>) {
    let starved = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let mut pieces: std::collections::VecDeque<Vec<u8>> = token_pieces().into();
    let length = pieces.iter().map(|piece| piece.len() as u64).sum();
    let first = pieces.pop_front().expect("a first piece");
    let mut body = Some(Pieces {
        pieces,
        current: std::io::Cursor::new(first),
        read,
        starved: Arc::clone(&starved),
    });
    let server = Server::streaming(move |received| {
        assert_eq!(received.url, "/v1/tokens");
        Streaming {
            status: 200,
            headers: vec![("content-type".into(), "text/event-stream".into())],
            length: Some(length),
            body: Box::new(body.take().expect("one request")),
        }
    });
    (server, starved)
}

fn tokens(endpoint: &endpoint::Endpoint) -> endpoint::Request {
    endpoint
        .endpoint(
            "GET /v1/tokens",
            json!({"headers": {"accept": "text/event-stream"}}),
        )
        .unwrap()
}

#[derive(Debug, Deserialize, PartialEq)]
struct Token {
    n: u32,
    text: String,
}

/// Checks the events of the token stream as a client read them, and the
/// last event id and reconnection time it kept.
fn check_tokens(
    items: Vec<Result<endpoint::client::ServerSentEvent, Error>>,
    last_event_id: Option<&str>,
    retry: Option<Duration>,
) {
    let events: Vec<_> = items
        .into_iter()
        .map(|item| item.expect("an event"))
        .collect();
    let summary: Vec<_> = events
        .iter()
        .map(|e| (e.number(), e.event.as_str(), e.id.as_deref()))
        .collect();
    assert_eq!(
        summary,
        [
            (1, "message", Some("1")),
            (2, "token", Some("2")),
            (3, "message", Some("2")),
            (4, "message", Some("4")),
        ]
    );
    let text = |i: usize| events[i].json::<Token>().expect("a token");
    assert_eq!(
        text(0),
        Token {
            n: 1,
            text: "Hel".into()
        }
    );
    assert_eq!(
        text(1),
        Token {
            n: 2,
            text: "lo".into()
        }
    );
    assert_eq!(
        text(3),
        Token {
            n: 4,
            text: " world".into()
        }
    );
    assert_eq!(events[2].data, "{\"n\":\"three\",\n\"text\":\"?\"}");
    let Err(Error::Decode(error)) = events[2].json::<Token>() else {
        panic!("`n` is no number: {:?}", events[2]);
    };
    assert_eq!(error.event(), Some(3));
    assert_eq!(error.path(), "n");
    assert_eq!(error.body(), events[2].data.as_bytes());
    assert!(
        error
            .to_string()
            .contains("event 3 of the answer does not fit"),
        "{error}"
    );
    assert!(
        events
            .iter()
            .all(|e| e.retry == Some(Duration::from_millis(1500)))
    );
    // The id of the block the stream ended inside is not taken.
    assert_eq!(last_event_id, Some("4"));
    assert_eq!(retry, Some(Duration::from_millis(1500)));
}

#[test]
fn server_sent_events_come_as_their_pieces_do_decoded_typed() {
    let (read, pieces) = std::sync::mpsc::channel();
    let (server, starved) = token_server(pieces);
    let client = ureq_client(&server);
    let mut events = client
        .stream_request(tokens(client.endpoint()))
        .expect("the head")
        .body
        .events();
    let mut items = Vec::new();
    for item in events.by_ref() {
        items.push(item);
        let _ = read.send(());
    }
    check_tokens(items, events.last_event_id(), events.retry());
    assert!(
        !starved.load(std::sync::atomic::Ordering::SeqCst),
        "ureq: an event came only after the piece after it was sent"
    );
    assert_eq!(server.only_request().header("accept"), "text/event-stream");

    let (read, pieces) = std::sync::mpsc::channel();
    let (server, starved) = token_server(pieces);
    let (client, runtime) = reqwest_client(&server);
    runtime.block_on(async {
        let mut events = client
            .stream_request(tokens(client.endpoint()))
            .await
            .expect("the head")
            .body
            .events();
        let mut items = Vec::new();
        while let Some(item) = next(&mut events).await {
            items.push(item);
            let _ = read.send(());
        }
        check_tokens(items, events.last_event_id(), events.retry());
    });
    assert!(
        !starved.load(std::sync::atomic::Ordering::SeqCst),
        "reqwest: an event came only after the piece after it was sent"
    );
    assert_eq!(server.only_request().header("accept"), "text/event-stream");
}

/// A server of events whose first answer is cut inside an event (a chunk
/// that never comes whole), and whose answer to a request resuming after
/// event 7 (`Last-Event-ID: 7`) gives the events after it.
fn cut_server() -> Server {
    use std::io::Write;
    Server::raw(|mut stream, received| {
        let chunk = |text: &str| format!("{:x}\r\n{text}\r\n", text.len());
        let mut answer =
            "HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ntransfer-encoding: chunked\r\n\r\n"
                .to_owned();
        match received.optional_header("last-event-id") {
            None => {
                answer += &chunk("retry: 10\nid: 7\ndata: {\"n\":7,\"text\":\"a\"}\n\n");
                answer += &chunk("id: 8\ndata: {\"n\":8,");
                // A chunk of 64 bytes, of which 4 come.
                answer += "40\r\n\"tex";
            }
            Some("7") => {
                answer += &chunk("id: 8\ndata: {\"n\":8,\"text\":\"b\"}\n\n");
                answer += "0\r\n\r\n";
            }
            Some(_) => answer = "HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\n".into(),
        }
        let _ = stream.write_all(answer.as_bytes());
        let _ = stream.flush();
        // Dropped: the connection closes, the first answer cut short.
    })
}

/// A request of the events, resuming after `last_event_id` when given.
fn resume(endpoint: &endpoint::Endpoint, last_event_id: Option<&str>) -> endpoint::Request {
    let mut headers = json!({"accept": "text/event-stream"});
    if let Some(id) = last_event_id {
        headers["last-event-id"] = json!(id);
    }
    endpoint
        .endpoint("GET /v1/events", json!({ "headers": headers }))
        .unwrap()
}

/// Checks the items of the answer cut short: event 7, then the transport
/// error, the last item.
fn check_cut(items: &[Result<endpoint::client::ServerSentEvent, Error>]) {
    assert_eq!(items.len(), 2, "{items:?}");
    let first = items[0].as_ref().expect("event 7");
    assert_eq!(
        first.json::<Token>().unwrap(),
        Token {
            n: 7,
            text: "a".into()
        }
    );
    assert_eq!(first.id.as_deref(), Some("7"));
    assert!(
        matches!(items[1], Err(Error::Transport { .. })),
        "{items:?}"
    );
}

#[test]
fn server_sent_events_cut_short_end_with_a_transport_error_and_resume_after_the_last_id() {
    let server = cut_server();
    let client = ureq_client(&server);
    let mut events = client
        .stream_request(resume(client.endpoint(), None))
        .expect("the head")
        .body
        .events();
    let items: Vec<_> = events.by_ref().collect();
    check_cut(&items);
    assert!(events.next().is_none(), "the error is the last item");
    // The block cut short set no id.
    assert_eq!(events.last_event_id(), Some("7"));
    assert_eq!(events.retry(), Some(Duration::from_millis(10)));
    let mut events = client
        .stream_request(resume(client.endpoint(), events.last_event_id()))
        .expect("the head")
        .body
        .events();
    let event = events.next().expect("event 8").expect("event 8");
    assert_eq!(
        event.json::<Token>().unwrap(),
        Token {
            n: 8,
            text: "b".into()
        }
    );
    assert!(events.next().is_none());
    assert_eq!(events.last_event_id(), Some("8"));

    let (client, runtime) = reqwest_client(&server);
    runtime.block_on(async {
        let mut events = client
            .stream_request(resume(client.endpoint(), None))
            .await
            .expect("the head")
            .body
            .events();
        let mut items = Vec::new();
        while let Some(item) = next(&mut events).await {
            items.push(item);
        }
        check_cut(&items);
        assert_eq!(events.last_event_id(), Some("7"));
        assert_eq!(events.retry(), Some(Duration::from_millis(10)));
        let mut events = client
            .stream_request(resume(client.endpoint(), events.last_event_id()))
            .await
            .expect("the head")
            .body
            .events();
        let event = next(&mut events).await.expect("event 8").expect("event 8");
        assert_eq!(
            event.json::<Token>().unwrap(),
            Token {
                n: 8,
                text: "b".into()
            }
        );
        assert!(next(&mut events).await.is_none());
        assert_eq!(events.last_event_id(), Some("8"));
    });
    let resumed: Vec<Option<String>> = server
        .requests()
        .iter()
        .map(|r| r.optional_header("last-event-id").map(str::to_owned))
        .collect();
    let round = [None, Some("7".to_owned())];
    assert_eq!(resumed, [round.clone(), round].concat());
}

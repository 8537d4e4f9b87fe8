//! The `answers` fuzz target: what a server sends, in sequence, read by
//! both clients. Shared with `tests/fuzz_answers.rs` (which includes this
//! file with `#[path]`), so that every saved input replays in the normal
//! test suite through exactly the code the fuzzer ran.
//!
//! The input is cut into at most [`MAX_ANSWERS`] answers at each `0xFF`
//! byte. In each answer, the first two bytes give the status (a number of
//! 100 to 599), the bytes up to the first empty line are header lines
//! (`name: value`), and the rest is the body. A loopback server (two ports,
//! so that a `Link` or `location` can lead to another origin) gives the
//! answers in order, one per connection, then `404`s. In a header value,
//! `{A}` stands for the API's origin and `{B}` for the other one; a header
//! naming any other absolute URL is left out, so that nothing leaves the
//! machine. The server writes its own `content-length` and
//! `connection: close`.
//!
//! Each client (ureq, then reqwest, from the first answer again) makes one
//! call of each kind: a GET decoded as JSON, a GET decoded as text, a POST,
//! and a list read page by page (at most [`MAX_ITEMS`] items). Whatever the
//! answers, the guarantees hold: no panic; every call ends; no error's
//! `Display` or `Debug` holds the client's token, and its `Display` holds no
//! line break or escape character (a server cannot write lines into a
//! log); every error text is bounded.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::time::Duration;

use endpoint::client::{Error, RateLimits, Retry, reqwest, ureq};
use endpoint::endpoint as build;
use serde_json::Value;

/// The most answers one input holds.
pub const MAX_ANSWERS: usize = 8;
/// The most items a list is read for.
pub const MAX_ITEMS: usize = 50;
/// The token both clients send: it must never appear in an error.
const TOKEN: &str = "fuzz-token-6f1d2c";
/// The longest error text accepted, `Debug` included.
const MAX_ERROR_TEXT: usize = 64 << 10;

/// One answer, as the server writes it.
#[derive(Debug, Clone)]
struct Scripted {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

/// The answers of one input.
fn script(data: &[u8]) -> Vec<Scripted> {
    data.split(|&byte| byte == 0xFF)
        .take(MAX_ANSWERS)
        .map(|part| {
            let (status, rest) = match part {
                [a, b, rest @ ..] => (100 + u16::from_be_bytes([*a, *b]) % 500, rest),
                _ => (200, part),
            };
            let (head, body) = match rest.windows(2).position(|pair| pair == b"\n\n") {
                Some(at) => (&rest[..at], &rest[at + 2..]),
                None => (&rest[..0], rest),
            };
            let headers = String::from_utf8_lossy(head)
                .lines()
                .filter_map(|line| {
                    let (name, value) = line.split_once(':')?;
                    Some((name.trim().to_owned(), value.trim().to_owned()))
                })
                .collect();
            Scripted {
                status,
                headers,
                body: body.to_vec(),
            }
        })
        .collect()
}

/// The loopback server: two listeners (the API's origin and another one)
/// sharing one queue of answers.
struct Server {
    /// The API's origin, `http://127.0.0.1:PORT`.
    api: String,
    queue: Arc<Mutex<Vec<Scripted>>>,
}

fn server() -> &'static Server {
    static SERVER: OnceLock<Server> = OnceLock::new();
    SERVER.get_or_init(|| {
        let queue = Arc::new(Mutex::new(Vec::new()));
        let api = TcpListener::bind("127.0.0.1:0").expect("a loopback port");
        let other = TcpListener::bind("127.0.0.1:0").expect("a loopback port");
        let origin = |listener: &TcpListener| {
            format!("http://{}", listener.local_addr().expect("an address"))
        };
        let (api_origin, other_origin) = (origin(&api), origin(&other));
        for listener in [api, other] {
            let queue = Arc::clone(&queue);
            let origins = (api_origin.clone(), other_origin.clone());
            std::thread::spawn(move || {
                for stream in listener.incoming().flatten() {
                    let next = {
                        let mut queue = queue.lock().unwrap_or_else(PoisonError::into_inner);
                        (!queue.is_empty()).then(|| queue.remove(0))
                    };
                    // A connection that fails is the client's to report.
                    let _ = answer(stream, next, &origins);
                }
            });
        }
        Server {
            api: api_origin,
            queue,
        }
    })
}

/// Reads one request from `stream` and writes `next` (a `404` when the
/// script is over).
fn answer(
    stream: TcpStream,
    next: Option<Scripted>,
    (api, other): &(String, String),
) -> std::io::Result<()> {
    stream.set_read_timeout(Some(Duration::from_secs(5)))?;
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut length = 0usize;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line)? == 0 || line.trim().is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':')
            && name.eq_ignore_ascii_case("content-length")
        {
            length = value.trim().parse().unwrap_or(0);
        }
    }
    let mut body = vec![0; length.min(1 << 20)];
    reader.read_exact(&mut body)?;
    let next = next.unwrap_or(Scripted {
        status: 404,
        headers: Vec::new(),
        body: b"{\"message\":\"Not Found\"}".to_vec(),
    });
    let mut out = format!("HTTP/1.1 {} Fuzz\r\n", next.status).into_bytes();
    for (name, value) in &next.headers {
        let value = value.replace("{A}", api).replace("{B}", other);
        let own = ["content-length", "transfer-encoding", "connection"]
            .iter()
            .any(|own| own.eq_ignore_ascii_case(name));
        // Only the server's own origins: a `//host` or `\\host` anywhere
        // else could send a client to another machine.
        let rest = value.replace(api.as_str(), "").replace(other.as_str(), "");
        let elsewhere = rest.contains("//") || rest.contains('\\');
        if own || elsewhere || name.is_empty() || value.contains(['\r', '\n']) {
            continue;
        }
        out.extend_from_slice(name.as_bytes());
        out.extend_from_slice(b": ");
        out.extend_from_slice(value.as_bytes());
        out.extend_from_slice(b"\r\n");
    }
    out.extend_from_slice(
        format!(
            "content-length: {}\r\nconnection: close\r\n\r\n",
            next.body.len()
        )
        .as_bytes(),
    );
    out.extend_from_slice(&next.body);
    let mut stream = stream;
    stream.write_all(&out)?;
    stream.flush()
}

/// Asserts the guarantees of an error's texts.
fn check(error: &Error, call: &str) {
    let shown = error.to_string();
    let debug = format!("{error:?}");
    for (form, text) in [("Display", &shown), ("Debug", &debug)] {
        assert!(
            !text.contains(TOKEN),
            "{call}: the token reached the error's {form}: {text}"
        );
        assert!(
            text.len() <= MAX_ERROR_TEXT,
            "{call}: the error's {form} is {} bytes",
            text.len()
        );
    }
    assert!(
        !shown.contains(['\n', '\r', '\u{1b}']),
        "{call}: the error's Display holds a control character: {shown:?}"
    );
}

fn settings<C>(
    builder: endpoint::client::ClientBuilder<C>,
    base_url: &str,
) -> endpoint::client::ClientBuilder<C> {
    builder
        .base_url(base_url)
        .no_proxy()
        .bearer(TOKEN)
        .timeout(Duration::from_secs(5))
        .retry(
            Retry::default()
                .max_retries(2)
                .base_delay(Duration::from_millis(1))
                .max_delay(Duration::from_millis(2)),
        )
        .rate_limits(RateLimits::default().max_wait(Duration::from_millis(5)))
}

/// What both clients send with, made once per process.
struct Transports {
    agent: ::ureq::Agent,
    client: ::reqwest::Client,
    runtime: tokio::runtime::Runtime,
}

fn transports() -> &'static Transports {
    static TRANSPORTS: OnceLock<Transports> = OnceLock::new();
    TRANSPORTS.get_or_init(|| {
        // reqwest's client needs a crypto provider even for plain HTTP:
        // ring's, as the clients' own (another one installed first stays).
        let _ = rustls::crypto::ring::default_provider().install_default();
        transports_now()
    })
}

/// The transports, built once by [`transports`].
fn transports_now() -> Transports {
    Transports {
        agent: ::ureq::Agent::config_builder()
            .max_redirects(0)
            .http_status_as_error(false)
            .timeout_global(Some(Duration::from_secs(5)))
            .proxy(None)
            .build()
            .into(),
        client: ::reqwest::Client::builder()
            .redirect(::reqwest::redirect::Policy::none())
            .timeout(Duration::from_secs(5))
            .no_proxy()
            .build()
            .expect("a reqwest client"),
        runtime: tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a tokio runtime"),
    }
}

/// The `answers` fuzz target.
pub fn answers(data: &[u8]) {
    let script = script(data);
    let server = server();
    let reset = || {
        *server.queue.lock().unwrap_or_else(PoisonError::into_inner) = script.clone();
    };
    let api = server.api.as_str();
    let requests = || {
        let request = |route: &str| build(route, serde_json::json!({"baseUrl": api}));
        [
            request("GET /json"),
            request("GET /text"),
            request("POST /write"),
            request("GET /list"),
        ]
        .map(|request| request.expect("a request"))
    };

    reset();
    // The transports (TLS settings, pools) and the runtime are made once per
    // process; each input gets clients of its own, with fresh rate-limit
    // state, so that no input depends on another.
    let transports = transports();
    let client = settings(ureq::Client::builder(), api)
        .build_with_agent(transports.agent.clone())
        .expect("valid settings");
    let [json, text, write, list] = requests();
    if let Err(error) = client.execute::<Value>(json) {
        check(&error, "ureq GET as JSON");
    }
    if let Err(error) = client.execute::<String>(text) {
        check(&error, "ureq GET as text");
    }
    if let Err(error) = client.execute::<Value>(write) {
        check(&error, "ureq POST");
    }
    for item in client
        .paginate_request::<Value>(list)
        .items()
        .take(MAX_ITEMS)
    {
        if let Err(error) = item {
            check(&error, "ureq list");
        }
    }

    reset();
    let runtime = &transports.runtime;
    let client = settings(reqwest::Client::builder(), api)
        .build_with_client(transports.client.clone())
        .expect("valid settings");
    let [json, text, write, list] = requests();
    runtime.block_on(async {
        if let Err(error) = client.execute::<Value>(json).await {
            check(&error, "reqwest GET as JSON");
        }
        if let Err(error) = client.execute::<String>(text).await {
            check(&error, "reqwest GET as text");
        }
        if let Err(error) = client.execute::<Value>(write).await {
            check(&error, "reqwest POST");
        }
        let mut pages = client.paginate_request::<Value>(list).items();
        for _ in 0..MAX_ITEMS {
            let next = std::future::poll_fn(|cx| {
                futures_core::Stream::poll_next(std::pin::Pin::new(&mut pages), cx)
            })
            .await;
            match next {
                None => break,
                Some(Err(error)) => check(&error, "reqwest list"),
                Some(Ok(_)) => {}
            }
        }
    });
}

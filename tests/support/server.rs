//! The test suite's one loopback HTTP server.
//!
//! It listens on `127.0.0.1` (a free port), records every request it
//! receives, and answers either with a function of the request
//! ([`Server::start`]) or by replaying recorded exchanges in order
//! ([`Server::replay`]): a replayed answer is given only to a request that
//! matches its recording (method, path and query, body, and the headers the
//! recording names); any other request gets a 500 whose message says what
//! differed, and [`Server::finish`] fails the test with every difference.
//! Absolute URLs of the recorded hosts in `link` and `location` headers are
//! rewritten to the server's own address as it serves them, as a replay proxy
//! would.
//!
//! [`Server::start_concurrent`] answers each request on a thread of its own,
//! so that an answer may take its time while others are given.
//!
//! [`Server::streaming`] answers with bodies made as they are sent
//! ([`Streaming`], such as a [`Pattern`] of any length), never held whole;
//! every server reads a request's whole body, keeping its first
//! [`MAX_BODY`] bytes and counting all ([`Received::body_length`]), so
//! that an upload of any size is checked without being held.
//!
//! [`Server::raw`] reads each request itself (one per connection), records
//! it, and hands the connection to the test, which may answer as no HTTP
//! server does: close or [`reset`] the connection, cut an answer short,
//! or never answer.
//!
//! Each server stops when it is dropped, and by itself after
//! [`SERVER_LIFETIME`].
#![allow(dead_code)]

use std::collections::VecDeque;
use std::fmt::Write as _;
use std::io::{BufRead, BufReader, Read};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use serde_json::Value;

/// The longest a server runs, even if its test never stops it.
pub const SERVER_LIFETIME: Duration = Duration::from_secs(300);
/// How long a test waits for a request to reach the server.
pub const WAIT: Duration = Duration::from_secs(10);
/// The most bytes of a request body the server keeps.
pub const MAX_BODY: u64 = 1 << 20;
/// Answer headers that describe the recorded connection, not the answer:
/// the server writes its own.
const CONNECTION_HEADERS: [&str; 4] = [
    "connection",
    "content-length",
    "transfer-encoding",
    "keep-alive",
];

/// A request as the server received it.
#[derive(Debug, Clone, PartialEq)]
pub struct Received {
    /// The method, as sent (`GET`).
    pub method: String,
    /// The request target: path and query (`/repos/o/r/issues?state=open`).
    pub url: String,
    /// Every header, in order, names lowercased, values as sent.
    pub headers: Vec<(String, String)>,
    /// The body bytes (the first [`MAX_BODY`] of them).
    pub body: Vec<u8>,
    /// How many body bytes arrived, kept or not.
    pub body_length: u64,
}

impl Received {
    /// The values of every header called `name`.
    pub fn all(&self, name: &str) -> Vec<&str> {
        self.headers
            .iter()
            .filter(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
            .collect()
    }

    /// The value of header `name`, which must have been sent exactly once.
    pub fn header(&self, name: &str) -> &str {
        match self.all(name)[..] {
            [value] => value,
            ref values => panic!("header `{name}` arrived {} times: {self:#?}", values.len()),
        }
    }

    /// The value of header `name`, which must have been sent at most once.
    pub fn optional_header(&self, name: &str) -> Option<&str> {
        match self.all(name)[..] {
            [] => None,
            [value] => Some(value),
            ref values => panic!("header `{name}` arrived {} times: {self:#?}", values.len()),
        }
    }

    /// The body as JSON.
    pub fn body_json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|err| {
            panic!(
                "the body is not JSON ({err}): {:?}",
                String::from_utf8_lossy(&self.body)
            )
        })
    }
}

/// An answer to send.
#[derive(Debug, Clone, PartialEq)]
pub struct Answer {
    /// The status.
    pub status: u16,
    /// The headers, in order.
    pub headers: Vec<(String, String)>,
    /// The body bytes.
    pub body: Vec<u8>,
}

impl Answer {
    /// A JSON answer (`content-type: application/json; charset=utf-8`).
    pub fn json(status: u16, body: &Value) -> Answer {
        Answer {
            status,
            headers: vec![(
                "content-type".into(),
                "application/json; charset=utf-8".into(),
            )],
            body: body.to_string().into_bytes(),
        }
    }

    /// An answer of `content_type` (none when `None`) with `body` as it is.
    pub fn body(status: u16, content_type: Option<&str>, body: &[u8]) -> Answer {
        Answer {
            status,
            headers: content_type
                .map(|value| ("content-type".to_owned(), value.to_owned()))
                .into_iter()
                .collect(),
            body: body.to_vec(),
        }
    }

    /// The same answer with one more header.
    pub fn with_header(mut self, name: &str, value: &str) -> Answer {
        self.headers.push((name.to_owned(), value.to_owned()));
        self
    }
}

/// What a recorded request's body must be.
#[derive(Debug, Clone, PartialEq)]
pub enum ExpectedBody {
    /// No body at all.
    Empty,
    /// JSON equal to this value (key order and spacing aside).
    Json(Value),
    /// Exactly these bytes.
    Raw(Vec<u8>),
}

/// A recorded request: what an incoming request must match.
#[derive(Debug, Clone, PartialEq)]
pub struct Expected {
    /// The method (compared without regard to case).
    pub method: String,
    /// The path and query, exactly.
    pub target: String,
    /// Headers to check: `Some(value)` must arrive once with that value,
    /// `None` must not arrive.
    pub headers: Vec<(String, Option<String>)>,
    /// The body.
    pub body: ExpectedBody,
}

impl Expected {
    /// Every way `received` differs from this recording.
    pub fn differences(&self, received: &Received) -> Vec<String> {
        let mut differences = Vec::new();
        if !received.method.eq_ignore_ascii_case(&self.method) {
            differences.push(format!(
                "method: recorded {}, received {}",
                self.method, received.method
            ));
        }
        if received.url != self.target {
            differences.push(format!(
                "path and query: recorded `{}`, received `{}`",
                self.target, received.url
            ));
        }
        for (name, value) in &self.headers {
            let got = received.all(name);
            let same = match value {
                Some(value) => got.len() == 1 && same_header_value(name, value, got[0]),
                None => got.is_empty(),
            };
            if !same {
                differences.push(format!(
                    "header `{name}`: recorded {value:?}, received {got:?}"
                ));
            }
        }
        let same_body = match &self.body {
            ExpectedBody::Empty => received.body.is_empty(),
            ExpectedBody::Raw(bytes) => received.body == *bytes,
            ExpectedBody::Json(value) => {
                serde_json::from_slice::<Value>(&received.body)
                    .ok()
                    .as_ref()
                    == Some(value)
            }
        };
        if !same_body {
            differences.push(format!(
                "body: recorded {:?}, received {:?}",
                self.body,
                String::from_utf8_lossy(&received.body)
            ));
        }
        differences
    }
}

/// Whether a received header value is the recorded one. A JSON or text
/// body's `content-type` with or without `charset=utf-8` is the same: the
/// body is UTF-8 either way (RFC 8259 for JSON), GitHub reads both, and
/// octokit, which made the recordings, writes the parameter.
fn same_header_value(name: &str, recorded: &str, received: &str) -> bool {
    fn essence(value: &str) -> String {
        let value = value.trim().to_ascii_lowercase();
        match value.split_once(';') {
            Some((media, rest))
                if rest.trim() == "charset=utf-8"
                    && (media.trim().ends_with("json") || media.trim().starts_with("text/")) =>
            {
                media.trim().to_owned()
            }
            _ => value,
        }
    }
    if name.eq_ignore_ascii_case("content-type") {
        essence(recorded) == essence(received)
    } else {
        recorded == received
    }
}

/// One recorded request and its answer.
#[derive(Debug, Clone, PartialEq)]
pub struct Exchange {
    /// What the request must be.
    pub request: Expected,
    /// What to answer.
    pub answer: Answer,
}

/// A recorded origin (`https://api.github.com`) and the loopback host name
/// that stands in for it (`127.0.0.1`, or `localhost` for a second host).
pub type Origin = (&'static str, &'static str);

/// The state of a replay: the exchanges not yet served, and every request
/// that matched none.
#[derive(Debug, Default)]
struct Replay {
    remaining: VecDeque<Exchange>,
    served: usize,
    mismatches: Vec<String>,
}

type Respond = Box<dyn FnMut(&Received) -> Answer + Send>;

/// The function of a server that answers with streamed bodies.
type RespondStreaming = Box<dyn FnMut(&Received) -> Streaming + Send>;

/// An answer whose body is read from `body` as it is sent, never held
/// whole.
pub struct Streaming {
    /// The status.
    pub status: u16,
    /// The headers, in order.
    pub headers: Vec<(String, String)>,
    /// The body's length, sent as `content-length`; `None`: the body is
    /// sent chunked.
    pub length: Option<u64>,
    /// The body.
    pub body: Box<dyn Read + Send>,
}

/// A body of `length` bytes made as it is read: byte `i` is
/// [`Pattern::byte`]`(i)`, so that a reader can check every byte it gets
/// without the whole.
pub struct Pattern {
    position: u64,
    length: u64,
}

impl Pattern {
    /// `length` bytes of the pattern.
    pub fn new(length: u64) -> Pattern {
        Pattern {
            position: 0,
            length,
        }
    }

    /// Byte `i` of the pattern: `i % 251` (a prime, so that no power-of-two
    /// chunk repeats it exactly).
    pub fn byte(i: u64) -> u8 {
        (i % 251) as u8
    }
}

impl Read for Pattern {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let left = self.length - self.position;
        let n = buf.len().min(usize::try_from(left).unwrap_or(usize::MAX));
        for (offset, byte) in buf[..n].iter_mut().enumerate() {
            *byte = Pattern::byte(self.position + offset as u64);
        }
        self.position += n as u64;
        Ok(n)
    }
}

/// The function of a server that answers requests concurrently.
type RespondShared = Arc<dyn Fn(&Received) -> Answer + Send + Sync>;

/// How a server answers: one request after the other, or each on a
/// thread of its own.
enum Responder {
    InTurn(Respond),
    Concurrent(RespondShared),
    Streaming(RespondStreaming),
}

/// A loopback HTTP server; see the module documentation.
pub struct Server {
    port: u16,
    received: Receiver<Received>,
    replay: Option<Arc<Mutex<Replay>>>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Server {
    /// A server answering every request with `answer(request)`.
    pub fn start(answer: impl FnMut(&Received) -> Answer + Send + 'static) -> Server {
        Server::serve(None, |_| Responder::InTurn(Box::new(answer)))
    }

    /// A server answering every request with `answer(request)`, each on a
    /// thread of its own: requests that arrive together are answered
    /// together, and an answer that takes its time holds up no other.
    ///
    /// Its clients should send `connection: close`: tiny_http reads each
    /// connection on a thread of a pool, and a connection opened while the
    /// others are kept alive can wait in the pool's queue for seconds.
    pub fn start_concurrent(
        answer: impl Fn(&Received) -> Answer + Send + Sync + 'static,
    ) -> Server {
        Server::serve(None, |_| Responder::Concurrent(Arc::new(answer)))
    }

    /// A server answering every request with `answer(request)`, whose
    /// body is read as it is sent: an answer of any size, held nowhere.
    pub fn streaming(answer: impl FnMut(&Received) -> Streaming + Send + 'static) -> Server {
        Server::serve(None, |_| Responder::Streaming(Box::new(answer)))
    }

    /// A server replaying `exchanges` in order, standing in for each
    /// recorded origin of `origins` on its own port.
    pub fn replay(exchanges: Vec<Exchange>, origins: &[Origin]) -> Server {
        let state = Arc::new(Mutex::new(Replay {
            remaining: exchanges.into(),
            ..Replay::default()
        }));
        let origins = origins.to_vec();
        let replay = Arc::clone(&state);
        Server::serve(Some(state), move |port| {
            let rewrites: Vec<(String, String)> = origins
                .iter()
                .map(|(recorded, host)| ((*recorded).to_owned(), format!("http://{host}:{port}")))
                .collect();
            Responder::InTurn(Box::new(move |received: &Received| {
                let mut replay = replay.lock().unwrap_or_else(PoisonError::into_inner);
                replay.answer(received, &rewrites)
            }))
        })
    }

    /// A server that reads each connection's request (head and body, with a
    /// `content-length`), records it, then hands the connection and the
    /// request to `handle`, which writes what it likes, or nothing: dropping
    /// the connection closes it, [`reset`] resets it, keeping it (in a
    /// `Vec` the function owns) leaves it open and silent until the server
    /// stops. Connections are handled one after the other.
    pub fn raw(mut handle: impl FnMut(TcpStream, &Received) + Send + 'static) -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").expect("a loopback port is free");
        listener
            .set_nonblocking(true)
            .expect("a listener that does not block");
        let port = listener.local_addr().expect("an address").port();
        Server::running(port, None, move |sender| {
            let stream = match listener.accept() {
                Ok((stream, _)) => stream,
                Err(err) if err.kind() == std::io::ErrorKind::WouldBlock => {
                    std::thread::sleep(Duration::from_millis(20));
                    return true;
                }
                Err(_) => return false,
            };
            let Some(request) = read_request(&stream) else {
                return true;
            };
            // Recorded before the test's function answers, as the other
            // servers do.
            if sender.send(request.clone()).is_err() {
                return false;
            }
            handle(stream, &request);
            true
        })
    }

    fn serve(replay: Option<Arc<Mutex<Replay>>>, respond: impl FnOnce(u16) -> Responder) -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").expect("a loopback port is free");
        // Answers leave as they are written, as HTTP servers send them (the
        // connections inherit the setting): without it, a body written after
        // its head waits for the client to acknowledge the head, which it
        // delays (by 40 ms on Linux), and a page of a list takes that long.
        socket2::SockRef::from(&listener)
            .set_tcp_nodelay(true)
            .expect("a listener without delays");
        let server = tiny_http::Server::from_listener(listener, None).expect("a loopback server");
        let port = server.server_addr().to_ip().expect("an IP listener").port();
        let mut respond = respond(port);
        Server::running(port, replay, move |sender| {
            let request = match server.recv_timeout(Duration::from_millis(20)) {
                Ok(Some(request)) => request,
                Ok(None) => return true,
                Err(_) => return false,
            };
            match &mut respond {
                Responder::InTurn(respond) => serve_one(request, respond, sender),
                Responder::Streaming(respond) => serve_streaming(request, respond, sender),
                Responder::Concurrent(respond) => {
                    let respond = Arc::clone(respond);
                    let sender = sender.clone();
                    std::thread::spawn(move || serve_one(request, |r| respond(r), &sender));
                    true
                }
            }
        })
    }

    /// A server on `port` whose thread takes `turn` after turn (each waits
    /// a few milliseconds at most for a request, and sends what it receives
    /// to the test) until `turn` says `false`, the server is stopped, or its
    /// lifetime ends.
    fn running(
        port: u16,
        replay: Option<Arc<Mutex<Replay>>>,
        mut turn: impl FnMut(&Sender<Received>) -> bool + Send + 'static,
    ) -> Server {
        let (sender, received) = mpsc::channel();
        let stop = Arc::new(AtomicBool::new(false));
        let stopping = Arc::clone(&stop);
        let thread = std::thread::spawn(move || {
            let deadline = Instant::now() + SERVER_LIFETIME;
            while !stopping.load(Ordering::SeqCst) && Instant::now() < deadline {
                if !turn(&sender) {
                    break;
                }
            }
        });
        Server {
            port,
            received,
            replay,
            stop,
            thread: Some(thread),
        }
    }

    /// The server's port.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// `http://127.0.0.1:<port>`.
    pub fn base_url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// The next request the server received, waiting for it.
    pub fn next(&self) -> Received {
        self.received
            .recv_timeout(WAIT)
            .expect("the server received a request")
    }

    /// Every request received and not yet taken.
    pub fn requests(&self) -> Vec<Received> {
        self.received.try_iter().collect()
    }

    /// The one request received and not yet taken.
    pub fn only_request(&self) -> Received {
        match &self.requests()[..] {
            [request] => request.clone(),
            requests => panic!("expected one request, got {requests:#?}"),
        }
    }

    /// Ends a replay: fails the test when a request matched no recording,
    /// or when recorded exchanges were never asked for. Returns how many
    /// were served.
    pub fn finish(self) -> usize {
        let Some(replay) = &self.replay else {
            return 0;
        };
        let replay = replay.lock().unwrap_or_else(PoisonError::into_inner);
        let mut report = String::new();
        for mismatch in &replay.mismatches {
            let _ = writeln!(report, "{mismatch}");
        }
        for left in &replay.remaining {
            let _ = writeln!(
                report,
                "never requested: {} {}",
                left.request.method, left.request.target
            );
        }
        assert!(report.is_empty(), "the replay failed:\n{report}");
        replay.served
    }
}

/// Reads `request`, records it on `sender` and answers it with
/// `respond`; `false` when the test no longer listens.
fn serve_one(
    mut request: tiny_http::Request,
    mut respond: impl FnMut(&Received) -> Answer,
    sender: &Sender<Received>,
) -> bool {
    let (record, read) = record(&mut request);
    let answer = match read {
        Ok(()) => respond(&record),
        Err(_) => Answer::json(400, &serde_json::json!({"message": "unreadable body"})),
    };
    // Recorded before the answer leaves, so that once a client has its
    // answer, the request is in the channel.
    if sender.send(record).is_err() {
        return false;
    }
    let mut response = tiny_http::Response::from_data(answer.body).with_status_code(answer.status);
    for (name, value) in &answer.headers {
        if let Ok(header) = tiny_http::Header::from_bytes(name.as_bytes(), value.as_bytes()) {
            response.add_header(header);
        }
    }
    let _ = request.respond(response);
    true
}

/// Reads `request`, records it on `sender` and answers it with
/// `respond`'s streamed body; `false` when the test no longer listens.
fn serve_streaming(
    mut request: tiny_http::Request,
    respond: &mut RespondStreaming,
    sender: &Sender<Received>,
) -> bool {
    let (record, read) = record(&mut request);
    let answer = match read {
        Ok(()) => respond(&record),
        Err(_) => {
            let body = br#"{"message":"unreadable body"}"#;
            Streaming {
                status: 400,
                headers: vec![("content-type".into(), "application/json".into())],
                length: Some(body.len() as u64),
                body: Box::new(&body[..]),
            }
        }
    };
    if sender.send(record).is_err() {
        return false;
    }
    let headers = answer
        .headers
        .iter()
        .filter_map(|(name, value)| {
            tiny_http::Header::from_bytes(name.as_bytes(), value.as_bytes()).ok()
        })
        .collect();
    let length = answer
        .length
        .map(|length| usize::try_from(length).expect("a length that fits"));
    let response = tiny_http::Response::new(
        tiny_http::StatusCode(answer.status),
        headers,
        answer.body,
        length,
        None,
    )
    // tiny_http sends a large body chunked unless told: a length given
    // is sent as `content-length`.
    .with_chunked_threshold(usize::MAX);
    let _ = request.respond(response);
    true
}

/// `request` as the server received it: its whole body read, the first
/// [`MAX_BODY`] bytes kept, all counted; and whether the body could be read.
fn record(request: &mut tiny_http::Request) -> (Received, std::io::Result<()>) {
    let mut body = Vec::new();
    let kept = request.as_reader().take(MAX_BODY).read_to_end(&mut body);
    let read = kept.and_then(|_| std::io::copy(request.as_reader(), &mut std::io::sink()));
    let body_length = body.len() as u64 + read.as_ref().copied().unwrap_or(0);
    let record = Received {
        method: request.method().to_string(),
        url: request.url().to_owned(),
        headers: request
            .headers()
            .iter()
            .map(|h| {
                (
                    h.field.as_str().as_str().to_ascii_lowercase(),
                    h.value.as_str().to_owned(),
                )
            })
            .collect(),
        body,
        body_length,
    };
    (record, read.map(|_| ()))
}

/// Reads one request from `stream`: its head, then as many body bytes as
/// its `content-length` says (at most [`MAX_BODY`]). `None` when the
/// connection ends or stalls before the request does.
fn read_request(stream: &TcpStream) -> Option<Received> {
    stream.set_nonblocking(false).ok()?;
    stream.set_read_timeout(Some(WAIT)).ok()?;
    let mut reader = BufReader::new(stream);
    let mut line = String::new();
    reader.read_line(&mut line).ok()?;
    let mut words = line.split_whitespace();
    let (method, url) = (words.next()?.to_owned(), words.next()?.to_owned());
    let mut headers = Vec::new();
    loop {
        line.clear();
        if reader.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let header = line.trim_end_matches(['\r', '\n']);
        if header.is_empty() {
            break;
        }
        let (name, value) = header.split_once(':')?;
        headers.push((name.trim().to_ascii_lowercase(), value.trim().to_owned()));
    }
    let length = headers
        .iter()
        .find(|(name, _)| name == "content-length")
        .and_then(|(_, value)| value.parse::<u64>().ok())
        .unwrap_or(0)
        .min(MAX_BODY);
    let mut body = Vec::new();
    reader.take(length).read_to_end(&mut body).ok()?;
    Some(Received {
        method,
        url,
        headers,
        body_length: body.len() as u64,
        body,
    })
}

/// Resets `stream`: the peer reads a connection reset (`RST`), not an
/// orderly end.
pub fn reset(stream: TcpStream) {
    let _ = socket2::SockRef::from(&stream).set_linger(Some(Duration::ZERO));
    drop(stream);
}

impl Replay {
    /// The next recorded answer when `received` matches its request;
    /// otherwise a 500 naming the differences, which are also kept.
    fn answer(&mut self, received: &Received, rewrites: &[(String, String)]) -> Answer {
        let Some(next) = self.remaining.pop_front() else {
            return self.mismatch(received, &["no recorded exchange is left".to_owned()]);
        };
        let differences = next.request.differences(received);
        if !differences.is_empty() {
            self.remaining.push_front(next);
            return self.mismatch(received, &differences);
        }
        self.served += 1;
        let mut answer = next.answer;
        answer
            .headers
            .retain(|(name, _)| !CONNECTION_HEADERS.contains(&name.as_str()));
        for (name, value) in &mut answer.headers {
            if name == "link" || name == "location" {
                for (recorded, served) in rewrites {
                    *value = value.replace(recorded.as_str(), served);
                }
            }
        }
        answer
    }
}

impl Replay {
    /// Keeps the differences of a request that matched no recording, and
    /// answers it with a 500 naming them.
    fn mismatch(&mut self, received: &Received, differences: &[String]) -> Answer {
        let message = format!(
            "request {} ({} {}) does not match the recording: {}",
            self.served + self.mismatches.len() + 1,
            received.method,
            received.url,
            differences.join("; ")
        );
        self.mismatches.push(message.clone());
        Answer::json(500, &serde_json::json!({ "message": message }))
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

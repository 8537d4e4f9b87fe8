//! Streams of the blocking client: a request body read from a reader or a
//! file as it is sent, and an answer read as a reader, as lines or as
//! server-sent events, never held whole in memory.

use std::fmt;
use std::fs::File;
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::time::Duration;

use http::Method;
use http::header::{CONTENT_LENGTH, HeaderValue};
use serde::de::DeserializeOwned;

use super::super::builder::DEFAULT_TIMEOUT;
use super::super::call::{Action, Call, TransportError};
use super::super::decode::Operation;
use super::super::error::Error;
use super::super::exchange::{Answer, Exchange};
use super::super::response::Response;
use super::super::sse::EventReader;
use super::super::sse::ServerSentEvent;
use super::super::stream::{self, Answered, LineReader, Parts, SENT_ONCE};
use super::{Client, read_whole};
use endpoint_runtime::{Request, TypedRequest};

/// The size of the chunks [`Lines`] and [`Events`] read.
const CHUNK: usize = 64 << 10;

/// A request body read as it is sent, never held whole: from a reader
/// (sent once) or a file (opened again for each try).
///
/// With a length, the request says it in `content-length`; without, its
/// body is sent chunked (`transfer-encoding: chunked`). A body read from a
/// reader cannot be sent again: a client sends its request once (no
/// retry), and a `307`/`308` redirect, a `401` or a rate limit's refusal
/// that would send it again ends the call with an [`Error::Transport`]
/// saying so (inside an [`Error::GaveUp`] after a rate limit's wait). A file is opened again for each try, so that its call is
/// retried as any other.
///
/// ```no_run
/// use endpoint::client::ureq::Upload;
///
/// let archive = Upload::file("target/app.tar.gz")?;                  // its length from the file
/// let piped = Upload::reader(std::io::stdin(), None);               // chunked, sent once
/// let known = Upload::reader(std::io::repeat(0).take(1 << 20), Some(1 << 20));
/// # use std::io::Read;
/// # Ok::<(), std::io::Error>(())
/// ```
pub struct Upload {
    source: Source,
}

enum Source {
    /// A reader and its length, until it is sent.
    Reader(Option<(Box<dyn Read + Send>, Option<u64>)>),
    /// A file: opened already for the first try, opened again for another.
    File { path: PathBuf, opened: Option<File> },
}

impl fmt::Debug for Upload {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.source {
            Source::Reader(reader) => f
                .debug_struct("Upload")
                .field("length", &reader.as_ref().map(|(_, length)| length))
                .field("sent", &reader.is_none())
                .finish(),
            Source::File { path, .. } => f.debug_struct("Upload").field("file", path).finish(),
        }
    }
}

impl Upload {
    /// A body read from `reader` as it is sent, `length` bytes long when it
    /// is known (sent as `content-length`: the reader must give exactly
    /// that many bytes), chunked otherwise. It is sent once.
    pub fn reader(reader: impl Read + Send + 'static, length: Option<u64>) -> Upload {
        Upload {
            source: Source::Reader(Some((Box::new(reader), length))),
        }
    }

    /// The file at `path`, its length read from the file system, opened now
    /// (so that a file that cannot be read fails here, naming it) and again
    /// for each other try of the call.
    ///
    /// # Errors
    /// The file cannot be opened.
    pub fn file(path: impl AsRef<Path>) -> io::Result<Upload> {
        let path = path.as_ref().to_owned();
        let opened = File::open(&path).map_err(|error| file_error(&path, error))?;
        Ok(Upload {
            source: Source::File {
                path,
                opened: Some(opened),
            },
        })
    }

    /// Whether the body can be sent more than once.
    fn replayable(&self) -> bool {
        matches!(self.source, Source::File { .. })
    }

    /// The body to send now, and its length when known.
    fn open(&mut self) -> Result<(Box<dyn Read + Send>, Option<u64>), TransportError> {
        match &mut self.source {
            Source::Reader(reader) => reader.take().ok_or_else(|| SENT_ONCE.into()),
            Source::File { path, opened } => {
                let file = match opened.take() {
                    Some(file) => file,
                    None => File::open(&*path).map_err(|error| file_error(path, error))?,
                };
                let length = file
                    .metadata()
                    .map_err(|error| file_error(path, error))?
                    .len();
                Ok((Box::new(file), Some(length)))
            }
        }
    }
}

/// `error` of the file at `path`, naming it.
fn file_error(path: &Path, error: io::Error) -> io::Error {
    io::Error::new(error.kind(), format!("{}: {error}", path.display()))
}

/// The body of a streamed answer, read as it comes: an [`io::Read`],
/// [`Streamed::lines`] of JSON items, or [`Streamed::events`].
///
/// Made by [`Client::stream`] and [`Client::stream_request`], in a
/// [`Response`] whose status and headers were read first. No limit holds:
/// the caller reads what it wants, and dropping it closes the connection
/// (unless it was read to its end). A read that fails is an
/// [`io::Error`]; an answer cut short before its `content-length` is an
/// [`io::ErrorKind::UnexpectedEof`].
pub struct Streamed {
    answered: Answered,
    body: ::ureq::BodyReader<'static>,
}

impl fmt::Debug for Streamed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Streamed")
            .field("url", &self.answered.url)
            .finish_non_exhaustive()
    }
}

impl Read for Streamed {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.body.read(buf)
    }
}

impl Streamed {
    /// The body's lines, each decoded into `T` as JSON (JSON Lines, NDJSON,
    /// a Kubernetes `watch`), as an [`Iterator`].
    ///
    /// A line ends at `\n` (a `\r` before it is dropped), the last one
    /// maybe at the body's end; blank lines are skipped. A line that does
    /// not fit `T` (or is not JSON) is an [`Error::Decode`] whose
    /// [`line`](crate::DecodeError::line) is its number, counted
    /// from 1, holding the line alone, and the lines after it still come.
    /// A line longer than [`MAX_ANSWER_BYTES`](super::super::MAX_ANSWER_BYTES)
    /// is such an error too, and its bytes are dropped. A failure to read
    /// the body is an [`Error::Transport`], the last item.
    pub fn lines<T: DeserializeOwned>(self) -> Lines<T> {
        Lines {
            reading: Reading::new(LineReader::new(self.answered.clone()), self),
        }
    }

    /// The body's server-sent events (`text/event-stream`: the WHATWG
    /// HTML standard's format), as an [`Iterator`] of [`ServerSentEvent`]s.
    ///
    /// The events are read as the standard reads them: lines ending at
    /// CRLF, LF or CR, decoded as UTF-8 (a leading byte order mark dropped,
    /// invalid bytes replaced), comments (`:`) skipped, the fields `event`,
    /// `data`, `id` and `retry` read (others ignored), an event given at
    /// each blank line after data, and a block the body ends inside
    /// dropped. [`ServerSentEvent::json`] decodes an event's data. An event
    /// longer than [`MAX_ANSWER_BYTES`](super::super::MAX_ANSWER_BYTES) is
    /// an [`Error::Decode`] naming its
    /// [`event`](crate::DecodeError::event) number, its bytes dropped, and
    /// the events after it still come. A failure to read the body is an
    /// [`Error::Transport`], the last item.
    ///
    /// The client does not reconnect on its own: when the stream ends or
    /// fails, [`Events::last_event_id`] is what to send as `Last-Event-ID`
    /// to resume it, after [`Events::retry`] if the server asked.
    ///
    /// ```no_run
    /// use endpoint::client::Error;
    /// use endpoint::client::ureq::Client;
    /// use serde::Deserialize;
    /// use serde_json::json;
    /// use std::time::Duration;
    ///
    /// #[derive(Deserialize)]
    /// struct Notification {
    ///     title: String,
    /// }
    ///
    /// let client = Client::builder().base_url("https://feeds.example.com/v1").bearer("…").build()?;
    /// let mut last_event_id: Option<String> = None;
    /// loop {
    ///     let mut headers = json!({"accept": "text/event-stream"});
    ///     if let Some(id) = &last_event_id {
    ///         headers["last-event-id"] = json!(id);                // resumes after it
    ///     }
    ///     let request = client.endpoint().endpoint("GET /notifications", json!({"headers": headers}))?;
    ///     let mut events = client.stream_request(request)?.body.events();
    ///     for event in events.by_ref() {
    ///         match event.and_then(|event| event.json::<Notification>()) {
    ///             Ok(notification) => println!("{}", notification.title),
    ///             // An event that does not fit names its number; the others still come.
    ///             Err(error @ Error::Decode(_)) => eprintln!("{error}"),
    ///             // The connection was cut (the last item): resumed below.
    ///             Err(error) => eprintln!("{error}"),
    ///         }
    ///     }
    ///     last_event_id = events.last_event_id().map(str::to_owned);
    ///     std::thread::sleep(events.retry().unwrap_or(Duration::from_secs(3)));
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn events(self) -> Events {
        Events {
            reading: Reading::new(EventReader::new(self.answered.clone()), self),
        }
    }
}

/// The parts of a streamed answer as `parts` reads them from the chunks
/// of its body, read as they are asked for.
struct Reading<P> {
    body: Streamed,
    parts: P,
    buffer: Vec<u8>,
    ended: bool,
    failed: bool,
}

impl<P: Parts> Reading<P> {
    fn new(parts: P, body: Streamed) -> Reading<P> {
        Reading {
            body,
            parts,
            buffer: vec![0; CHUNK],
            ended: false,
            failed: false,
        }
    }

    /// The next part; a failure to read the body is the last item.
    fn next(&mut self) -> Option<Result<P::Part, Error>> {
        loop {
            if self.failed {
                return None;
            }
            if let Some(item) = self.parts.next_part(self.ended) {
                return Some(item);
            }
            if self.ended {
                return None;
            }
            match self.body.read(&mut self.buffer) {
                Ok(0) => self.ended = true,
                Ok(read) => self.parts.push(&self.buffer[..read]),
                Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                Err(error) => {
                    self.failed = true;
                    return Some(Err(self.body.answered.transport_error(error)));
                }
            }
        }
    }
}

impl<P: fmt::Debug> Reading<P> {
    fn debug(&self, name: &str, field: &str, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct(name)
            .field(field, &self.parts)
            .field("ended", &self.ended)
            .finish_non_exhaustive()
    }
}

/// The server-sent events of a streamed answer: see [`Streamed::events`].
pub struct Events {
    reading: Reading<EventReader>,
}

impl fmt::Debug for Events {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.reading.debug("Events", "events", f)
    }
}

impl Events {
    /// The last event id of the events read so far: the value of the last
    /// `id` field of the blocks up to the last event given (a block with
    /// no data sets it too), `None` when none came or an empty `id` field
    /// cleared it. Sent as `Last-Event-ID`, it asks the server to resume
    /// after that event.
    pub fn last_event_id(&self) -> Option<&str> {
        self.reading.parts.last_event_id()
    }

    /// The reconnection time the server asked for by its last valid
    /// `retry` field, if any: how long to wait before resuming.
    pub fn retry(&self) -> Option<Duration> {
        self.reading.parts.retry()
    }
}

impl Iterator for Events {
    type Item = Result<ServerSentEvent, Error>;

    fn next(&mut self) -> Option<Self::Item> {
        self.reading.next()
    }
}

/// The lines of a streamed answer, decoded: see [`Streamed::lines`].
pub struct Lines<T> {
    reading: Reading<LineReader<T>>,
}

impl<T> fmt::Debug for Lines<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.reading.debug("Lines", "lines", f)
    }
}

impl<T: DeserializeOwned> Iterator for Lines<T> {
    type Item = Result<T, Error>;

    fn next(&mut self) -> Option<Self::Item> {
        self.reading.next()
    }
}

impl Client {
    /// Sends a typed request and gives its answer's body unread, as a
    /// [`Streamed`] reader, once its status and headers have come: a
    /// download of any size, held nowhere, or a stream of lines.
    ///
    /// The head is read as [`Client::send`] reads an answer: redirects are
    /// followed, the rate-limit headers are learnt, a failure that may
    /// pass before the head came is retried; an answer that is not 2xx is
    /// the same error as `send`'s (its body read, up to
    /// [`MAX_ANSWER_BYTES`](super::super::MAX_ANSWER_BYTES)). The client's
    /// cache is not used. The client's timeout bounds the wait for the
    /// head, not the reading of the body, which takes as long as it does.
    ///
    /// ```no_run
    /// use endpoint::client::ureq::Client;
    /// use endpoint::endpoint;
    ///
    /// endpoint! {
    ///     /// A repository's archive.
    ///     struct Tarball = "GET /repos/{owner}/{repo}/tarball/{ref}";
    /// }
    ///
    /// let client = Client::github().build()?;
    /// let route = Tarball { owner: "rust-lang".into(), repo: "rust".into(), r#ref: "master".into() };
    /// let mut answer = client.stream(&route)?;
    /// println!("{} {:?}", answer.status, answer.headers.get("content-length"));
    /// let mut file = std::fs::File::create("rust.tar.gz")?;
    /// std::io::copy(&mut answer.body, &mut file)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`Client::send`]'s, before the body: [`Error::Build`],
    /// [`Error::Transport`], [`Error::Status`], [`Error::RateLimited`],
    /// [`Error::Redirect`].
    pub fn stream<R: TypedRequest>(&self, route: &R) -> Result<Response<Streamed>, Error> {
        let exchange = Exchange::typed(route.to_http_request_with(self.api.settings())?);
        self.streamed(exchange, Operation::of::<R>())
    }

    /// Sends a request built already and gives its answer's body unread,
    /// as [`Client::stream`] does.
    ///
    /// ```no_run
    /// use endpoint::client::ureq::Client;
    /// use serde::Deserialize;
    /// use serde_json::{json, Value};
    ///
    /// #[derive(Deserialize)]
    /// struct WatchEvent {
    ///     r#type: String,
    ///     object: Value,
    /// }
    ///
    /// let kube = Client::builder().base_url("https://127.0.0.1:6443").bearer("…").build()?;
    /// let request = kube.endpoint().endpoint(
    ///     "GET /api/v1/namespaces/{namespace}/pods{?watch,resourceVersion}",
    ///     json!({"namespace": "default", "watch": true, "resourceVersion": "4211"}),
    /// )?;
    /// for event in kube.stream_request(request)?.body.lines::<WatchEvent>() {
    ///     match event {
    ///         Ok(event) => println!("{} {}", event.r#type, event.object["metadata"]["name"]),
    ///         Err(error) => eprintln!("{error}"),                  // names the line
    ///     }
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`Client::stream`].
    pub fn stream_request(&self, request: Request) -> Result<Response<Streamed>, Error> {
        self.streamed(Exchange::new(request)?, Operation::Dynamic)
    }

    /// Sends a typed request whose body is `body`, read as it is sent
    /// (its `data`, if any, is not sent), and decodes the answer as
    /// [`Client::send`] does: a release asset, an archive, any route whose
    /// body is bytes. The route's headers go with it (its `content-type`).
    ///
    /// ```no_run
    /// # {
    /// use endpoint::client::ureq::{Client, Upload};
    /// use endpoint::github::repos;
    ///
    /// let client = Client::github().token("ghp_…").build()?;
    /// let route = repos::UploadReleaseAsset::new("octocat", "hello-world", 1, "app.tar.gz");
    /// let asset = client.upload(&route, Upload::file("target/app.tar.gz")?)?.body;
    /// println!("{}", asset.browser_download_url);
    /// # }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`Client::send`]; an [`Error::Transport`] when the body cannot be
    /// read, or when a body read from a reader would have to be sent again.
    pub fn upload<R>(&self, route: &R, body: Upload) -> Result<Response<R::Response>, Error>
    where
        R: TypedRequest,
        R::Response: endpoint_runtime::model::Answer,
    {
        let exchange = Exchange::typed(route.to_http_request_with(self.api.settings())?);
        self.uploaded(exchange, body)?
            .into_response(Operation::of::<R>())
    }

    /// Sends a request built already with `body` instead of its own, as
    /// [`Client::upload`] does, and decodes the answer into `T`.
    ///
    /// ```no_run
    /// use endpoint::client::ureq::{Client, Upload};
    /// use serde_json::{json, Value};
    ///
    /// let client = Client::builder().base_url("https://files.example.com/v1").bearer("…").build()?;
    /// let request = client.endpoint().endpoint(
    ///     "PUT /buckets/{bucket}/objects/{name}",
    ///     json!({"bucket": "logs", "name": "today.log", "headers": {"content-type": "text/plain"}}),
    /// )?;
    /// let log = std::fs::File::open("today.log")?;
    /// let length = log.metadata()?.len();
    /// let stored: Value = client.upload_request(request, Upload::reader(log, Some(length)))?.body;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`Client::upload`].
    pub fn upload_request<T: endpoint_runtime::model::Answer>(
        &self,
        request: Request,
        body: Upload,
    ) -> Result<Response<T>, Error> {
        self.uploaded(Exchange::new(request)?, body)?
            .into_response(Operation::Dynamic)
    }

    /// The final answer of `exchange` sent with `body`, read whole.
    fn uploaded(&self, exchange: Exchange, mut body: Upload) -> Result<Answer, Error> {
        let (answer, _) = self.run_streamed(exchange, Some(&mut body), false)?;
        Ok(answer)
    }

    /// The head of `exchange`'s final answer, and its body unread.
    fn streamed(
        &self,
        exchange: Exchange,
        operation: Operation,
    ) -> Result<Response<Streamed>, Error> {
        let (answer, body) = self.run_streamed(exchange, None, true)?;
        let body = match body {
            Some(body) => body.into_reader(),
            // A 2xx answer whose body was read (none is): empty.
            None => ::ureq::Body::builder().data(Vec::new()).into_reader(),
        };
        Answered::response(answer, operation, |answered| Streamed { answered, body })
    }

    /// Sends the call's requests as [`Client::run`] does, the call's own
    /// with `upload` as its body (but a GET a redirect turned it into);
    /// when `hold`, the body of its 2xx answers is kept unread (the call
    /// sees it empty) and given with the final answer.
    fn run_streamed(
        &self,
        exchange: Exchange,
        mut upload: Option<&mut Upload>,
        hold: bool,
    ) -> Result<(Answer, Option<::ureq::Body>), Error> {
        let replayable = upload.as_ref().is_none_or(|upload| upload.replayable());
        let policy = stream::policy(&self.policy, replayable);
        let mut call = Call::new(&policy, exchange);
        let mut held = None;
        loop {
            match call.next() {
                Action::Wait(wait) => policy.clock.sleep(wait),
                Action::Poll(wait) => std::thread::sleep(wait),
                Action::Send(request) => {
                    held = None;
                    let own = !call.refreshing();
                    let body = upload.as_deref_mut().filter(|_| own);
                    let keep = (own && hold).then_some(&mut held);
                    let answer = self.send_streamed(request, call.timeout(), body, keep);
                    call.receive(answer);
                }
                Action::Done(result) => return result.map(|answer| (answer, held)),
            }
        }
    }

    /// Sends `request` (with `upload`'s body instead of its own, unless
    /// it is a GET or HEAD) and reads its head; its body is read whole, or
    /// kept in `held` when that is given and the answer is 2xx.
    fn send_streamed(
        &self,
        request: http::Request<Vec<u8>>,
        timeout: Option<Duration>,
        upload: Option<&mut Upload>,
        held: Option<&mut Option<::ureq::Body>>,
    ) -> Result<http::Response<Vec<u8>>, TransportError> {
        let timeout = timeout.or(self.policy.timeout).unwrap_or(DEFAULT_TIMEOUT);
        let answer = match upload {
            Some(upload) if !matches!(*request.method(), Method::GET | Method::HEAD) => {
                let (mut parts, _) = request.into_parts();
                let (reader, length) = upload.open()?;
                parts.headers.remove(CONTENT_LENGTH);
                if let Some(length) = length {
                    parts
                        .headers
                        .insert(CONTENT_LENGTH, HeaderValue::from(length));
                }
                let body = ::ureq::SendBody::from_owned_reader(reader);
                self.head(http::Request::from_parts(parts, body), timeout)?
            }
            _ => self.head(request, timeout)?,
        };
        let (parts, body) = answer.into_parts();
        match held {
            Some(held) if parts.status.is_success() => {
                *held = Some(body);
                Ok(http::Response::from_parts(parts, Vec::new()))
            }
            _ => Ok(http::Response::from_parts(parts, read_whole(body)?)),
        }
    }

    /// Sends `request` and reads its head within `timeout`; sending its
    /// body and reading the answer's have no time limit.
    fn head(
        &self,
        request: http::Request<impl ::ureq::AsSendBody>,
        timeout: Duration,
    ) -> Result<http::Response<::ureq::Body>, ::ureq::Error> {
        let request = self
            .agent
            .configure_request(request)
            .http_status_as_error(false)
            .max_redirects(0)
            .timeout_global(None)
            .timeout_recv_response(Some(timeout))
            .build();
        self.agent.run(request)
    }
}

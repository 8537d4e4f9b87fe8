//! Streams of the async client: a request body read from a stream or a
//! file as it is sent, and an answer read as a stream of chunks, of lines
//! or of server-sent events, never held whole in memory.

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use bytes::Bytes;
use futures_core::Stream;
use futures_core::stream::TryStream;
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

/// reqwest's timeout of a streamed request, which bounds the whole
/// exchange, body included: none that a stream would reach (a year). The
/// wait for the head is bounded by the client's timeout instead.
const NO_TIME_LIMIT: Duration = Duration::from_secs(365 * 24 * 3600);

/// A request body read as it is sent, never held whole: from a stream of
/// chunks (sent once) or a file (opened again for each try).
///
/// With a length, the request says it in `content-length`; without, its
/// body is sent chunked (`transfer-encoding: chunked`). A body read from a
/// stream cannot be sent again: a client sends its request once (no
/// retry), and a `307`/`308` redirect, a `401` or a rate limit's refusal
/// that would send it again ends the call with an [`Error::Transport`]
/// saying so (inside an [`Error::GaveUp`] after a rate limit's wait). A file is opened again for each try, so that its call is
/// retried as any other.
///
/// ```no_run
/// use bytes::Bytes;
/// use endpoint::client::reqwest::Upload;
///
/// # async fn run() -> std::io::Result<()> {
/// let archive = Upload::file("target/app.tar.gz").await?;          // its length from the file
/// let chunks = vec![Ok::<_, std::io::Error>(Bytes::from_static(b"a,b\n")), Ok(Bytes::from_static(b"1,2\n"))];
/// let generated = Upload::stream(futures_util::stream::iter(chunks), Some(8));
/// # Ok(())
/// # }
/// ```
pub struct Upload {
    source: Source,
}

enum Source {
    /// A body and its length, until it is sent.
    Stream(Option<(::reqwest::Body, Option<u64>)>),
    /// A file: opened already for the first try, opened again for another.
    File {
        path: PathBuf,
        opened: Option<tokio::fs::File>,
    },
}

impl fmt::Debug for Upload {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.source {
            Source::Stream(body) => f
                .debug_struct("Upload")
                .field("length", &body.as_ref().map(|(_, length)| length))
                .field("sent", &body.is_none())
                .finish(),
            Source::File { path, .. } => f.debug_struct("Upload").field("file", path).finish(),
        }
    }
}

impl Upload {
    /// A body read from `stream`'s chunks as it is sent, `length` bytes
    /// long when it is known (sent as `content-length`: the stream must give
    /// exactly that many bytes), chunked otherwise. It is sent once.
    pub fn stream<S>(stream: S, length: Option<u64>) -> Upload
    where
        S: TryStream + Send + 'static,
        S::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
        Bytes: From<S::Ok>,
    {
        Upload {
            source: Source::Stream(Some((::reqwest::Body::wrap_stream(stream), length))),
        }
    }

    /// The file at `path`, its length read from the file system, opened now
    /// (so that a file that cannot be read fails here, naming it) and again
    /// for each other try of the call.
    ///
    /// # Errors
    /// The file cannot be opened.
    pub async fn file(path: impl AsRef<Path>) -> io::Result<Upload> {
        let path = path.as_ref().to_owned();
        let opened = tokio::fs::File::open(&path)
            .await
            .map_err(|error| file_error(&path, error))?;
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
    async fn open(&mut self) -> Result<(::reqwest::Body, Option<u64>), TransportError> {
        match &mut self.source {
            Source::Stream(body) => body.take().ok_or_else(|| SENT_ONCE.into()),
            Source::File { path, opened } => {
                let file = match opened.take() {
                    Some(file) => file,
                    None => tokio::fs::File::open(&*path)
                        .await
                        .map_err(|error| file_error(path, error))?,
                };
                let length = file
                    .metadata()
                    .await
                    .map_err(|error| file_error(path, error))?
                    .len();
                Ok((::reqwest::Body::from(file), Some(length)))
            }
        }
    }
}

/// `error` of the file at `path`, naming it.
fn file_error(path: &Path, error: io::Error) -> io::Error {
    io::Error::new(error.kind(), format!("{}: {error}", path.display()))
}

/// The chunks of a streamed answer.
type Chunks = Pin<Box<dyn Stream<Item = Result<Bytes, ::reqwest::Error>> + Send>>;

/// The body of a streamed answer, read as it comes: a [`Stream`] of
/// [`Bytes`] chunks, [`Streamed::lines`] of JSON items, or
/// [`Streamed::events`].
///
/// Made by [`Client::stream`] and [`Client::stream_request`], in a
/// [`Response`] whose status and headers were read first. No limit holds:
/// the caller reads what it wants, and dropping it closes the connection
/// (unless it was read to its end). A chunk that cannot be read is an
/// [`Error::Transport`], the last item.
pub struct Streamed {
    answered: Answered,
    chunks: Chunks,
    failed: bool,
}

impl fmt::Debug for Streamed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Streamed")
            .field("url", &self.answered.url)
            .finish_non_exhaustive()
    }
}

impl Stream for Streamed {
    type Item = Result<Bytes, Error>;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        let this = self.get_mut();
        if this.failed {
            return Poll::Ready(None);
        }
        match this.chunks.as_mut().poll_next(cx) {
            Poll::Ready(Some(Err(error))) => {
                this.failed = true;
                Poll::Ready(Some(Err(this.answered.transport_error(error))))
            }
            Poll::Ready(Some(Ok(chunk))) => Poll::Ready(Some(Ok(chunk))),
            Poll::Ready(None) => Poll::Ready(None),
            Poll::Pending => Poll::Pending,
        }
    }
}

impl Streamed {
    /// The body's lines, each decoded into `T` as JSON (JSON Lines, NDJSON,
    /// a Kubernetes `watch`), as a [`Stream`].
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
    /// HTML standard's format), as a [`Stream`] of [`ServerSentEvent`]s.
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
    /// use endpoint::client::reqwest::Client;
    /// use futures_util::StreamExt;
    /// use serde::Deserialize;
    /// use serde_json::json;
    /// use std::time::Duration;
    ///
    /// #[derive(Deserialize)]
    /// struct Chunk {
    ///     text: String,
    /// }
    ///
    /// # async fn run() -> Result<(), Box<dyn std::error::Error>> {
    /// let client = Client::builder().base_url("https://llm.example.com/v1").bearer("…").build()?;
    /// let mut last_event_id: Option<String> = None;
    /// loop {
    ///     let mut headers = json!({"accept": "text/event-stream"});
    ///     if let Some(id) = &last_event_id {
    ///         headers["last-event-id"] = json!(id);                // resumes after it
    ///     }
    ///     let request = client.endpoint().endpoint(
    ///         "POST /completions",
    ///         json!({"prompt": "Hello", "stream": true, "headers": headers}),
    ///     )?;
    ///     let mut events = client.stream_request(request).await?.body.events();
    ///     let mut cut = false;
    ///     while let Some(event) = events.next().await {
    ///         match event {
    ///             Ok(event) if event.data == "[DONE]" => break,
    ///             Ok(event) => print!("{}", event.json::<Chunk>()?.text),
    ///             Err(error) => {
    ///                 eprintln!("{error}");                         // the connection was cut
    ///                 cut = true;
    ///             }
    ///         }
    ///     }
    ///     if !cut {
    ///         return Ok(());
    ///     }
    ///     last_event_id = events.last_event_id().map(str::to_owned);
    ///     tokio::time::sleep(events.retry().unwrap_or(Duration::from_secs(3))).await;
    /// }
    /// # }
    /// ```
    pub fn events(self) -> Events {
        Events {
            reading: Reading::new(EventReader::new(self.answered.clone()), self),
        }
    }
}

/// The parts of a streamed answer as `parts` reads them from the chunks
/// of its body, read as they are polled for.
struct Reading<P> {
    body: Streamed,
    parts: P,
    ended: bool,
}

impl<P: Parts> Reading<P> {
    fn new(parts: P, body: Streamed) -> Reading<P> {
        Reading {
            body,
            parts,
            ended: false,
        }
    }

    /// The next part; a failure to read the body is the last item.
    fn poll_next(&mut self, cx: &mut Context<'_>) -> Poll<Option<Result<P::Part, Error>>> {
        loop {
            if self.body.failed {
                return Poll::Ready(None);
            }
            if let Some(item) = self.parts.next_part(self.ended) {
                return Poll::Ready(Some(item));
            }
            if self.ended {
                return Poll::Ready(None);
            }
            match Pin::new(&mut self.body).poll_next(cx) {
                Poll::Ready(Some(Ok(chunk))) => self.parts.push(&chunk),
                Poll::Ready(Some(Err(error))) => return Poll::Ready(Some(Err(error))),
                Poll::Ready(None) => self.ended = true,
                Poll::Pending => return Poll::Pending,
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

impl Stream for Events {
    type Item = Result<ServerSentEvent, Error>;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        self.get_mut().reading.poll_next(cx)
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

impl<T: DeserializeOwned> Stream for Lines<T> {
    type Item = Result<T, Error>;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        self.get_mut().reading.poll_next(cx)
    }
}

impl Client {
    /// Sends a typed request and gives its answer's body unread, as a
    /// [`Streamed`] stream of chunks, once its status and headers have
    /// come: a download of any size, held nowhere, or a stream of lines.
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
    /// use endpoint::client::reqwest::Client;
    /// use endpoint::endpoint;
    /// use futures_util::StreamExt;
    ///
    /// endpoint! {
    ///     /// A repository's archive.
    ///     struct Tarball = "GET /repos/{owner}/{repo}/tarball/{ref}";
    /// }
    ///
    /// # async fn run() -> Result<(), Box<dyn std::error::Error>> {
    /// let client = Client::github().build()?;
    /// let route = Tarball { owner: "rust-lang".into(), repo: "rust".into(), r#ref: "master".into() };
    /// let mut answer = client.stream(&route).await?;
    /// let mut size = 0;
    /// while let Some(chunk) = answer.body.next().await {
    ///     size += chunk?.len();
    /// }
    /// println!("{size} bytes");
    /// # Ok(())
    /// # }
    /// ```
    ///
    /// # Errors
    /// As [`Client::send`]'s, before the body: [`Error::Build`],
    /// [`Error::Transport`], [`Error::Status`], [`Error::RateLimited`],
    /// [`Error::Redirect`].
    pub async fn stream<R: TypedRequest>(&self, route: &R) -> Result<Response<Streamed>, Error> {
        let exchange = Exchange::typed(route.to_http_request_with(self.api.settings())?);
        self.streamed(exchange, Operation::of::<R>()).await
    }

    /// Sends a request built already and gives its answer's body unread,
    /// as [`Client::stream`] does.
    ///
    /// ```no_run
    /// use endpoint::client::reqwest::Client;
    /// use futures_util::StreamExt;
    /// use serde::Deserialize;
    /// use serde_json::{json, Value};
    ///
    /// #[derive(Deserialize)]
    /// struct WatchEvent {
    ///     r#type: String,
    ///     object: Value,
    /// }
    ///
    /// # async fn run() -> Result<(), Box<dyn std::error::Error>> {
    /// let kube = Client::builder().base_url("https://127.0.0.1:6443").bearer("…").build()?;
    /// let request = kube.endpoint().endpoint(
    ///     "GET /api/v1/namespaces/{namespace}/pods{?watch,resourceVersion}",
    ///     json!({"namespace": "default", "watch": true, "resourceVersion": "4211"}),
    /// )?;
    /// let mut events = kube.stream_request(request).await?.body.lines::<WatchEvent>();
    /// while let Some(event) = events.next().await {
    ///     match event {
    ///         Ok(event) => println!("{} {}", event.r#type, event.object["metadata"]["name"]),
    ///         Err(error) => eprintln!("{error}"),                  // names the line
    ///     }
    /// }
    /// # Ok(())
    /// # }
    /// ```
    ///
    /// # Errors
    /// As [`Client::stream`].
    pub async fn stream_request(&self, request: Request) -> Result<Response<Streamed>, Error> {
        self.streamed(Exchange::new(request)?, Operation::Dynamic)
            .await
    }

    /// Sends a typed request whose body is `body`, read as it is sent
    /// (its `data`, if any, is not sent), and decodes the answer as
    /// [`Client::send`] does: a release asset, an archive, any route whose
    /// body is bytes. The route's headers go with it (its `content-type`).
    ///
    /// ```no_run
    /// # async fn run() -> Result<(), Box<dyn std::error::Error>> {
    /// use endpoint::client::reqwest::{Client, Upload};
    /// use endpoint::github::repos;
    ///
    /// let client = Client::github().token("ghp_…").build()?;
    /// let route = repos::UploadReleaseAsset::new("octocat", "hello-world", 1, "app.tar.gz");
    /// let body = Upload::file("target/app.tar.gz").await?;
    /// let asset = client.upload(&route, body).await?.body;
    /// println!("{}", asset.browser_download_url);
    /// # Ok(())
    /// # }
    /// ```
    ///
    /// # Errors
    /// As [`Client::send`]; an [`Error::Transport`] when the body cannot be
    /// read, or when a body read from a stream would have to be sent again.
    pub async fn upload<R>(&self, route: &R, body: Upload) -> Result<Response<R::Response>, Error>
    where
        R: TypedRequest,
        R::Response: endpoint_runtime::model::Answer,
    {
        let exchange = Exchange::typed(route.to_http_request_with(self.api.settings())?);
        self.uploaded(exchange, body)
            .await?
            .into_response(Operation::of::<R>())
    }

    /// Sends a request built already with `body` instead of its own, as
    /// [`Client::upload`] does, and decodes the answer into `T`.
    ///
    /// ```no_run
    /// use endpoint::client::reqwest::{Client, Upload};
    /// use serde_json::{json, Value};
    ///
    /// # async fn run() -> Result<(), Box<dyn std::error::Error>> {
    /// let client = Client::builder().base_url("https://files.example.com/v1").bearer("…").build()?;
    /// let request = client.endpoint().endpoint(
    ///     "PUT /buckets/{bucket}/objects/{name}",
    ///     json!({"bucket": "logs", "name": "today.log", "headers": {"content-type": "text/plain"}}),
    /// )?;
    /// let body = Upload::file("today.log").await?;
    /// let stored: Value = client.upload_request(request, body).await?.body;
    /// # Ok(())
    /// # }
    /// ```
    ///
    /// # Errors
    /// As [`Client::upload`].
    pub async fn upload_request<T: endpoint_runtime::model::Answer>(
        &self,
        request: Request,
        body: Upload,
    ) -> Result<Response<T>, Error> {
        self.uploaded(Exchange::new(request)?, body)
            .await?
            .into_response(Operation::Dynamic)
    }

    /// The final answer of `exchange` sent with `body`, read whole.
    async fn uploaded(&self, exchange: Exchange, mut body: Upload) -> Result<Answer, Error> {
        let (answer, _) = self.run_streamed(exchange, Some(&mut body), false).await?;
        Ok(answer)
    }

    /// The head of `exchange`'s final answer, and its body unread.
    async fn streamed(
        &self,
        exchange: Exchange,
        operation: Operation,
    ) -> Result<Response<Streamed>, Error> {
        let (answer, body) = self.run_streamed(exchange, None, true).await?;
        let chunks: Chunks = match body {
            Some(body) => Box::pin(body.bytes_stream()),
            // A 2xx answer whose body was read (none is): empty.
            None => Box::pin(Empty),
        };
        Answered::response(answer, operation, |answered| Streamed {
            answered,
            chunks,
            failed: false,
        })
    }

    /// Sends the call's requests as [`Client::run`] does, the call's own
    /// with `upload` as its body (but a GET a redirect turned it into);
    /// when `hold`, the body of its 2xx answers is kept unread (the call
    /// sees it empty) and given with the final answer.
    async fn run_streamed(
        &self,
        exchange: Exchange,
        mut upload: Option<&mut Upload>,
        hold: bool,
    ) -> Result<(Answer, Option<::reqwest::Response>), Error> {
        let replayable = upload.as_ref().is_none_or(|upload| upload.replayable());
        let policy = stream::policy(&self.policy, replayable);
        let mut call = Call::new(&policy, exchange);
        let mut held = None;
        loop {
            match call.next() {
                Action::Wait(wait) => policy.clock.sleep_async(wait).await,
                Action::Poll(wait) => tokio::time::sleep(wait).await,
                Action::Send(request) => {
                    held = None;
                    let own = !call.refreshing();
                    let body = upload.as_deref_mut().filter(|_| own);
                    let keep = (own && hold).then_some(&mut held);
                    let answer = self
                        .send_streamed(request, call.timeout(), body, keep)
                        .await;
                    call.receive(answer);
                }
                Action::Done(result) => return result.map(|answer| (answer, held)),
            }
        }
    }

    /// Sends `request` (with `upload`'s body instead of its own, unless
    /// it is a GET or HEAD) and reads its head within the timeout; its
    /// body is read whole, or kept in `held` when that is given and the
    /// answer is 2xx.
    async fn send_streamed(
        &self,
        request: http::Request<Vec<u8>>,
        timeout: Option<Duration>,
        upload: Option<&mut Upload>,
        held: Option<&mut Option<::reqwest::Response>>,
    ) -> Result<http::Response<Vec<u8>>, TransportError> {
        let timeout = timeout.or(self.policy.timeout).unwrap_or(DEFAULT_TIMEOUT);
        let mut request = match upload {
            Some(upload) if !matches!(*request.method(), Method::GET | Method::HEAD) => {
                let (mut parts, _) = request.into_parts();
                let (body, length) = upload.open().await?;
                parts.headers.remove(CONTENT_LENGTH);
                if let Some(length) = length {
                    parts
                        .headers
                        .insert(CONTENT_LENGTH, HeaderValue::from(length));
                }
                ::reqwest::Request::try_from(http::Request::from_parts(parts, body))?
            }
            _ => ::reqwest::Request::try_from(request)?,
        };
        *request.timeout_mut() = Some(NO_TIME_LIMIT);
        let answer = match tokio::time::timeout(timeout, self.client.execute(request)).await {
            Ok(answer) => answer?,
            Err(_) => {
                return Err(Box::new(io::Error::new(
                    io::ErrorKind::TimedOut,
                    format!("no answer within {timeout:?}"),
                )));
            }
        };
        match held {
            Some(held) if answer.status().is_success() => {
                let mut head = http::Response::new(Vec::new());
                *head.status_mut() = answer.status();
                *head.headers_mut() = answer.headers().clone();
                *held = Some(answer);
                Ok(head)
            }
            _ => read_whole(answer).await,
        }
    }
}

/// The chunks of an empty body.
struct Empty;

impl Stream for Empty {
    type Item = Result<Bytes, ::reqwest::Error>;

    fn poll_next(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        Poll::Ready(None)
    }
}

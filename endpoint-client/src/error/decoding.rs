//! A 2xx answer (or an item, a line, an event of one) that does not fit
//! the type it is decoded into.

use std::fmt;
use std::sync::Arc;

use http::Method;

use super::{Bounded, Excerpt};
use crate::decode::{Failure, Operation};

/// A 2xx answer that does not fit the expected type: which operation, which
/// answer, where in it (the JSON path of the value that does not fit),
/// serde's error, and the body as received.
///
/// Its `Display` names the operation, the path and serde's error (what was
/// expected, and the line and column), never the body, which
/// [`DecodeError::body`] gives whole.
///
/// ```text
/// GET /repos/{owner}/{repo}/issues (https://api.example.com/repos/o/r/issues): the answer does not
/// fit `alloc::vec::Vec<app::Issue>` at `[1].user.login`: invalid type: null, expected a string at
/// line 1 column 1873
/// ```
///
/// An item of a page that does not fit, read on its own by a walk (`paginate`,
/// its items or pages) while the other items of its page still come, has its own
/// error: its [`DecodeError::index`] in the page's list, its path in the
/// page (`[3].user.login`, `items[3].user.login`), and its JSON alone as
/// the body.
///
/// A line of a streamed answer read as lines (`Streamed::lines` of either
/// client) that does not fit has its [`DecodeError::line`], counted from 1,
/// and the line alone as the body:
/// `GET /watch/pods: line 3 of the answer does not fit `Event`: expected
/// value at line 1 column 1`.
///
/// The data of a server-sent event that does not fit
/// ([`ServerSentEvent::json`](crate::ServerSentEvent::json)) has its
/// [`DecodeError::event`], counted from 1, and the data alone as the body:
/// `GET /chat: event 2 of the answer does not fit `Delta`: …`.
#[derive(Clone)]
pub struct DecodeError {
    operation: String,
    request_type: Option<&'static str>,
    method: Method,
    url: String,
    type_name: &'static str,
    path: String,
    source: Arc<serde_json::Error>,
    body: Arc<[u8]>,
    index: Option<usize>,
    line: Option<u64>,
    event: Option<u64>,
}

impl DecodeError {
    /// The error for `failure` of the body of `method url`, the answer to
    /// `operation`, which should have been a `type_name`.
    pub(crate) fn new(
        operation: Operation,
        method: Method,
        url: String,
        type_name: &'static str,
        failure: Failure,
        body: Arc<[u8]>,
    ) -> DecodeError {
        let (operation, request_type) = match operation {
            Operation::Typed {
                method,
                template,
                request,
            } => (format!("{method} {template}"), Some(request)),
            Operation::Dynamic => (format!("{method} {url}"), None),
        };
        DecodeError {
            operation,
            request_type,
            method,
            url,
            type_name,
            path: failure.path,
            source: Arc::new(failure.source),
            body,
            index: None,
            line: None,
            event: None,
        }
    }

    /// The same error, of item `index` of a page's list.
    pub(crate) fn in_item(mut self, index: usize) -> DecodeError {
        self.index = Some(index);
        self
    }

    /// The same error, of line `line` (from 1) of a streamed answer.
    pub(crate) fn on_line(mut self, line: u64) -> DecodeError {
        self.line = Some(line);
        self
    }

    /// The same error, of server-sent event `event` (from 1) of a streamed
    /// answer.
    pub(crate) fn on_event(mut self, event: u64) -> DecodeError {
        self.event = Some(event);
        self
    }

    /// What was called: the route of a typed request, method and template
    /// (`GET /repos/{owner}/{repo}/issues`), or the method and URL of a
    /// request built already.
    pub fn operation(&self) -> &str {
        &self.operation
    }

    /// The type name of the typed request (`std::any::type_name`), `None`
    /// for a request built already.
    pub fn request_type(&self) -> Option<&'static str> {
        self.request_type
    }

    /// The method of the request that was answered.
    pub fn method(&self) -> &Method {
        &self.method
    }

    /// The URL that answered (after redirects; a page's own URL).
    pub fn url(&self) -> &str {
        &self.url
    }

    /// The type the answer (or the item) should have been.
    pub fn type_name(&self) -> &'static str {
        self.type_name
    }

    /// The JSON path of the value that does not fit, in the body:
    /// `[1].user.login`, `items[0].id`; empty when the body as a whole does
    /// not (it is not JSON, or of another kind than expected). For an item
    /// of a page, the path in the page: it starts with the item's index in
    /// the list, and the list's key when the page wraps it.
    pub fn path(&self) -> &str {
        &self.path
    }

    /// serde's error: what was found and what was expected, with the line
    /// and column.
    pub fn serde_error(&self) -> &serde_json::Error {
        &self.source
    }

    /// The body as received, whole (for a page, the whole page); for an
    /// item of a page read on its own, the item's JSON alone.
    pub fn body(&self) -> &[u8] {
        &self.body
    }

    /// For an item of a page read on its own, its index in the page's list
    /// (counting from 0, as [`DecodeError::path`] does); `None` for a body
    /// decoded whole.
    pub fn index(&self) -> Option<usize> {
        self.index
    }

    /// For a line of a streamed answer read as lines, its number, counting
    /// from 1 (blank lines count); `None` for a body decoded whole.
    pub fn line(&self) -> Option<u64> {
        self.line
    }

    /// For a server-sent event of a streamed answer (its data decoded by
    /// [`ServerSentEvent::json`](crate::ServerSentEvent::json), or an event
    /// too long to read), its number, counting from 1 the events the answer
    /// gave; `None` otherwise.
    pub fn event(&self) -> Option<u64> {
        self.event
    }
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", Bounded::text(&self.operation))?;
        if self.request_type.is_some() {
            write!(f, " ({})", Bounded::text(&self.url))?;
        }
        match (self.line, self.event) {
            (Some(line), _) => write!(f, ": line {line} of the answer")?,
            (None, Some(event)) => write!(f, ": event {event} of the answer")?,
            (None, None) => write!(f, ": the answer")?,
        }
        write!(f, " does not fit `{}`", self.type_name)?;
        if !self.path.is_empty() {
            write!(f, " at `{}`", Bounded::text(&self.path))?;
        }
        // serde's message quotes the value that does not fit, as sent.
        write!(f, ": {}", Bounded::text(&self.source.to_string()))
    }
}

impl fmt::Debug for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DecodeError")
            .field("operation", &Bounded::text(&self.operation))
            .field("request_type", &self.request_type)
            .field("method", &self.method)
            .field("url", &Bounded::text(&self.url))
            .field("type_name", &self.type_name)
            .field("path", &Bounded::text(&self.path))
            .field("index", &self.index)
            .field("line", &self.line)
            .field("event", &self.event)
            .field("source", &Bounded::text(&format!("{:?}", self.source)))
            .field("body", &Excerpt(&self.body))
            .finish()
    }
}

impl std::error::Error for DecodeError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&*self.source)
    }
}

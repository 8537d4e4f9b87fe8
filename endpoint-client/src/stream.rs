//! What both clients share to stream: the settings of a streamed call, and
//! the lines of an answer read as JSON items, one a line.
//!
//! A streamed answer's head (status, headers) goes through the call's
//! rules as any answer does (redirects, rate limits, retries, errors); only
//! the body of its final 2xx answer is handed to the caller unread. A
//! streamed request body is read once, as it is sent: it cannot be sent
//! again unless its source can be opened again (a file).

use std::marker::PhantomData;
use std::ops::Range;

use http::Method;
use serde::de::DeserializeOwned;

use super::call::Policy;
use super::chunks::ChunkBuffer;
use super::decode::{Failure, Operation};
use super::error::{DecodeError, Error};
use super::exchange::Answer;
use super::limits::MAX_ANSWER_BYTES;
use super::response::Response;
use super::retry::Retry;

/// The error of a second sending of a body that was read once.
pub(crate) const SENT_ONCE: &str = "the request's body was read from a stream as it was sent, and cannot be sent again (a redirect, a retry or a refusal asked for it); a file can be";

/// The policy of a streamed call of a client of `policy`: no cache (a kept
/// answer holds its body, which a stream never reads whole), and no retry
/// when the request's body cannot be sent again.
pub(crate) fn policy(policy: &Policy, replayable: bool) -> Policy {
    Policy {
        cache: None,
        retry: if replayable {
            policy.retry.clone()
        } else {
            Retry::never()
        },
        ..policy.clone()
    }
}

/// What a streamed answer's errors name: the request that was answered.
#[derive(Debug, Clone)]
pub(crate) struct Answered {
    pub(crate) operation: Operation,
    pub(crate) method: Method,
    pub(crate) url: String,
}

impl Answered {
    /// The head of `answer`, a 2xx answer to `operation`, with the body
    /// `body` makes of what its errors name; the error of any other answer.
    pub(crate) fn response<B>(
        answer: Answer,
        operation: Operation,
        body: impl FnOnce(Answered) -> B,
    ) -> Result<Response<B>, Error> {
        if !answer.status.is_success() {
            return Err(answer.into_error());
        }
        let url = endpoint_runtime::sibling::redact_userinfo(&answer.url).into_owned();
        let answered = Answered {
            operation,
            method: answer.method,
            url: url.clone(),
        };
        Ok(Response {
            status: answer.status,
            headers: answer.headers,
            url,
            body: body(answered),
        })
    }

    /// The error of a failure to read the body after its head.
    pub(crate) fn transport_error(
        &self,
        source: impl Into<Box<dyn std::error::Error + Send + Sync>>,
    ) -> Error {
        Error::Transport {
            method: self.method.clone(),
            url: self.url.clone(),
            source: source.into(),
        }
    }

    /// `part`, `bytes` of the answer, decoded into `T` as JSON, or the
    /// error naming the part.
    pub(crate) fn decode<T: DeserializeOwned>(&self, part: Part, bytes: &[u8]) -> Result<T, Error> {
        // A part is JSON whatever the answer's media type says of the whole.
        <T as endpoint_runtime::model::Answer>::decode(200, Some("application/json"), bytes)
            .map_err(|error| self.part_error::<T>(part, Failure::from(error), bytes))
    }

    /// The error of `part` of the answer, `bytes`, that does not fit `T`.
    pub(crate) fn part_error<T>(&self, part: Part, failure: Failure, bytes: &[u8]) -> Error {
        let error = DecodeError::new(
            self.operation,
            self.method.clone(),
            self.url.clone(),
            std::any::type_name::<T>(),
            failure,
            bytes.into(),
        );
        Error::Decode(Box::new(match part {
            Part::Line(number) => error.on_line(number),
            Part::Event(number) => error.on_event(number),
        }))
    }
}

/// A part of a streamed answer decoded on its own, as its errors name it.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Part {
    /// Line `n` (from 1) of an answer read as lines.
    Line(u64),
    /// Server-sent event `n` (from 1) of an answer read as events.
    Event(u64),
}

/// A reader of the parts of a streamed answer (its lines, its events),
/// fed the body's chunks as they come: what each client's `Lines` and
/// `Events` drive alike.
pub(crate) trait Parts {
    /// What a part reads as.
    type Part;

    /// Takes the next chunk of the body.
    fn push(&mut self, chunk: &[u8]);

    /// The next part of the chunks taken so far (at the body's `end`, of
    /// all of them); `None` when more of the body is needed.
    fn next_part(&mut self, end: bool) -> Option<Result<Self::Part, Error>>;
}

impl<T: DeserializeOwned> Parts for LineReader<T> {
    type Part = T;

    fn push(&mut self, chunk: &[u8]) {
        LineReader::push(self, chunk);
    }

    fn next_part(&mut self, end: bool) -> Option<Result<T, Error>> {
        self.next_item(end)
    }
}

/// The lines of a streamed answer, as its chunks come, decoded one by one
/// into `T` (JSON Lines, NDJSON, a Kubernetes `watch`).
///
/// A line ends at `\n` (a `\r` before it is dropped); the last one may end
/// with the body. Blank lines (keep-alives) are counted and skipped. A
/// line that does not fit `T` is an [`Error::Decode`] naming its number,
/// and the lines after it still come; so is a line longer than
/// [`MAX_ANSWER_BYTES`], whose bytes are dropped up to its end.
pub(crate) struct LineReader<T> {
    answered: Answered,
    buffer: ChunkBuffer,
    /// The number of the line being read.
    number: u64,
    /// Dropping the rest of a line too long: its error was given.
    skipping: bool,
    types: PhantomData<fn() -> T>,
}

impl<T> std::fmt::Debug for LineReader<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LineReader")
            .field("url", &self.answered.url)
            .field("line", &self.number)
            .field("pending", &self.buffer.unread().len())
            .finish()
    }
}

impl<T: DeserializeOwned> LineReader<T> {
    pub(crate) fn new(answered: Answered) -> LineReader<T> {
        LineReader {
            answered,
            buffer: ChunkBuffer::default(),
            number: 1,
            skipping: false,
            types: PhantomData,
        }
    }

    /// Takes the next chunk of the body.
    pub(crate) fn push(&mut self, chunk: &[u8]) {
        self.buffer.push(chunk);
    }

    /// The next item of the lines taken so far; at the body's `end`, of
    /// its last line too. `None` when more of the body is needed (or, at
    /// its end, when no line is left).
    pub(crate) fn next_item(&mut self, end: bool) -> Option<Result<T, Error>> {
        loop {
            let Some(newline) = self.buffer.find(|byte| byte == b'\n') else {
                let length = self.buffer.unread().len();
                if length as u64 > MAX_ANSWER_BYTES {
                    // The rest of the line is dropped as it comes.
                    self.buffer.read_all();
                    if !std::mem::replace(&mut self.skipping, true) {
                        return Some(Err(self.too_long()));
                    }
                    continue;
                }
                if !end || length == 0 {
                    return None;
                }
                // The last line, with no `\n`.
                let line = self.buffer.read_all();
                if std::mem::take(&mut self.skipping) {
                    return None;
                }
                return self.line_at(line, self.number);
            };
            let line = self.buffer.read_to(newline + 1);
            let number = self.number;
            self.number += 1;
            if std::mem::take(&mut self.skipping) {
                continue;
            }
            if let Some(item) = self.line_at(line.start..newline, number) {
                return Some(item);
            }
        }
    }

    /// The item of line `number`, the bytes at `line`; `None` for a blank
    /// line.
    fn line_at(&self, line: Range<usize>, number: u64) -> Option<Result<T, Error>> {
        let mut line = self.buffer.slice(line);
        if let [rest @ .., b'\r'] = line {
            line = rest;
        }
        if line.iter().all(u8::is_ascii_whitespace) {
            return None;
        }
        Some(self.answered.decode(Part::Line(number), line))
    }

    /// The error of the line being read, longer than an answer may be.
    fn too_long(&self) -> Error {
        let message = format!("the line is longer than {MAX_ANSWER_BYTES} bytes");
        self.answered.part_error::<T>(
            Part::Line(self.number),
            Failure::at_root(<serde_json::Error as serde::de::Error>::custom(message)),
            b"",
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize, PartialEq)]
    struct Event {
        n: u32,
    }

    fn reader() -> LineReader<Event> {
        LineReader::new(Answered {
            operation: Operation::Dynamic,
            method: Method::GET,
            url: "http://127.0.0.1/watch".into(),
        })
    }

    /// Every item of `chunks`, fed one after the other.
    fn items(chunks: &[&[u8]]) -> Vec<Result<u32, String>> {
        let mut reader = reader();
        let mut out = Vec::new();
        for chunk in chunks {
            reader.push(chunk);
            while let Some(item) = reader.next_item(false) {
                out.push(item.map(|e| e.n).map_err(|e| e.to_string()));
            }
        }
        while let Some(item) = reader.next_item(true) {
            out.push(item.map(|e| e.n).map_err(|e| e.to_string()));
        }
        out
    }

    #[test]
    fn lines_split_across_chunks_decode_in_order() {
        let got = items(&[b"{\"n\":1}\n{\"n\"", b":2}\r\n\n  \n{\"n\":", b"3}"]);
        assert_eq!(got, vec![Ok(1), Ok(2), Ok(3)]);
        assert!(items(&[b""]).is_empty());
        assert!(items(&[b"\n\n"]).is_empty());
    }

    #[test]
    fn a_line_that_does_not_fit_names_its_number_and_the_others_come() {
        let got = items(&[b"{\"n\":1}\n\nnot json\n{\"n\":\"x\"}\n{\"n\":5}\n"]);
        assert_eq!(got.len(), 4, "{got:?}");
        assert_eq!(got[0], Ok(1));
        let third = got[1].as_ref().unwrap_err();
        assert!(
            third.starts_with("GET http://127.0.0.1/watch: line 3 of the answer does not fit"),
            "{third}"
        );
        let fourth = got[2].as_ref().unwrap_err();
        assert!(fourth.contains("line 4 of the answer"), "{fourth}");
        assert!(fourth.contains("at `n`"), "{fourth}");
        assert_eq!(got[3], Ok(5));
    }

    #[test]
    fn the_error_of_a_line_keeps_the_line_alone() {
        let mut reader = reader();
        reader.push(b"{\"n\":1}\n[1,2]\n");
        assert!(reader.next_item(false).unwrap().is_ok());
        let Some(Err(Error::Decode(error))) = reader.next_item(false) else {
            panic!("the second line does not fit");
        };
        assert_eq!(error.line(), Some(2));
        assert_eq!(error.body(), b"[1,2]");
        assert!(reader.next_item(true).is_none());
    }
}

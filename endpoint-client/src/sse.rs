//! Server-sent events (`text/event-stream`) read from a streamed answer as
//! its chunks come, by both clients: the "event stream interpretation" of
//! the WHATWG HTML standard, with memory bounded against a hostile server.

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use serde::de::DeserializeOwned;

use super::chunks::ChunkBuffer;
use super::decode::Failure;
use super::error::Error;
use super::limits::MAX_ANSWER_BYTES;
use super::stream::{Answered, Part, Parts};

/// The byte order mark a stream may start with (U+FEFF in UTF-8), dropped.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// The type of an event whose block names none.
const MESSAGE: &str = "message";

/// One event of a `text/event-stream` answer (the WHATWG HTML standard's
/// server-sent events: OpenAI- and Anthropic-style completions, GitHub
/// Copilot, notification feeds), read by `Streamed::events` of either
/// client.
///
/// An event is the block of lines before a blank line: its `data` lines
/// joined with `\n`, its `event` type, and the stream's state when it came
/// (the last event id, the reconnection time). A block with no `data` line
/// is no event (a keep-alive, or a block that only sets the id or the
/// reconnection time).
///
/// ```
/// # fn check(event: &endpoint::client::ServerSentEvent) -> Result<(), endpoint::client::Error> {
/// #[derive(serde::Deserialize)]
/// struct Delta {
///     text: String,
/// }
///
/// if event.event == "delta" {
///     let delta: Delta = event.json()?;                 // an Error::Decode names the event
///     print!("{}", delta.text);
/// }
/// # Ok(())
/// # }
/// ```
#[derive(Clone)]
pub struct ServerSentEvent {
    /// The event's type: its last `event` field, `message` when it has none.
    pub event: String,
    /// Its `data` fields, joined with `\n` (an empty `data` field counts:
    /// `data` alone gives an empty string).
    pub data: String,
    /// The last event id when it came: the value of the last `id` field of
    /// the stream up to this event (it persists from event to event);
    /// `None` when none was given, or an empty `id` field cleared it. A
    /// client resuming a stream sends it as `Last-Event-ID`.
    pub id: Option<String>,
    /// The reconnection time the server asked for by the last valid
    /// `retry` field up to this event (it persists too), if any.
    pub retry: Option<Duration>,
    number: u64,
    answered: Arc<Answered>,
}

impl ServerSentEvent {
    /// The event's number in its answer, counting from 1 the events the
    /// answer gave (one too long to read counts too).
    pub fn number(&self) -> u64 {
        self.number
    }

    /// The event's `data` decoded as JSON into `T`.
    ///
    /// # Errors
    /// An [`Error::Decode`] when the data does not fit `T` (or is not
    /// JSON), whose [`DecodeError::event`](super::DecodeError::event) is
    /// the event's [`number`](ServerSentEvent::number) and whose body is
    /// the data alone: `GET /chat: event 2 of the answer does not fit
    /// `Delta` at `text`: …`.
    pub fn json<T: DeserializeOwned>(&self) -> Result<T, Error> {
        self.answered
            .decode(Part::Event(self.number), self.data.as_bytes())
    }
}

impl PartialEq for ServerSentEvent {
    /// Events are equal when their type, data, id, reconnection time and
    /// number are.
    fn eq(&self, other: &ServerSentEvent) -> bool {
        (&self.event, &self.data, &self.id, self.retry, self.number)
            == (
                &other.event,
                &other.data,
                &other.id,
                other.retry,
                other.number,
            )
    }
}

impl Eq for ServerSentEvent {}

impl fmt::Debug for ServerSentEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ServerSentEvent")
            .field("event", &self.event)
            .field("data", &self.data)
            .field("id", &self.id)
            .field("retry", &self.retry)
            .field("number", &self.number)
            .finish()
    }
}

/// The events of a streamed answer, as its chunks come (sans-IO: each
/// client feeds it what it reads).
///
/// Lines end at CRLF, LF or CR (a CR ending a chunk and an LF starting the
/// next are one end); each is decoded as UTF-8 (a byte order mark opening
/// the stream dropped, invalid bytes replaced by U+FFFD). A line opening
/// with `:` is a comment; any other is a field, `name: value` (one space
/// after the colon dropped; a line with no colon a name with an empty
/// value): `event`, `data`, `id` (ignored when it holds NUL) and `retry`
/// (ASCII digits only, milliseconds); other names are ignored. A blank
/// line ends a block, which is an event when it had data. A block the
/// stream ends inside is dropped.
///
/// An event (its lines, or one line) longer than [`MAX_ANSWER_BYTES`] is an
/// [`Error::Decode`] naming its number: its bytes are dropped up to the
/// blank line ending it, its `id` is not taken, and the events after it
/// still come.
pub(crate) struct EventReader {
    answered: Arc<Answered>,
    /// The most bytes an event may have.
    limit: u64,
    buffer: ChunkBuffer,
    /// The last line ended with a CR: an LF right after it ends no line.
    after_cr: bool,
    /// The stream's first line was read (a byte order mark dropped).
    begun: bool,
    /// Bytes of the line being read were dropped (it is not blank).
    dropped: bool,
    /// Dropping an event too long up to its end: its error was given.
    skipping: bool,
    /// The bytes of the event being read, in its lines so far.
    size: u64,
    /// The number of the event being read.
    number: u64,
    event_type: String,
    data: String,
    /// The last `id` field read, the last event id once its block ends.
    id_buffer: String,
    last_event_id: String,
    retry: Option<Duration>,
}

impl fmt::Debug for EventReader {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("EventReader")
            .field("url", &self.answered.url)
            .field("event", &self.number)
            .field("pending", &self.buffer.unread().len())
            .field("last_event_id", &self.last_event_id)
            .field("retry", &self.retry)
            .finish()
    }
}

impl EventReader {
    pub(crate) fn new(answered: Answered) -> EventReader {
        EventReader::with_limit(answered, MAX_ANSWER_BYTES)
    }

    /// A reader of events at most `limit` bytes long.
    fn with_limit(answered: Answered, limit: u64) -> EventReader {
        EventReader {
            answered: Arc::new(answered),
            limit,
            buffer: ChunkBuffer::default(),
            after_cr: false,
            begun: false,
            dropped: false,
            skipping: false,
            size: 0,
            number: 1,
            event_type: String::new(),
            data: String::new(),
            id_buffer: String::new(),
            last_event_id: String::new(),
            retry: None,
        }
    }

    /// The last event id: the last `id` field of the blocks read so far
    /// (up to the last event given), `None` when none was or it was
    /// cleared.
    pub(crate) fn last_event_id(&self) -> Option<&str> {
        Some(self.last_event_id.as_str()).filter(|id| !id.is_empty())
    }

    /// The reconnection time of the last valid `retry` field read.
    pub(crate) fn retry(&self) -> Option<Duration> {
        self.retry
    }

    /// Takes the next chunk of the body.
    pub(crate) fn push(&mut self, chunk: &[u8]) {
        self.buffer.push(chunk);
    }

    /// The next event of the chunks taken so far, or the error of one too
    /// long. `None` when more of the body is needed; at the body's `end`,
    /// when no event is left (a block the body ends inside is dropped).
    pub(crate) fn next_item(&mut self, end: bool) -> Option<Result<ServerSentEvent, Error>> {
        loop {
            if self.after_cr && !self.buffer.unread().is_empty() {
                self.after_cr = false;
                if self.buffer.unread()[0] == b'\n' {
                    self.buffer.read_to(self.buffer.start() + 1);
                }
            }
            let found = self.buffer.find(|byte| byte == b'\n' || byte == b'\r');
            let Some(found) = found else {
                let unread = self.buffer.unread();
                let mut length = unread.len() as u64;
                if !self.begun && unread.starts_with(BOM) {
                    length -= BOM.len() as u64;
                }
                if self.skipping || self.size + length > self.limit {
                    // The line's bytes are dropped as they come.
                    self.buffer.read_all();
                    self.dropped |= length > 0;
                    self.begun |= length > 0;
                    if !std::mem::replace(&mut self.skipping, true) {
                        return Some(Err(self.too_long()));
                    }
                }
                if end {
                    self.buffer.read_all();
                    self.event_type.clear();
                    self.data.clear();
                }
                return None;
            };
            self.after_cr = self.buffer.slice(found..found + 1) == b"\r";
            let mut line = self.buffer.read_to(found + 1);
            line.end = found;
            if !std::mem::replace(&mut self.begun, true)
                && self.buffer.slice(line.clone()).starts_with(BOM)
            {
                line.start += BOM.len();
            }
            let dropped = std::mem::take(&mut self.dropped);
            let blank = line.is_empty() && !dropped;
            if self.skipping {
                if blank {
                    // The end of the event too long: its number is spent.
                    self.skipping = false;
                    self.size = 0;
                    self.number += 1;
                }
                continue;
            }
            if blank {
                if let Some(event) = self.dispatch() {
                    return Some(Ok(event));
                }
                continue;
            }
            self.size += line.len() as u64;
            if self.size > self.limit {
                self.skipping = true;
                return Some(Err(self.too_long()));
            }
            self.field(line);
        }
    }

    /// Reads the field (or comment) at `line` in the buffer, not blank.
    fn field(&mut self, line: std::ops::Range<usize>) {
        let bytes = self.buffer.slice(line);
        if bytes[0] == b':' {
            return;
        }
        let line = String::from_utf8_lossy(bytes);
        let (name, value) = match line.split_once(':') {
            Some((name, value)) => (name, value.strip_prefix(' ').unwrap_or(value)),
            None => (&*line, ""),
        };
        match name {
            "event" => value.clone_into(&mut self.event_type),
            "data" => {
                self.data.push_str(value);
                self.data.push('\n');
            }
            "id" if !value.contains('\0') => value.clone_into(&mut self.id_buffer),
            "retry" if !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit()) => {
                let millis = value.bytes().fold(0u64, |millis, digit| {
                    millis
                        .saturating_mul(10)
                        .saturating_add(u64::from(digit - b'0'))
                });
                self.retry = Some(Duration::from_millis(millis));
            }
            _ => {}
        }
    }

    /// The end of a block: its event, if it had data.
    fn dispatch(&mut self) -> Option<ServerSentEvent> {
        self.size = 0;
        if self.last_event_id != self.id_buffer {
            self.last_event_id.clone_from(&self.id_buffer);
        }
        if self.data.is_empty() {
            self.event_type.clear();
            return None;
        }
        let mut data = std::mem::take(&mut self.data);
        data.pop();
        let mut event = std::mem::take(&mut self.event_type);
        if event.is_empty() {
            MESSAGE.clone_into(&mut event);
        }
        let number = self.number;
        self.number += 1;
        Some(ServerSentEvent {
            event,
            data,
            id: self.last_event_id().map(str::to_owned),
            retry: self.retry,
            number,
            answered: Arc::clone(&self.answered),
        })
    }

    /// The error of the event being read, longer than the limit; what was
    /// read of it is dropped, its id too.
    fn too_long(&mut self) -> Error {
        self.event_type.clear();
        self.data.clear();
        self.id_buffer.clone_from(&self.last_event_id);
        let message = format!("the event is longer than {} bytes", self.limit);
        self.answered.part_error::<ServerSentEvent>(
            Part::Event(self.number),
            Failure::at_root(<serde_json::Error as serde::de::Error>::custom(message)),
            b"",
        )
    }
}

impl Parts for EventReader {
    type Part = ServerSentEvent;

    fn push(&mut self, chunk: &[u8]) {
        EventReader::push(self, chunk);
    }

    fn next_part(&mut self, end: bool) -> Option<Result<ServerSentEvent, Error>> {
        self.next_item(end)
    }
}

#[cfg(test)]
mod tests {
    use super::super::decode::Operation;
    use super::*;
    use http::Method;
    use proptest::prelude::*;
    use serde::Deserialize;

    fn answered() -> Answered {
        Answered {
            operation: Operation::Dynamic,
            method: Method::GET,
            url: "http://127.0.0.1/events".into(),
        }
    }

    /// What a test compares of an item: an event's type, data and id, or
    /// an error's text.
    type Seen = Result<(String, String, Option<String>), String>;

    fn seen(item: Result<ServerSentEvent, Error>) -> Seen {
        item.map(|event| (event.event, event.data, event.id))
            .map_err(|error| error.to_string())
    }

    fn message(data: &str, id: Option<&str>) -> Seen {
        Ok(("message".into(), data.into(), id.map(str::to_owned)))
    }

    /// Every item of `chunks` fed one after the other to `reader`.
    fn read_with(mut reader: EventReader, chunks: &[&[u8]]) -> Vec<Result<ServerSentEvent, Error>> {
        let mut out = Vec::new();
        for chunk in chunks {
            reader.push(chunk);
            while let Some(item) = reader.next_item(false) {
                out.push(item);
            }
        }
        while let Some(item) = reader.next_item(true) {
            out.push(item);
        }
        assert!(reader.next_item(true).is_none(), "the end stays the end");
        out
    }

    fn read(chunks: &[&[u8]]) -> Vec<Seen> {
        read_with(EventReader::new(answered()), chunks)
            .into_iter()
            .map(seen)
            .collect()
    }

    /// The items of `input` read whole, checked to be the same when it
    /// comes split at any byte, and byte by byte.
    fn events(input: &[u8]) -> Vec<Seen> {
        let whole = read(&[input]);
        for at in 0..=input.len() {
            let (head, tail) = input.split_at(at);
            assert_eq!(read(&[head, tail]), whole, "split at byte {at}");
        }
        let bytes: Vec<&[u8]> = input.chunks(1).collect();
        assert_eq!(read(&bytes), whole, "byte by byte");
        whole
    }

    #[test]
    fn the_stock_ticker_s_data_lines_are_one_event() {
        let got = events(b"data: YHOO\ndata: +2\ndata: 10\n\n");
        assert_eq!(got, [message("YHOO\n+2\n10", None)]);
    }

    #[test]
    fn a_comment_fires_nothing_and_ids_set_and_clear_the_last_event_id() {
        let stream = b": test stream\n\ndata: first event\nid: 1\n\ndata:second event\nid\n\ndata:  third event\n\n";
        let got = events(stream);
        assert_eq!(
            got,
            [
                message("first event", Some("1")),
                message("second event", None),
                message(" third event", None),
            ]
        );
        // Without its blank line, the last block is no event.
        let cut = &stream[..stream.len() - 1];
        assert_eq!(events(cut), got[..2]);
    }

    #[test]
    fn empty_data_fields_are_events_and_a_block_cut_by_the_end_is_none() {
        let got = events(b"data\n\ndata\ndata\n\ndata:");
        assert_eq!(got, [message("", None), message("\n", None)]);
    }

    #[test]
    fn one_space_after_the_colon_is_dropped() {
        let got = events(b"data:test\n\ndata: test\n\n");
        assert_eq!(got, [message("test", None), message("test", None)]);
    }

    #[test]
    fn lines_end_at_crlf_lf_or_cr() {
        let got = events(b"data: a\r\ndata: b\rdata: c\ndata: d\r\r\n\ndata: e\r\r");
        assert_eq!(got, [message("a\nb\nc\nd", None), message("e", None)]);
        // A CR ending a chunk and an LF starting the next end one line.
        assert_eq!(
            read(&[b"data: a\r", b"\ndata: b\r", b"\n\r", b"\n"]),
            [message("a\nb", None)]
        );
    }

    #[test]
    fn a_leading_byte_order_mark_is_dropped_and_invalid_utf8_replaced() {
        let got = events(b"\xEF\xBB\xBFdata: caf\xC3\xA9 \xFF\xC3\n\n");
        assert_eq!(got, [message("caf\u{e9} \u{FFFD}\u{FFFD}", None)]);
        // Only one, at the stream's start: a second makes an unknown field.
        let got = events(b"\xEF\xBB\xBF\xEF\xBB\xBFdata: x\n\ndata: y\n\n");
        assert_eq!(got, [message("y", None)]);
        assert_eq!(
            events(b"data: \xEF\xBB\xBFz\n\n"),
            [message("\u{FEFF}z", None)]
        );
    }

    #[test]
    fn types_unknown_fields_and_the_last_event_id_across_blocks() {
        let stream = b"event: add\ndata: 1\nid: a\nfoo: bar\nretry\n\n\
                       data: 2\n\n\
                       id: b\n\n\
                       event: x\n:comment\n\n\
                       data: 3\nid: c\0d\nevent\n\n";
        let got = events(stream);
        assert_eq!(
            got,
            [
                Ok(("add".into(), "1".into(), Some("a".into()))),
                message("2", Some("a")),
                // The type of a block with no data is forgotten; its id is
                // not; an id holding NUL is ignored; an empty type is
                // `message`.
                message("3", Some("b")),
            ]
        );
        let mut reader = EventReader::new(answered());
        reader.push(b"data: 1\nid: 7\n\nid: 8\n\ndata: 2\nid: 9\n");
        assert_eq!(
            reader.next_item(false).unwrap().unwrap().id.as_deref(),
            Some("7")
        );
        assert_eq!(reader.last_event_id(), Some("7"));
        assert!(reader.next_item(false).is_none());
        // A block without data ends, setting the id; one not ended does not.
        assert_eq!(reader.last_event_id(), Some("8"));
        assert!(reader.next_item(true).is_none());
        assert_eq!(reader.last_event_id(), Some("8"));
    }

    #[test]
    fn retry_takes_ascii_digits_only() {
        let mut reader = EventReader::new(answered());
        reader.push(b"retry: 2500\n\ndata: a\n\n");
        let event = reader.next_item(false).unwrap().unwrap();
        assert_eq!(event.retry, Some(Duration::from_millis(2500)));
        for ignored in [
            "retry: 10x",
            "retry: -5",
            "retry:  5",
            "retry: 1.5",
            "retry:",
            "retry: \u{0661}",
        ] {
            reader.push(format!("{ignored}\ndata: b\n\n").as_bytes());
            let event = reader.next_item(false).unwrap().unwrap();
            assert_eq!(event.retry, Some(Duration::from_millis(2500)), "{ignored}");
        }
        reader.push(b"retry:0\ndata: c\n\nretry: 99999999999999999999999999\n\n");
        assert_eq!(
            reader.next_item(false).unwrap().unwrap().retry,
            Some(Duration::ZERO)
        );
        assert!(reader.next_item(false).is_none());
        assert_eq!(reader.retry(), Some(Duration::from_millis(u64::MAX)));
    }

    #[test]
    fn an_event_too_long_is_an_error_naming_it_and_the_next_ones_come() {
        let small = |chunks: &[&[u8]]| -> Vec<Seen> {
            read_with(EventReader::with_limit(answered(), 16), chunks)
                .into_iter()
                .map(seen)
                .collect()
        };
        let stream: &[u8] =
            b"data: one\nid: 1\n\nid: 2\ndata: 0123456789\ndata: x\n\ndata: three\n\n";
        let whole = small(&[stream]);
        assert_eq!(whole.len(), 3, "{whole:?}");
        assert_eq!(whole[0], message("one", Some("1")));
        let error = whole[1].as_ref().unwrap_err();
        assert!(
            error.starts_with("GET http://127.0.0.1/events: event 2 of the answer does not fit"),
            "{error}"
        );
        assert!(
            error.contains("the event is longer than 16 bytes"),
            "{error}"
        );
        // The id of the event dropped is not taken.
        assert_eq!(whole[2], message("three", Some("1")));
        for at in 0..=stream.len() {
            let (head, tail) = stream.split_at(at);
            assert_eq!(small(&[head, tail]), whole, "split at byte {at}");
        }
        assert_eq!(small(&stream.chunks(1).collect::<Vec<_>>()), whole);
        // One line too long, coming in chunks: its error once, its bytes
        // dropped up to the event's end, even a blank-looking rest.
        let got = small(&[
            b"data: 0123456789",
            b"0123456789",
            b"\r",
            b"\n\ndata: after\n\n",
        ]);
        assert_eq!(got.len(), 2, "{got:?}");
        assert!(
            got[0]
                .as_ref()
                .unwrap_err()
                .contains("event 1 of the answer")
        );
        assert_eq!(got[1], message("after", None));
        let mut reader = EventReader::with_limit(answered(), 4);
        reader.push(b": a comment\n\n");
        let Some(Err(Error::Decode(error))) = reader.next_item(false) else {
            panic!("a comment longer than the limit is an error");
        };
        assert_eq!(error.event(), Some(1));
        assert_eq!(error.line(), None);
    }

    #[test]
    fn an_event_longer_than_max_answer_bytes_is_dropped_as_it_comes() {
        let mut reader = EventReader::new(answered());
        reader.push(b"data: first\n\ndata: ");
        assert!(reader.next_item(false).unwrap().is_ok());
        let chunk = vec![b'x'; 1 << 20];
        let mut errors = Vec::new();
        for _ in 0..=(MAX_ANSWER_BYTES >> 20) {
            reader.push(&chunk);
            while let Some(item) = reader.next_item(false) {
                errors.push(item.unwrap_err());
            }
            // What is held stays under the limit and a chunk.
            assert!(reader.buffer.kept() as u64 <= MAX_ANSWER_BYTES + (1 << 20));
        }
        assert_eq!(errors.len(), 1);
        let Error::Decode(error) = &errors[0] else {
            panic!("{}", errors[0]);
        };
        assert_eq!(error.event(), Some(2));
        assert!(reader.buffer.unread().len() < 1 << 20);
        reader.push(b"\n\ndata: last\n\n");
        let last = reader.next_item(true).unwrap().unwrap();
        assert_eq!((last.data.as_str(), last.number()), ("last", 3));
    }

    #[derive(Debug, Deserialize, PartialEq)]
    struct Delta {
        text: String,
    }

    #[test]
    fn data_decodes_as_json_and_its_error_names_the_event() {
        let got = read_with(
            EventReader::new(answered()),
            &[b"data: {\"text\":\"hel\"}\n\n: ping\n\ndata: {\"text\":\ndata: 7}\n\n"],
        );
        let [Ok(first), Ok(second)] = &got[..] else {
            panic!("{got:?}");
        };
        assert_eq!(first.number(), 1);
        assert_eq!(first.json::<Delta>().unwrap(), Delta { text: "hel".into() });
        let Err(Error::Decode(error)) = second.json::<Delta>() else {
            panic!("the text is a number");
        };
        assert_eq!(error.event(), Some(2));
        assert_eq!(error.path(), "text");
        assert_eq!(error.body(), b"{\"text\":\n7}");
        let text = error.to_string();
        assert!(
            text.starts_with("GET http://127.0.0.1/events: event 2 of the answer does not fit"),
            "{text}"
        );
    }

    proptest! {
        #[test]
        fn any_bytes_in_any_chunks_never_panic_and_read_the_same(
            input in proptest::collection::vec(
                prop_oneof![
                    Just(b'\n'), Just(b'\r'), Just(b':'), Just(b' '), Just(0u8), Just(0xFF),
                    Just(b'd'), Just(b'a'), Just(b't'), Just(b'i'), any::<u8>()
                ],
                0..200,
            ),
            cuts in proptest::collection::vec(0usize..200, 0..8),
            limit in 1u64..64,
        ) {
            let mut cuts: Vec<usize> = cuts.into_iter().map(|cut| cut.min(input.len())).collect();
            cuts.sort_unstable();
            let mut chunks = Vec::new();
            let mut from = 0;
            for cut in cuts {
                chunks.push(&input[from..cut]);
                from = cut;
            }
            chunks.push(&input[from..]);
            let items = |chunks: &[&[u8]]| -> Vec<Seen> {
                read_with(EventReader::with_limit(answered(), limit), chunks)
                    .into_iter()
                    .map(seen)
                    .collect()
            };
            prop_assert_eq!(items(&chunks), items(&[&input]));
            prop_assert_eq!(read(&chunks), read(&[&input]));
        }
    }
}

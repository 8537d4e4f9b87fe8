//! Headers: lowercase names, validated values, and the `accept` header
//! composed from `mediaType.format` and `mediaType.previews`.

use std::borrow::Cow;
use std::fmt;
use std::sync::{Arc, Mutex};

use serde_json::{Map, Value};

use crate::error::{Error, Result};
use crate::github;
use crate::names::shown_header_value;
use crate::scan;

/// One header: its lowercase name and its value.
type Entry = (Cow<'static, str>, Cow<'static, str>);

/// An ordered list of headers with lowercase, unique names and values that
/// can be sent: every name is an HTTP token, no value holds CR, LF or NUL.
///
/// Order is deterministic: defaults first, then the call's headers, then the
/// ones the builder adds (`content-type`, `content-length`). Setting a name
/// that is already present replaces its value in place. Names are looked up
/// case-insensitively, as HTTP compares them.
///
/// An endpoint's default headers are shared by the requests built from it:
/// cloning them costs no allocation until a request changes them.
///
/// ```
/// use endpoint::Headers;
///
/// let mut headers = Headers::new();
/// headers.insert("Accept", "application/json")?;
/// headers.insert("x-trace", "1")?;
/// headers.insert("accept", "text/plain")?;
/// assert_eq!(headers.get("ACCEPT"), Some("text/plain"));
/// assert_eq!(headers.iter().map(|(name, _)| name).collect::<Vec<_>>(), ["accept", "x-trace"]);
/// assert!(headers.insert("x-injected", "a\r\nb: c").is_err());
/// # Ok::<(), endpoint::Error>(())
/// ```
#[derive(Clone, Default)]
pub struct Headers {
    repr: Repr,
}

#[derive(Clone)]
enum Repr {
    Own(Vec<Entry>),
    /// Shared by the requests of an endpoint, counted.
    Shared(Arc<[Entry]>),
    /// One of [`STATIC_SETS`]: shared by every endpoint that has them, uncounted.
    Static(&'static [Entry]),
}

const fn entry(name: &'static str, value: &'static str) -> Entry {
    (Cow::Borrowed(name), Cow::Borrowed(value))
}

/// The crate's default headers.
static DEFAULTS: [Entry; 2] = [
    entry("accept", github::DEFAULT_ACCEPT),
    entry("user-agent", github::USER_AGENT),
];
/// The default headers with [`BodyHeader::Json`] added.
static DEFAULTS_JSON: [Entry; 3] = [
    entry("accept", github::DEFAULT_ACCEPT),
    entry("user-agent", github::USER_AGENT),
    entry("content-type", JSON_CONTENT_TYPE),
];
/// The default headers with [`BodyHeader::Empty`] added.
static DEFAULTS_EMPTY: [Entry; 3] = [
    entry("accept", github::DEFAULT_ACCEPT),
    entry("user-agent", github::USER_AGENT),
    entry("content-length", "0"),
];

/// Headers that most endpoints prepare (those of `Endpoint::default()`):
/// shared as statics, so that handing them to a request costs no atomic
/// reference count, here or when the request is dropped.
static STATIC_SETS: [&[Entry]; 3] = [&DEFAULTS, &DEFAULTS_JSON, &DEFAULTS_EMPTY];

impl Default for Repr {
    fn default() -> Self {
        Repr::Own(Vec::new())
    }
}

impl Headers {
    /// No headers.
    pub const fn new() -> Self {
        Headers {
            repr: Repr::Own(Vec::new()),
        }
    }

    /// Room for `capacity` headers.
    pub fn with_capacity(capacity: usize) -> Self {
        Headers {
            repr: Repr::Own(Vec::with_capacity(capacity)),
        }
    }

    fn entries(&self) -> &[Entry] {
        match &self.repr {
            Repr::Own(entries) => entries,
            Repr::Shared(entries) => entries,
            Repr::Static(entries) => entries,
        }
    }

    /// The entries, to change: shared ones are copied first, with room for
    /// the headers a request adds (`content-type`, `content-length`).
    fn entries_mut(&mut self) -> &mut Vec<Entry> {
        if self.is_shared() {
            let shared = self.entries();
            let mut entries = Vec::with_capacity(shared.len() + 2);
            entries.extend(shared.iter().cloned());
            self.repr = Repr::Own(entries);
        }
        match &mut self.repr {
            Repr::Own(entries) => entries,
            Repr::Shared(_) | Repr::Static(_) => unreachable!("made owned above"),
        }
    }

    /// Whether these headers are shared (copied before a change).
    fn is_shared(&self) -> bool {
        !matches!(self.repr, Repr::Own(_))
    }

    /// Whether both are the same shared headers (clones of one another).
    fn same_shared(&self, other: &Headers) -> bool {
        match (&self.repr, &other.repr) {
            (Repr::Shared(a), Repr::Shared(b)) => Arc::ptr_eq(a, b),
            (Repr::Static(a), Repr::Static(b)) => std::ptr::eq(*a, *b),
            _ => false,
        }
    }

    /// The same headers, shared by every clone from now on: one of the
    /// static sets when they are equal to it.
    pub(crate) fn into_shared(self) -> Headers {
        let repr = match self.repr {
            Repr::Own(entries) => match STATIC_SETS.iter().find(|set| ***set == entries[..]) {
                Some(set) => Repr::Static(set),
                None => Repr::Shared(entries.into()),
            },
            shared => shared,
        };
        Headers { repr }
    }

    /// The value of `name` (in any letter case), if set.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.position(name).map(|i| &*self.entries()[i].1)
    }

    /// Whether `name` (in any letter case) is set.
    pub fn contains(&self, name: &str) -> bool {
        self.position(name).is_some()
    }

    /// Sets `name` to `value`, replacing an earlier value in its position,
    /// and returns that earlier value. The name is lowercased.
    ///
    /// # Errors
    /// [`Error::HeaderName`] when the name is not an HTTP token,
    /// [`Error::HeaderValue`] when the value holds CR, LF or NUL.
    pub fn insert(
        &mut self,
        name: impl Into<Cow<'static, str>>,
        value: impl Into<Cow<'static, str>>,
    ) -> Result<Option<Cow<'static, str>>> {
        let mut name = name.into();
        if !is_token(&name) {
            return Err(Error::HeaderName {
                name: name.into_owned(),
            });
        }
        if name.bytes().any(|b| b.is_ascii_uppercase()) {
            name = Cow::Owned(name.to_ascii_lowercase());
        }
        let value = value.into();
        check_value(&name, &value)?;
        Ok(self.set(name, value))
    }

    /// [`Headers::insert`] for a name and value this crate has checked.
    pub(crate) fn set(
        &mut self,
        name: impl Into<Cow<'static, str>>,
        value: impl Into<Cow<'static, str>>,
    ) -> Option<Cow<'static, str>> {
        let name = name.into();
        let value = value.into();
        match self.position(&name) {
            Some(i) => Some(std::mem::replace(&mut self.entries_mut()[i].1, value)),
            None => {
                self.entries_mut().push((name, value));
                None
            }
        }
    }

    /// Removes `name` (in any letter case), returning its value.
    pub fn remove(&mut self, name: &str) -> Option<Cow<'static, str>> {
        let i = self.position(name)?;
        Some(self.entries_mut().remove(i).1)
    }

    /// The headers in order, as `(name, value)`.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (&str, &str)> + '_ {
        self.entries().iter().map(|(n, v)| (&**n, &**v))
    }

    /// How many headers there are.
    pub fn len(&self) -> usize {
        self.entries().len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.entries().is_empty()
    }

    /// The headers as a JSON object of strings.
    pub fn to_json(&self) -> Value {
        Value::Object(
            self.iter()
                .map(|(n, v)| (n.to_owned(), Value::String(v.to_owned())))
                .collect(),
        )
    }

    fn position(&self, name: &str) -> Option<usize> {
        self.entries()
            .iter()
            .position(|(n, _)| n.eq_ignore_ascii_case(name))
    }
}

impl PartialEq for Headers {
    fn eq(&self, other: &Self) -> bool {
        self.entries() == other.entries()
    }
}

impl Eq for Headers {}

impl std::hash::Hash for Headers {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.entries().hash(state);
    }
}

/// The headers by name, with every value that may be a credential (that of
/// any header but the shown ones: `accept`, `user-agent`, `content-type`…,
/// see [`Endpoint::with_credential_host_check`](crate::Endpoint::with_credential_host_check))
/// as `<redacted>`: printing a request shows no credential.
impl fmt::Debug for Headers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map()
            .entries(
                self.iter()
                    .map(|(name, value)| (name, shown_header_value(name, value))),
            )
            .finish()
    }
}

impl<'a> IntoIterator for &'a Headers {
    type Item = (&'a str, &'a str);
    type IntoIter =
        std::iter::Map<std::slice::Iter<'a, Entry>, fn(&'a Entry) -> (&'a str, &'a str)>;

    fn into_iter(self) -> Self::IntoIter {
        fn pair(entry: &Entry) -> (&str, &str) {
            (&entry.0, &entry.1)
        }
        self.entries()
            .iter()
            .map(pair as fn(&'a Entry) -> (&'a str, &'a str))
    }
}

/// Whether `byte` is an RFC 9110 `tchar`.
pub(crate) const fn is_tchar(byte: u8) -> bool {
    matches!(byte,
        b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9'
        | b'!' | b'#' | b'$' | b'%' | b'&' | b'\'' | b'*' | b'+' | b'-' | b'.' | b'^' | b'_' | b'`' | b'|' | b'~')
}

/// Whether `text` is a non-empty RFC 9110 token (a method or a header name).
pub fn is_token(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(is_tchar)
}

/// Lowercases a header name as `@octokit/endpoint` does (Unicode lowercasing),
/// borrowing when it already is lowercase.
pub(crate) fn lowercase_name(name: &str) -> Cow<'_, str> {
    if name
        .bytes()
        .any(|b| b.is_ascii_uppercase() || !b.is_ascii())
    {
        Cow::Owned(name.to_lowercase())
    } else {
        Cow::Borrowed(name)
    }
}

/// Lowercases the names of a `headers` option object. When two names differ
/// only in case, the later value wins and the name keeps the first position.
pub(crate) fn lowercase_object(headers: &Map<String, Value>) -> Map<String, Value> {
    let mut lowered = Map::with_capacity(headers.len());
    for (name, value) in headers {
        match lowercase_name(name) {
            Cow::Borrowed(name) => lowered.insert(name.to_owned(), value.clone()),
            Cow::Owned(name) => lowered.insert(name, value.clone()),
        };
    }
    lowered
}

/// Headers from `headers` option entries, in order: names lowercased, a
/// later entry for a name replaces the value of the earlier one in its
/// position, names checked, numbers and booleans turned into text, `null`s
/// dropped, objects and lists refused.
pub(crate) fn from_json<'v>(
    entries: impl Iterator<Item = (&'v String, &'v Value)>,
    capacity: usize,
) -> Result<Headers> {
    /// Past this many headers, names are found through a hash map.
    const SCAN_LIMIT: usize = 16;
    let mut merged: Vec<(Cow<'v, str>, &'v Value)> = Vec::with_capacity(capacity);
    let mut index: Option<std::collections::HashMap<Cow<'v, str>, usize>> = None;
    for (name, value) in entries {
        let name = lowercase_name(name);
        let found = match &index {
            Some(index) => index.get(&name).copied(),
            None => merged.iter().position(|(n, _)| *n == name),
        };
        match found {
            Some(i) => merged[i].1 = value,
            None => {
                if let Some(index) = &mut index {
                    index.insert(name.clone(), merged.len());
                }
                merged.push((name, value));
                if index.is_none() && merged.len() > SCAN_LIMIT {
                    index = Some(
                        merged
                            .iter()
                            .enumerate()
                            .map(|(i, (n, _))| (n.clone(), i))
                            .collect(),
                    );
                }
            }
        }
    }
    let mut headers = Headers::with_capacity(merged.len() + 2);
    for (name, value) in merged {
        if !is_token(&name) {
            return Err(Error::HeaderName {
                name: name.into_owned(),
            });
        }
        let text: Cow<'static, str> = match value {
            Value::Null => continue,
            Value::String(s) => shared_text(s),
            Value::Bool(b) => Cow::Borrowed(if *b { "true" } else { "false" }),
            Value::Number(n) => Cow::Owned(crate::number::number_text(n)),
            Value::Array(_) | Value::Object(_) => {
                return Err(Error::HeaderValue {
                    name: name.into_owned(),
                    reason: "the value is an object or a list, not text",
                });
            }
        };
        check_value(&name, &text)?;
        // Names are unique here, so no lookup is needed.
        headers.entries_mut().push((shared_text(&name), text));
    }
    Ok(headers)
}

/// Text that is one of the crate's own header names or values is borrowed
/// from a `'static` string instead of copied, so default headers cost no
/// allocation per request.
fn shared_text(text: &str) -> Cow<'static, str> {
    const KNOWN: [&str; 7] = [
        "accept",
        "user-agent",
        "authorization",
        "content-type",
        github::DEFAULT_ACCEPT,
        github::USER_AGENT,
        JSON_CONTENT_TYPE,
    ];
    match KNOWN.iter().find(|known| **known == text) {
        Some(known) => Cow::Borrowed(known),
        None => Cow::Owned(text.to_owned()),
    }
}

/// Checks a header value for characters that would split or end the header.
pub(crate) fn check_value(name: &str, value: &str) -> Result<()> {
    let forbidden = |b| matches!(b, b'\r' | b'\n' | b'\0');
    let word_hit = |word| {
        scan::any_equal(word, b'\r') || scan::any_equal(word, b'\n') || scan::any_below(word, 1)
    };
    if scan::find(value.as_bytes(), 0, word_hit, forbidden) < value.len() {
        return Err(Error::HeaderValue {
            name: name.to_owned(),
            reason: "the value contains CR, LF or NUL",
        });
    }
    Ok(())
}

/// The `accept` header composed from `mediaType.format` and
/// `mediaType.previews` (reference behaviour 5.6), or `None` when it stays
/// as it is.
pub(crate) fn compose_accept<'p>(
    accept: Option<&str>,
    format: &str,
    previews: impl ExactSizeIterator<Item = &'p str> + Clone,
) -> Result<Option<String>> {
    if format.is_empty() && previews.len() == 0 {
        return Ok(None);
    }
    if let Some(accept) = accept
        && contains_ignore_ascii_case(accept, "application/octet-stream")
    {
        return Ok(None);
    }
    check_value("accept", format)?;
    for preview in previews.clone() {
        check_value("accept", preview)?;
    }
    let formatted: Option<String> = match accept {
        Some(accept) if !format.is_empty() => Some(apply_format(accept, format)),
        _ => None,
    };
    let current = formatted.as_deref().or(accept);
    if previews.len() == 0 {
        return Ok(formatted);
    }
    let suffix_format = !format.is_empty();
    let mut out = String::with_capacity(64 * (previews.len() + 1));
    let mut push = |name: &str| {
        if !out.is_empty() {
            out.push(',');
        }
        out.push_str("application/vnd.github.");
        out.push_str(name);
        out.push_str("-preview");
        if suffix_format {
            out.push('.');
            out.push_str(format);
        } else {
            out.push_str("+json");
        }
    };
    if let Some(current) = current {
        for name in preview_names(current) {
            push(name);
        }
    }
    for preview in previews {
        push(preview);
    }
    Ok(Some(out))
}

/// The content type of a JSON body, set when the caller set none.
pub(crate) const JSON_CONTENT_TYPE: &str = "application/json; charset=utf-8";

/// What the builder adds to the headers of a request that is not GET or HEAD.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BodyHeader {
    /// A JSON body: `content-type: application/json; charset=utf-8`, unless
    /// the headers hold a content type already.
    Json,
    /// No body: `content-length: 0`.
    Empty,
}

impl BodyHeader {
    /// `headers` with this header added.
    fn add(self, mut headers: Headers) -> Headers {
        match self {
            BodyHeader::Json => {
                if headers.get("content-type").is_none_or(str::is_empty) {
                    headers.set("content-type", JSON_CONTENT_TYPE);
                }
            }
            BodyHeader::Empty => {
                headers.set("content-length", "0");
            }
        }
        headers
    }
}

/// An endpoint's prepared headers with each [`BodyHeader`] added, made
/// once, so that a request with a body does not copy them to add one.
pub(crate) struct BodyHeaders {
    base: Headers,
    json: Headers,
    empty: Headers,
}

impl BodyHeaders {
    /// The variants of `base`, which are shared from now on.
    pub(crate) fn new(base: Headers) -> Self {
        let base = base.into_shared();
        BodyHeaders {
            json: BodyHeader::Json.add(base.clone()).into_shared(),
            empty: BodyHeader::Empty.add(base.clone()).into_shared(),
            base,
        }
    }

    /// The headers without a body header.
    pub(crate) fn base(&self) -> &Headers {
        &self.base
    }

    /// `headers` with `header` added: a prepared variant when `headers` are
    /// the prepared headers, else a copy with the header set.
    pub(crate) fn add(this: Option<&Self>, headers: Headers, header: BodyHeader) -> Headers {
        match this {
            Some(prepared) if prepared.base.same_shared(&headers) => match header {
                BodyHeader::Json => prepared.json.clone(),
                BodyHeader::Empty => prepared.empty.clone(),
            },
            _ => header.add(headers),
        }
    }
}

/// Headers with `accept` composed for a media type, kept by an endpoint
/// for the media types its calls ask for: the calls on one endpoint repeat
/// a few of them, and handing out shared headers costs less than copying the
/// defaults' headers and composing `accept` again.
#[derive(Default)]
pub(crate) struct AcceptCache {
    entries: Mutex<Vec<ComposedAccept>>,
}

/// Shared headers, the format and previews, and the headers composed from them.
struct ComposedAccept {
    base: Headers,
    format: String,
    previews: Vec<String>,
    composed: Headers,
}

impl ComposedAccept {
    fn composed_from(&self, base: &Headers, format: &str, previews: &[Cow<'_, str>]) -> bool {
        self.base.same_shared(base)
            && self.format == format
            && self.previews.len() == previews.len()
            && self.previews.iter().zip(previews).all(|(a, b)| *a == **b)
    }
}

impl AcceptCache {
    /// How many results are kept; later ones are composed every time.
    const CAPACITY: usize = 8;

    /// `headers` with `accept` composed from `format` and `previews`
    /// ([`compose_accept`]), from the cache when `headers` are shared
    /// headers it has seen with the same media type.
    pub(crate) fn with_accept(
        &self,
        headers: Headers,
        format: &str,
        previews: &[Cow<'_, str>],
    ) -> Result<Headers> {
        if !headers.is_shared() {
            return with_accept(headers, format, previews);
        }
        // A poisoned lock only means that another thread panicked while
        // holding it; composing again is never wrong.
        if let Ok(entries) = self.entries.lock()
            && let Some(hit) = entries
                .iter()
                .find(|entry| entry.composed_from(&headers, format, previews))
        {
            return Ok(hit.composed.clone());
        }
        let composed = with_accept(headers.clone(), format, previews)?.into_shared();
        if let Ok(mut entries) = self.entries.lock()
            && entries.len() < Self::CAPACITY
        {
            entries.push(ComposedAccept {
                base: headers,
                format: format.to_owned(),
                previews: previews.iter().map(|p| p.to_string()).collect(),
                composed: composed.clone(),
            });
        }
        Ok(composed)
    }
}

/// `headers` with `accept` composed from `format` and `previews`
/// ([`compose_accept`]).
pub(crate) fn with_accept(
    mut headers: Headers,
    format: &str,
    previews: &[Cow<'_, str>],
) -> Result<Headers> {
    let accept = compose_accept(headers.get("accept"), format, previews.iter().map(|p| &**p))?;
    if let Some(accept) = accept {
        headers.set("accept", accept);
    }
    Ok(headers)
}

fn contains_ignore_ascii_case(haystack: &str, needle: &str) -> bool {
    haystack
        .as_bytes()
        .windows(needle.len())
        .any(|window| window.eq_ignore_ascii_case(needle.as_bytes()))
}

const fn is_word(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || byte == b'_'
}

/// Replaces, in every comma-separated piece of `accept`, an ending
/// `application/vnd(\.\w+)(\.v3)?(\.\w+)?(\+json)?` by
/// `application/vnd.W1[.v3].<format>`.
fn apply_format(accept: &str, format: &str) -> String {
    let mut out = String::with_capacity(accept.len() + format.len());
    for (i, piece) in accept.split(',').enumerate() {
        if i > 0 {
            out.push(',');
        }
        match vendor_ending(piece) {
            Some((start, vendor, v3)) => {
                out.push_str(&piece[..start]);
                out.push_str("application/vnd.");
                out.push_str(vendor);
                if v3 {
                    out.push_str(".v3");
                }
                out.push('.');
                out.push_str(format);
            }
            None => out.push_str(piece),
        }
    }
    out
}

/// Finds the leftmost `application/vnd.W1(.v3)?(.W2)?(+json)?` that runs to
/// the end of `piece`: its start, `W1`, and whether `.v3` was matched.
fn vendor_ending(piece: &str) -> Option<(usize, &str, bool)> {
    const PREFIX: &str = "application/vnd.";
    let bytes = piece.as_bytes();
    let mut from = 0;
    while let Some(found) = find_bytes(&bytes[from..], PREFIX.as_bytes()) {
        let start = from + found;
        from = start + 1;
        let w1_start = start + PREFIX.len();
        let mut i = w1_start;
        while i < bytes.len() && is_word(bytes[i]) {
            i += 1;
        }
        if i == w1_start {
            continue;
        }
        // The regex's greedy `\w+` backtracks; the only way the rest can match
        // is if W1 ends where a `.`, a `+json` or the end of the piece follows.
        let vendor = &piece[w1_start..i];
        if let Some(v3) = match_tail(&piece[i..]) {
            return Some((start, vendor, v3));
        }
    }
    None
}

/// The first position of `needle` in `haystack`: a plain scan, cheaper than
/// `str::find`'s searcher on header-sized text.
fn find_bytes(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack
        .windows(needle.len())
        .position(|window| window == needle)
}

/// Matches `(\.v3)?(\.\w+)?(\+json)?$` against `rest`, returning whether the
/// `.v3` group took part.
fn match_tail(rest: &str) -> Option<bool> {
    let optional_word_then_json = |s: &str| -> bool {
        let s = match s.strip_prefix('.') {
            Some(after) => {
                let n = after.bytes().take_while(|&b| is_word(b)).count();
                if n == 0 {
                    return false;
                }
                &after[n..]
            }
            None => s,
        };
        s.is_empty() || s == "+json"
    };
    if let Some(after) = rest.strip_prefix(".v3")
        && optional_word_then_json(after)
    {
        return Some(true);
    }
    optional_word_then_json(rest).then_some(false)
}

/// The preview names already written in `accept`: for every maximal run of
/// `[A-Za-z0-9_-]` that contains `-preview` after its first character, the
/// part before its last `-preview`.
fn preview_names(accept: &str) -> impl Iterator<Item = &str> {
    accept
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
        .filter_map(|run| {
            let at = run
                .as_bytes()
                .windows("-preview".len())
                .rposition(|window| window == b"-preview")?;
            (at > 0).then(|| &run[..at])
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_headers_are_shared_as_statics() {
        let mut headers = Headers::new();
        headers.insert("accept", github::DEFAULT_ACCEPT).unwrap();
        headers.insert("user-agent", github::USER_AGENT).unwrap();
        let shared = headers.clone().into_shared();
        assert!(matches!(shared.repr, Repr::Static(_)));
        assert!(shared.same_shared(&shared.clone()));
        assert_eq!(shared, headers);
        let prepared = BodyHeaders::new(headers.clone());
        let json = BodyHeaders::add(Some(&prepared), shared.clone(), BodyHeader::Json);
        assert!(matches!(json.repr, Repr::Static(_)));
        assert_eq!(json.get("content-type"), Some(JSON_CONTENT_TYPE));
        // A change copies them; the statics stay as they are.
        let mut changed = shared.clone();
        changed.insert("accept", "text/plain").unwrap();
        assert_eq!(changed.get("accept"), Some("text/plain"));
        assert_eq!(shared.get("accept"), Some(github::DEFAULT_ACCEPT));
        // Other headers are counted shares.
        headers.insert("x-other", "1").unwrap();
        assert!(matches!(headers.into_shared().repr, Repr::Shared(_)));
    }

    fn accept(accept: &str, format: &str, previews: &[&str]) -> String {
        compose_accept(Some(accept), format, previews.iter().copied())
            .unwrap()
            .unwrap_or_else(|| accept.to_owned())
    }

    #[test]
    fn format_replaces_vendor_ending() {
        let cases = [
            (
                "application/vnd.github.v3+json",
                "raw",
                "application/vnd.github.v3.raw",
            ),
            (
                "application/vnd.github.v3+json",
                "text+json",
                "application/vnd.github.v3.text+json",
            ),
            (
                "application/vnd.github+json",
                "raw",
                "application/vnd.github.raw",
            ),
            (
                "application/vnd.github.v3.full+json, application/json",
                "html",
                "application/vnd.github.v3.html, application/json",
            ),
            (
                "application/vnd.acme.v3+json",
                "raw",
                "application/vnd.acme.v3.raw",
            ),
            ("application/json", "raw", "application/json"),
            ("text/html", "raw", "text/html"),
            (
                "application/vnd.github.v3+json; charset=utf-8",
                "raw",
                "application/vnd.github.v3+json; charset=utf-8",
            ),
            (
                "application/vnd.github.squirrel-girl-preview+json",
                "raw",
                "application/vnd.github.squirrel-girl-preview+json",
            ),
            (
                "Application/Vnd.GitHub.V3+json",
                "raw",
                "Application/Vnd.GitHub.V3+json",
            ),
            (
                "application/vnd.github.v3+json",
                "$&",
                "application/vnd.github.v3.$&",
            ),
        ];
        for (before, format, after) in cases {
            assert_eq!(accept(before, format, &[]), after, "{before} with {format}");
        }
    }

    #[test]
    fn previews_replace_accept() {
        let default = "application/vnd.github.v3+json";
        assert_eq!(
            accept(default, "", &["symmetra"]),
            "application/vnd.github.symmetra-preview+json"
        );
        assert_eq!(
            accept(default, "", &["mercy", "symmetra"]),
            "application/vnd.github.mercy-preview+json,application/vnd.github.symmetra-preview+json"
        );
        assert_eq!(
            accept(default, "diff", &["mercy"]),
            "application/vnd.github.mercy-preview.diff"
        );
        assert_eq!(
            accept(
                "application/vnd.github.squirrel-girl-preview+json",
                "",
                &["mercy"]
            ),
            "application/vnd.github.squirrel-girl-preview+json,application/vnd.github.mercy-preview+json"
        );
        assert_eq!(
            accept(
                "application/vnd.foo-preview,application/vnd.bar-preview",
                "raw",
                &["symmetra"]
            ),
            "application/vnd.github.foo-preview.raw,application/vnd.github.bar-preview.raw,application/vnd.github.symmetra-preview.raw"
        );
    }

    #[test]
    fn octet_stream_is_left_alone() {
        assert_eq!(
            compose_accept(Some("Application/Octet-Stream"), "raw", ["x"].into_iter()).unwrap(),
            None
        );
    }

    #[test]
    fn injection_through_format_is_refused() {
        assert!(
            compose_accept(
                Some("application/vnd.github.v3+json"),
                "raw\r\nx: y",
                [].into_iter()
            )
            .is_err()
        );
        assert!(compose_accept(None, "", ["a\nb"].into_iter()).is_err());
    }

    #[test]
    fn tokens() {
        assert!(is_token("M-SEARCH"));
        assert!(!is_token(""));
        assert!(!is_token("GE T"));
        assert!(!is_token("a:b"));
    }

    #[test]
    fn the_accept_cache_answers_as_composing_does() {
        let mut base = Headers::new();
        base.set("accept", crate::github::DEFAULT_ACCEPT);
        base.set("authorization", "token t");
        let base = base.into_shared();
        let cache = AcceptCache::default();
        let previews = [Cow::Borrowed("symmetra")];
        for (format, previews) in [("raw", &[][..]), ("", &previews[..]), ("raw", &[][..])] {
            let cached = cache.with_accept(base.clone(), format, previews).unwrap();
            let mut composed = base.clone();
            let accept = compose_accept(
                composed.get("accept"),
                format,
                previews.iter().map(|p| &**p),
            );
            if let Some(accept) = accept.unwrap() {
                composed.set("accept", accept);
            }
            assert_eq!(cached, composed, "{format:?} {previews:?}");
        }
        assert_eq!(cache.entries.lock().unwrap().len(), 2);
        // Headers that are not shared are composed, not kept.
        let own = Headers::with_capacity(1);
        assert!(cache.with_accept(own, "diff", &[]).is_ok());
        assert_eq!(cache.entries.lock().unwrap().len(), 2);
        assert!(cache.with_accept(base, "a\nb", &[]).is_err());
    }
}

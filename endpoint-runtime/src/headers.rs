//! Headers: lowercase names, validated values, shared by the requests of
//! one set of settings.

use std::borrow::Cow;
use std::fmt;
use std::sync::Arc;

use serde_json::Value;

use crate::error::{Error, Result};
use crate::names::shown_header_value;
use crate::scan;

/// One header: its lowercase name and its value.
pub(crate) type Entry = (Cow<'static, str>, Cow<'static, str>);

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
    /// One of the static sets [`Headers::into_shared_among`] is given:
    /// shared by every endpoint that has them, uncounted.
    Static(&'static [Entry]),
}

/// A header of a static set (see [`Headers::into_shared_among`]).
pub(crate) const fn entry(name: &'static str, value: &'static str) -> Entry {
    (Cow::Borrowed(name), Cow::Borrowed(value))
}

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
    pub(crate) fn is_shared(&self) -> bool {
        !matches!(self.repr, Repr::Own(_))
    }

    /// Whether both are the same shared headers (clones of one another).
    pub(crate) fn same_shared(&self, other: &Headers) -> bool {
        match (&self.repr, &other.repr) {
            (Repr::Shared(a), Repr::Shared(b)) => Arc::ptr_eq(a, b),
            (Repr::Static(a), Repr::Static(b)) => std::ptr::eq(*a, *b),
            _ => false,
        }
    }

    /// The same headers, shared by every clone from now on.
    pub(crate) fn into_shared(self) -> Headers {
        self.into_shared_among(&[])
    }

    /// The same headers, shared by every clone from now on: one of the
    /// static `sets` when they are equal to it, which costs no reference
    /// count (the headers most requests of a crate's default settings carry).
    pub(crate) fn into_shared_among(self, sets: &[&'static [Entry]]) -> Headers {
        let repr = match self.repr {
            Repr::Own(entries) => match sets.iter().find(|set| ***set == entries[..]) {
                Some(set) => Repr::Static(set),
                None => Repr::Shared(entries.into()),
            },
            shared => shared,
        };
        Headers { repr }
    }

    /// Whether these are one of the static sets.
    #[cfg(test)]
    pub(crate) fn is_static(&self) -> bool {
        matches!(self.repr, Repr::Static(_))
    }

    /// Whether these are counted shares.
    #[cfg(test)]
    pub(crate) fn is_counted(&self) -> bool {
        matches!(self.repr, Repr::Shared(_))
    }

    /// Appends a header whose name is not set yet, both checked.
    pub(crate) fn push_new(&mut self, name: Cow<'static, str>, value: Cow<'static, str>) {
        self.entries_mut().push((name, value));
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

/// Lowercases a header name as JavaScript's `toLowerCase` does (Unicode
/// lowercasing), borrowing when it already is lowercase.
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
        Self::among(base, &[])
    }

    /// The variants of `base`, each one of the static `sets` when it is
    /// equal to it ([`Headers::into_shared_among`]).
    pub(crate) fn among(base: Headers, sets: &[&'static [Entry]]) -> Self {
        let base = base.into_shared_among(sets);
        BodyHeaders {
            json: BodyHeader::Json.add(base.clone()).into_shared_among(sets),
            empty: BodyHeader::Empty.add(base.clone()).into_shared_among(sets),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens() {
        assert!(is_token("M-SEARCH"));
        assert!(!is_token(""));
        assert!(!is_token("GE T"));
        assert!(!is_token("a:b"));
    }
}

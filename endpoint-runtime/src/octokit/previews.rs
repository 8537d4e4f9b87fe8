//! The `accept` header composed from `mediaType.format` and
//! `mediaType.previews`, as `@octokit/endpoint` composes it, and the cache of
//! composed headers an endpoint keeps.

use std::borrow::Cow;
use std::sync::Mutex;

use crate::build::Compose;
use crate::error::Result;
use crate::headers::{Headers, check_value};

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

/// The composition of `accept` from `format` and `previews` that the
/// builder runs once the URL is expanded, with the composed headers of
/// `accepts` when the endpoint keeps them; `None` when both are empty.
pub(crate) fn composer<'a>(
    format: &'a str,
    previews: Cow<'a, [Cow<'a, str>]>,
    accepts: Option<&'a AcceptCache>,
) -> Option<Accept<'a>> {
    if format.is_empty() && previews.is_empty() {
        return None;
    }
    Some(Accept {
        format,
        previews,
        accepts,
    })
}

/// The composition of `accept` from a media type's `format` and
/// `previews` that [`composer`] gives the builder.
pub(crate) struct Accept<'a> {
    format: &'a str,
    previews: Cow<'a, [Cow<'a, str>]>,
    accepts: Option<&'a AcceptCache>,
}

impl Compose for Accept<'_> {
    fn compose(self, headers: Headers) -> Result<Headers> {
        match self.accepts {
            Some(cache) => cache.with_accept(headers, self.format, &self.previews),
            None => with_accept(headers, self.format, &self.previews),
        }
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
    fn the_accept_cache_answers_as_composing_does() {
        let mut base = Headers::new();
        base.set("accept", crate::octokit::github::DEFAULT_ACCEPT);
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

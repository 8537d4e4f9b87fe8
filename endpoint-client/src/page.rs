//! One page of a list, whole, and the [`Cursor`] that names where to resume
//! reading a list.

use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;

use http::{HeaderMap, StatusCode, Uri};
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::error::DecodeError;
use super::link::Link;
use super::rate_limit::RateLimit;

/// One page of a list as the server answered it: its items, the errors of
/// those that do not fit, and what its answer said about the list.
///
/// A walk's page iterator yields them (`pages()` of either client's
/// `paginate` or `paginate_request`): its items are those of the route's
/// list, or decoded into the type asked for. An item that does not fit does not lose the page: the others are
/// its [`items`](Page::items), and it is one of its
/// [`failures`](Page::failures), a [`DecodeError`] with its index in the
/// list, its path in the page and its JSON. A page whose structure does not
/// fit (not a list, nor an object holding one) is an error whole.
///
/// ```no_run
/// # #[cfg(feature = "ureq")] {
/// use endpoint::client::ureq::Client;
/// use endpoint::client::Page;
/// use endpoint::endpoint;
/// use serde::Deserialize;
///
/// #[derive(Deserialize)]
/// struct Pet {
///     name: String,
/// }
///
/// endpoint! {
///     /// The pets of a store.
///     struct ListPets = "GET /stores/{id}/pets" -> Vec<Pet>;
/// }
///
/// let client = Client::builder().base_url("https://pets.example.com/v1").build()?;
/// for page in client.paginate(&ListPets { id: "42".into() }).pages() {
///     let page: Page<Pet> = page?;
///     for failure in &page.failures {
///         eprintln!("pet {:?} skipped: {failure}", failure.index());
///     }
///     println!(
///         "{} pets from {}, {:?} requests left, last page {:?}",
///         page.items.len(),
///         page.url,
///         page.rate_limit().remaining,
///         page.last_link().map(|link| &link.target),
///     );
///     // Where a later run would go on from, as text.
///     if let Some(cursor) = &page.cursor {
///         println!("next: {cursor}");
///     }
/// }
/// # }
/// # Ok::<(), endpoint::client::Error>(())
/// ```
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Page<T> {
    /// The items of the page's list, in order. For a page that a cursor
    /// resumed in its middle, only the items after those already read.
    pub items: Vec<T>,
    /// The items of the page's list that do not fit, in order: each the
    /// error naming its [`index`](DecodeError::index) in the list, its
    /// [`path`](DecodeError::path) in the page (`[3].user.login`,
    /// `items[3].id`) and holding its JSON as its
    /// [`body`](DecodeError::body). Empty when every item fits.
    pub failures: Vec<DecodeError>,
    /// The URL that answered: the page's, or where redirects led.
    pub url: String,
    /// The status: a 2xx, or one the API's policy reads as an empty list
    /// (a page with no items: [`ApiPolicy::empty_list`](super::ApiPolicy::empty_list)).
    pub status: StatusCode,
    /// Every header of the answer.
    pub headers: HeaderMap,
    /// Every link of the answer's `Link` headers, in order, as written.
    pub links: Vec<Link>,
    /// `total_count`, when the page says it (search results, check runs…).
    pub total_count: Option<i64>,
    /// `incomplete_results`, when the page says it (search results).
    pub incomplete_results: Option<bool>,
    /// Where to resume after this page: the page its `next` link names, or
    /// `None` when it is the last one.
    pub cursor: Option<Cursor>,
}

impl<T> Page<T> {
    /// The first link whose `rel` holds `rel` (case-insensitive).
    ///
    /// ```
    /// # fn check<T>(page: &endpoint::client::Page<T>) {
    /// let next = page.link("next").map(|link| link.target.as_str());
    /// # }
    /// ```
    pub fn link(&self, rel: &str) -> Option<&Link> {
        self.links.iter().find(|link| link.has_rel(rel))
    }

    /// The link to the next page (`rel="next"`).
    ///
    /// ```
    /// # fn check<T>(page: &endpoint::client::Page<T>) {
    /// if page.next_link().is_none() {
    ///     println!("the last page");
    /// }
    /// # }
    /// ```
    pub fn next_link(&self) -> Option<&Link> {
        self.link("next")
    }

    /// The link to the previous page (`rel="prev"`, or `rel="previous"`).
    ///
    /// ```
    /// # fn check<T>(page: &endpoint::client::Page<T>) {
    /// let back = page.prev_link().map(|link| link.target.clone());
    /// # }
    /// ```
    pub fn prev_link(&self) -> Option<&Link> {
        self.link("prev").or_else(|| self.link("previous"))
    }

    /// The link to the first page (`rel="first"`).
    ///
    /// ```
    /// # fn check<T>(page: &endpoint::client::Page<T>) {
    /// let start = page.first_link().map(|link| link.target.clone());
    /// # }
    /// ```
    pub fn first_link(&self) -> Option<&Link> {
        self.link("first")
    }

    /// The link to the last page (`rel="last"`).
    ///
    /// ```
    /// use endpoint::client::Cursor;
    ///
    /// # fn check<T>(page: &endpoint::client::Page<T>) {
    /// // To jump there (when the link is an absolute URL).
    /// let last: Option<Cursor> = page.last_link().and_then(|link| link.target.parse().ok());
    /// # }
    /// ```
    pub fn last_link(&self) -> Option<&Link> {
        self.link("last")
    }

    /// The rate-limit headers of the page's answer.
    ///
    /// ```
    /// # fn check<T>(page: &endpoint::client::Page<T>) {
    /// if page.rate_limit().remaining == Some(0) {
    ///     println!("no request left until {:?}", page.rate_limit().reset);
    /// }
    /// # }
    /// ```
    pub fn rate_limit(&self) -> RateLimit {
        RateLimit::from_headers(&self.headers)
    }

    /// The items alone.
    ///
    /// ```
    /// # fn check(page: endpoint::client::Page<u64>) {
    /// let ids: Vec<u64> = page.into_items();
    /// # }
    /// ```
    pub fn into_items(self) -> Vec<T> {
        self.items
    }
}

/// Where to resume reading a list: the absolute URL of the page to fetch
/// next, and how many items at the start of that page were read already.
///
/// The items and the pages of a walk (`Items`, `EachPage` of both clients)
/// give theirs with `cursor()`: after an error, it names the page that failed,
/// so that resuming fetches it again; in the middle of a page's items, it
/// names that page and counts the items already yielded, which resuming
/// skips. Nothing is lost or read twice, as long as the server's pages
/// hold the same items when they are fetched again.
///
/// As text, a cursor is the page's URL, followed by `#skip=N` when `N`
/// items of it were read already (a fragment, which is never sent):
/// `https://pets.example.com/v1/stores/42/pets?page=3#skip=2`. It is
/// written by `Display` (and serde, as a string) and read back by
/// [`FromStr`] (and serde), which accepts only an absolute `http` or
/// `https` URL and says what is wrong otherwise ([`CursorError`]).
///
/// Resume with a walk's `from(cursor)` (`client.paginate(&route).from(cursor)`),
/// given the same route or request: its headers and
/// credentials are sent with the cursor's page, the credentials only when
/// the cursor's URL has the same origin (scheme, host and port) as the
/// route's request, as for the pages' own links.
///
/// ```no_run
/// # #[cfg(feature = "ureq")] {
/// use endpoint::client::ureq::Client;
/// use endpoint::client::Cursor;
/// use endpoint::endpoint;
/// use serde::Deserialize;
///
/// #[derive(Deserialize)]
/// struct Pet {
///     name: String,
/// }
///
/// endpoint! {
///     /// The pets of a store.
///     struct ListPets = "GET /stores/{id}/pets" -> Vec<Pet>;
/// }
///
/// let client = Client::builder().base_url("https://pets.example.com/v1").bearer("s3cr3t").build()?;
/// let route = ListPets { id: "42".into() };
/// let saved = std::fs::read_to_string("pets.cursor").ok();
/// let mut pets = match saved {
///     Some(text) => client.paginate(&route).from(text.parse::<Cursor>()?).items(),
///     None => client.paginate(&route).items(),
/// };
/// for pet in pets.by_ref() {
///     match pet {
///         Ok(pet) => println!("{}", pet.name),
///         Err(error) => {
///             eprintln!("{error}");
///             break;
///         }
///     }
/// }
/// // `None` once every page was read.
/// match pets.cursor() {
///     Some(cursor) => std::fs::write("pets.cursor", cursor.to_string())?,
///     None => std::fs::remove_file("pets.cursor").unwrap_or(()),
/// }
/// # }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Cursor {
    /// An absolute `http(s)` URL, without fragment.
    url: String,
    skip: usize,
}

impl Cursor {
    /// The absolute URL of the page to fetch next.
    ///
    /// ```
    /// use endpoint::client::Cursor;
    ///
    /// let cursor: Cursor = "https://pets.example.com/v1/pets?page=3#skip=2".parse()?;
    /// assert_eq!(cursor.url(), "https://pets.example.com/v1/pets?page=3");
    /// # Ok::<(), endpoint::client::CursorError>(())
    /// ```
    pub fn url(&self) -> &str {
        &self.url
    }

    /// How many items at the start of that page were read already, and
    /// are skipped when resuming.
    ///
    /// ```
    /// use endpoint::client::Cursor;
    ///
    /// let cursor: Cursor = "https://pets.example.com/v1/pets?page=3#skip=2".parse()?;
    /// assert_eq!(cursor.skip(), 2);
    /// let cursor: Cursor = "https://pets.example.com/v1/pets?page=3".parse()?;
    /// assert_eq!(cursor.skip(), 0);
    /// # Ok::<(), endpoint::client::CursorError>(())
    /// ```
    pub fn skip(&self) -> usize {
        self.skip
    }

    /// The same page, with `skip` items read already.
    pub(crate) fn with_skip(&self, skip: usize) -> Cursor {
        Cursor {
            url: self.url.clone(),
            skip,
        }
    }
}

impl fmt::Display for Cursor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.url)?;
        if self.skip > 0 {
            write!(f, "#skip={}", self.skip)?;
        }
        Ok(())
    }
}

impl FromStr for Cursor {
    type Err = CursorError;

    /// Reads a cursor written by `Display`: an absolute `http` or `https`
    /// URL, with an optional `#skip=N`. Whitespace around it is ignored.
    fn from_str(text: &str) -> Result<Cursor, CursorError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(CursorError::Empty);
        }
        let (url, fragment) = match text.split_once('#') {
            Some((url, fragment)) => (url, Some(fragment)),
            None => (text, None),
        };
        let skip = match fragment {
            None => 0,
            Some(fragment) => fragment
                .strip_prefix("skip=")
                .filter(|digits| !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
                .and_then(|digits| digits.parse::<usize>().ok())
                .ok_or_else(|| CursorError::Fragment {
                    text: text.to_owned(),
                    fragment: fragment.to_owned(),
                })?,
        };
        let uri = url.parse::<Uri>().map_err(|error| CursorError::NotAUrl {
            text: text.to_owned(),
            reason: error.to_string(),
        })?;
        let not_absolute = || CursorError::NotAbsolute {
            text: text.to_owned(),
        };
        let scheme = uri.scheme_str().ok_or_else(not_absolute)?;
        if !scheme.eq_ignore_ascii_case("http") && !scheme.eq_ignore_ascii_case("https") {
            return Err(CursorError::Scheme {
                text: text.to_owned(),
                scheme: scheme.to_owned(),
            });
        }
        if uri.host().is_none_or(str::is_empty) {
            return Err(not_absolute());
        }
        if uri
            .authority()
            .is_some_and(|authority| bad_port(authority.as_str()))
        {
            return Err(CursorError::NotAUrl {
                text: text.to_owned(),
                reason: "its port is not a number from 0 to 65535".to_owned(),
            });
        }
        Ok(Cursor {
            url: uri.to_string(),
            skip,
        })
    }
}

/// Whether `authority` names a port that is not a number from 0 to 65535
/// (the URL parser keeps `host:99999`, and then has no port).
fn bad_port(authority: &str) -> bool {
    let host_port = authority
        .rsplit_once('@')
        .map_or(authority, |(_, host_port)| host_port);
    let port = match host_port.rsplit_once(']') {
        Some((_, rest)) => rest.strip_prefix(':'),
        None => host_port.rsplit_once(':').map(|(_, port)| port),
    };
    port.is_some_and(|port| !port.is_empty() && port.parse::<u16>().is_err())
}

impl Serialize for Cursor {
    /// As its text.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Cursor {
    /// From its text, checked as [`FromStr`] checks it.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Cursor, D::Error> {
        let text = Cow::<str>::deserialize(deserializer)?;
        text.parse().map_err(D::Error::custom)
    }
}

/// Why a text is not a [`Cursor`]. Its message quotes the text.
///
/// ```
/// use endpoint::client::{Cursor, CursorError};
///
/// let error = "ftp://files.example/pets".parse::<Cursor>().unwrap_err();
/// assert!(matches!(error, CursorError::Scheme { .. }));
/// assert_eq!(
///     error.to_string(),
///     "the cursor `ftp://files.example/pets` is not an http(s) URL: its scheme is `ftp`"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CursorError {
    /// The text is empty (or only whitespace).
    #[error("a cursor cannot be empty")]
    Empty,
    /// The text is not a URL.
    #[error("the cursor `{text}` is not a URL: {reason}")]
    NotAUrl {
        /// The text.
        text: String,
        /// What the URL parser said.
        reason: String,
    },
    /// The URL has no scheme or no host (`/v1/pets?page=2`).
    #[error("the cursor `{text}` is not an absolute URL: it needs a scheme and a host")]
    NotAbsolute {
        /// The text.
        text: String,
    },
    /// The URL's scheme is neither `http` nor `https`.
    #[error("the cursor `{text}` is not an http(s) URL: its scheme is `{scheme}`")]
    Scheme {
        /// The text.
        text: String,
        /// Its scheme.
        scheme: String,
    },
    /// The text ends with a fragment other than `#skip=N`, `N` a number of
    /// items.
    #[error(
        "the cursor `{text}` ends with `#{fragment}`: the only fragment a cursor has is \
         `#skip=N`, N a number of items"
    )]
    Fragment {
        /// The text.
        text: String,
        /// The fragment, without `#`.
        fragment: String,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cursors_read_back_what_they_write() {
        for text in [
            "https://pets.example.com/v1/pets?page=3",
            "https://pets.example.com/v1/pets?page=3#skip=2",
            "http://127.0.0.1:8080/v1/pets",
            "http://[::1]:65535/v1/pets",
            "http://user:pw@pets.example.com:1/v1/pets",
        ] {
            let cursor: Cursor = text.parse().unwrap();
            assert_eq!(cursor.to_string(), text);
            let json = serde_json::to_string(&cursor).unwrap();
            assert_eq!(json, serde_json::to_string(text).unwrap());
            assert_eq!(serde_json::from_str::<Cursor>(&json).unwrap(), cursor);
        }
        let cursor: Cursor = " HTTPS://Pets.example.com \n".parse().unwrap();
        assert_eq!(cursor.url(), "https://Pets.example.com/");
        let cursor: Cursor = "http://a.example/x#skip=0".parse().unwrap();
        assert_eq!(cursor.to_string(), "http://a.example/x");
        assert_eq!(cursor.with_skip(4).to_string(), "http://a.example/x#skip=4");
    }

    #[test]
    fn texts_that_are_not_cursors() {
        let too_many = format!("http://a.example/x#skip={}0", usize::MAX);
        for (text, kind) in [
            ("", "empty"),
            (" \t\n", "empty"),
            ("not a url", "url"),
            ("https://a b/", "url"),
            ("http://", "url"),
            ("/v1/pets?page=2", "absolute"),
            ("pets?page=2", "url"),
            ("mailto:a@example.com", "absolute"),
            ("localhost:8080/x", "url"),
            ("http:/x", "url"),
            ("http://:80/x", "absolute"),
            ("http://h/a b", "url"),
            ("http://h:65536/", "url"),
            ("http://[::1]:70000/", "url"),
            ("ftp://files.example/x", "scheme"),
            ("file:///etc/passwd", "url"),
            ("http://a.example/x#top", "fragment"),
            ("http://a.example/x#skip=", "fragment"),
            ("http://a.example/x#skip=-1", "fragment"),
            ("http://a.example/x#skip=+1", "fragment"),
            ("http://a.example/x#skip=1#skip=2", "fragment"),
            (too_many.as_str(), "fragment"),
        ] {
            let error = text.parse::<Cursor>().unwrap_err();
            let found = match error {
                CursorError::Empty => "empty",
                CursorError::NotAUrl { .. } => "url",
                CursorError::NotAbsolute { .. } => "absolute",
                CursorError::Scheme { .. } => "scheme",
                CursorError::Fragment { .. } => "fragment",
            };
            assert_eq!(found, kind, "{text:?}: {error}");
            assert!(serde_json::from_value::<Cursor>(text.into()).is_err());
        }
        assert!(serde_json::from_str::<Cursor>("3").is_err());
    }
}

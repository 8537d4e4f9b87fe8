//! [`Answer`]: what an answer's body decodes into, by its status and media
//! type; [`answers!`](crate::answers) for an answer whose type differs by
//! status.

use std::borrow::Cow;
use std::fmt;

use serde::de::value::{BytesDeserializer, StrDeserializer, UnitDeserializer};
use serde::de::{DeserializeOwned, Error as _};

/// A type an answer's body decodes into, from the answer's status, its
/// media type and its bytes: what the clients of `endpoint::client` decode
/// a route's `Response` into, and an error's body into
/// (`ApiError::body_as`).
///
/// Every type that serde can deserialize is one ([`DeserializeOwned`]):
///
/// - an empty body (a `204`, a `202` with nothing, a `HEAD` answer) reads
///   as a unit: `()`, `Option<_>` (`None`) and `serde_json::Value` (`Null`)
///   accept it;
/// - a JSON body (`application/json`, any `…+json` type, or no media type
///   at all) is read as JSON;
/// - any other body (`text/plain`, `text/html`, GitHub's `raw` and `diff`
///   formats, …) as text, or as bytes when it is not UTF-8: `String` and
///   `serde_json::Value` (a string) accept it.
///
/// [`Bytes`](crate::body::Bytes) is the body as it came, whatever its media
/// type; an enum made by [`answers!`](crate::answers) decodes each status
/// as its own type.
///
/// ```
/// use endpoint::model::Answer;
/// use serde_json::{Value, json};
///
/// let pet = Value::decode(200, Some("application/json; charset=utf-8"), br#"{"id": 7}"#)?;
/// assert_eq!(pet, json!({"id": 7}));
/// assert_eq!(String::decode(200, Some("text/plain"), b"pong")?, "pong");
/// assert_eq!(Option::<Value>::decode(204, None, b"")?, None);
///
/// let error = Vec::<u32>::decode(200, None, b"[1, -2]").unwrap_err();
/// assert_eq!(error.path(), "[1]");
/// # Ok::<(), endpoint::model::AnswerError>(())
/// ```
///
/// A type of your own decodes as it likes, beside the types serde reads
/// (one that is not `Deserialize` itself):
///
/// ```
/// use endpoint::model::{Answer, AnswerError};
///
/// /// An export: the lines of a CSV file, or the bytes of another format.
/// #[derive(Debug, PartialEq)]
/// enum Export {
///     Csv(Vec<String>),
///     Other(Vec<u8>),
/// }
///
/// impl Answer for Export {
///     fn decode(status: u16, media_type: Option<&str>, body: &[u8]) -> Result<Self, AnswerError> {
///         match media_type {
///             Some(csv) if csv.starts_with("text/csv") => {
///                 let text = String::decode(status, media_type, body)?;
///                 Ok(Export::Csv(text.lines().map(str::to_owned).collect()))
///             }
///             _ => Ok(Export::Other(body.to_vec())),
///         }
///     }
/// }
///
/// assert_eq!(
///     Export::decode(200, Some("text/csv; header=present"), b"a,b\n1,2")?,
///     Export::Csv(vec!["a,b".into(), "1,2".into()])
/// );
/// assert_eq!(Export::decode(200, Some("application/zip"), b"PK")?, Export::Other(b"PK".to_vec()));
/// # Ok::<(), AnswerError>(())
/// ```
pub trait Answer: Sized {
    /// Decodes an answer's `body`, which came with `status` and the
    /// `content-type` `media_type` (as sent, its parameters such as
    /// `charset` included; `None` when the answer has none).
    ///
    /// # Errors
    /// An [`AnswerError`] saying where the body does not fit (the JSON path
    /// of the value) and why.
    fn decode(status: u16, media_type: Option<&str>, body: &[u8]) -> Result<Self, AnswerError>;
}

impl<T: DeserializeOwned> Answer for T {
    #[inline]
    fn decode(_status: u16, media_type: Option<&str>, body: &[u8]) -> Result<T, AnswerError> {
        if body.is_empty() {
            return T::deserialize(UnitDeserializer::<serde_json::Error>::new())
                .map_err(AnswerError::from);
        }
        if is_json(media_type) {
            return json(body);
        }
        match std::str::from_utf8(body) {
            Ok(text) => T::deserialize(StrDeserializer::<serde_json::Error>::new(text)),
            Err(_) => T::deserialize(BytesDeserializer::<serde_json::Error>::new(body)),
        }
        .map_err(AnswerError::from)
    }
}

/// Why an answer's body does not fit its type: where (the JSON path of the
/// value that does not fit, empty at the root) and serde's error, which
/// says what was found and what was expected.
///
/// Its `Display` is serde's message, after the path when there is one
/// (``at `[1].user.login`: invalid type: null, expected a string at line 1
/// column 45``).
#[derive(Debug)]
pub struct AnswerError {
    path: String,
    source: serde_json::Error,
}

impl AnswerError {
    /// An error of the body as a whole, saying `message`: for the
    /// [`Answer`] implementations of your own.
    pub fn custom(message: impl fmt::Display) -> AnswerError {
        AnswerError::from(serde_json::Error::custom(message))
    }

    /// The JSON path of the value that does not fit (`[1].user.login`,
    /// `items[0].id`); empty when the body as a whole does not (it is not
    /// JSON, or of another kind than expected).
    pub fn path(&self) -> &str {
        &self.path
    }

    /// serde's error: what was found and what was expected, with the line
    /// and column.
    pub fn serde_error(&self) -> &serde_json::Error {
        &self.source
    }

    /// The path and serde's error.
    pub fn into_parts(self) -> (String, serde_json::Error) {
        (self.path, self.source)
    }
}

impl From<serde_json::Error> for AnswerError {
    fn from(source: serde_json::Error) -> AnswerError {
        AnswerError {
            path: String::new(),
            source,
        }
    }
}

impl fmt::Display for AnswerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.path.is_empty() {
            write!(f, "at `{}`: ", self.path)?;
        }
        write!(f, "{}", self.source)
    }
}

impl std::error::Error for AnswerError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.source)
    }
}

/// Decodes a JSON body into `T`, from text once it is checked to be UTF-8
/// (serde_json reads strings faster from a `&str` than from bytes).
///
/// When that fails, the path of the value that does not fit is read from
/// the error's place in the body ([`crate::json_path`]): `T`'s decoder is
/// serde_json's alone, compiled once, and an answer that fits costs
/// nothing more.
fn json<T: DeserializeOwned>(body: &[u8]) -> Result<T, AnswerError> {
    let decoded = match std::str::from_utf8(body) {
        Ok(text) => serde_json::from_str(text),
        // Not UTF-8, and so not JSON (RFC 8259), unless the bytes that are
        // not are in strings that `T` ignores or takes as bytes.
        Err(_) => serde_json::from_slice(body),
    };
    decoded.map_err(|source| locate(body, source))
}

/// The error `source` of decoding `body`, with the path of the value it
/// stands at.
#[cold]
fn locate(body: &[u8], source: serde_json::Error) -> AnswerError {
    AnswerError {
        path: crate::json_path::error_path(body, &source),
        source,
    }
}

/// Whether the media type `media_type` (a `content-type` value, parameters
/// and all) is JSON: `application/json`, `…+json`, or none at all.
fn is_json(media_type: Option<&str>) -> bool {
    let Some(value) = media_type else {
        return true;
    };
    let essence = value.split(';').next().unwrap_or_default().trim();
    essence.eq_ignore_ascii_case("application/json")
        || essence
            .get(essence.len().saturating_sub(5)..)
            .is_some_and(|suffix| suffix.eq_ignore_ascii_case("+json"))
}

/// The `content-type` of an answer as [`Answer::decode`] takes it, from the
/// header's bytes: a value that is not text (which no media type is) keeps
/// its text, invalid bytes replaced.
pub fn media_type(value: Option<&[u8]>) -> Option<Cow<'_, str>> {
    value.map(String::from_utf8_lossy)
}

/// Whether `pattern`, a status of [`answers!`](crate::answers), is a status
/// (`"404"`), a range (`"4XX"`) or `"default"`: its rank, 0 for a status,
/// 1 for a range, 2 for `default`; `None` for anything else.
const fn rank(pattern: &str) -> Option<u8> {
    let bytes = pattern.as_bytes();
    if equal(bytes, b"default", false) {
        return Some(2);
    }
    if bytes.len() != 3 || bytes[0] < b'1' || bytes[0] > b'5' {
        return None;
    }
    if bytes[1].is_ascii_digit() && bytes[2].is_ascii_digit() {
        Some(0)
    } else if matches!(bytes[1], b'X' | b'x') && matches!(bytes[2], b'X' | b'x') {
        Some(1)
    } else {
        None
    }
}

/// Whether two texts are equal, ASCII case aside when `ignore_case`.
const fn equal(a: &[u8], b: &[u8], ignore_case: bool) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        let (x, y) = if ignore_case {
            (a[i].to_ascii_uppercase(), b[i].to_ascii_uppercase())
        } else {
            (a[i], b[i])
        };
        if x != y {
            return false;
        }
        i += 1;
    }
    true
}

/// Checks the statuses of an [`answers!`](crate::answers) enum when it is
/// compiled: each a status from `100` to `599`, a range `1XX` to `5XX` or
/// `default`, and each once. A mistake fails the build.
pub const fn check_statuses(statuses: &[&str]) {
    let mut i = 0;
    while i < statuses.len() {
        if rank(statuses[i]).is_none() {
            panic!(
                "a status of `answers!` is a status (\"404\"), a range (\"4XX\") or \"default\""
            );
        }
        let mut j = 0;
        while j < i {
            if equal(statuses[i].as_bytes(), statuses[j].as_bytes(), true) {
                panic!("a status of `answers!` is given twice");
            }
            j += 1;
        }
        i += 1;
    }
}

/// Which of `statuses` (those of the [`answers!`](crate::answers) enum
/// `name`) answers `status`: the status itself, else its range (`4XX`),
/// else `default`; the error names the status and those of the enum.
pub fn choose(
    name: &str,
    statuses: &'static [&'static str],
    status: u16,
) -> Result<&'static str, AnswerError> {
    let mut best: Option<(u8, &'static str)> = None;
    for &pattern in statuses {
        let Some(rank) = rank(pattern) else { continue };
        let bytes = pattern.as_bytes();
        let fits = match rank {
            0 => pattern.parse::<u16>().ok() == Some(status),
            1 => u16::from(bytes[0] - b'0') == status / 100,
            _ => true,
        };
        if fits && best.is_none_or(|(kept, _)| rank < kept) {
            best = Some((rank, pattern));
        }
    }
    match best {
        Some((_, pattern)) => Ok(pattern),
        None => Err(AnswerError::custom(format_args!(
            "status {status} is none of the answers of `{name}` ({})",
            statuses.join(", ")
        ))),
    }
}

/// Defines an enum of the answers of an operation whose body differs by
/// status, and implements [`Answer`](crate::model::Answer) and
/// `serde::Serialize` for it.
///
/// Each variant names its status: a status (`"201"`), a range of them
/// (`"2XX"`, `"4XX"`) or `"default"`, each once (a mistake fails the
/// build); it holds the type its body decodes into (written as a tuple
/// variant's, a trailing comma allowed, as formatters wrap a long one; any
/// [`Answer`](crate::model::Answer) that is also `Serialize`), or nothing
/// when the body is left unread (a `202` or `204`). An answer takes the variant of its very
/// status, else of its range, else `default`, whatever their order; a
/// status none names is an [`AnswerError`](crate::model::AnswerError)
/// naming it. `Serialize` writes the variant's value (`null` for a variant
/// with none). The enum is not `Deserialize`: its status says which
/// variant a body is, not the body.
///
/// ```
/// use endpoint::model::Answer;
/// use serde::{Deserialize, Serialize};
///
/// #[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
/// pub struct Pet {
///     id: u64,
/// }
///
/// endpoint::answers! {
///     /// The answers of `createPet`.
///     #[derive(Debug, Clone, PartialEq)]
///     pub enum CreatePetAnswer {
///         /// `200`: the pet, created before.
///         Ok(Pet) = "200",
///         /// `201`: the pet, created now.
///         Created(Pet) = "201",
///         /// `202`: accepted, no body.
///         Accepted = "202",
///         /// Any other 2xx.
///         Other(serde_json::Value) = "2XX",
///     }
/// }
///
/// let json = Some("application/json");
/// assert_eq!(CreatePetAnswer::decode(201, json, br#"{"id": 7}"#)?, CreatePetAnswer::Created(Pet { id: 7 }));
/// assert_eq!(CreatePetAnswer::decode(202, None, b"")?, CreatePetAnswer::Accepted);
/// assert_eq!(
///     CreatePetAnswer::decode(203, json, br#"{"queued": true}"#)?,
///     CreatePetAnswer::Other(serde_json::json!({"queued": true}))
/// );
/// let error = CreatePetAnswer::decode(404, json, b"{}").unwrap_err();
/// assert_eq!(
///     error.to_string(),
///     "status 404 is none of the answers of `CreatePetAnswer` (200, 201, 202, 2XX)"
/// );
/// assert_eq!(serde_json::to_string(&CreatePetAnswer::Ok(Pet { id: 7 }))?, r#"{"id":7}"#);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[macro_export]
macro_rules! answers {
    (
        $(#[$attr:meta])*
        $vis:vis enum $name:ident {
            $($(#[$variant_attr:meta])* $variant:ident $(($ty:ty $(,)?))? = $status:literal),+ $(,)?
        }
    ) => {
        $(#[$attr])*
        $vis enum $name {
            $($(#[$variant_attr])* $variant $(($ty))?,)+
        }

        const _: () = {
            const STATUSES: &[&str] = &[$($status),+];
            const _: () = $crate::__private::check_answer_statuses(STATUSES);

            impl $crate::model::Answer for $name {
                // Inline, so that a crate of enums compiles no decoder of
                // its types until a caller decodes one: without, each
                // enum's decoding of each of its bodies is compiled where
                // the enum is declared, used or not.
                #[inline]
                fn decode(
                    status: u16,
                    media_type: ::core::option::Option<&str>,
                    body: &[u8],
                ) -> ::core::result::Result<Self, $crate::model::AnswerError> {
                    match $crate::__private::choose_answer(::core::stringify!($name), STATUSES, status)? {
                        $($status => $crate::answers!(@decode $variant $(($ty))?; status, media_type, body),)+
                        other => ::core::result::Result::Err($crate::model::AnswerError::custom(
                            ::core::format_args!("status {status} chose `{other}`, no variant of `{}`", ::core::stringify!($name)),
                        )),
                    }
                }
            }

            impl $crate::__private::serde::Serialize for $name {
                fn serialize<S: $crate::__private::serde::Serializer>(
                    &self,
                    serializer: S,
                ) -> ::core::result::Result<S::Ok, S::Error> {
                    match self {
                        $($crate::answers!(@pattern $variant $(($ty))? value) => {
                            $crate::answers!(@serialize serializer $(($ty))? value)
                        })+
                    }
                }
            }
        };
    };
    (@decode $variant:ident ($ty:ty); $status:ident, $media_type:ident, $body:ident) => {
        <$ty as $crate::model::Answer>::decode($status, $media_type, $body).map(Self::$variant)
    };
    (@decode $variant:ident; $status:ident, $media_type:ident, $body:ident) => {{
        let _ = ($media_type, $body);
        ::core::result::Result::Ok(Self::$variant)
    }};
    (@pattern $variant:ident ($ty:ty) $value:ident) => {
        Self::$variant($value)
    };
    (@pattern $variant:ident $value:ident) => {
        Self::$variant
    };
    (@serialize $serializer:ident ($ty:ty) $value:ident) => {
        $crate::__private::serde::Serialize::serialize($value, $serializer)
    };
    (@serialize $serializer:ident $value:ident) => {
        $crate::__private::serde::Serializer::serialize_unit($serializer)
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;
    use serde_json::{Value, json};

    /// `answers!`'s `decode` is inline: a generated crate of many enums
    /// compiled each one's decoders of its bodies (serde_json's code for
    /// every type they reach) where it was declared, ten times the machine
    /// code of the crate.
    #[test]
    fn the_enums_decode_is_compiled_where_it_is_called() {
        let source = include_str!("answer.rs");
        let expansion = &source[source.find("macro_rules! answers").unwrap()..];
        let decode = expansion.find("fn decode(").unwrap();
        assert!(
            expansion[..decode].trim_end().ends_with("#[inline]"),
            "{}",
            &expansion[..decode]
        );
    }

    #[test]
    fn json_text_bytes_and_nothing() {
        let json = Some("application/json; charset=utf-8");
        assert_eq!(
            Value::decode(200, json, br#"{"a":1}"#).unwrap(),
            json!({"a": 1})
        );
        assert_eq!(Value::decode(200, None, b"[1]").unwrap(), json!([1]));
        let preview = Some("application/vnd.github.squirrel-girl-preview+JSON");
        assert_eq!(Vec::<u8>::decode(200, preview, b"[1,2]").unwrap(), [1, 2]);

        let raw = Some("application/vnd.github.v3.raw; charset=utf-8");
        assert_eq!(String::decode(200, raw, b"# hello").unwrap(), "# hello");
        assert_eq!(
            Value::decode(200, raw, b"{\"not\": 1}").unwrap(),
            "{\"not\": 1}"
        );
        assert!(String::decode(200, raw, b"\xff").is_err());
        assert!(Vec::<Value>::decode(200, raw, b"text").is_err());
        assert_eq!(
            String::decode(200, Some("text/plain"), b"pong").unwrap(),
            "pong"
        );

        assert_eq!(Value::decode(204, json, b"").unwrap(), Value::Null);
        <()>::decode(204, json, b"").unwrap();
        assert_eq!(Option::<String>::decode(204, json, b"").unwrap(), None);
        assert!(String::decode(204, json, b"").is_err());
        assert!(Value::decode(200, json, b"{").is_err());
        // A header value that was not text is not JSON.
        let opaque = media_type(Some(b"text/\xffhtml"));
        assert_eq!(
            String::decode(200, opaque.as_deref(), b"<p>").unwrap(),
            "<p>"
        );
    }

    #[test]
    fn failures_name_the_path() {
        #[derive(Debug, Deserialize)]
        #[allow(dead_code)]
        struct User {
            login: String,
        }
        #[derive(Debug, Deserialize)]
        #[allow(dead_code)]
        struct Issue {
            user: User,
        }
        let issues = br#"[{"user":{"login":"a"}},{"user":{"login":null}}]"#;
        let error = Vec::<Issue>::decode(200, None, issues).unwrap_err();
        assert_eq!(error.path(), "[1].user.login");
        assert_eq!(
            error.to_string(),
            "at `[1].user.login`: invalid type: null, expected a string at line 1 column 45"
        );
        let error = Vec::<u8>::decode(200, None, b"[1] x").unwrap_err();
        assert_eq!(error.path(), "");
        assert_eq!(error.to_string(), "trailing characters at line 1 column 5");
        // Not UTF-8: serde_json's error, which names the line and column,
        // at the path of the string that holds the byte.
        let error = Vec::<String>::decode(200, None, b"[\"\xff\"]").unwrap_err();
        assert_eq!(error.path(), "[0]");
        assert!(error.to_string().contains("invalid unicode"), "{error}");
        let (path, source) = AnswerError::custom("x").into_parts();
        assert_eq!((path.as_str(), source.to_string().as_str()), ("", "x"));
    }

    #[test]
    fn a_variant_type_may_end_with_a_comma_as_a_wrapped_tuple_variant_does() {
        crate::answers! {
            #[derive(Debug, PartialEq)]
            enum Refusal {
                NotFound(
                    Value,
                ) = "404",
                Gone = "410",
            }
        }
        let json = Some("application/json");
        assert_eq!(
            Refusal::decode(404, json, br#"{"message":"Not Found"}"#).unwrap(),
            Refusal::NotFound(json!({"message": "Not Found"}))
        );
        assert_eq!(Refusal::decode(410, json, b"").unwrap(), Refusal::Gone);
    }

    #[test]
    fn statuses_rank_and_choose() {
        const STATUSES: &[&str] = &["default", "4XX", "404", "2xx", "201"];
        check_statuses(STATUSES);
        let chosen = |status| choose("E", STATUSES, status).unwrap();
        assert_eq!(chosen(404), "404");
        assert_eq!(chosen(410), "4XX");
        assert_eq!(chosen(201), "201");
        assert_eq!(chosen(299), "2xx");
        assert_eq!(chosen(500), "default");
        assert_eq!(chosen(0), "default");
        let error = choose("E", &["200", "5XX"], 404).unwrap_err();
        assert_eq!(
            error.to_string(),
            "status 404 is none of the answers of `E` (200, 5XX)"
        );
        for bad in [
            "20", "2000", "600", "099", "2X", "X00", "Default", "", "2XY",
        ] {
            assert_eq!(rank(bad), None, "{bad}");
        }
        for (a, b, equal) in [
            ("2XX", "2xx", true),
            ("200", "201", false),
            ("2XX", "200", false),
        ] {
            assert_eq!(
                super::equal(a.as_bytes(), b.as_bytes(), true),
                equal,
                "{a} {b}"
            );
        }
        let twice = std::panic::catch_unwind(|| check_statuses(&["2XX", "2xx"]));
        assert!(twice.is_err());
        let bad = std::panic::catch_unwind(|| check_statuses(&["ok"]));
        assert!(bad.is_err());
    }
}

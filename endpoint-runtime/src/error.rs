//! The one error type of the crate.

use std::fmt;
use std::sync::Arc;

/// Everything that can go wrong while building a request.
///
/// Every variant names what was wrong: the option key, the header, the
/// template fragment and its byte offset, the path segment. No input makes the
/// builder panic; bad input is one of these.
///
/// ```
/// use endpoint::{Endpoint, Error};
/// use serde_json::json;
///
/// let err = Endpoint::default()
///     .endpoint("GET /repos/{owner}/{repo}", json!({"owner": "..", "repo": "r"}))
///     .unwrap_err();
/// assert!(matches!(err, Error::UnsafePath { .. }));
/// assert_eq!(
///     err.to_string(),
///     "path segment `..` of `/repos/../r` comes from a parameter and would change the path"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The method is missing, not a string, or not an HTTP method token
    /// (RFC 9110: letters, digits and ``!#$%&'*+-.^_`|~``).
    #[error("invalid method {method}: {reason}")]
    Method {
        /// The method as given (JSON text when it was not a string).
        method: String,
        /// Why it was refused.
        reason: &'static str,
    },

    /// The URL template does not follow RFC 6570 (or the `:name` / `<name>` rules).
    #[error(transparent)]
    Template(#[from] TemplateError),

    /// A value cannot be expanded into the URL template.
    #[error("cannot expand `{variable}`: {reason}")]
    Expansion {
        /// The template variable.
        variable: String,
        /// Why its value does not fit.
        reason: &'static str,
    },

    /// A path segment produced by a parameter decodes to `.` or `..`.
    #[error(
        "path segment `{segment}` of `{path}` comes from a parameter and would change the path"
    )]
    UnsafePath {
        /// The segment as it appears in the URL.
        segment: String,
        /// The expanded path it belongs to.
        path: String,
    },

    /// The expanded URL is neither a path starting with `/` nor an absolute
    /// `http(s)://` URL, and gluing it onto the base URL would change its host
    /// or last segment.
    #[error(
        "url `{url}` is neither a path starting with `/` nor an absolute http(s) URL; it cannot be joined to the base URL `{base_url}`"
    )]
    UrlForm {
        /// The expanded URL.
        url: String,
        /// The base URL it would have been glued onto.
        base_url: String,
    },

    /// An option has the wrong shape (options not an object, `headers` not an
    /// object, `mediaType.previews` not a list of strings, ...).
    #[error("option `{key}` {reason}")]
    Option {
        /// The option key, as a path such as `mediaType.previews`.
        key: String,
        /// What is wrong with it.
        reason: &'static str,
    },

    /// A header name is not an HTTP token.
    #[error("header name {name:?} is not an HTTP token")]
    HeaderName {
        /// The name as given.
        name: String,
    },

    /// A header value cannot be sent (CR, LF or NUL; an object or a list).
    #[error("header `{name}`: {reason}")]
    HeaderValue {
        /// The (lowercased) header name.
        name: String,
        /// Why the value was refused.
        reason: &'static str,
    },

    /// A cookie parameter cannot be written into the `cookie` header.
    #[error("cookie parameter `{key}`: {reason}")]
    Cookie {
        /// The parameter key.
        key: String,
        /// Why it was refused.
        reason: &'static str,
    },

    /// A parameter cannot be written into the query string.
    #[error("query parameter `{key}`: {reason}")]
    Query {
        /// The parameter key.
        key: String,
        /// Why it was refused.
        reason: &'static str,
    },

    /// A parameter's value cannot be written where its route puts it: bytes,
    /// a file or a choice of body ([`body`](crate::body)) anywhere but a
    /// body; a value a body of the route's media type cannot hold (a file
    /// in a form, a list as a form's whole body); a multipart part header
    /// that cannot be sent.
    #[error("parameter `{key}`: {reason}")]
    Value {
        /// The parameter's name on the wire.
        key: String,
        /// Why it was refused.
        reason: std::borrow::Cow<'static, str>,
    },

    /// A value is nested deeper than [`MAX_DEPTH`](crate::MAX_DEPTH).
    #[error("option `{key}` is nested deeper than {limit} levels")]
    TooDeep {
        /// The top-level option key that holds the value.
        key: String,
        /// The limit.
        limit: usize,
    },

    /// A typed parameter could not be serialized.
    #[error("parameter `{key}` cannot be serialized: {message}")]
    Serialize {
        /// The parameter's name on the wire.
        key: String,
        /// serde's message.
        message: String,
    },

    /// A request could not be converted into another crate's type.
    #[error("cannot convert the request: {what}")]
    Convert {
        /// What could not be converted, and why.
        what: String,
        /// The underlying error, when there is one.
        #[source]
        source: Option<Source>,
    },

    /// The request's origin (scheme, host and port) differs from the base
    /// URL's while it carries a header that may be a credential (any header
    /// but the shown ones: `accept`, `user-agent`, `content-type`…, see
    /// [`Endpoint::with_credential_host_check`](crate::Endpoint::with_credential_host_check)).
    #[error(
        "refusing to send credentials header `{header}` to `{host}`, which is not the base URL's origin `{base_host}`"
    )]
    CredentialsHost {
        /// The credential header that would leak.
        header: String,
        /// The origin the request goes to (`https://host`, with the port
        /// when it is not the scheme's default).
        host: String,
        /// The base URL's origin, written the same way.
        base_host: String,
    },

    /// A typed route declares a server of its own on another origin than
    /// its API's base URL (an OpenAPI operation's `servers`), and is built
    /// with the settings of another base URL (a test server, a proxy,
    /// another deployment), which do not say where that deployment's
    /// server is: the request would leave for the API's own host, with
    /// credentials meant for the other. Say where it goes with
    /// [`Api::with_server`](crate::Api::with_server) (a client builder's
    /// `operation_server`).
    #[error(
        "the route's server `{server}` belongs with the base URL `{home}`, not `{base_url}`: say where that deployment's server is with `Api::with_server({server:?}, url)` (a client builder's `operation_server`), or build the request with the base URL `{home}`"
    )]
    UnmappedServer {
        /// The server the route declares.
        server: String,
        /// The base URL of the route's own API, which the server belongs
        /// with.
        home: String,
        /// The base URL the request was built with.
        base_url: String,
    },
}

impl Error {
    /// [`Error::Option`]: option `key` has the wrong shape.
    pub(crate) fn option(key: &str, reason: &'static str) -> Self {
        Error::Option {
            key: key.to_owned(),
            reason,
        }
    }

    /// [`Error::Value`]: parameter `key` cannot go where it is put.
    pub(crate) fn value(key: &str, reason: impl Into<std::borrow::Cow<'static, str>>) -> Self {
        Error::Value {
            key: key.to_owned(),
            reason: reason.into(),
        }
    }

    /// [`Error::Convert`] with the error that caused it.
    #[cfg(feature = "http")]
    pub(crate) fn convert(
        what: impl fmt::Display,
        source: impl std::error::Error + Send + Sync + 'static,
    ) -> Self {
        Error::Convert {
            what: format!("{what}: {source}"),
            source: Some(Source(Arc::new(source))),
        }
    }

    /// [`Error::Convert`] without an underlying error.
    #[cfg_attr(not(feature = "http"), allow(dead_code))]
    pub(crate) fn cannot_convert(what: impl Into<String>) -> Self {
        Error::Convert {
            what: what.into(),
            source: None,
        }
    }
}

/// The error underneath an [`Error::Convert`], shared so that [`Error`]
/// stays `Clone`. Two sources are equal when their messages are.
#[derive(Clone)]
pub struct Source(Arc<dyn std::error::Error + Send + Sync>);

impl fmt::Debug for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.0, f)
    }
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl std::error::Error for Source {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.0.source()
    }
}

impl PartialEq for Source {
    fn eq(&self, other: &Self) -> bool {
        self.0.to_string() == other.0.to_string()
    }
}

/// A URL template that does not parse.
///
/// `position` is the byte offset of the offending fragment in the template as
/// written; [`TemplateError::column`] turns it into a 1-based character column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TemplateError {
    /// What is wrong.
    pub kind: TemplateErrorKind,
    /// The offending fragment, as written (for example `{=x}`).
    pub fragment: String,
    /// Byte offset of `fragment` in the template.
    pub position: usize,
    /// The whole template.
    pub template: String,
}

impl TemplateError {
    /// The 1-based column (in characters) where the offending fragment starts.
    pub fn column(&self) -> usize {
        self.template
            .get(..self.position)
            .map_or(self.position, |before| before.chars().count())
            + 1
    }
}

impl fmt::Display for TemplateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} in `{}` at column {} of URL template `{}`",
            self.kind,
            self.fragment,
            self.column(),
            self.template
        )
    }
}

impl std::error::Error for TemplateError {}

/// The kinds of malformed URL template.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum TemplateErrorKind {
    /// A `{` without its `}`.
    UnclosedExpression,
    /// A `}` outside an expression.
    StrayClosingBrace,
    /// A `{` inside an expression.
    NestedBrace,
    /// `{}` or an operator with no variable.
    EmptyExpression,
    /// An operator reserved by RFC 6570 for future use (`=`, `,`, `!`, `@`, `|`).
    ReservedOperator(char),
    /// A variable name that RFC 6570 (with `-` allowed) rejects.
    InvalidVariableName,
    /// A prefix modifier out of range (`{x:0}`, `{x:10000}`, `{x:}`, `{x:01}`).
    InvalidPrefix,
    /// A prefix and an explode modifier on the same variable (`{x:3*}`).
    PrefixWithExplode,
}

impl fmt::Display for TemplateErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::UnclosedExpression => f.write_str("unclosed expression"),
            Self::StrayClosingBrace => f.write_str("stray `}`"),
            Self::NestedBrace => f.write_str("`{` inside an expression"),
            Self::EmptyExpression => f.write_str("empty expression"),
            Self::ReservedOperator(op) => write!(f, "reserved operator `{op}`"),
            Self::InvalidVariableName => f.write_str("invalid variable name"),
            Self::InvalidPrefix => f.write_str("prefix length must be 1 to 9999"),
            Self::PrefixWithExplode => f.write_str("a variable cannot have both a prefix and `*`"),
        }
    }
}

/// `Result` with this crate's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;

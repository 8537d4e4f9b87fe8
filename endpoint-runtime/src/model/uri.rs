//! [`Uri`]: a `uri` as the server wrote it.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A `uri` value, kept as its text: it decodes from any JSON string (an
/// answer's URL is not checked, so that a malformed one does not fail the
/// whole answer) and encodes back as that string.
///
/// [`Uri::parse`] turns it into the URL type of your choice (`url::Url`,
/// `http::Uri`, …) when you need one.
///
/// ```
/// use endpoint::model::Uri;
///
/// let uri: Uri = serde_json::from_str(r#""https://api.github.com/repos/octocat/hello-world""#)?;
/// assert_eq!(uri.as_str(), "https://api.github.com/repos/octocat/hello-world");
/// # #[cfg(feature = "http")] {
/// let parsed: http::Uri = uri.parse()?;
/// assert_eq!(parsed.host(), Some("api.github.com"));
/// # }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Uri(String);

impl Uri {
    /// The text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The text, parsed into `T` (a URL type).
    ///
    /// # Errors
    /// `T`'s error, when the text is not one of its values.
    pub fn parse<T: FromStr>(&self) -> Result<T, T::Err> {
        self.0.parse()
    }

    /// The text, owned.
    pub fn into_string(self) -> String {
        self.0
    }
}

impl fmt::Debug for Uri {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Uri({:?})", self.0)
    }
}

impl fmt::Display for Uri {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&self.0)
    }
}

impl AsRef<str> for Uri {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl From<String> for Uri {
    fn from(text: String) -> Uri {
        Uri(text)
    }
}

impl From<&str> for Uri {
    fn from(text: &str) -> Uri {
        Uri(text.to_owned())
    }
}

impl From<Uri> for String {
    fn from(uri: Uri) -> String {
        uri.0
    }
}

impl Serialize for Uri {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for Uri {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Uri, D::Error> {
        String::deserialize(deserializer).map(Uri)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn any_text_is_kept() {
        for text in [
            "https://api.github.com/repos/o/r",
            "not a url at all",
            "",
            "/relative?x=1#y",
            "https://example.com/\u{e9}",
        ] {
            let json = serde_json::to_string(text).unwrap();
            let uri: Uri = serde_json::from_str(&json).unwrap();
            assert_eq!(uri.as_str(), text);
            assert_eq!(uri.as_ref(), text);
            assert_eq!(uri.to_string(), text);
            assert_eq!(uri, Uri::from(text));
            assert_eq!(serde_json::to_string(&uri).unwrap(), json);
            assert_eq!(String::from(uri.clone()), text);
            assert_eq!(uri.into_string(), text);
        }
        assert_eq!(format!("{:?}", Uri::from("x")), r#"Uri("x")"#);
        assert!(serde_json::from_str::<Uri>("1").is_err());
        assert!(serde_json::from_str::<Uri>("null").is_err());
    }

    #[test]
    fn parses_on_demand() {
        let uri = Uri::from("https://api.github.com:8443/x");
        let parsed: std::net::SocketAddr = Uri::from("127.0.0.1:80").parse().unwrap();
        assert_eq!(parsed.port(), 80);
        assert!(uri.parse::<std::net::SocketAddr>().is_err());
        assert!(Uri::from("nope").parse::<u32>().is_err());
    }
}

//! The values of request bodies beyond JSON: [`File`] (bytes with a file
//! name, a media type and part headers) and [`Content`] (a body that offers
//! several media types, of which a value chooses one); and [`Bytes`], a
//! body of bytes as they are, sent or received.
//!
//! A typed route may name its body's media type; the builder writes the
//! body as that media type asks, and sends it as the `content-type`
//! (replacing one of the endpoint's defaults):
//!
//! | media type | body |
//! | --- | --- |
//! | `application/json`, any `+json` | JSON text |
//! | `application/x-www-form-urlencoded` | `name=value` pairs, nested values by the bracket rule (`metadata[order_id]=6735`, `expand[]=customer`) |
//! | `multipart/*` | parts: text, files, JSON parts, with a boundary that occurs in none of them |
//! | `text/*`, `+yaml`, `+xml` | the text as it is |
//! | any other | the bytes as they are |
//!
//! A whole body of bytes (`Vec<u8>`, `&[u8]`) or a [`File`] is sent as it is
//! whatever the media type.

use std::ops::Deref;

use serde::{Serialize, Serializer};

use crate::model::{Answer, AnswerError};
use crate::value::{Param, ToParam};

pub use crate::file::File;
pub use crate::value::Contents;

/// A whole request body that may be sent as one of several media types:
/// each value says which, and what its body is.
///
/// Kubernetes' PATCH takes four kinds of patch, each its own media type:
///
/// ```
/// use endpoint::body::{Content, Contents};
/// use endpoint::__private::ToParam;
/// use serde_json::{json, Value};
///
/// /// A patch of a Kubernetes object.
/// enum Patch {
///     /// RFC 7386.
///     Merge(Value),
///     /// RFC 6902.
///     Json(Value),
///     /// Kubernetes' own merge, by the keys its types declare.
///     StrategicMerge(Value),
///     /// Server-side apply: the whole object as YAML.
///     Apply(String),
/// }
///
/// impl Content for Patch {
///     fn content(&self) -> Contents<'_> {
///         match self {
///             Patch::Merge(patch) => Contents::new("application/merge-patch+json", patch.to_param()),
///             Patch::Json(patch) => Contents::new("application/json-patch+json", patch.to_param()),
///             Patch::StrategicMerge(patch) => {
///                 Contents::new("application/strategic-merge-patch+json", patch.to_param())
///             }
///             Patch::Apply(yaml) => Contents::new("application/apply-patch+yaml", yaml.to_param()),
///         }
///     }
/// }
///
/// let patch = Patch::Json(json!([{"op": "replace", "path": "/spec/replicas", "value": 3}]));
/// assert_eq!(patch.content().media_type, "application/json-patch+json");
/// let apply = Patch::Apply("kind: Deployment\n".into());
/// assert_eq!(apply.content().media_type, "application/apply-patch+yaml");
/// # let _ = (Patch::Merge(json!({})), Patch::StrategicMerge(json!({})));
/// ```
///
/// A route whose whole body is such a type sends the chosen media type as
/// its `content-type`, and writes the value as that media type asks (JSON
/// text for a `+json` type, the text as it is for YAML).
pub trait Content {
    /// The media type and the value of this body.
    fn content(&self) -> Contents<'_>;
}

/// A body of bytes as they are: the type of a binary answer (an archive,
/// an image, GitHub's `raw` format of a file), and a whole request body
/// sent as it is.
///
/// As an [`Answer`] it is the body as received, whatever its status and
/// media type (an empty body is empty bytes); it reads as the bytes it
/// holds (`Deref<Target = [u8]>`). It serializes as serde's bytes (a list
/// of numbers in JSON).
///
/// ```
/// use endpoint::body::Bytes;
/// use endpoint::model::Answer;
///
/// let png = Bytes::decode(200, Some("image/png"), b"\x89PNG\r\n")?;
/// assert_eq!(&png[..4], b"\x89PNG");
/// assert_eq!(png, Bytes(b"\x89PNG\r\n".to_vec()));
/// // A JSON media type changes nothing: the bytes are not read as JSON.
/// assert_eq!(Bytes::decode(200, Some("application/json"), b"{}")?.len(), 2);
/// # Ok::<(), endpoint::model::AnswerError>(())
/// ```
#[derive(Clone, Default, PartialEq, Eq, Hash)]
pub struct Bytes(pub Vec<u8>);

impl Bytes {
    /// The bytes, owned.
    pub fn into_vec(self) -> Vec<u8> {
        self.0
    }
}

impl Answer for Bytes {
    #[inline]
    fn decode(_status: u16, _media_type: Option<&str>, body: &[u8]) -> Result<Bytes, AnswerError> {
        Ok(Bytes(body.to_vec()))
    }
}

impl Deref for Bytes {
    type Target = [u8];

    #[inline]
    fn deref(&self) -> &[u8] {
        &self.0
    }
}

impl AsRef<[u8]> for Bytes {
    #[inline]
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

impl From<Vec<u8>> for Bytes {
    #[inline]
    fn from(bytes: Vec<u8>) -> Bytes {
        Bytes(bytes)
    }
}

impl From<Bytes> for Vec<u8> {
    #[inline]
    fn from(bytes: Bytes) -> Vec<u8> {
        bytes.0
    }
}

/// Its length, never its bytes, as for the bytes of a request's parameters.
impl std::fmt::Debug for Bytes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Bytes(<{} bytes>)", self.0.len())
    }
}

impl Serialize for Bytes {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bytes(&self.0)
    }
}

impl ToParam for Bytes {
    #[inline]
    fn to_param(&self) -> Param<'_> {
        Param::Bytes(&self.0)
    }
}

impl ToParam for File {
    #[inline]
    fn to_param(&self) -> Param<'_> {
        Param::File(self)
    }
}

impl ToParam for Contents<'_> {
    #[inline]
    fn to_param(&self) -> Param<'_> {
        Param::Content(self)
    }
}

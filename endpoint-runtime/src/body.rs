//! The values of request bodies beyond JSON: [`File`] (bytes with a file
//! name, a media type and part headers) and [`Content`] (a body that offers
//! several media types, of which a value chooses one).
//!
//! A route names its body's media type (`endpoint!`'s `content_type`); the
//! builder writes the body as that media type asks:
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

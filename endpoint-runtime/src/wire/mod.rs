//! The neutral request core: where each parameter of a typed route goes
//! (path, query, header, cookie, a body field, the whole body), how it is
//! written (OpenAPI's styles), and the request bodies of every media type.
//!
//! Nothing here knows the dynamic layer (options, defaults, previews, the
//! `data` parameter): that layer is above it and hands its own parameters
//! with [`Placement::DYNAMIC`](plan::Placement::DYNAMIC).

use serde_json::Value;

use crate::error::{Error, Result};
use crate::value::{Param, json_param};
use crate::wire::plan::BodyKind;

pub(crate) mod form;
pub(crate) mod header;
pub(crate) mod media;
pub(crate) mod multipart;
pub(crate) mod plan;
pub(crate) mod style;

/// The walk shared by the bodies written field by field (a form, a
/// multipart body) over a whole body given as one object: each of its keys
/// with its value, in order, for the body to write as a field; `refused`
/// says what the body takes, for a value that is no object.
pub(crate) fn object_fields<'v>(
    key: &str,
    value: &Param<'v>,
    refused: &'static str,
) -> Result<impl Iterator<Item = (&'v str, Param<'v>)>> {
    match value.resolve() {
        Param::Json(Value::Object(map)) => Ok(map
            .iter()
            .map(|(field, value)| (field.as_str(), json_param(value)))),
        _ => Err(Error::value(key, refused)),
    }
}

/// Whether a field of a form or multipart body whose encoding names the
/// media type `encoding` is written whole as JSON text.
pub(crate) fn json_encoded(encoding: Option<&str>) -> bool {
    encoding.is_some_and(|media_type| BodyKind::of(media_type) == BodyKind::Json)
}

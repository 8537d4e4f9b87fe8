//! Reading a description: a file (JSON or YAML, any OpenAPI 3.x or Swagger
//! 2.0), its local files, its overlays, into the read model [`Api`] and the
//! [`Diagnostics`] of what could not be read as written.
//!
//! In the order a description goes through them, each using only those
//! before it:
//!
//! - `yaml` and `load`: text to a JSON value (JSON when it starts with `{`,
//!   else YAML), files to values;
//! - [`overlay`](crate::overlay): the corrections, applied to the value;
//! - `swagger`: a Swagger 2.0 value rewritten as OpenAPI 3.0;
//! - `refs`: the description and the local files its references name,
//!   references followed, schema references made component references
//!   ([`Schema::read`](crate::schema::Schema::read) reads the schemas);
//! - `operations`: the value into [`Api`], with `webhooks` its events
//!   (webhooks and callbacks);
//! - `schema_events`: after reading, with the conventions, the events of
//!   the component schemas an extension marks (`[events]
//!   schema-extension`, Stripe's `x-stripeEvent`), added to the events.

use std::fmt;
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::api::Api;
use crate::diag::Diagnostics;

mod load;
mod operations;
mod refs;
mod schema_events;
mod swagger;
mod webhooks;
mod yaml;

pub(crate) use operations::{match_template, template_variables};
pub(crate) use schema_events::with_schema_events;

/// A description, read, with what could not be read as written.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Read {
    /// The description.
    pub api: Api,
    /// What was read otherwise than written, with its fallback.
    pub diagnostics: Diagnostics,
    /// Every file read, in the order read: the description, its overlays,
    /// then each other file a `$ref` named (as found, once each). A build
    /// script reruns when one of them changes.
    pub files: Vec<PathBuf>,
}

/// Why a description could not be read at all: a file that is missing, is
/// neither JSON nor YAML, or is not an OpenAPI or Swagger description.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadError {
    /// The file (or `<input>`), and the JSON pointer or line where it went
    /// wrong when there is one.
    pub at: String,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.at, self.message)
    }
}

impl std::error::Error for ReadError {}

/// Reads the description in `path`, then applies the Overlay documents of
/// `overlays` in order, before anything else is read: the corrections hold
/// for requests and answers alike.
///
/// The description and the overlays may each be JSON or YAML, whatever
/// their names say (see [`parse`]). A `$ref` to another file
/// (`./common.yaml#/components/schemas/Error`) is read relative to the file
/// it is written in, each file once; a `$ref` to a URL is not fetched (a
/// diagnostic, and any value).
///
/// # Errors
/// A file that cannot be read or parsed, that is not a description (no
/// `openapi` or `swagger` key, or a version other than 3.0, 3.1, 3.2 or
/// Swagger 2.0) or is nested more than 128 levels, or an overlay that does
/// not apply (the error names the overlay and its action).
pub fn read_file(path: &Path, overlays: &[PathBuf]) -> Result<Read, ReadError> {
    let error = |path: &Path, message: String| ReadError {
        at: path.display().to_string(),
        message,
    };
    let description = load::file(path).map_err(|message| error(path, message))?;
    let mut overlay_values = Vec::with_capacity(overlays.len());
    for overlay in overlays {
        let value = load::file(overlay).map_err(|message| error(overlay, message))?;
        overlay_values.push((overlay.display().to_string(), value));
    }
    let base = path.parent().unwrap_or(Path::new("."));
    let mut read = read_document(description, Some(base), Some(path), &overlay_values).map_err(
        |mut err| {
            if err.at == INPUT {
                err.at = path.display().to_string();
            }
            err
        },
    )?;
    let referred = std::mem::take(&mut read.files);
    read.files = std::iter::once(path.to_path_buf())
        .chain(overlays.iter().cloned())
        .chain(referred)
        .collect();
    Ok(read)
}

/// Reads a description already parsed; `base` is the directory its local
/// `$ref`s to other files are relative to (`None`: no other file is read).
/// An overlay's error names it `overlay 1`, `overlay 2`, ….
///
/// ```
/// use endpoint_openapi::read::read_value;
/// use serde_json::json;
///
/// let read = read_value(json!({
///     "openapi": "3.1.0",
///     "paths": {"/pets/{id}": {"get": {
///         "operationId": "getPet",
///         "responses": {"200": {"description": "A pet.", "content": {
///             "application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}
///         }}}
///     }}},
///     "components": {"schemas": {"Pet": {"type": "object"}}}
/// }), None, &[])?;
/// let get = &read.api.operations[0];
/// assert_eq!((get.method.as_str(), get.path.as_str()), ("GET", "/pets/{id}"));
/// // The template's `{id}` had no parameter: a required string one is added.
/// assert_eq!(get.parameters[0].name, "id");
/// assert_eq!(
///     read.diagnostics.iter().next().unwrap().to_string(),
///     "#/paths/~1pets~1{id}/get (getPet): the path's `{id}` has no path parameter; \
///      a required string path parameter"
/// );
/// # Ok::<(), endpoint_openapi::read::ReadError>(())
/// ```
///
/// # Errors
/// As [`read_file`].
pub fn read_value(
    description: Value,
    base: Option<&Path>,
    overlays: &[Value],
) -> Result<Read, ReadError> {
    let overlays: Vec<(String, Value)> = overlays
        .iter()
        .enumerate()
        .map(|(i, overlay)| (format!("overlay {}", i + 1), overlay.clone()))
        .collect();
    read_document(description, base, None, &overlays)
}

/// A description's text, JSON or YAML (told apart by the text: JSON
/// starts with `{`), as a value for [`read_value`].
///
/// ```
/// let value = endpoint_openapi::read::parse("openapi: 3.1.0\npaths:\n  /a: {}\n")?;
/// assert_eq!(value["openapi"], "3.1.0");
/// # Ok::<(), endpoint_openapi::read::ReadError>(())
/// ```
///
/// # Errors
/// Text that is neither; the message gives the line.
pub fn parse(text: &str) -> Result<Value, ReadError> {
    load::text_value(text).map_err(|message| ReadError {
        at: INPUT.to_owned(),
        message,
    })
}

/// How a [`ReadError`] names a description given as a value.
const INPUT: &str = "<input>";

fn read_document(
    mut description: Value,
    base: Option<&Path>,
    file: Option<&Path>,
    overlays: &[(String, Value)],
) -> Result<Read, ReadError> {
    let error = |at: &str, message: String| ReadError {
        at: at.to_owned(),
        message,
    };
    for (label, value) in std::iter::once((&INPUT.to_owned(), &description))
        .chain(overlays.iter().map(|(label, overlay)| (label, overlay)))
    {
        if load::depth(value) > load::MAX_DEPTH {
            return Err(error(
                label,
                format!("nested more than {} levels", load::MAX_DEPTH),
            ));
        }
    }
    for (label, overlay) in overlays {
        crate::overlay::apply(&mut description, overlay).map_err(|err| error(label, err))?;
    }
    let Some(object) = description.as_object() else {
        return Err(error(
            INPUT,
            "not an OpenAPI or Swagger description: the document is not an object".to_owned(),
        ));
    };
    let version_of = |key: &str| match object.get(key) {
        Some(Value::String(text)) => Some(text.clone()),
        Some(Value::Number(number)) => Some(number.to_string()),
        _ => None,
    };
    let mut diagnostics = Diagnostics::new();
    let spec_version = if let Some(version) = version_of("openapi") {
        if !["3.0", "3.1", "3.2"]
            .iter()
            .any(|supported| version == *supported || version.starts_with(&format!("{supported}.")))
        {
            return Err(error(
                "#/openapi",
                format!(
                    "OpenAPI version {version} is not supported (3.0, 3.1, 3.2 or Swagger 2.0 are)"
                ),
            ));
        }
        version
    } else if let Some(version) = version_of("swagger").or_else(|| version_of("swaggerVersion")) {
        if version != "2.0" {
            return Err(error(
                "#/swagger",
                format!(
                    "Swagger version {version} is not supported (Swagger 2.0 and OpenAPI 3.0, 3.1, 3.2 are)"
                ),
            ));
        }
        swagger::convert(&mut description, &mut diagnostics);
        version
    } else {
        return Err(error(
            INPUT,
            "not an OpenAPI or Swagger description: it has no `openapi` or `swagger` key"
                .to_owned(),
        ));
    };
    let mut docs = refs::Documents::new(description, base, file);
    if spec_version == "2.0" {
        docs.converted_from_swagger();
    } else if !spec_version.starts_with("3.0") {
        docs.siblings_hold();
    }
    let api = operations::read(&mut docs, spec_version, &mut diagnostics);
    Ok(Read {
        api,
        diagnostics,
        files: docs.files(),
    })
}

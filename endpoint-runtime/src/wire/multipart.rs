//! `multipart/form-data` bodies (RFC 7578): one part per field, or per item
//! of a list field.
//!
//! - a string, number or boolean is a text part (no `content-type`, which
//!   is `text/plain`, unless the field's encoding names one);
//! - a [`File`](crate::body::File) is a file part: `filename="…"`, its media
//!   type (else the encoding's, else `application/octet-stream`) and its
//!   own headers;
//! - bytes are a part of the encoding's media type, else
//!   `application/octet-stream`;
//! - an object is a JSON part (`application/json`, unless the encoding
//!   names another media type);
//! - a list is one part per item, of the kinds above (so a list of files is
//!   a file part per file), unless the encoding's media type is JSON: then
//!   one JSON part;
//! - a choice of body is a part of its media type;
//! - `null` writes no part.
//!
//! The boundary is 32 random letters and digits, drawn again until it
//! occurs nowhere in the body: the parts are written first, with room left
//! for it, and it is filled in once chosen.

use std::hash::{BuildHasher, Hasher};

use crate::error::{Error, Result};
use crate::headers;
use crate::json;
use crate::value::Param;
use crate::wire::media::{self, Encoded};
use crate::wire::plan::{Arrays, BodyKind, Placement};
use crate::wire::{self, Fields};

/// The length of a boundary.
const BOUNDARY_LEN: usize = 32;
/// How many boundaries are drawn before giving up: each of them occurs in
/// the body with a chance of about one in 62³², so the second is seldom
/// drawn.
const ATTEMPTS: u64 = 64;
/// The characters of a boundary.
const ALPHABET: &[u8; 62] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// A multipart body, written part by part.
pub(crate) struct Multipart {
    out: Vec<u8>,
    /// Where the boundary goes: each holds `BOUNDARY_LEN` NUL bytes, which
    /// no boundary holds, until [`Multipart::finish`] fills them.
    slots: Vec<usize>,
}

/// The headers of one part.
struct PartHead<'a> {
    name: &'a str,
    file_name: Option<&'a str>,
    content_type: Option<&'a str>,
    headers: &'a [(String, String)],
}

impl Multipart {
    pub(crate) fn new() -> Self {
        Multipart {
            out: Vec::new(),
            slots: Vec::new(),
        }
    }

    /// Whether no part has been written.
    pub(crate) fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// The parts of a whole body that is an object: one field per key.
    ///
    /// # Errors
    /// [`Error::Value`] for any other value; as [`Multipart::field`].
    pub(crate) fn object(&mut self, key: &str, value: &Param<'_>) -> Result<()> {
        let fields = wire::object_fields(
            key,
            value,
            "a multipart body is written from fields or an object of them",
        )?;
        for (name, value) in fields {
            self.field(name, &value, &Placement::DEFAULT)?;
        }
        Ok(())
    }

    /// Writes one part for `value`.
    fn part(
        &mut self,
        key: &str,
        value: &Param<'_>,
        encoding: Option<&str>,
        arrays: Arrays,
    ) -> Result<()> {
        let value = value.resolve();
        let mut head = PartHead {
            name: key,
            file_name: None,
            content_type: encoding,
            headers: &[],
        };
        let content = match value {
            Param::Null => return Ok(()),
            Param::File(file) => {
                head.file_name = file.get_file_name();
                head.content_type = file.get_content_type().or(encoding);
                head.headers = &file.headers;
                head.content_type = head.content_type.or(Some("application/octet-stream"));
                Encoded::Bytes(file.bytes())
            }
            Param::Bytes(bytes) => {
                head.content_type = encoding.or(Some("application/octet-stream"));
                Encoded::Bytes(bytes)
            }
            Param::Content(contents) => {
                head.content_type = Some(&contents.media_type);
                let kind = BodyKind::of(&contents.media_type);
                media::encode(key, kind, &contents.value, arrays)?
            }
            Param::Json(_) | Param::List(_) => {
                let media_type = encoding.unwrap_or("application/json");
                head.content_type = Some(media_type);
                match BodyKind::of(media_type) {
                    BodyKind::Json | BodyKind::Multipart => {
                        Encoded::Json(json::to_string(key, &value)?)
                    }
                    kind => media::encode(key, kind, &value, arrays)?,
                }
            }
            Param::Str(text) if !wire::json_encoded(encoding) => Encoded::Text(text.into()),
            scalar if wire::json_encoded(encoding) => Encoded::Json(json::to_string(key, &scalar)?),
            scalar => {
                let mut text = String::new();
                scalar.write_scalar(&mut text);
                Encoded::Text(text.into())
            }
        };
        let content = content.as_bytes();
        // The delimiter, about three headers, the content, and the closing
        // delimiter, should this part be the last.
        self.out.reserve(2 * BOUNDARY_LEN + 176 + content.len());
        self.write_head(key, &head)?;
        self.out.extend_from_slice(content);
        self.out.extend_from_slice(b"\r\n");
        Ok(())
    }

    /// Writes the delimiter and the headers of a part.
    fn write_head(&mut self, key: &str, head: &PartHead<'_>) -> Result<()> {
        let header_error =
            |name: &str, reason: &str| Error::value(key, format!("part header `{name}`: {reason}"));
        for (name, value) in head.headers {
            if !headers::is_token(name) {
                return Err(header_error(name, "the name is not an HTTP token"));
            }
            if name.eq_ignore_ascii_case("content-disposition")
                || name.eq_ignore_ascii_case("content-type")
            {
                return Err(header_error(
                    name,
                    "it is written from the field's name, the file's name and its media type",
                ));
            }
            if headers::check_value(name, value).is_err() {
                return Err(header_error(name, "the value contains CR, LF or NUL"));
            }
        }
        if let Some(media_type) = head.content_type
            && headers::check_value("content-type", media_type).is_err()
        {
            return Err(header_error(
                "content-type",
                "the value contains CR, LF or NUL",
            ));
        }
        self.out.extend_from_slice(b"--");
        self.slots.push(self.out.len());
        self.out.extend_from_slice(&[0; BOUNDARY_LEN]);
        self.out
            .extend_from_slice(b"\r\nContent-Disposition: form-data; name=\"");
        push_quoted(&mut self.out, head.name);
        if let Some(file_name) = head.file_name {
            self.out.extend_from_slice(b"\"; filename=\"");
            push_quoted(&mut self.out, file_name);
        }
        self.out.extend_from_slice(b"\"\r\n");
        if let Some(media_type) = head.content_type {
            self.out.extend_from_slice(b"Content-Type: ");
            self.out.extend_from_slice(media_type.as_bytes());
            self.out.extend_from_slice(b"\r\n");
        }
        for (name, value) in head.headers {
            self.out.extend_from_slice(name.as_bytes());
            self.out.extend_from_slice(b": ");
            self.out.extend_from_slice(value.as_bytes());
            self.out.extend_from_slice(b"\r\n");
        }
        self.out.extend_from_slice(b"\r\n");
        Ok(())
    }

    /// The body and its boundary, drawn from `random` until it occurs
    /// nowhere in the body.
    ///
    /// # Errors
    /// [`Error::Value`] naming `key` in the unlikely case that every
    /// boundary drawn occurs in the body.
    pub(crate) fn finish(
        mut self,
        key: &str,
        random: &impl BuildHasher,
    ) -> Result<(Vec<u8>, String)> {
        self.out.extend_from_slice(b"--");
        self.slots.push(self.out.len());
        self.out.extend_from_slice(&[0; BOUNDARY_LEN]);
        self.out.extend_from_slice(b"--\r\n");
        let boundary = (0..ATTEMPTS)
            .map(|attempt| boundary(random, attempt))
            .find(|boundary| !contains(&self.out, boundary))
            .ok_or_else(|| {
                Error::value(
                    key,
                    "no multipart boundary could be found that the body does not hold",
                )
            })?;
        for &slot in &self.slots {
            if let Some(room) = self.out.get_mut(slot..slot + BOUNDARY_LEN) {
                room.copy_from_slice(&boundary);
            }
        }
        // The boundary is made of ASCII letters and digits.
        let text = String::from_utf8_lossy(&boundary).into_owned();
        Ok((self.out, text))
    }
}

impl Fields for Multipart {
    /// Writes the parts of a field; see the module documentation.
    fn field(&mut self, key: &str, value: &Param<'_>, placement: &Placement) -> Result<()> {
        let value = value.resolve();
        let encoding = placement.content_type;
        if let Some(items) = value.items()
            && !wire::json_encoded(encoding)
        {
            for item in items.iter() {
                self.part(key, &item, encoding, placement.arrays)?;
            }
            return Ok(());
        }
        self.part(key, &value, encoding, placement.arrays)
    }
}

/// The `attempt`-th boundary drawn from `random`.
pub(crate) fn boundary(random: &impl BuildHasher, attempt: u64) -> [u8; BOUNDARY_LEN] {
    let mut boundary = [0; BOUNDARY_LEN];
    for (chunk, piece) in boundary.chunks_mut(8).enumerate() {
        let mut hasher = random.build_hasher();
        hasher.write_u64(attempt);
        hasher.write_usize(chunk);
        let mut bits = hasher.finish();
        for byte in piece {
            *byte = ALPHABET[(bits % 62) as usize];
            bits /= 62;
        }
    }
    boundary
}

/// Whether `needle` occurs in `haystack`.
fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    memchr::memmem::find(haystack, needle).is_some()
}

/// Appends a field or file name inside the quotes of `content-disposition`,
/// as the HTML standard writes it: `"`, CR and LF percent-encoded.
fn push_quoted(out: &mut Vec<u8>, name: &str) {
    for &byte in name.as_bytes() {
        match byte {
            b'"' => out.extend_from_slice(b"%22"),
            b'\r' => out.extend_from_slice(b"%0D"),
            b'\n' => out.extend_from_slice(b"%0A"),
            other => out.push(other),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::hash_map::DefaultHasher;
    use std::hash::BuildHasherDefault;

    use serde_json::json;

    use super::*;
    use crate::file::File;
    use crate::wire::plan::Location;

    /// Boundaries drawn the same way every time.
    type Fixed = BuildHasherDefault<DefaultHasher>;

    fn text(body: &[u8]) -> String {
        String::from_utf8_lossy(body).into_owned()
    }

    #[test]
    fn parts_of_every_kind() {
        let mut body = Multipart::new();
        let file = File::new(vec![0x89, b'P', 0xff])
            .file_name("a \"b\".png")
            .content_type("image/png")
            .header("x-sum", "1");
        let plain = File::new(b"x".to_vec());
        let object = json!({"a": [1]});
        let list = json!(["t", 2]);
        let encoded = Placement {
            location: Location::Body,
            content_type: Some("application/json"),
            ..Placement::DEFAULT
        };
        body.field("title", &Param::Str("Hi"), &Placement::DEFAULT)
            .unwrap();
        body.field("n", &Param::U64(3), &Placement::DEFAULT)
            .unwrap();
        body.field("file", &Param::File(&file), &Placement::DEFAULT)
            .unwrap();
        body.field("plain", &Param::File(&plain), &Placement::DEFAULT)
            .unwrap();
        body.field("meta", &Param::Json(&object), &Placement::DEFAULT)
            .unwrap();
        body.field("tags", &Param::Json(&list), &Placement::DEFAULT)
            .unwrap();
        body.field("json", &Param::Json(&list), &encoded).unwrap();
        body.field("none", &Param::Null, &Placement::DEFAULT)
            .unwrap();
        let (bytes, boundary) = body.finish("body", &Fixed::default()).unwrap();
        assert_eq!(boundary.len(), BOUNDARY_LEN);
        assert!(boundary.bytes().all(|b| b.is_ascii_alphanumeric()));
        let expected = "--B\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nHi\r\n\
             --B\r\nContent-Disposition: form-data; name=\"n\"\r\n\r\n3\r\n\
             --B\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a %22b%22.png\"\r\n\
             Content-Type: image/png\r\nx-sum: 1\r\n\r\n\u{fffd}P\u{fffd}\r\n\
             --B\r\nContent-Disposition: form-data; name=\"plain\"\r\n\
             Content-Type: application/octet-stream\r\n\r\nx\r\n\
             --B\r\nContent-Disposition: form-data; name=\"meta\"\r\n\
             Content-Type: application/json\r\n\r\n{\"a\":[1]}\r\n\
             --B\r\nContent-Disposition: form-data; name=\"tags\"\r\n\r\nt\r\n\
             --B\r\nContent-Disposition: form-data; name=\"tags\"\r\n\r\n2\r\n\
             --B\r\nContent-Disposition: form-data; name=\"json\"\r\n\
             Content-Type: application/json\r\n\r\n[\"t\",2]\r\n\
             --B--\r\n";
        assert_eq!(
            text(&bytes),
            expected.replace("--B", &format!("--{boundary}"))
        );
    }

    #[test]
    fn a_boundary_that_occurs_in_the_body_is_drawn_again() {
        let random = Fixed::default();
        let first = boundary(&random, 0);
        let mut content = b"before ".to_vec();
        content.extend_from_slice(&first);
        let mut body = Multipart::new();
        body.field("f", &Param::Bytes(&content), &Placement::DEFAULT)
            .unwrap();
        let (bytes, chosen) = body.finish("body", &random).unwrap();
        assert_eq!(chosen.as_bytes(), boundary(&random, 1));
        assert!(!contains(&content, chosen.as_bytes()));
        // The content is there, untouched, once.
        assert!(contains(&bytes, &content));
        assert!(contains(&content, &first));
        assert!(!contains(b"abc", b"bd") && contains(b"abc", b"bc") && contains(b"a", b""));
    }

    #[test]
    fn part_headers_are_checked() {
        for (name, value) in [
            ("bad name", "v"),
            ("x-a", "v\r\ninjected: 1"),
            ("content-type", "text/plain"),
            ("Content-Disposition", "form-data"),
        ] {
            let file = File::new(vec![1]).header(name, value);
            let err = Multipart::new()
                .field("up", &Param::File(&file), &Placement::DEFAULT)
                .unwrap_err();
            assert!(
                matches!(&err, Error::Value { key, .. } if key == "up"),
                "{err}"
            );
            assert!(err.to_string().contains(name), "{err}");
        }
        let file = File::new(vec![1]).content_type("text/plain\r\nx: 1");
        assert!(
            Multipart::new()
                .field("up", &Param::File(&file), &Placement::DEFAULT)
                .is_err()
        );
    }

    #[test]
    fn a_whole_body_object() {
        let object = json!({"a": "1", "b": {"c": 2}});
        let mut body = Multipart::new();
        body.object("body", &Param::Json(&object)).unwrap();
        let (bytes, _) = body.finish("body", &Fixed::default()).unwrap();
        let text = text(&bytes);
        assert!(text.contains("name=\"a\"\r\n\r\n1\r\n"), "{text}");
        assert!(text.contains("name=\"b\"\r\nContent-Type: application/json\r\n\r\n{\"c\":2}\r\n"));
        assert!(Multipart::new().object("body", &Param::Str("x")).is_err());
    }
}

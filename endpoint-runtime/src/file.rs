//! [`File`]: bytes with the name, media type and headers of a multipart
//! part, re-exported as [`body::File`](crate::body::File).

use std::fmt;

/// A file to upload: its bytes, and optionally its file name, its media type
/// and more headers of its multipart part.
///
/// As a whole request body, its bytes are the body and its media type (when
/// it has one) the `content-type`, whatever the route's; as a field of a
/// `multipart/form-data` body, it is a part with
/// `content-disposition: form-data; name="…"; filename="…"`, its media type
/// (else the field's encoding's, else `application/octet-stream`) and its
/// headers.
///
/// ```
/// use endpoint::body::File;
///
/// let png = File::new(vec![0x89, b'P', b'N', b'G'])
///     .file_name("avatar.png")
///     .content_type("image/png")
///     .header("x-checksum", "abc");
/// assert_eq!(png.bytes(), b"\x89PNG");
/// assert_eq!(png.get_file_name(), Some("avatar.png"));
/// assert_eq!(png.get_content_type(), Some("image/png"));
/// // `Debug` shows the length, not the bytes, and no header value.
/// assert_eq!(
///     format!("{png:?}"),
///     r#"File { bytes: <4 bytes>, file_name: Some("avatar.png"), content_type: Some("image/png"), headers: ["x-checksum"] }"#
/// );
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct File {
    /// The content.
    pub bytes: Vec<u8>,
    /// The file name of its multipart part (`filename="…"`).
    pub file_name: Option<String>,
    /// Its media type: the `content-type` of its part, or of the request
    /// when it is the whole body.
    pub content_type: Option<String>,
    /// More headers of its multipart part, in order (names are checked to
    /// be HTTP tokens and values to hold no CR, LF or NUL when the request
    /// is built).
    pub headers: Vec<(String, String)>,
}

impl File {
    /// A file of these bytes, with no name, media type or headers.
    pub fn new(bytes: impl Into<Vec<u8>>) -> Self {
        File {
            bytes: bytes.into(),
            ..File::default()
        }
    }

    /// The same file with this file name.
    #[must_use]
    pub fn file_name(mut self, name: impl Into<String>) -> Self {
        self.file_name = Some(name.into());
        self
    }

    /// The same file with this media type.
    #[must_use]
    pub fn content_type(mut self, media_type: impl Into<String>) -> Self {
        self.content_type = Some(media_type.into());
        self
    }

    /// The same file with one more header for its multipart part.
    #[must_use]
    pub fn header(mut self, name: impl Into<String>, value: impl Into<String>) -> Self {
        self.headers.push((name.into(), value.into()));
        self
    }

    /// The content.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The file name, if it has one.
    pub fn get_file_name(&self) -> Option<&str> {
        self.file_name.as_deref()
    }

    /// The media type, if it has one.
    pub fn get_content_type(&self) -> Option<&str> {
        self.content_type.as_deref()
    }
}

impl fmt::Debug for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The length only, and the headers' names: the bytes may be large,
        // and they or a header may be a secret.
        struct Len(usize);
        impl fmt::Debug for Len {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "<{} bytes>", self.0)
            }
        }
        f.debug_struct("File")
            .field("bytes", &Len(self.bytes.len()))
            .field("file_name", &self.file_name)
            .field("content_type", &self.content_type)
            .field(
                "headers",
                &self
                    .headers
                    .iter()
                    .map(|(name, _)| name)
                    .collect::<Vec<_>>(),
            )
            .finish()
    }
}

//! The one error of the crate: which check a delivery failed.

use std::fmt;

/// Why a delivery was refused, or why a secret could not be read.
///
/// The texts name the header and the check that failed, never a secret nor
/// the signature the secret would have produced, so that they can be logged
/// and answered to the sender as they are.
///
/// ```
/// use endpoint_webhooks::{GitHub, Verifier, WebhookError};
///
/// let github = GitHub::new("It's a Secret to Everybody");
/// let error = github.verify(&http::HeaderMap::new(), b"{}").unwrap_err();
/// assert_eq!(error, WebhookError::MissingHeader { name: "x-hub-signature-256" });
/// assert_eq!(error.to_string(), "the header x-hub-signature-256 is missing");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum WebhookError {
    /// A header the scheme needs is absent.
    MissingHeader {
        /// The header's name, in lower case.
        name: &'static str,
    },
    /// A header the scheme reads once was sent more than once: which of the
    /// values was signed cannot be told.
    RepeatedHeader {
        /// The header's name, in lower case.
        name: &'static str,
    },
    /// A header's value does not have the scheme's form (not visible ASCII,
    /// a missing prefix, odd-length hex, bad base64, a signature of the
    /// wrong length, a timestamp that is not a number).
    Malformed {
        /// The header's name, in lower case.
        name: &'static str,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// The signatures of the header are well formed, but none of them is
    /// the one the secret (or any of the secrets) gives for this body.
    WrongSignature {
        /// The header's name, in lower case.
        name: &'static str,
    },
    /// The body's SHA-256 differs from the one a signed URL carries
    /// (Twilio's `bodySHA256` query parameter): the body was changed.
    BodyHashMismatch,
    /// The signed timestamp is outside the window of tolerance around now:
    /// an old delivery replayed, or a clock far off.
    Timestamp {
        /// The header's name, in lower case.
        name: &'static str,
        /// The timestamp's age in seconds: positive when it is in the past,
        /// negative when it is in the future.
        age: i64,
        /// The tolerance, in seconds either way.
        tolerance: u64,
    },
    /// A secret could not be read (a `whsec_` secret that is not base64,
    /// an empty secret).
    BadSecret {
        /// What is wrong with it (never the secret itself).
        reason: &'static str,
    },
    /// The verifier needs the URL the provider called (Twilio signs it), and
    /// neither the verifier nor the call gave it.
    UnknownUrl,
    /// The delivery is authentic but its body does not decode into the type
    /// asked for.
    Decode {
        /// The JSON path of the value that failed (`.` for the body itself),
        /// as `serde_path_to_error` writes it: `data.object.amount`.
        path: String,
        /// The decoder's message.
        message: String,
    },
}

impl WebhookError {
    /// Whether the delivery failed authentication (a missing, repeated,
    /// malformed or wrong signature or timestamp) rather than a secret, the
    /// verifier's setup or the decoding of an authentic body: the error a
    /// server answers with `401 Unauthorized`.
    #[must_use]
    pub fn is_unauthenticated(&self) -> bool {
        matches!(
            self,
            Self::MissingHeader { .. }
                | Self::RepeatedHeader { .. }
                | Self::Malformed { .. }
                | Self::WrongSignature { .. }
                | Self::BodyHashMismatch
                | Self::Timestamp { .. }
        )
    }
}

impl fmt::Display for WebhookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::MissingHeader { name } => write!(f, "the header {name} is missing"),
            Self::RepeatedHeader { name } => {
                write!(f, "the header {name} is sent more than once")
            }
            Self::Malformed { name, reason } => write!(f, "the header {name} is malformed: {reason}"),
            Self::WrongSignature { name } => {
                write!(f, "no signature of the header {name} matches the body")
            }
            Self::BodyHashMismatch => {
                f.write_str("the body's SHA-256 differs from the bodySHA256 of the signed URL")
            }
            Self::Timestamp { name, age, tolerance } => {
                if *age >= 0 {
                    write!(f, "the timestamp of {name} is {age} s old, more than the {tolerance} s allowed")
                } else {
                    let ahead = age.unsigned_abs();
                    write!(f, "the timestamp of {name} is {ahead} s in the future, more than the {tolerance} s allowed")
                }
            }
            Self::BadSecret { reason } => write!(f, "the secret cannot be read: {reason}"),
            Self::UnknownUrl => f.write_str(
                "the URL the provider called is unknown: give the verifier the URL or the origin of the server",
            ),
            Self::Decode { path, message } => {
                write!(f, "the body does not decode at {path}: {message}")
            }
        }
    }
}

impl std::error::Error for WebhookError {}

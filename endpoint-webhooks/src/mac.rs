//! HMACs keyed with a verifier's secrets, compared in constant time.

use ring::hmac;

use crate::secret::Secret;

/// The HMAC of `message` under `secret`.
pub(crate) fn tag(algorithm: hmac::Algorithm, secret: &Secret, message: &[u8]) -> Vec<u8> {
    let key = hmac::Key::new(algorithm, secret.expose());
    hmac::sign(&key, message).as_ref().to_vec()
}

/// Whether `candidate` is the HMAC of `message` under any of `secrets`;
/// each comparison is `ring::hmac::verify`'s, in constant time, and a
/// candidate of another length (an empty or truncated one) never matches.
pub(crate) fn matches(
    algorithm: hmac::Algorithm,
    secrets: &[Secret],
    message: &[u8],
    candidate: &[u8],
) -> bool {
    secrets.iter().any(|secret| {
        let key = hmac::Key::new(algorithm, secret.expose());
        hmac::verify(&key, message, candidate).is_ok()
    })
}

/// `parts` joined, the text a scheme signs (`{t}.{body}` and the like).
pub(crate) fn concat(parts: &[&[u8]]) -> Vec<u8> {
    let mut message = Vec::with_capacity(parts.iter().map(|part| part.len()).sum());
    for part in parts {
        message.extend_from_slice(part);
    }
    message
}

//! A 2xx answer, decoded.

use http::{HeaderMap, StatusCode};

use crate::rate_limit::RateLimit;

/// A 2xx answer: its status, headers, final URL (after redirects) and
/// decoded body.
#[derive(Debug, Clone)]
pub struct Response<T> {
    /// The status.
    pub status: StatusCode,
    /// Every header of the answer.
    pub headers: HeaderMap,
    /// The URL that answered: the request's, or where redirects led.
    pub url: String,
    /// The body, decoded.
    pub body: T,
}

impl<T> Response<T> {
    /// The rate-limit headers of the answer.
    pub fn rate_limit(&self) -> RateLimit {
        RateLimit::from_headers(&self.headers)
    }

    /// The decoded body alone.
    pub fn into_body(self) -> T {
        self.body
    }
}

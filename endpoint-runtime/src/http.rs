//! Conversion into the `http` crate's request type (feature `http`), which
//! reqwest, ureq, hyper and tower accept.

use crate::error::Error;
use crate::http_request::HttpRequest;
use crate::request::Request;

impl TryFrom<Request> for http::Request<Vec<u8>> {
    type Error = Error;

    /// The method (uppercased: methods are case-sensitive on the wire and
    /// the standard ones are uppercase), the URI, every header and the body
    /// bytes: JSON text, a `data` string as it is, or a bytes body unchanged.
    ///
    /// ```
    /// use endpoint::Endpoint;
    /// use serde_json::json;
    ///
    /// let request = Endpoint::default()
    ///     .endpoint("POST /markdown", json!({"text": "**hi**"}))?;
    /// let request: http::Request<Vec<u8>> = request.try_into()?;
    /// assert_eq!(request.method(), http::Method::POST);
    /// assert_eq!(request.uri(), "https://api.github.com/markdown");
    /// assert_eq!(request.headers()["content-type"], "application/json; charset=utf-8");
    /// assert_eq!(request.body(), br#"{"text":"**hi**"}"#);
    /// # Ok::<(), endpoint::Error>(())
    /// ```
    ///
    /// # Errors
    /// [`Error::Convert`] when the URL is not a valid URI, or a header name
    /// or value is not valid for `http`.
    fn try_from(request: Request) -> Result<Self, Error> {
        HttpRequest::try_from(request).map(Into::into)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Body;
    use crate::http_request::tests::request;

    #[test]
    fn custom_methods_and_raw_bodies() {
        let mut raw = request("m-search", "http://127.0.0.1:8080/x?y=1");
        raw.headers.insert("content-type", "text/plain").unwrap();
        raw.body = Some(Body::Text("hello".into()));
        let converted: http::Request<Vec<u8>> = raw.try_into().unwrap();
        assert_eq!(converted.method().as_str(), "M-SEARCH");
        assert_eq!(converted.uri().path_and_query().unwrap().as_str(), "/x?y=1");
        assert_eq!(converted.body(), b"hello");
        let mut bytes = request("post", "http://127.0.0.1:8080/upload");
        bytes.body = Some(Body::Bytes(vec![0x89, 0xff, 0, b'\r']));
        let converted: http::Request<Vec<u8>> = bytes.try_into().unwrap();
        assert_eq!(converted.body(), &[0x89, 0xff, 0, b'\r']);
    }

    #[test]
    fn invalid_parts_are_errors() {
        assert!(matches!(
            http::Request::<Vec<u8>>::try_from(request("get", "not a uri")),
            Err(Error::Convert { .. })
        ));
        assert!(matches!(
            http::Request::<Vec<u8>>::try_from(request("get", "https://x.example/?é=3")),
            Err(Error::Convert { .. })
        ));
        // Headers that `http` would refuse cannot get into a request at all.
        let mut headers = request("get", "https://x.example/").headers;
        assert!(matches!(
            headers.insert("bad name", "v"),
            Err(Error::HeaderName { .. })
        ));
        assert!(matches!(
            headers.insert("x-a", "a\nb"),
            Err(Error::HeaderValue { .. })
        ));
    }
}

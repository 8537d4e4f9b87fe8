//! No header value, body, URL or time makes a verifier panic: each answers
//! `Ok` or a `WebhookError`.

use endpoint_webhooks::{GitHub, Slack, StandardWebhooks, Stripe, Twilio, Verifier};
use http::{HeaderMap, HeaderName, HeaderValue};
use proptest::prelude::*;

/// Every header a verifier reads.
const NAMES: &[&str] = &[
    "x-hub-signature-256",
    "x-hub-signature",
    "x-github-delivery",
    "x-github-event",
    "stripe-signature",
    "webhook-id",
    "webhook-timestamp",
    "webhook-signature",
    "svix-id",
    "svix-timestamp",
    "svix-signature",
    "x-slack-signature",
    "x-slack-request-timestamp",
    "x-twilio-signature",
    "x-twilio-webhooks-signature-settings",
    "i-twilio-idempotency-token",
    "content-type",
];

/// Pieces of the schemes' syntax, so that generated values reach past the
/// first check.
const PIECES: &[&str] = &[
    "t=",
    "v1=",
    "v0=",
    "sha256=",
    "sha1=",
    "v1,",
    "v1a,",
    ",",
    " ",
    "=",
    "==",
    "whsec_",
    "algorithm=",
    "HMAC_SHA256",
    "HMAC_SHA1",
    "1700000000",
    "18446744073709551615",
    "99999999999999999999",
    "-1",
    "00",
    "ff",
    "0123456789abcdef",
    "AAAA",
    "+/",
    "é",
    "\t",
];

fn value() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        prop::sample::select(PIECES).prop_map(|piece| piece.as_bytes().to_vec()),
        prop::collection::vec(any::<u8>(), 0..70),
        prop::collection::vec(prop::sample::select(b"0123456789abcdef".as_slice()), 0..70),
    ];
    prop::collection::vec(piece, 0..8).prop_map(|pieces| pieces.concat())
}

fn headers() -> impl Strategy<Value = HeaderMap> {
    prop::collection::vec((prop::sample::select(NAMES), value()), 0..12).prop_map(|pairs| {
        let mut headers = HeaderMap::new();
        for (name, value) in pairs {
            if let Ok(value) = HeaderValue::from_bytes(&value) {
                headers.append(HeaderName::from_static(name), value);
            }
        }
        headers
    })
}

fn now() -> impl Strategy<Value = u64> {
    prop_oneof![Just(0), Just(u64::MAX), Just(1_700_000_000), any::<u64>()]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1_000, ..ProptestConfig::default() })]

    #[test]
    fn no_header_value_panics_a_verifier(
        headers in headers(),
        body in prop::collection::vec(any::<u8>(), 0..64),
        now in now(),
        url in ".{0,40}",
    ) {
        let _ = GitHub::new("secret").allow_sha1(true).verify(&headers, &body);
        let _ = GitHub::new("secret").verify(&headers, &body);
        let _ = Stripe::new("whsec_secret").verify_at(&headers, &body, now);
        let key = StandardWebhooks::from_whsec("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw").expect("a secret");
        let _ = key.verify_at(&headers, &body, now);
        let _ = Slack::new("secret").verify_at(&headers, &body, now);
        let _ = Twilio::new("token").verify_url(&url, &headers, &body);
        let _ = Twilio::new("token").url(url.clone()).verify(&headers, &body);
        if let Ok(uri) = url.parse::<http::Uri>() {
            let _ = Twilio::new("token").origin(url.clone()).verify_request(&uri, &headers, &body);
        }
        let _ = endpoint_webhooks::Secret::from_whsec(&url);
    }
}

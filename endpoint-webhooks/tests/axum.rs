//! The axum extractor over loopback: a server on 127.0.0.1, requests signed
//! and forged sent by a real HTTP client, the statuses and texts checked.
#![cfg(feature = "axum")]

mod support;

use std::net::SocketAddr;

use axum::Router;
use axum::extract::FromRef;
use axum::routing::post;
use endpoint_webhooks::axum::Webhook;
use endpoint_webhooks::{FixedClock, GitHub, SharedVerifier, Stripe, Twilio};
use http::HeaderMap;

const GITHUB_SECRET: &str = "It's a Secret to Everybody";
const STRIPE_SECRET: &str = "whsec_test_secret";
const NOW: u64 = 1_700_000_000;

#[derive(Clone)]
struct AppState {
    github: SharedVerifier,
    stripe: Stripe,
    twilio: Twilio,
}

impl FromRef<AppState> for SharedVerifier {
    fn from_ref(state: &AppState) -> Self {
        state.github.clone()
    }
}

impl FromRef<AppState> for Stripe {
    fn from_ref(state: &AppState) -> Self {
        state.stripe.clone()
    }
}

impl FromRef<AppState> for Twilio {
    fn from_ref(state: &AppState) -> Self {
        state.twilio.clone()
    }
}

#[derive(serde::Deserialize)]
struct Ping {
    zen: String,
}

#[derive(serde::Deserialize)]
struct Sms {
    #[serde(rename = "Body")]
    body: String,
    #[serde(rename = "From")]
    from: String,
}

async fn github(
    Webhook {
        delivery, value, ..
    }: Webhook<Ping>,
) -> String {
    format!(
        "{} {}: {}",
        delivery.event.unwrap_or_default(),
        delivery.id.unwrap_or_default(),
        value.zen
    )
}

async fn stripe(webhook: Webhook<serde_json::Value, Stripe>) -> String {
    format!(
        "{} at {:?}",
        webhook.value["type"], webhook.delivery.timestamp
    )
}

async fn twilio(webhook: Webhook<Sms, Twilio>) -> String {
    format!("{} from {}", webhook.value.body, webhook.value.from)
}

/// The application on a loopback port, served by a thread of its own.
fn serve() -> SocketAddr {
    let state = AppState {
        github: SharedVerifier::new(GitHub::new(GITHUB_SECRET)),
        stripe: Stripe::new(STRIPE_SECRET).clock(FixedClock(NOW)),
        // Behind a proxy: Twilio calls the public URL.
        twilio: Twilio::new("12345").origin("https://example.com"),
    };
    let app = Router::new()
        .route("/github", post(github))
        .route("/stripe", post(stripe))
        .nest("/twilio", Router::new().route("/sms", post(twilio)))
        .with_state(state);
    support::serve(app)
}

/// Sends a POST and answers its status and text.
fn post_to(address: SocketAddr, path: &str, headers: &HeaderMap, body: &[u8]) -> (u16, String) {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    let mut request = agent.post(format!("http://{address}{path}"));
    for (name, value) in headers {
        request = request.header(name.as_str(), value.to_str().expect("an ASCII header"));
    }
    let mut response = request.send(body).expect("an answer");
    let text = response.body_mut().read_to_string().expect("a text");
    (response.status().as_u16(), text)
}

#[test]
fn signed_deliveries_are_accepted_and_forged_ones_refused() {
    let address = serve();
    let signer = GitHub::new(GITHUB_SECRET);
    let body = br#"{"zen": "Keep it logically awesome."}"#;
    let headers = signer.sign("ping", "d1", body).expect("headers");

    assert_eq!(
        post_to(address, "/github", &headers, body),
        (200, "ping d1: Keep it logically awesome.".into())
    );

    let forged = br#"{"zen": "Forged."}"#;
    let (status, text) = post_to(address, "/github", &headers, forged);
    assert_eq!(
        (status, text.as_str()),
        (
            401,
            "no signature of the header x-hub-signature-256 matches the body"
        )
    );
    assert!(!text.contains(&signer.signature(forged)[7..]) && !text.contains(GITHUB_SECRET));

    let (status, text) = post_to(address, "/github", &HeaderMap::new(), body);
    assert_eq!(
        (status, text.as_str()),
        (401, "the header x-hub-signature-256 is missing")
    );

    let mut repeated = headers.clone();
    repeated.append(
        "x-hub-signature-256",
        headers["x-hub-signature-256"].clone(),
    );
    assert_eq!(post_to(address, "/github", &repeated, body).0, 401);

    let wrong_secret = GitHub::new("another secret")
        .sign("ping", "d1", body)
        .expect("headers");
    assert_eq!(post_to(address, "/github", &wrong_secret, body).0, 401);
}

#[test]
fn an_authentic_body_that_does_not_decode_is_a_bad_request() {
    let address = serve();
    let body = br#"{"zen": 42}"#;
    let headers = GitHub::new(GITHUB_SECRET)
        .sign("ping", "d2", body)
        .expect("headers");
    let (status, text) = post_to(address, "/github", &headers, body);
    assert_eq!(status, 400);
    assert!(
        text.starts_with("the body does not decode at zen: invalid type: integer `42`"),
        "{text}"
    );
}

#[test]
fn stripe_deliveries_are_checked_against_the_state_clock() {
    let address = serve();
    let stripe = Stripe::new(STRIPE_SECRET);
    let body = br#"{"id": "evt_1", "type": "invoice.paid"}"#;

    let fresh = stripe.sign(NOW - 10, body);
    assert_eq!(
        post_to(address, "/stripe", &fresh, body),
        (200, "\"invoice.paid\" at Some(1699999990)".into())
    );

    let replayed = stripe.sign(NOW - 3_600, body);
    let (status, text) = post_to(address, "/stripe", &replayed, body);
    assert_eq!(status, 401);
    assert_eq!(
        text,
        "the timestamp of stripe-signature is 3600 s old, more than the 300 s allowed"
    );
}

#[test]
fn twilio_form_posts_are_verified_at_the_public_url_before_nesting() {
    let address = serve();
    let twilio = Twilio::new("12345");
    let body = b"From=%2B15005550006&Body=Hello+there";
    let mut headers = twilio.sign("https://example.com/twilio/sms?account=7", body);
    headers.insert(
        "content-type",
        "application/x-www-form-urlencoded"
            .parse()
            .expect("a value"),
    );

    assert_eq!(
        post_to(address, "/twilio/sms?account=7", &headers, body),
        (200, "Hello there from +15005550006".into())
    );
    assert_eq!(
        post_to(address, "/twilio/sms?account=8", &headers, body).0,
        401
    );
    assert_eq!(
        post_to(
            address,
            "/twilio/sms?account=7",
            &headers,
            b"From=%2B15005550007&Body=Hello+there"
        )
        .0,
        401
    );
}

//! The example `receiver` over loopback: its routes served on 127.0.0.1,
//! deliveries signed by the crate (as GitHub and Stripe sign them), forged
//! and replayed ones sent by a real HTTP client, and what its handlers did
//! checked.
#![cfg(feature = "axum")]

mod support;

#[path = "../examples/receiver/service.rs"]
mod service;

use std::net::SocketAddr;
use std::sync::{Arc, Mutex, PoisonError};

use endpoint_webhooks::{FixedClock, GitHub, Stripe};
use http::HeaderMap;

use service::{Config, Handled, Receiver};

const GITHUB_SECRET: &str = "It's a Secret to Everybody";
const STRIPE_SECRET: &str = "whsec_test_secret";
const NOW: u64 = 1_700_000_000;

/// The receiver on a loopback port, its Stripe verifier's clock stopped at
/// `NOW`, and what its handlers did.
struct Served {
    address: SocketAddr,
    handled: Arc<Mutex<Vec<Handled>>>,
}

impl Served {
    fn start() -> Self {
        let handled = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&handled);
        let receiver = Receiver::new(
            GitHub::new(GITHUB_SECRET),
            Stripe::new(STRIPE_SECRET).clock(FixedClock(NOW)),
            move |event| {
                sink.lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .push(event)
            },
        );
        let address = support::serve(receiver.router());
        Self { address, handled }
    }

    /// What the handlers did so far.
    fn handled(&self) -> Vec<Handled> {
        self.handled
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Sends a JSON body with these headers; answers the status and text.
    fn post(&self, path: &str, headers: &HeaderMap, body: &[u8]) -> (u16, String) {
        let agent: ureq::Agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .build()
            .into();
        let mut request = agent
            .post(format!("http://{}{path}", self.address))
            .header("content-type", "application/json");
        for (name, value) in headers {
            request = request.header(name.as_str(), value.to_str().expect("an ASCII header"));
        }
        let mut response = request.send(body).expect("an answer");
        let text = response.body_mut().read_to_string().expect("a text");
        (response.status().as_u16(), text)
    }

    /// Sends a delivery as GitHub does.
    fn github(&self, event: &str, delivery: &str, body: &[u8]) -> (u16, String) {
        let headers = GitHub::new(GITHUB_SECRET)
            .sign(event, delivery, body)
            .expect("headers");
        self.post("/github", &headers, body)
    }

    /// Sends an event as Stripe does, signed at `timestamp`.
    fn stripe(&self, timestamp: u64, body: &[u8]) -> (u16, String) {
        let headers = Stripe::new(STRIPE_SECRET).sign(timestamp, body);
        self.post("/stripe", &headers, body)
    }
}

const OPENED: &[u8] = br#"{"action": "opened", "issue": {"number": 7, "title": "Crash on start"}, "repository": {"full_name": "octo/hello"}}"#;

fn invoice(event: &str, kind: &str) -> Vec<u8> {
    format!(
        r#"{{"id": "{event}", "type": "{kind}", "data": {{"object": {{"id": "in_1", "amount_paid": 1200, "attempt_count": 2, "currency": "usd"}}}}}}"#
    )
    .into_bytes()
}

#[test]
fn github_deliveries_are_dispatched_by_event_and_action_once_per_delivery_id() {
    let served = Served::start();
    let ping = br#"{"zen": "Design for failure.", "hook_id": 1}"#;
    let push = br#"{"ref": "refs/heads/main", "commits": [{"id": "a1"}, {"id": "b2"}], "repository": {"full_name": "octo/hello"}}"#;
    let closed = br#"{"action": "closed", "issue": {"number": 7, "title": "Crash on start"}, "repository": {"full_name": "octo/hello"}}"#;

    assert_eq!(
        served.github("ping", "d-1", ping),
        (200, "d-1: handled".into())
    );
    assert_eq!(
        served.github("push", "d-2", push),
        (200, "d-2: handled".into())
    );
    assert_eq!(
        served.github("issues", "d-3", OPENED),
        (200, "d-3: handled".into())
    );
    assert_eq!(
        served.github("issues", "d-4", closed),
        (200, "d-4: handled".into())
    );
    // Redelivered: the same X-GitHub-Delivery, acknowledged, not handled again.
    assert_eq!(
        served.github("issues", "d-3", OPENED),
        (200, "d-3: already handled".into())
    );

    assert_eq!(
        served.handled(),
        [
            Handled::Ping {
                zen: "Design for failure.".into()
            },
            Handled::Push {
                repository: "octo/hello".into(),
                reference: "refs/heads/main".into(),
                commits: vec!["a1".into(), "b2".into()],
            },
            Handled::IssueOpened {
                repository: "octo/hello".into(),
                number: 7,
                title: "Crash on start".into(),
            },
            Handled::IssueClosed {
                repository: "octo/hello".into(),
                number: 7,
            },
        ]
    );
}

#[test]
fn forged_deliveries_are_refused_and_do_not_use_up_their_id() {
    let served = Served::start();
    let headers = GitHub::new(GITHUB_SECRET)
        .sign("issues", "d-1", OPENED)
        .expect("headers");
    let forged = String::from_utf8_lossy(OPENED).replace("Crash on start", "Forged");
    assert_eq!(
        served.post("/github", &headers, forged.as_bytes()),
        (
            401,
            "no signature of the header x-hub-signature-256 matches the body".into()
        )
    );
    let wrong_secret = GitHub::new("another secret")
        .sign("issues", "d-1", OPENED)
        .expect("headers");
    assert_eq!(served.post("/github", &wrong_secret, OPENED).0, 401);
    assert_eq!(served.post("/github", &HeaderMap::new(), OPENED).0, 401);

    let body = invoice("evt_1", "invoice.paid");
    let wrong_secret = Stripe::new("whsec_another").sign(NOW, &body);
    assert_eq!(served.post("/stripe", &wrong_secret, &body).0, 401);
    assert_eq!(served.handled(), []);

    // The authentic deliveries of the same ids are still handled.
    assert_eq!(
        served.github("issues", "d-1", OPENED),
        (200, "d-1: handled".into())
    );
    assert_eq!(served.stripe(NOW, &body), (200, "evt_1: handled".into()));
    assert_eq!(served.handled().len(), 2);
}

#[test]
fn unknown_events_and_actions_reach_the_other_arm() {
    let served = Served::start();
    let labeled = br#"{"action": "labeled", "issue": {"number": 7}, "label": {"name": "bug"}}"#;
    let starred = br#"{"action": "created", "starred_at": "2026-12-07T12:00:00Z"}"#;
    let created =
        br#"{"id": "evt_9", "type": "customer.created", "data": {"object": {"id": "cus_1"}}}"#;

    assert_eq!(served.github("issues", "d-1", labeled).0, 200);
    assert_eq!(served.github("star", "d-2", starred).0, 200);
    assert_eq!(served.github("fork", "d-3", b"{}").0, 200);
    assert_eq!(served.stripe(NOW, created), (200, "evt_9: handled".into()));

    let other = |provider, event: &str, action: Option<&str>| Handled::Other {
        provider,
        event: event.into(),
        action: action.map(Into::into),
    };
    assert_eq!(
        served.handled(),
        [
            other("github", "issues", Some("labeled")),
            other("github", "star", Some("created")),
            other("github", "fork", None),
            other("stripe", "customer.created", None),
        ]
    );
}

#[test]
fn stripe_events_are_dispatched_by_type_once_per_event_id() {
    let served = Served::start();
    let paid = invoice("evt_1", "invoice.paid");
    let failed = invoice("evt_2", "invoice.payment_failed");

    assert_eq!(
        served.stripe(NOW - 10, &paid),
        (200, "evt_1: handled".into())
    );
    // Stripe retries an event signed anew: a new timestamp, the same id.
    assert_eq!(
        served.stripe(NOW, &paid),
        (200, "evt_1: already handled".into())
    );
    assert_eq!(served.stripe(NOW, &failed), (200, "evt_2: handled".into()));

    assert_eq!(
        served.handled(),
        [
            Handled::InvoicePaid {
                invoice: "in_1".into(),
                amount: 1200,
                currency: "usd".into(),
            },
            Handled::InvoicePaymentFailed {
                invoice: "in_1".into(),
                attempts: 2,
            },
        ]
    );
}

#[test]
fn a_stripe_timestamp_outside_the_tolerance_is_refused() {
    let served = Served::start();
    let paid = invoice("evt_1", "invoice.paid");

    assert_eq!(
        served.stripe(NOW - 301, &paid),
        (
            401,
            "the timestamp of stripe-signature is 301 s old, more than the 300 s allowed".into()
        )
    );
    assert_eq!(
        served.stripe(NOW + 301, &paid),
        (
            401,
            "the timestamp of stripe-signature is 301 s in the future, more than the 300 s allowed"
                .into()
        )
    );
    assert_eq!(served.handled(), []);
    assert_eq!(
        served.stripe(NOW - 300, &paid),
        (200, "evt_1: handled".into())
    );
}

#[test]
fn an_authentic_body_that_does_not_decode_is_a_bad_request_and_not_handled() {
    let served = Served::start();
    let paid = br#"{"id": "evt_1", "type": "invoice.paid", "data": {"object": {"id": "in_1", "amount_paid": "twelve", "attempt_count": 1, "currency": "usd"}}}"#;
    let (status, text) = served.stripe(NOW, paid);
    assert_eq!(status, 400);
    assert!(
        text.starts_with(
            "the body does not decode at data.object.amount_paid: invalid type: string \"twelve\""
        ),
        "{text}"
    );

    let body = br#"{"zen": "Design for failure."}"#;
    let mut headers = GitHub::new(GITHUB_SECRET)
        .sign("ping", "d-1", body)
        .expect("headers");
    headers.remove("x-github-event");
    let (status, text) = served.post("/github", &headers, body);
    assert_eq!(status, 400);
    assert!(text.contains("X-GitHub-Event"), "{text}");

    headers = GitHub::new(GITHUB_SECRET)
        .sign("ping", "d-1", body)
        .expect("headers");
    headers.remove("x-github-delivery");
    assert_eq!(
        served.post("/github", &headers, body),
        (400, "the header x-github-delivery is missing".into())
    );
    assert_eq!(served.handled(), []);
}

#[test]
fn the_receiver_does_not_start_without_its_secrets() {
    let error = Config::from_env(|_| None).expect_err("no secrets");
    assert_eq!(
        error,
        "the receiver does not start without its secrets; set GITHUB_WEBHOOK_SECRET (the secret \
         of the GitHub webhook, in its settings) and STRIPE_WEBHOOK_SECRET (the endpoint's \
         signing secret, whsec_…, in Stripe's dashboard)"
    );
    let only_github = |name: &str| (name == "GITHUB_WEBHOOK_SECRET").then(|| "s".to_owned());
    let error = Config::from_env(only_github).expect_err("no Stripe secret");
    assert!(
        error.ends_with("set STRIPE_WEBHOOK_SECRET (the endpoint's signing secret, whsec_…, in Stripe's dashboard)"),
        "{error}"
    );
    let empty = |name: &str| (name != "RECEIVER_ADDRESS").then(|| " ".to_owned());
    assert!(Config::from_env(empty).is_err());

    let both = |name: &str| (name != "RECEIVER_ADDRESS").then(|| format!("{name} value"));
    let config = Config::from_env(both).expect("both secrets");
    assert_eq!(
        (
            config.github_secret.as_str(),
            config.stripe_secret.as_str(),
            config.address.as_str()
        ),
        (
            "GITHUB_WEBHOOK_SECRET value",
            "STRIPE_WEBHOOK_SECRET value",
            "127.0.0.1:3000"
        )
    );
}

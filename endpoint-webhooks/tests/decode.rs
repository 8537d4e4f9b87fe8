//! `verify_and_decode`: JSON and form bodies, the path of a field that does
//! not decode, and a type that decodes by the headers (as a generated enum
//! of events will).

use endpoint_webhooks::{Decode, FixedClock, GitHub, Slack, WebhookError, verify_and_decode};
use http::HeaderMap;

#[derive(Debug, serde::Deserialize, PartialEq)]
struct Charge {
    data: Data,
}

#[derive(Debug, serde::Deserialize, PartialEq)]
struct Data {
    object: Object,
}

#[derive(Debug, serde::Deserialize, PartialEq)]
struct Object {
    amount: u64,
}

fn github() -> GitHub {
    GitHub::new("secret")
}

#[test]
fn a_field_that_does_not_decode_is_named_by_its_path() {
    let body = br#"{"data": {"object": {"amount": "twelve"}}}"#;
    let headers = github().sign("charge", "1", body).expect("headers");
    let error =
        verify_and_decode::<Charge>(&github(), &headers, body).expect_err("a string amount");
    let WebhookError::Decode { path, message } = &error else {
        panic!("{error:?}");
    };
    assert_eq!(path, "data.object.amount");
    assert!(
        message.starts_with("invalid type: string \"twelve\", expected u64"),
        "{message}"
    );
    assert!(
        error
            .to_string()
            .starts_with("the body does not decode at data.object.amount: invalid type")
    );
    assert!(!error.is_unauthenticated());
}

#[test]
fn text_after_the_json_value_is_refused() {
    let body = br#"{"data": {"object": {"amount": 12}}} {}"#;
    let headers = github().sign("charge", "1", body).expect("headers");
    let error = verify_and_decode::<Charge>(&github(), &headers, body).expect_err("two values");
    assert!(
        matches!(&error, WebhookError::Decode { path, .. } if path == "."),
        "{error:?}"
    );
    let body = br#"{"data": {"object": {"amount": 12}}}"#;
    let headers = github().sign("charge", "1", body).expect("headers");
    let (_, charge) = verify_and_decode::<Charge>(&github(), &headers, body).expect("a charge");
    assert_eq!(charge.data.object.amount, 12);
}

#[test]
fn a_form_body_decodes_as_an_object_of_strings() {
    #[derive(serde::Deserialize)]
    struct Command {
        command: String,
        text: String,
        channel: Vec<String>,
    }
    let slack = Slack::new("secret").clock(FixedClock(1_531_420_618));
    let body = b"command=%2Fweather&text=94070+today&channel=C1&channel=C2";
    let mut headers = slack.sign(1_531_420_618, body);
    headers.insert(
        "content-type",
        "application/x-www-form-urlencoded; charset=utf-8"
            .parse()
            .expect("a value"),
    );
    let (_, command) = verify_and_decode::<Command>(&slack, &headers, body).expect("a command");
    assert_eq!(
        (command.command.as_str(), command.text.as_str()),
        ("/weather", "94070 today")
    );
    assert_eq!(command.channel, ["C1", "C2"]);
}

/// What a generated enum of events does: the variant named by a header,
/// each variant's payload decoded by serde.
#[test]
fn a_type_can_decode_by_the_headers() {
    #[derive(Debug, PartialEq)]
    enum Event {
        Ping { zen: String },
        Other(String),
    }
    #[derive(serde::Deserialize)]
    struct Ping {
        zen: String,
    }
    impl Decode for Event {
        fn decode(headers: &HeaderMap, body: &[u8]) -> Result<Self, WebhookError> {
            match headers
                .get("x-github-event")
                .and_then(|value| value.to_str().ok())
            {
                Some("ping") => {
                    Ping::decode(headers, body).map(|ping| Event::Ping { zen: ping.zen })
                }
                other => Ok(Event::Other(other.unwrap_or_default().to_owned())),
            }
        }
    }
    let body = br#"{"zen": "Practicality beats purity."}"#;
    let headers = github().sign("ping", "1", body).expect("headers");
    let (delivery, event) =
        verify_and_decode::<Event>(&github(), &headers, body).expect("an event");
    assert_eq!(delivery.event.as_deref(), Some("ping"));
    assert_eq!(
        event,
        Event::Ping {
            zen: "Practicality beats purity.".into()
        }
    );
    let headers = github().sign("push", "2", body).expect("headers");
    let (_, event) = verify_and_decode::<Event>(&github(), &headers, body).expect("an event");
    assert_eq!(event, Event::Other("push".into()));
}

#[test]
fn nothing_is_decoded_before_the_delivery_is_verified() {
    let body = br#"{"not": "json"#;
    let headers = GitHub::new("other")
        .sign("ping", "1", body)
        .expect("headers");
    let error =
        verify_and_decode::<serde_json::Value>(&github(), &headers, body).expect_err("forged");
    assert_eq!(
        error,
        WebhookError::WrongSignature {
            name: "x-hub-signature-256"
        }
    );
    assert!(error.is_unauthenticated());
}

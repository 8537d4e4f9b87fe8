//! The `webhooks` module `openapi!` writes for
//! `endpoint-openapi/tests/webhooks/headers31.yaml`: events named by the
//! header `X-GitHub-Event`, two of one value told apart by the body's
//! `action`.

endpoint::openapi!(
    "../../endpoint-openapi/tests/webhooks/headers31.yaml",
    strict
);

use webhooks::{Event, IssuesClosed, IssuesOpened, Ping};

#[test]
fn each_example_decodes_as_the_event_its_header_and_action_name() {
    let opened = br#"{"action": "opened", "issue": {"number": 1}}"#;
    let Event::IssuesOpened(boxed) = Event::decode_named("issues", opened).unwrap() else {
        panic!("not issues-opened");
    };
    let IssuesOpened { issue, .. } = *boxed;
    assert_eq!(issue.number, 1);
    let closed = br#"{"issue": {"number": 1}, "action": "closed"}"#;
    assert!(matches!(
        Event::decode_named("issues", closed).unwrap(),
        Event::IssuesClosed(closed) if matches!(*closed, IssuesClosed { .. })
    ));
    let ping = br#"{"zen": "Keep it logically awesome."}"#;
    let Event::Ping(boxed) = Event::decode_named("ping", ping).unwrap() else {
        panic!("not ping");
    };
    let Ping { zen, .. } = *boxed;
    assert_eq!(zen.as_deref(), Some("Keep it logically awesome."));
}

#[test]
fn an_unknown_action_or_event_is_other() {
    for (event, body) in [
        (
            "issues",
            &br#"{"action": "reopened", "issue": {"number": 1}}"#[..],
        ),
        ("issues", br#"{"issue": {"number": 1}}"#),
        ("star", br#"{"action": "created"}"#),
    ] {
        assert_eq!(
            Event::decode_named(event, body).unwrap(),
            Event::Other {
                tag: Some(event.into()),
                body: body.to_vec()
            }
        );
    }
}

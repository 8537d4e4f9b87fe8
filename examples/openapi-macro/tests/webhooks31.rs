//! The `webhooks` module `openapi!` writes for the OpenAPI 3.1 webhooks of
//! `endpoint-openapi/tests/webhooks/webhooks31.yaml`: two events told apart
//! by the body's `type` (a `const`, a one-value `enum`), one by the header
//! `X-GitHub-Event` and the body's `action`.

endpoint::openapi!(
    "../../endpoint-openapi/tests/webhooks/webhooks31.yaml",
    strict
);

use webhooks::{Event, Invoice, InvoicePaid, InvoicePaidType, InvoiceVoided, Issues, IssuesAction};

#[test]
fn each_example_decodes_as_its_event() {
    let paid = br#"{"type": "invoice.paid", "invoice": {"id": "in_1", "amount": 1200}}"#;
    let Event::InvoicePaid(boxed) = Event::decode(paid).unwrap() else {
        panic!("not invoicePaid");
    };
    let InvoicePaid {
        r#type, invoice, ..
    } = *boxed;
    assert_eq!(r#type, InvoicePaidType::InvoicePaid);
    assert_eq!((invoice.id.as_str(), invoice.amount), ("in_1", 1200));

    let voided = br#"{"type": "invoice.voided", "invoice": {"id": "in_2", "amount": 300}}"#;
    assert!(matches!(
        Event::decode(voided).unwrap(),
        Event::InvoiceVoided(voided) if matches!(
            *voided,
            InvoiceVoided {
                invoice: Invoice { amount: 300, .. },
                ..
            }
        )
    ));

    let opened = br#"{"action": "opened", "number": 7}"#;
    let Event::Issues(boxed) = Event::decode_named("issues", opened).unwrap() else {
        panic!("not issues");
    };
    let Issues { action, number, .. } = *boxed;
    assert_eq!((action, number), (IssuesAction::Opened, 7));
    assert_eq!(Event::HEADER, "X-GitHub-Event");
    assert_eq!(Event::TAG, "type");
}

#[test]
fn the_enum_is_a_few_words_its_payloads_boxed() {
    // `Other`'s tag and body are its largest variant; a payload is a pointer.
    let words = std::mem::size_of::<Event>() / std::mem::size_of::<usize>();
    assert!(words <= 7, "{words} words");
    assert!(std::mem::size_of::<InvoicePaid>() > std::mem::size_of::<usize>());
}

#[test]
fn the_tag_chooses_the_event_wherever_it_is_never_the_first_shape_that_fits() {
    // The two invoices have the same shape: only `type` tells them apart,
    // read before, after or between the other keys.
    let voided = br#"{"invoice": {"id": "in_2", "amount": 300, "type": "invoice.paid"}, "type": "invoice.voided"}"#;
    assert!(matches!(
        Event::decode(voided).unwrap(),
        Event::InvoiceVoided(_)
    ));
    let paid = br#"{"invoice": {"id": "in_1", "amount": 1}, "extra": [1, {"type": "x"}], "type": "invoice.paid"}"#;
    assert!(matches!(
        Event::decode(paid).unwrap(),
        Event::InvoicePaid(_)
    ));
}

#[test]
fn an_unknown_event_or_action_is_other_with_its_body() {
    let refunded = br#"{"type": "invoice.refunded", "invoice": {"id": "in_3"}}"#;
    assert_eq!(
        Event::decode(refunded).unwrap(),
        Event::Other {
            tag: Some("invoice.refunded".into()),
            body: refunded.to_vec()
        }
    );
    let untagged = br#"{"invoice": {"id": "in_3"}, "type": 7}"#;
    assert_eq!(
        Event::decode(untagged).unwrap(),
        Event::Other {
            tag: None,
            body: untagged.to_vec()
        }
    );
    let starred = br#"{"action": "created"}"#;
    assert_eq!(
        Event::decode_named("star", starred).unwrap(),
        Event::Other {
            tag: Some("star".into()),
            body: starred.to_vec()
        }
    );
    let reopened = br#"{"action": "reopened", "number": 7}"#;
    assert_eq!(
        Event::decode_named("issues", reopened).unwrap(),
        Event::Other {
            tag: Some("issues".into()),
            body: reopened.to_vec()
        }
    );
}

#[test]
fn a_body_that_is_no_object_or_a_payload_that_does_not_decode_is_an_error() {
    assert!(Event::decode(b"[1, 2]").is_err());
    assert!(Event::decode(b"{\"type\": \"invoice.paid\"").is_err());
    let error =
        Event::decode(br#"{"type": "invoice.paid", "invoice": {"id": "in_1"}}"#).unwrap_err();
    assert!(error.to_string().contains("amount"), "{error}");
}

//! The `webhooks` module `openapi!` writes for the `x-webhooks` of the
//! OpenAPI 3.0 description `endpoint-openapi/tests/webhooks/x-webhooks30.yaml`.

endpoint::openapi!(
    "../../endpoint-openapi/tests/webhooks/x-webhooks30.yaml",
    strict
);

use webhooks::{Event, OrderShipped};

#[test]
fn the_webhook_decodes_and_another_event_is_other() {
    let shipped = br#"{"event": "order.shipped", "order_id": "o_1"}"#;
    let Event::OrderShipped(boxed) = Event::decode(shipped).unwrap() else {
        panic!("not orderShipped");
    };
    let OrderShipped { order_id, .. } = *boxed;
    assert_eq!(order_id.as_deref(), Some("o_1"));
    let paid = br#"{"event": "order.paid", "order_id": "o_1"}"#;
    assert!(
        matches!(Event::decode(paid).unwrap(), Event::Other { tag: Some(tag), .. } if tag == "order.paid")
    );
}

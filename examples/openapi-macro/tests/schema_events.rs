//! The `webhooks` module `openapi!` writes for the events of
//! `endpoint-openapi/tests/webhooks/schema_events.yaml`, component schemas
//! marked `x-stripeEvent` as Stripe's SDK description marks them (the
//! conventions' `[events] schema-extension`): each delivery is the envelope
//! `event`, told apart by its `type`, its `data.object` typed.

endpoint::openapi!(
    "../../endpoint-openapi/tests/webhooks/schema_events.yaml",
    conventions = "../../endpoint-openapi/tests/webhooks/schema_events.toml",
    strict
);

use webhooks::{
    AccountExternalAccountCreated, AccountExternalAccountCreatedDataObject, CustomerCreated,
    CustomerDeleted, CustomerUpdated, Event,
};

/// A delivery of the event `kind` about `object`, as Stripe sends one.
fn delivery(kind: &str, object: &str) -> Vec<u8> {
    format!(
        r#"{{"id": "evt_1", "object": "event", "api_version": "2025-09-30", "created": 1700000000,
            "data": {{"object": {object}}}, "livemode": false, "pending_webhooks": 1,
            "request": {{"id": null, "idempotency_key": null}}, "type": "{kind}"}}"#
    )
    .into_bytes()
}

const CUSTOMER: &str = r#"{"id": "cus_1", "object": "customer", "email": "a@example.com"}"#;

#[test]
fn each_event_decodes_as_its_variant_by_its_type() {
    let Event::CustomerCreated(boxed) =
        Event::decode(&delivery("customer.created", CUSTOMER)).unwrap()
    else {
        panic!("not customer.created");
    };
    let CustomerCreated { id, data, .. } = *boxed;
    assert_eq!((id.as_str(), data.object.id.as_str()), ("evt_1", "cus_1"));
    assert_eq!(
        data.object.email.value().map(String::as_str),
        Some("a@example.com")
    );

    let card = r#"{"id": "card_1", "object": "card", "brand": "Visa"}"#;
    let Event::AccountExternalAccountCreated(boxed) =
        Event::decode(&delivery("account.external_account.created", card)).unwrap()
    else {
        panic!("not account.external_account.created");
    };
    let AccountExternalAccountCreated { data, .. } = *boxed;
    let AccountExternalAccountCreatedDataObject::Card(card) = data.object else {
        panic!("not a card: {:?}", data.object);
    };
    assert_eq!(card.brand, "Visa");

    let updated = br#"{"id": "evt_2", "object": "event", "created": 1700000001, "livemode": true,
        "type": "customer.updated",
        "data": {"object": {"id": "cus_1", "object": "customer", "email": null},
                 "previous_attributes": {"email": "a@example.com"}}}"#;
    let Event::CustomerUpdated(boxed) = Event::decode(updated).unwrap() else {
        panic!("not customer.updated");
    };
    let CustomerUpdated { data, .. } = *boxed;
    let previous = data.previous_attributes.expect("previous attributes");
    assert_eq!(
        previous.email.value().map(String::as_str),
        Some("a@example.com")
    );
    assert_eq!(Event::TAG, "type");
}

#[test]
fn two_events_of_one_resource_are_told_apart_by_their_type_alone() {
    // `customer.created` and `customer.deleted` carry the same shape.
    let deleted = Event::decode(&delivery("customer.deleted", CUSTOMER)).unwrap();
    let Event::CustomerDeleted(boxed) = &deleted else {
        panic!("not customer.deleted: {deleted:?}");
    };
    let CustomerDeleted { data, .. } = &**boxed;
    assert_eq!(data.object.id, "cus_1");
    assert!(matches!(
        Event::decode(&delivery("customer.created", CUSTOMER)).unwrap(),
        Event::CustomerCreated(_)
    ));
}

#[test]
fn an_unknown_event_type_is_other_with_its_body() {
    let body = delivery("invoice.paid", r#"{"id": "in_1", "object": "invoice"}"#);
    assert_eq!(
        Event::decode(&body).unwrap(),
        Event::Other {
            tag: Some("invoice.paid".into()),
            body: body.clone()
        }
    );
}

#[test]
fn a_known_type_whose_object_does_not_decode_is_an_error() {
    let error =
        Event::decode(&delivery("customer.created", r#"{"object": "customer"}"#)).unwrap_err();
    assert!(error.to_string().contains("id"), "{error}");
}

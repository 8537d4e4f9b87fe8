//! `openapi!` with some operations keeps an expandable field (an id, or the
//! object itself when the request asks to expand it) as `models::Expandable`
//! unless told to expand it, and decodes either form the server sends.

endpoint::openapi!("tests/expandable.yaml", operations = ["getCharge"], strict);

use models::{Charge, Expandable};

#[test]
fn an_expandable_field_decodes_an_id_or_the_object() {
    let charge: Charge = serde_json::from_str(r#"{"id": "ch_1", "customer": "cus_1"}"#).unwrap();
    let customer = charge.customer.into_value().map(|customer| *customer);
    assert_eq!(customer, Some(Expandable::String("cus_1".into())));

    let expanded: Charge =
        serde_json::from_str(r#"{"id": "ch_1", "customer": {"id": "cus_1", "name": "Ada"}}"#)
            .unwrap();
    let Some(Expandable::Object(customer)) =
        expanded.customer.into_value().map(|customer| *customer)
    else {
        panic!("the expanded customer is an object");
    };
    assert_eq!(customer["name"], "Ada");

    let none: Charge = serde_json::from_str(r#"{"id": "ch_1", "customer": null}"#).unwrap();
    assert!(none.customer.into_value().is_none());
}

#[test]
fn the_request_asks_for_the_expansion() {
    let request = charges::GetCharge {
        expand: Some(vec!["customer".into()]),
        ..charges::GetCharge::new("ch_1")
    }
    .to_request()
    .unwrap();
    assert!(
        request
            .url
            .starts_with("https://shop.example.com/charges/ch_1?expand"),
        "{}",
        request.url
    );
    assert!(request.url.ends_with("=customer"), "{}", request.url);
}

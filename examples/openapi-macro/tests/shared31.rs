//! The `webhooks` module `openapi!` writes for
//! `endpoint-openapi/tests/webhooks/shared31.yaml`, whose webhooks send
//! components that operations use too: the payloads hold the models
//! (`models::Pet`, `models::Owner`), one type with the operations'.

endpoint::openapi!(
    "../../endpoint-openapi/tests/webhooks/shared31.yaml",
    strict
);

use webhooks::{Event, Owner2, PetAdded, PetRemoved};

#[test]
fn a_payload_holds_the_model_the_operations_answer() {
    let added = br#"{"type": "pet.added", "pet": {"id": 1, "name": "Rex"}}"#;
    let Event::PetAdded(PetAdded { pet, .. }) = Event::decode(added).unwrap() else {
        panic!("not petAdded");
    };
    // The operation's answer type, not a copy of it.
    let pet: models::Pet = pet;
    assert_eq!((pet.id, pet.name.as_str()), (1, "Rex"));
}

#[test]
fn a_webhook_named_like_a_model_decodes_its_own_payload_holding_the_model() {
    let changed = br#"{"owner": {"name": "Ann", "since": "2020"}, "type": "owner.changed"}"#;
    let Event::Owner2(Owner2 { owner, .. }) = Event::decode(changed).unwrap() else {
        panic!("not Owner");
    };
    // The model as answers hold it: with its `readOnly` field.
    let owner: models::Owner = owner;
    assert_eq!(owner.since.as_deref(), Some("2020"));
}

#[test]
fn a_payload_only_webhooks_reach_is_the_modules_own_holding_the_model() {
    let removed = br#"{"type": "pet.removed", "pet": {"id": 2, "name": "Rex"}}"#;
    let Event::PetRemoved(PetRemoved { pet, .. }) = Event::decode(removed).unwrap() else {
        panic!("not petRemoved");
    };
    let pet: models::Pet = pet;
    assert_eq!(pet.id, 2);
    let unknown = br#"{"type": "pet.sold"}"#;
    assert!(matches!(
        Event::decode(unknown).unwrap(),
        Event::Other { .. }
    ));
}

//! The `webhooks` module `openapi!` writes for the callbacks of
//! `endpoint-openapi/tests/webhooks/callbacks30.yaml`: a payload per
//! callback, named after its operation, told apart by `event_type`.

endpoint::openapi!(
    "../../endpoint-openapi/tests/webhooks/callbacks30.yaml",
    strict
);

use webhooks::{Event, StartJobJobDone, SubscribeProgress};

#[test]
fn each_callback_decodes_as_its_payload() {
    let done = br#"{"event_type": "job.done", "job_id": "j_1"}"#;
    let Event::StartJobJobDone(done) = Event::decode(done).unwrap() else {
        panic!("not jobDone");
    };
    // Each payload is boxed: the enum stays a few words, whatever its payloads.
    let StartJobJobDone { job_id, .. } = *done;
    assert_eq!(job_id, "j_1");

    let progress = br#"{"percent": 40, "event_type": "job.progress"}"#;
    let Event::SubscribeProgress(boxed) = Event::decode(progress).unwrap() else {
        panic!("not progress");
    };
    let SubscribeProgress { percent, .. } = *boxed;
    assert_eq!(percent, Some(40));
    // The payload is a type of its own, decoded without the enum too.
    let typed: SubscribeProgress = serde_json::from_slice(progress).unwrap();
    assert_eq!(typed.percent, Some(40));
}

#[test]
fn an_unknown_callback_is_other() {
    let failed = br#"{"event_type": "job.failed", "job_id": "j_1"}"#;
    assert_eq!(
        Event::decode(failed).unwrap(),
        Event::Other {
            tag: Some("job.failed".into()),
            body: failed.to_vec()
        }
    );
}

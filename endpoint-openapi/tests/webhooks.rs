//! Webhooks and callbacks: the requests an API sends, read from
//! `webhooks` (OpenAPI 3.1), `x-webhooks` (OpenAPI 3.0) and operations'
//! `callbacks` into `Api::events`, and never left out of a generated crate
//! without a diagnostic.

use std::path::{Path, PathBuf};

use endpoint_openapi::Generator;
use endpoint_openapi::api::{Event, EventSource, ParamIn};
use endpoint_openapi::filter::Filter;
use endpoint_openapi::package::{self, Dependency, Modules, Options};
use endpoint_openapi::read::{Read, read_file, read_value};
use endpoint_openapi::schema::Kind;
use serde_json::json;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/webhooks")
        .join(name)
}

fn read(name: &str) -> Read {
    read_file(&fixture(name), &[]).unwrap()
}

fn event<'a>(read: &'a Read, name: &str) -> &'a Event {
    read.api
        .events
        .iter()
        .find(|event| event.name == name)
        .unwrap_or_else(|| panic!("no event {name}: {:?}", read.api.events))
}

fn diagnostics(read: &Read) -> Vec<String> {
    read.diagnostics.iter().map(ToString::to_string).collect()
}

/// The names of the headers the event declares.
fn headers(event: &Event) -> Vec<&str> {
    let parameters = &event.operation.parameters;
    let headers = parameters.iter().filter(|p| p.location == ParamIn::Header);
    headers.map(|p| p.name.as_str()).collect()
}

fn generated_diagnostics(read: &Read) -> Vec<String> {
    let options = Options {
        name: "hooks-api".into(),
        endpoint: Dependency::Path("../endpoint".into()),
        modules: Modules::Tags,
        conventions: Default::default(),
    };
    let generated = package::generate_read(read, &options).unwrap();
    generated
        .diagnostics
        .iter()
        .map(ToString::to_string)
        .collect()
}

#[test]
fn openapi_3_1_webhooks_are_read_as_events() {
    let read = read("webhooks31.yaml");
    assert_eq!(diagnostics(&read), Vec::<String>::new());
    assert!(read.api.operations.is_empty());
    let names: Vec<_> = read.api.events.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(names, ["invoicePaid", "invoiceVoided", "issues"]);

    let paid = event(&read, "invoicePaid");
    assert_eq!(paid.source, EventSource::Webhook);
    assert_eq!(paid.operation.method, "POST");
    assert_eq!(paid.operation.pointer, "#/webhooks/invoicePaid/post");
    assert_eq!(paid.operation.path, "");
    assert_eq!(
        paid.operation.summary.as_deref(),
        Some("An invoice was paid.")
    );
    assert_eq!(
        paid.operation.description.as_deref(),
        Some("Sent once the payment is settled.")
    );
    assert!(!paid.operation.deprecated);
    let body = paid.operation.body.as_ref().expect("a body");
    assert!(body.required);
    let media = &body.contents[0];
    assert_eq!(media.media_type, "application/json");
    assert_eq!(
        media.schema.as_ref().unwrap().kind,
        Kind::Ref("InvoicePaid".into())
    );
    assert_eq!(media.examples.len(), 1);
    assert_eq!(media.examples[0].1["type"], "invoice.paid");
    assert_eq!(paid.operation.responses[0].status, "200");
    assert_eq!(paid.label(), "webhook `invoicePaid` (POST)");

    let voided = event(&read, "invoiceVoided");
    assert!(voided.operation.deprecated);
    let examples = &voided.operation.body.as_ref().unwrap().contents[0].examples;
    assert_eq!(
        examples[0].0,
        "#/webhooks/invoiceVoided/post/requestBody/content/application~1json/examples/voided/value"
    );

    // The path item's header and the operation's.
    let issues = event(&read, "issues");
    assert_eq!(headers(issues), ["X-Delivery", "X-GitHub-Event"]);
    let github_event = &issues.operation.parameters[1];
    assert!(github_event.required);
    assert!(matches!(
        &github_event.schema.kind,
        Kind::String { values: Some(values), .. } if values == &["issues"]
    ));
}

#[test]
fn openapi_3_0_x_webhooks_are_read_as_events() {
    let read = read("x-webhooks30.yaml");
    assert_eq!(diagnostics(&read), Vec::<String>::new());
    assert_eq!(read.api.operations.len(), 1);
    let [shipped] = read.api.events.as_slice() else {
        panic!("one event: {:?}", read.api.events)
    };
    assert_eq!(shipped.name, "orderShipped");
    assert_eq!(shipped.source, EventSource::Webhook);
    assert_eq!(shipped.operation.pointer, "#/x-webhooks/orderShipped/post");
    assert_eq!(
        shipped.operation.operation_id.as_deref(),
        Some("orderShipped")
    );
    let media = &shipped.operation.body.as_ref().unwrap().contents[0];
    assert!(matches!(
        media.schema.as_ref().unwrap().kind,
        Kind::Object(_)
    ));
}

#[test]
fn callbacks_of_operations_are_read_as_events_of_their_operation() {
    let read = read("callbacks30.yaml");
    assert_eq!(diagnostics(&read), Vec::<String>::new());
    assert_eq!(read.api.operations.len(), 2);
    let names: Vec<_> = read.api.events.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(names, ["jobDone", "progress"]);

    let done = event(&read, "jobDone");
    assert_eq!(
        done.source,
        EventSource::Callback {
            operation: "startJob".into(),
            expression: "{$request.body#/callbackUrl}".into(),
        }
    );
    assert_eq!(done.operation.path, "{$request.body#/callbackUrl}");
    // The expression's braces are no path template: no path parameter.
    assert_eq!(headers(done), ["X-Signature"]);
    assert_eq!(done.operation.parameters.len(), 1);
    assert_eq!(
        done.operation.pointer,
        "#/paths/~1jobs/post/callbacks/jobDone/{$request.body#~1callbackUrl}/post"
    );
    let media = &done.operation.body.as_ref().unwrap().contents[0];
    assert_eq!(
        media.examples[0].1,
        json!({"event_type": "job.done", "job_id": "j_1"})
    );
    assert_eq!(done.label(), "callback `jobDone` of `startJob` (POST)");

    // A callback by reference is read where it leads.
    let progress = event(&read, "progress");
    assert_eq!(
        progress.operation.pointer,
        "#/components/callbacks/Progress/{$request.query.url}~1progress/post"
    );
    assert_eq!(
        progress.source,
        EventSource::Callback {
            operation: "subscribe".into(),
            expression: "{$request.query.url}/progress".into(),
        }
    );
}

#[test]
fn a_callback_goes_with_its_operation_through_the_filter() {
    let generator = Generator::new(fixture("callbacks30.yaml"))
        .filter(Filter::default().operation("subscribe"));
    let output = generator.generate().unwrap();
    let found: Vec<String> = output.diagnostics.iter().map(ToString::to_string).collect();
    assert_eq!(found.len(), 1, "{found:#?}");
    assert!(
        found[0].contains("callback `progress` of `subscribe`"),
        "{found:#?}"
    );
}

#[test]
fn each_event_left_out_of_the_crate_is_a_diagnostic() {
    let found = generated_diagnostics(&read("webhooks31.yaml"));
    assert_eq!(
        found,
        [
            "#/webhooks/invoicePaid/post: webhook `invoicePaid` (POST): a request the API sends \
             is not generated; left out: no type of its payload (decode it with a type of your own)",
            "#/webhooks/invoiceVoided/post: webhook `invoiceVoided` (POST): a request the API \
             sends is not generated; left out: no type of its payload (decode it with a type of \
             your own)",
            "#/webhooks/issues/post: webhook `issues` (POST): a request the API sends is not \
             generated; left out: no type of its payload (decode it with a type of your own)",
        ]
    );
    let found = generated_diagnostics(&read("callbacks30.yaml"));
    assert_eq!(found.len(), 2, "{found:#?}");
    assert!(
        found[0].starts_with(
            "#/paths/~1jobs/post/callbacks/jobDone/{$request.body#~1callbackUrl}/post \
             (startJob): callback `jobDone` of `startJob` (POST): a request the API sends"
        ),
        "{found:#?}"
    );
    let found = generated_diagnostics(&read("x-webhooks30.yaml"));
    assert_eq!(found.len(), 1, "{found:#?}");
    assert!(found[0].starts_with("#/x-webhooks/orderShipped/post: webhook `orderShipped`"));
}

#[test]
fn strict_refuses_a_description_of_webhooks_alone() {
    let err = Generator::new(fixture("webhooks31.yaml"))
        .strict(true)
        .generate()
        .unwrap_err();
    assert!(
        err.message().starts_with(
            "3 diagnostics (strict):\n  #/webhooks/invoicePaid/post: webhook `invoicePaid` (POST)"
        ),
        "{err}"
    );
}

#[test]
fn an_event_that_cannot_be_read_is_a_diagnostic() {
    let read = read_value(
        json!({
            "openapi": "3.1.0",
            "paths": {"/a": {"post": {
                "operationId": "a",
                "responses": {"200": {"description": "OK"}},
                "callbacks": {
                    "broken": {"$ref": "#/components/callbacks/Missing"},
                    "empty": {},
                    "bare": {"{$request.body#/url}": {"summary": "no operation"}}
                }
            }}},
            "webhooks": {"lost": {"$ref": "#/components/pathItems/Missing"}},
            "x-webhooks": ["not", "a", "map"]
        }),
        None,
        &[],
    )
    .unwrap();
    assert!(read.api.events.is_empty(), "{:?}", read.api.events);
    let found = diagnostics(&read);
    let expected = [
        "#/paths/~1a/post/callbacks/broken (a): ",
        "#/paths/~1a/post/callbacks/empty (a): the callback `empty` has no URL expression; left out",
        "#/paths/~1a/post/callbacks/bare/{$request.body#~1url} (callback bare of a): the callback has no operation; left out",
        "#/webhooks/lost (lost): ",
        "#/x-webhooks: `x-webhooks` is not an object; ignored",
    ];
    assert_eq!(found.len(), expected.len(), "{found:#?}");
    for (found, expected) in found.iter().zip(expected) {
        assert!(
            found.starts_with(expected),
            "{found:?} is not {expected:?}…"
        );
    }
}

#[test]
fn callbacks_in_a_circle_are_read_to_a_depth_with_a_diagnostic() {
    let read = read_value(
        json!({
            "openapi": "3.1.0",
            "paths": {"/a": {"post": {
                "operationId": "a",
                "responses": {"200": {"description": "OK"}},
                "callbacks": {"again": {"$ref": "#/components/callbacks/Again"}}
            }}},
            "components": {"callbacks": {"Again": {"{$request.body#/url}": {"post": {
                "responses": {"200": {"description": "OK"}},
                "callbacks": {"again": {"$ref": "#/components/callbacks/Again"}}
            }}}}}
        }),
        None,
        &[],
    )
    .unwrap();
    assert_eq!(read.api.events.len(), 4);
    let found = diagnostics(&read);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert!(
        found[0].ends_with("callbacks nested more than 4 deep (a circle?); left out"),
        "{found:#?}"
    );
}

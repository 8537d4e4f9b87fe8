//! The conventions' `[events]` table: the header that names each event and
//! where each event's operation writes its value, for descriptions whose
//! header schema lists no value (GitHub's webhooks: `X-GitHub-Event` a
//! plain string, its value in `x-github.subcategory`).

use std::path::{Path, PathBuf};

use endpoint_openapi::Generator;
use endpoint_openapi::conventions::{Conventions, EventConventions};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/webhooks")
        .join(name)
}

/// The source's text with its whitespace made single spaces.
fn flat(source: &str) -> String {
    source.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn hooks() -> Generator {
    Generator::new(fixture("named31.yaml")).name("hooks")
}

#[test]
fn the_conventions_header_value_names_events_whose_header_lists_none() {
    let output = hooks()
        .conventions_file(fixture("named.toml"))
        .generate()
        .unwrap();
    let source = flat(&output.source);
    for expected in [
        "pub enum Event {",
        "StarCreated(Box<StarCreated>),",
        "StarDeleted(Box<StarDeleted>),",
        "Ping(Box<Ping>),",
        // The header as the first event writes it.
        "pub const HEADER: &'static str = \"X-Hooks-Event\";",
        "\"star\" => { match skim(body, \"action\").map_err(R::error)?.as_deref() { \
         Some(\"created\") => Self::StarCreated(R::boxed(body)?), \
         Some(\"deleted\") => Self::StarDeleted(R::boxed(body)?), _ => { Self::Other {",
        "\"ping\" => Self::Ping(R::boxed(body)?),",
    ] {
        assert!(
            source.contains(&flat(expected)),
            "no {expected:?} in\n{}",
            output.source
        );
    }
    // The event without a value is typed, outside the enum, and the
    // diagnostic names the pointer the conventions said.
    assert!(source.contains("pub struct Lost {"), "{}", output.source);
    assert!(!source.contains("Lost(Lost)"), "{}", output.source);
    let diagnostics: Vec<String> = output.diagnostics.iter().map(ToString::to_string).collect();
    assert!(
        diagnostics.iter().any(|d| d.starts_with(
            "#/webhooks/lost/post/x-hooks/event: webhook `lost` (POST): no string at `/x-hooks/event` \
             (the conventions' `[events] header-value`), the value of its header `X-HOOKS-EVENT`"
        )),
        "{diagnostics:#?}"
    );
    assert_eq!(
        diagnostics
            .iter()
            .filter(|d| !d.starts_with("#/webhooks/lost/"))
            .count(),
        0,
        "{diagnostics:#?}"
    );
}

#[test]
fn without_the_convention_a_header_of_no_value_tells_no_event_apart() {
    let output = hooks().generate().unwrap();
    // The body's `action` still tells the two actions apart; no event is
    // named by the header.
    assert!(
        !output.source.contains("pub const HEADER"),
        "{}",
        output.source
    );
    assert!(!output.source.contains("decode_named"), "{}", output.source);
    assert!(!output.source.contains("Ping(Ping)"), "{}", output.source);
}

#[test]
fn a_header_of_one_value_keeps_the_value_its_schema_says() {
    // The pointer names the same field for every event: only events whose
    // header lists no value take it, so the enum still tells them apart.
    let conventions = Conventions {
        events: EventConventions {
            header: Some("x-github-event".into()),
            header_value: Some("/summary".into()),
            ..EventConventions::default()
        },
        ..Conventions::default()
    };
    let output = Generator::new(fixture("headers31.yaml"))
        .name("repositories")
        .conventions(conventions)
        .generate()
        .unwrap();
    let source = flat(&output.source);
    assert!(
        source.contains("\"ping\" => Self::Ping(R::boxed(body)?),"),
        "{}",
        output.source
    );
    // `headers31.yaml`'s events have no summary: had the pointer been read
    // for them, each would be a diagnostic.
    assert_eq!(output.diagnostics.len(), 0, "{:#?}", output.diagnostics);
}

#[test]
fn the_events_table_reads_from_toml_and_refuses_unknown_keys() {
    let conventions = Conventions::from_toml(
        "[events]\nheader = \"X-GitHub-Event\"\nheader-value = \"/x-github/subcategory\"\n",
    )
    .unwrap();
    assert_eq!(conventions.events.header.as_deref(), Some("X-GitHub-Event"));
    assert_eq!(
        conventions.events.header_value.as_deref(),
        Some("/x-github/subcategory")
    );
    let err = Conventions::from_toml("[events]\nheader-values = \"/x\"\n").unwrap_err();
    assert!(err.contains("header-values"), "{err}");
}

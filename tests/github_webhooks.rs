//! GitHub's webhooks as `endpoint::github::webhooks` types them: every
//! recorded example payload of `tests/fixtures/github-webhooks/` (from
//! `@octokit/webhooks-examples`) decodes, with the `X-GitHub-Event` value
//! its file is named after, to the variant of its own event and action; an
//! event or action the description does not list is `Event::Other`; and a
//! delivery signed as GitHub signs it is verified and decoded in one call.

use std::path::{Path, PathBuf};

use endpoint::github::webhooks::Event;
use endpoint::webhooks::{Decode, GitHub, Verifier, WebhookError, verify_and_decode};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/github-webhooks")
}

/// Each fixture: the event (the header's value), the body's action if
/// any, and the body. A file is named `<event>.<action>.json` or
/// `<event>.json`.
fn examples() -> Vec<(String, Option<String>, Vec<u8>)> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(fixtures()).unwrap() {
        let path = entry.unwrap().path();
        let Some(stem) = path
            .file_name()
            .and_then(|name| name.to_str())
            .and_then(|name| name.strip_suffix(".json"))
        else {
            continue;
        };
        let (event, action) = match stem.split_once('.') {
            Some((event, action)) => (event.to_owned(), Some(action.to_owned())),
            None => (stem.to_owned(), None),
        };
        found.push((event, action, std::fs::read(&path).unwrap()));
    }
    found.sort();
    found
}

/// The variant GitHub's webhook `<event>-<action>` is (`pull_request` +
/// `review_requested`: `PullRequestReviewRequested`).
fn variant(event: &str, action: Option<&str>) -> String {
    let name = match action {
        Some(action) => format!("{event}_{action}"),
        None => event.to_owned(),
    };
    name.split(['_', '-', '.'])
        .filter(|word| !word.is_empty())
        .map(|word| {
            let mut chars = word.chars();
            chars.next().map_or_else(String::new, |first| {
                first.to_uppercase().chain(chars).collect()
            })
        })
        .collect()
}

/// The action of a `repository_dispatch` delivery is the dispatch's own
/// `event_type`, any string in the description: the one webhook of the
/// event, `repository-dispatch-sample.collected`, takes every action.
const ANY_ACTION: (&str, Option<&str>) = ("repository_dispatch", Some("on-demand-test"));
const ANY_ACTION_VARIANT: &str = "RepositoryDispatchSampleCollected";

#[test]
fn every_recorded_example_decodes_to_its_own_variant() {
    let examples = examples();
    assert!(examples.len() >= 160, "{} examples", examples.len());
    let mut events: Vec<&str> = Vec::new();
    let mut wrong = Vec::new();
    for (event, action, body) in &examples {
        let expected = match (event.as_str(), action.as_deref()) {
            ANY_ACTION => ANY_ACTION_VARIANT.to_owned(),
            (event, action) => variant(event, action),
        };
        match Event::decode_named(event, body) {
            Ok(decoded) => {
                let debug = format!("{decoded:?}");
                if !debug.starts_with(&format!("{expected}(")) {
                    wrong.push(format!(
                        "{event} {action:?}: decoded as {}",
                        &debug[..debug.len().min(100)]
                    ));
                }
            }
            Err(err) => wrong.push(format!("{event} {action:?}: {err}")),
        }
        if !events.contains(&event.as_str()) {
            events.push(event);
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {}:\n{}",
        wrong.len(),
        examples.len(),
        wrong.join("\n")
    );
    assert!(events.len() >= 58, "{} events", events.len());
}

#[test]
fn an_unknown_event_or_action_is_other() {
    let body = br#"{"action":"opened","zen":"Keep it logically awesome."}"#;
    match Event::decode_named("made_up_event", body).unwrap() {
        Event::Other { tag, body: kept } => {
            assert_eq!(tag.as_deref(), Some("made_up_event"));
            assert_eq!(kept, body);
        }
        other => panic!("{other:?}"),
    }
    let body = br#"{"action":"teleported","issue":{"number":1}}"#;
    assert!(matches!(
        Event::decode_named("issues", body).unwrap(),
        Event::Other { tag: Some(tag), .. } if tag == "issues"
    ));
    // An action the description lists for another event of the header.
    let body = br#"{"action":"synchronize","issue":{"number":1}}"#;
    assert!(matches!(
        Event::decode_named("issues", body).unwrap(),
        Event::Other { .. }
    ));
}

/// `webhooks::Event` is `Decode` itself (the crate's feature `webhooks`):
/// `X-GitHub-Event` and the body's `action` name the event, with no type
/// of the handler's own around it.
#[test]
fn a_signed_delivery_is_verified_and_decoded_into_its_event() {
    let github = GitHub::new("It's a Secret to Everybody");
    let body = std::fs::read(fixtures().join("issues.opened.json")).unwrap();
    let headers = github
        .sign("issues", "72d3162e-cc78-11e3-81ab-4c9367dc0958", &body)
        .unwrap();
    let (verified, event) = verify_and_decode::<Event>(&github, &headers, &body).unwrap();
    assert_eq!(verified.event.as_deref(), Some("issues"));
    let Event::IssuesOpened(opened) = event else {
        panic!("{event:?}")
    };
    assert_eq!(opened.repository.name, "Hello-World");

    // One byte changed after signing: refused before anything is decoded.
    let mut tampered = body.clone();
    tampered[body.len() / 2] ^= 1;
    assert!(github.verify(&headers, &tampered).is_err());
    assert!(verify_and_decode::<Event>(&github, &headers, &tampered).is_err());

    // A payload that does not decode: the error names the path that failed.
    let wrong = br#"{"action":"opened","issue":{"number":"one"}}"#;
    let headers = github
        .sign("issues", "72d3162e-cc78-11e3-81ab-4c9367dc0958", wrong)
        .unwrap();
    match verify_and_decode::<Event>(&github, &headers, wrong).unwrap_err() {
        WebhookError::Decode { path, .. } => assert_eq!(path, "issue.number"),
        other => panic!("{other:?}"),
    }
    // No `X-GitHub-Event`: nothing names the event.
    let mut unnamed = github
        .sign("issues", "72d3162e-cc78-11e3-81ab-4c9367dc0958", &body)
        .unwrap();
    unnamed.remove(Event::HEADER);
    match <Event as Decode>::decode(&unnamed, &body).unwrap_err() {
        WebhookError::Decode { path, .. } => assert_eq!(path, Event::HEADER),
        other => panic!("{other:?}"),
    }
}

/// The enum is a few words whatever its payloads (each boxed).
#[test]
fn the_event_is_a_few_words() {
    let words = std::mem::size_of::<Event>() / std::mem::size_of::<usize>();
    assert!(words <= 7, "{words} words");
}

/// The decoding runs on a thread of a small stack (256 KiB, an eighth of
/// a test's or a tokio worker's 2 MiB) in a debug build: each event's
/// payload is read by a function of its own and boxed, so the decoding's
/// frame holds a pointer per event, not a payload.
#[test]
fn decoding_fits_a_small_stack() {
    std::thread::Builder::new()
        .stack_size(256 << 10)
        .spawn(|| {
            let body = std::fs::read(fixtures().join("issues.opened.json")).unwrap();
            let event = Event::decode_named("issues", &body).unwrap();
            assert!(matches!(event, Event::IssuesOpened(_)), "{event:?}");
            assert!(Event::decode_named("issues", br#"{"action":"opened"}"#).is_err());
            let headers = GitHub::new("s").sign("issues", "1", &body).unwrap();
            let event = <Event as Decode>::decode(&headers, &body).unwrap();
            assert!(matches!(event, Event::IssuesOpened(_)), "{event:?}");
        })
        .unwrap()
        .join()
        .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
}

//! Decoding GitHub's webhook deliveries, the event named by the
//! `X-GitHub-Event` header: `endpoint-github`'s `webhooks::Event` (its
//! feature `webhooks`: the body's `action` skimmed, then one typed decode)
//! beside octocrab's `WebhookEvent::try_from_header_and_body` (the version
//! `cargo run -p xtask -- build-time` compares with), on the same recorded
//! payloads in the same run: `tests/fixtures/github-webhooks/` (from
//! `@octokit/webhooks-examples`), each with the header value its file is
//! named after. Only the payloads both decode are measured (the count is
//! printed); every one must decode to its own event on our side.
//!
//! `cargo bench --manifest-path benches/github-webhooks/Cargo.toml --
//! --warm-up-time 1 --measurement-time 3 --noplot`.

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use endpoint_github::webhooks::Event;
use octocrab::models::webhook_events::WebhookEvent;

/// Each recorded payload: the header's value and the body.
fn inputs() -> Vec<(String, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/github-webhooks");
    let mut inputs = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("the fixtures") {
        let path = entry.expect("a fixture").path();
        let Some(stem) = path
            .file_name()
            .and_then(|name| name.to_str())
            .and_then(|name| name.strip_suffix(".json"))
        else {
            continue;
        };
        let event = stem.split('.').next().unwrap_or(stem).to_owned();
        inputs.push((event, std::fs::read(&path).expect("a fixture's bytes")));
    }
    inputs.sort();
    inputs
}

fn decode(c: &mut Criterion) {
    let all = inputs();
    let both: Vec<(String, Vec<u8>)> = all
        .iter()
        .filter(|(event, body)| {
            let ours = Event::decode_named(event, body);
            assert!(
                !matches!(ours, Ok(Event::Other { .. })),
                "{event}: decoded as Other"
            );
            ours.is_ok() && WebhookEvent::try_from_header_and_body(event, body).is_ok()
        })
        .cloned()
        .collect();
    let bytes: usize = both.iter().map(|(_, body)| body.len()).sum();
    eprintln!(
        "{} of {} recorded payloads decode on both sides ({bytes} bytes)",
        both.len(),
        all.len()
    );
    let mut group = c.benchmark_group("github_webhooks");
    group.throughput(Throughput::Bytes(bytes as u64));
    group.bench_function("endpoint_github::webhooks::Event", |b| {
        b.iter(|| {
            for (event, body) in &both {
                black_box(Event::decode_named(black_box(event), black_box(body)).ok());
            }
        });
    });
    group.bench_function("octocrab::WebhookEvent", |b| {
        b.iter(|| {
            for (event, body) in &both {
                black_box(
                    WebhookEvent::try_from_header_and_body(black_box(event), black_box(body)).ok(),
                );
            }
        });
    });
    group.finish();
}

criterion_group!(benches, decode);
criterion_main!(benches);

//! Decoding throughput of real GitHub answers (`cargo bench --bench decode`).
//!
//! One group `decode/<input>` for each of the five inputs of
//! `benches/fixtures/decode/` (see its README: a page of 30 issues, a page of
//! 100 repositories, a page of 100 commits, one full repository and a page of
//! 30 issues found by a search), each decoded three ways:
//!
//! - `generated`: into the answer type that `endpoint-github` declares for the
//!   operation (`Vec<models::Issue>`, `Vec<models::MinimalRepository>`,
//!   `Vec<models::Commit>`, `models::FullRepository`,
//!   `models::SearchIssuesAndPullRequestsResponse`);
//! - `value`: into `serde_json::Value` (with the workspace's `preserve_order`
//!   feature of `serde_json`, so that objects are `IndexMap`s);
//! - `handwritten`: into the floor, a hand-written `#[derive(Deserialize)]`
//!   struct tree with the same fields, `String` in place of `Timestamp`, `Uri`
//!   and open enums (`support/floor.rs`);
//! - `answer`: into the same type as `generated`, through
//!   `endpoint::model::Answer::decode` with the status and `content-type` of
//!   GitHub's answer, as the clients decode it.
//!
//! The first three use the same entry point: `std::str::from_utf8` of the bytes, then
//! `serde_json::from_str` (what `Answer` does for JSON, after looking at the
//! media type). The bytes are read once, before timing; each timed
//! call decodes and drops the value. The default allocator. Every input is
//! decoded once each way before timing, and must decode (`tests/decode_inputs.rs`
//! checks the same).
//!
//! `cargo run -p xtask -- bench-decode` runs this and prints the table. Short
//! runs on a shared machine:
//! `cargo bench --bench decode -- --warm-up-time 1 --measurement-time 3 --noplot`.

#[path = "support/floor.rs"]
mod floor;

#[path = "support/decode_inputs.rs"]
mod decode_inputs;

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use endpoint::model::Answer;
use serde::de::DeserializeOwned;
use serde_json::Value;

use decode_inputs::decode;

/// The `content-type` of GitHub's JSON answers.
const MEDIA_TYPE: &str = "application/json; charset=utf-8";

/// Benchmarks each input into its group.
struct Bench<'c>(&'c mut Criterion);

impl decode_inputs::Each for Bench<'_> {
    fn input<G: DeserializeOwned, H: DeserializeOwned>(
        &mut self,
        name: &'static str,
        bytes: Vec<u8>,
    ) {
        let check = |way: &str, result: serde_json::Result<()>| {
            if let Err(err) = result {
                panic!("{name} does not decode as {way}: {err}");
            }
        };
        check("generated", decode::<G>(&bytes).map(drop));
        check("value", decode::<Value>(&bytes).map(drop));
        check("handwritten", decode::<H>(&bytes).map(drop));

        let mut group = self.0.benchmark_group(format!("decode/{name}"));
        group.throughput(Throughput::Bytes(bytes.len() as u64));
        let bytes = bytes.as_slice();
        group.bench_function("generated", |b| b.iter(|| decode::<G>(black_box(bytes))));
        group.bench_function("value", |b| b.iter(|| decode::<Value>(black_box(bytes))));
        group.bench_function("handwritten", |b| b.iter(|| decode::<H>(black_box(bytes))));
        group.bench_function("answer", |b| {
            b.iter(|| G::decode(200, Some(MEDIA_TYPE), black_box(bytes)))
        });
        group.finish();
    }
}

fn decoding(c: &mut Criterion) {
    decode_inputs::for_each(&mut Bench(c));
}

criterion_group!(benches, decoding);
criterion_main!(benches);

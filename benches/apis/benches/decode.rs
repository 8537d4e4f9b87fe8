//! Decoding throughput of large answers into the crates generated in
//! `apis/` (`cargo bench -p apis-decode`).
//!
//! One group `decode_apis/<input>` for each answer of
//! `tests/fixtures/openapi/answers/` (built from the descriptions' schemas;
//! `tests/fixtures/README.md` says how), each decoded two ways:
//!
//! - `generated`: into the answer type of the operation's struct in the
//!   generated crate (`<Op as TypedRequest>::Response`);
//! - `value`: into `serde_json::Value` (with the workspace's
//!   `preserve_order` feature of `serde_json`).
//!
//! Both use the same entry point as `benches/decode.rs`: `std::str::from_utf8`
//! of the bytes, then `serde_json::from_str`. The bytes are read once,
//! before timing; each timed call decodes and drops the value. Every input
//! must decode both ways before it is timed.
//!
//! Short runs on a shared machine:
//! `cargo bench -p apis-decode -- --warm-up-time 1 --measurement-time 3 --noplot`.

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use endpoint::TypedRequest;
use serde::de::DeserializeOwned;
use serde_json::Value;

/// `from_utf8`, then `from_str`, as the clients decode a JSON answer.
fn decode<T: DeserializeOwned>(bytes: &[u8]) -> serde_json::Result<T> {
    let text = std::str::from_utf8(bytes).map_err(serde::de::Error::custom)?;
    serde_json::from_str(text)
}

/// Benchmarks `tests/fixtures/openapi/answers/<name>.json` decoded into the
/// answer type of `Op` and into `Value`.
fn input<Op: TypedRequest>(c: &mut Criterion, name: &str)
where
    Op::Response: DeserializeOwned,
{
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/openapi/answers")
        .join(format!("{name}.json"));
    let bytes = std::fs::read(&path).unwrap_or_else(|err| panic!("{}: {err}", path.display()));
    if let Err(err) = decode::<Op::Response>(&bytes) {
        panic!(
            "{name} does not decode into {}: {err}",
            std::any::type_name::<Op::Response>()
        );
    }
    if let Err(err) = decode::<Value>(&bytes) {
        panic!("{name} does not decode into Value: {err}");
    }
    let mut group = c.benchmark_group(format!("decode_apis/{name}"));
    group.throughput(Throughput::Bytes(bytes.len() as u64));
    let bytes = bytes.as_slice();
    group.bench_function("generated", |b| {
        b.iter(|| decode::<Op::Response>(black_box(bytes)))
    });
    group.bench_function("value", |b| b.iter(|| decode::<Value>(black_box(bytes))));
    group.finish();
}

fn decoding(c: &mut Criterion) {
    input::<stripe_api::charges::GetCharges>(c, "stripe_charges");
    input::<kubernetes_api::core_v1::ListPodForAllNamespaces>(c, "kubernetes_pods");
    input::<twilio_api::message::ListMessage>(c, "twilio_messages");
}

criterion_group!(benches, decoding);
criterion_main!(benches);

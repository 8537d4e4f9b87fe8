//! Request-building throughput (`cargo bench --bench requests`).
//!
//! - `dynamic/<workload>`, `typed/<workload>` and `handwritten/<workload>` for the five
//!   workloads of `benches/reference/reference-bench.js`, with its inputs (see
//!   `support/workloads.rs`);
//!   the three requests of each workload are asserted equal once before timing;
//!   `typed_owned/<workload>` is the typed call with the macro's default owned field
//!   types (`String`, `Vec<String>`) filled in on every call.
//! - `bodies/form/{typed,floor}` and `bodies/multipart/{typed,floor}`: a form body
//!   of flat and bracketed fields and a multipart upload, built by the builder from a
//!   compiled route and written directly (see `support/body_workloads.rs`).
//! - `scaling/…`: three sizes each of a GET with many query parameters, a POST with a
//!   large body string and a template with many expressions, with criterion throughput
//!   set so that the time per element (or byte) can be compared across sizes.
//!
//! Short runs on a shared machine:
//! `cargo bench --bench requests -- --warm-up-time 1 --measurement-time 3 --noplot`.

#[path = "support/body_workloads.rs"]
mod body_workloads;
#[path = "support/workloads.rs"]
mod workloads;

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};

use workloads::scaling;
use workloads::{Fixture, KINDS, WORKLOADS, assert_all_equal, calls, owned_call};

fn requests(c: &mut Criterion) {
    let fixture = Fixture::new();
    assert_all_equal(&fixture);
    for (index, kind) in KINDS.into_iter().enumerate() {
        let mut group = c.benchmark_group(kind);
        for workload in WORKLOADS {
            let call = calls(workload)[index];
            group.bench_function(workload, |b| b.iter(|| call(black_box(&fixture))));
        }
        group.finish();
    }
    // Not a way of building a request: the `json!` options of each dynamic
    // call alone, built and dropped, the share of `dynamic` that the caller's
    // JSON costs.
    let mut group = c.benchmark_group("options");
    for workload in WORKLOADS {
        let options = workloads::dynamic::options(workload);
        group.bench_function(workload, |b| b.iter(options));
    }
    group.finish();
    // Not one of the three ways: the typed calls with the macro's default
    // owned field types, to show what copying the inputs costs.
    let mut group = c.benchmark_group("typed_owned");
    for workload in WORKLOADS {
        let call = owned_call(workload);
        group.bench_function(workload, |b| b.iter(|| call(black_box(&fixture))));
    }
    group.finish();
}

fn bodies(c: &mut Criterion) {
    let inputs = body_workloads::Inputs::new();
    body_workloads::assert_equal(&inputs);
    let mut group = c.benchmark_group("bodies");
    group.bench_function("form/typed", |b| {
        b.iter(|| body_workloads::form_typed(black_box(&inputs)))
    });
    group.bench_function("form/floor", |b| {
        b.iter(|| body_workloads::form_floor(black_box(&inputs)))
    });
    let boundary =
        body_workloads::boundary(&body_workloads::multipart_typed(&inputs).unwrap()).to_owned();
    group.bench_function("multipart/typed", |b| {
        b.iter(|| body_workloads::multipart_typed(black_box(&inputs)))
    });
    group.bench_function("multipart/floor", |b| {
        b.iter(|| body_workloads::multipart_floor(black_box(&inputs), black_box(&boundary)))
    });
    group.finish();
}

fn scaling(c: &mut Criterion) {
    let endpoint = Fixture::new().base;
    let mut group = c.benchmark_group("scaling");

    for n in scaling::QUERY_SIZES {
        let options = scaling::query_options(n);
        let pairs = scaling::query_pairs(n);
        let dynamic = endpoint.endpoint(scaling::QUERY_ROUTE, &options).unwrap();
        assert_eq!(dynamic, scaling::query_handwritten(&pairs));
        group.throughput(Throughput::Elements(n as u64));
        group.bench_with_input(
            BenchmarkId::new("query_params/dynamic", n),
            &options,
            |b, options| b.iter(|| endpoint.endpoint(scaling::QUERY_ROUTE, black_box(options))),
        );
        group.bench_with_input(
            BenchmarkId::new("query_params/handwritten", n),
            &pairs,
            |b, pairs| b.iter(|| scaling::query_handwritten(black_box(pairs))),
        );
    }

    for bytes in scaling::BODY_SIZES {
        let text = scaling::body_text(bytes);
        let options = scaling::body_options(&text);
        let dynamic = endpoint.endpoint(scaling::BODY_ROUTE, &options).unwrap();
        assert_eq!(dynamic, scaling::body_handwritten(&text));
        assert_eq!(dynamic, scaling::body_typed(&text).unwrap());
        group.throughput(Throughput::Bytes(bytes as u64));
        group.bench_with_input(
            BenchmarkId::new("body_bytes/dynamic", bytes),
            &options,
            |b, options| b.iter(|| endpoint.endpoint(scaling::BODY_ROUTE, black_box(options))),
        );
        group.bench_with_input(
            BenchmarkId::new("body_bytes/typed", bytes),
            &text,
            |b, text| b.iter(|| scaling::body_typed(black_box(text))),
        );
        group.bench_with_input(
            BenchmarkId::new("body_bytes/handwritten", bytes),
            &text,
            |b, text| b.iter(|| scaling::body_handwritten(black_box(text))),
        );
    }

    for n in scaling::TEMPLATE_SIZES {
        let route = scaling::template_route(n);
        let values = scaling::template_values(n);
        let options = scaling::template_options(&values);
        let dynamic = endpoint.endpoint(&route, &options).unwrap();
        assert_eq!(dynamic, scaling::template_handwritten(&values));
        group.throughput(Throughput::Elements(n as u64));
        group.bench_with_input(
            BenchmarkId::new("template_expressions/dynamic", n),
            &options,
            |b, options| b.iter(|| endpoint.endpoint(black_box(&route), black_box(options))),
        );
        group.bench_with_input(
            BenchmarkId::new("template_expressions/handwritten", n),
            &values,
            |b, values| b.iter(|| scaling::template_handwritten(black_box(values))),
        );
    }
    group.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
}

criterion_group! {
    name = benches;
    config = config();
    targets = requests, bodies, scaling
}
criterion_main!(benches);

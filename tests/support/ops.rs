//! One conformance call: the `op`, `route`, `options` and `defaults` of a
//! record of `tests/fixtures/conformance/*.jsonl`, run through the public API.
//!
//! Shared, through `#[path]`, by `tests/conformance.rs` and the `--jsonl` mode
//! of `examples/endpoint.rs`, so that both dispatch the same way. The
//! operations are those of the fixtures' README:
//!
//! | `op` | call on the endpoint built from `defaults` |
//! | --- | --- |
//! | `endpoint`, `defaults_endpoint` | [`Endpoint::endpoint`], or [`Endpoint::endpoint_options`] when `route` is `null` |
//! | `merge`, `defaults_merge` | [`Endpoint::merge`], or [`Endpoint::merge_options`] when `route` is `null` |
//! | `DEFAULTS` | [`Endpoint::default_options`] |
//! | `parse` | [`Endpoint::parse`] of `options` |

use endpoint::Endpoint;
use serde_json::Value;

/// What a record calls.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Op {
    Endpoint,
    Merge,
    Defaults,
    Parse,
}

/// A record's call, borrowed from the record.
#[derive(Debug)]
pub struct Call<'a> {
    op: Op,
    route: Option<&'a str>,
    options: &'a Value,
    defaults: &'a [Value],
}

impl<'a> Call<'a> {
    /// Reads the call of a record. A missing `route` or `options` counts as
    /// `null`, a missing `defaults` as `[]`.
    ///
    /// # Errors
    /// A message when the record is not an object, `op` is unknown, `route`
    /// is neither a string nor `null`, or `defaults` is not a list.
    pub fn from_record(record: &'a Value) -> Result<Self, String> {
        let Value::Object(record) = record else {
            return Err("a record must be a JSON object".into());
        };
        let op = match record.get("op").and_then(Value::as_str) {
            Some("endpoint" | "defaults_endpoint") => Op::Endpoint,
            Some("merge" | "defaults_merge") => Op::Merge,
            Some("DEFAULTS") => Op::Defaults,
            Some("parse") => Op::Parse,
            Some(other) => return Err(format!("unknown op {other:?}")),
            None => return Err("`op` must be a string".into()),
        };
        let route = match record.get("route") {
            None | Some(Value::Null) => None,
            Some(Value::String(route)) => Some(route.as_str()),
            Some(_) => return Err("`route` must be a string or null".into()),
        };
        let defaults = match record.get("defaults") {
            None => &[][..],
            Some(Value::Array(defaults)) => defaults.as_slice(),
            Some(_) => return Err("`defaults` must be a list".into()),
        };
        Ok(Call {
            op,
            route,
            options: record.get("options").unwrap_or(&Value::Null),
            defaults,
        })
    }

    /// Applies the defaults one after another, then makes the call. The
    /// result is the JSON the fixtures' `expected.ok` holds.
    ///
    /// # Errors
    /// The error of `defaults()` or of the call.
    pub fn run(&self) -> endpoint::Result<Value> {
        let mut ep = Endpoint::default();
        for defaults in self.defaults {
            ep = ep.defaults(defaults)?;
        }
        // `null` options mean a call without options: `ep(route)`, `ep()`.
        let options = Some(self.options).filter(|options| !options.is_null());
        match (self.op, self.route) {
            (Op::Endpoint, Some(route)) => ep.endpoint(route, options).map(|r| r.to_json()),
            (Op::Endpoint, None) => ep.endpoint_options(options).map(|r| r.to_json()),
            (Op::Merge, Some(route)) => ep.merge(route, options),
            (Op::Merge, None) => ep.merge_options(options),
            (Op::Defaults, _) => Ok(ep.default_options().clone()),
            (Op::Parse, _) => ep.parse(self.options).map(|r| r.to_json()),
        }
    }
}

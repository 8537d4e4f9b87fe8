//! `conformance`: `tests/macro/conformance.rs`, one `endpoint!` struct per
//! record of the conformance corpus (`tests/fixtures/conformance/cases.jsonl`)
//! that a typed struct can express, and the reason for each record it
//! cannot.
//!
//! A record is expressible when it is an `endpoint` call (with or without
//! defaults) whose route the macro accepts and whose options are all
//! parameters. Each parameter becomes a `serde_json::Value` field renamed to
//! its wire name (`p0`, `p1`, …), so that the check can set the record's
//! values; placeholders the options leave out are `Value::Null` in the
//! path and `None` elsewhere. `tests/macros.rs` compares every typed call
//! with the dynamic one and with the record's expected result.

use std::fmt::Write as _;
use std::path::Path;

use endpoint_runtime::sibling::{METHODS, OPTION_KEYS};
use endpoint_runtime::template::Template;
use serde_json::{Map, Value};

use crate::generated::{File, Output};

/// The corpus, relative to the workspace root.
const FIXTURE: &str = "tests/fixtures/conformance/cases.jsonl";
/// The generated file, relative to the workspace root.
const GENERATED: &str = "tests/macro/conformance.rs";

/// Everything the `conformance` task writes.
pub fn generate(root: &Path) -> Result<Output, String> {
    let text = std::fs::read_to_string(root.join(FIXTURE))
        .map_err(|err| format!("reading {FIXTURE}: {err}"))?;
    let records = text
        .lines()
        .filter(|line| !line.trim().is_empty())
        .enumerate()
        .map(|(n, line)| {
            serde_json::from_str::<Map<String, Value>>(line)
                .map_err(|err| format!("{FIXTURE}:{}: {err}", n + 1))
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Output {
        files: vec![File::rust(root, GENERATED, &render(&records)?)?],
        owned: Vec::new(),
    })
}

/// A record a typed struct can express: the route the struct is declared
/// with, and its parameters.
struct Typed {
    route: String,
    /// `(wire name, how the field is declared)`, in the options' order,
    /// then the placeholders the options leave out.
    fields: Vec<(String, FieldKind)>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum FieldKind {
    /// In the options: `Value`, set from them.
    Given,
    /// A path placeholder that is not in the options: `Value::Null`, which
    /// expands like a missing value.
    AbsentPath,
    /// A query or fragment placeholder that is not in the options: `None`.
    AbsentOptional,
}

/// The placeholders of a template, with whether each is in the path, as the
/// runtime's parser (and so the macro) sees it.
fn placeholders(template: &Template<'_>) -> Vec<(String, bool)> {
    template
        .names()
        .map(|name| {
            let in_path = template.path_variables().any(|path| path == name);
            (name.to_owned(), in_path)
        })
        .collect()
}

/// `<…>` and `>` that are not a valid `<name>` placeholder: the macro refuses them.
fn has_stray_angle(url: &str) -> bool {
    let mut rest = url;
    while let Some(start) = rest.find(['<', '>']) {
        let tail = &rest[start..];
        if !tail.starts_with('<') {
            return true;
        }
        let Some(end) = tail.find('>') else {
            return true;
        };
        let name = &tail[1..end];
        let valid = name
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !valid {
            return true;
        }
        rest = &tail[end + 1..];
    }
    false
}

/// Whether a typed struct expresses the record, and how; `Err` says why not.
fn expressible(record: &Map<String, Value>) -> Result<Typed, &'static str> {
    let op = record.get("op").and_then(Value::as_str).unwrap_or("");
    if op != "endpoint" && op != "defaults_endpoint" {
        return Err("not an endpoint call");
    }
    let empty = Map::new();
    let options = match record.get("options").unwrap_or(&Value::Null) {
        Value::Null => &empty,
        Value::Object(map) => map,
        _ => return Err("options are not an object"),
    };
    let defaults: Vec<&Map<String, Value>> = record
        .get("defaults")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_object)
        .collect();
    let in_defaults = |key: &str| defaults.iter().any(|d| d.contains_key(key));
    let (route, params): (String, Vec<(&String, &Value)>) =
        match record.get("route").unwrap_or(&Value::Null) {
            Value::String(route) => (route.clone(), options.iter().collect()),
            Value::Null => {
                let Some(url) = options.get("url").and_then(Value::as_str) else {
                    return Err("no url");
                };
                let route = match options.get("method") {
                    None => url.to_owned(),
                    Some(Value::String(method)) => format!("{method} {url}"),
                    Some(_) => return Err("method is not a string"),
                };
                let params = options
                    .iter()
                    .filter(|(k, _)| *k != "method" && *k != "url")
                    .collect();
                (route, params)
            }
            _ => return Err("route is not a string"),
        };
    if params
        .iter()
        .any(|(key, _)| OPTION_KEYS.contains(&key.as_str()))
    {
        return Err("the call sets options that are not parameters");
    }
    let pieces: Vec<&str> = route.split(' ').collect();
    let (method, url) = match pieces.as_slice() {
        [url] => {
            if in_defaults("method") {
                return Err("the method comes from the defaults");
            }
            ("GET", *url)
        }
        [method, url] if !url.is_empty() => (*method, *url),
        _ => return Err("the route is not `METHOD url`"),
    };
    if !METHODS.contains(&method) {
        return Err("a method the macro refuses");
    }
    let lower = url.to_ascii_lowercase();
    if !(url.starts_with('/') || lower.starts_with("http://") || lower.starts_with("https://")) {
        return Err("a URL the macro refuses");
    }
    if has_stray_angle(url) {
        return Err("a `<` or `>` the macro refuses");
    }
    let Ok(template) = Template::parse(url) else {
        return Err("a template that does not parse");
    };
    let vars = placeholders(&template);
    if vars
        .iter()
        .any(|(name, _)| OPTION_KEYS.contains(&name.as_str()))
    {
        return Err("a placeholder named like a reserved option");
    }
    let is_var = |key: &str| vars.iter().any(|(name, _)| name == key);
    if !matches!(method, "GET" | "HEAD")
        && params.iter().any(|(key, _)| *key == "data")
        && params.iter().any(|(key, _)| *key != "data" && !is_var(key))
    {
        return Err("`data` and other body parameters, which the macro refuses");
    }
    if matches!(method, "GET" | "HEAD")
        && params
            .iter()
            .any(|(key, value)| !is_var(key) && (value.is_array() || value.is_object()))
    {
        return Err(
            "a list or object in the query, which a typed field sends as OpenAPI's `form` exploded",
        );
    }
    let mut fields: Vec<(String, FieldKind)> = params
        .iter()
        .map(|(key, _)| ((*key).clone(), FieldKind::Given))
        .collect();
    for (name, in_path) in &vars {
        if params.iter().any(|(key, _)| *key == name) {
            continue;
        }
        if *in_path {
            if in_defaults(name) {
                return Err("a path placeholder only the defaults fill");
            }
            fields.push((name.clone(), FieldKind::AbsentPath));
        } else {
            fields.push((name.clone(), FieldKind::AbsentOptional));
        }
    }
    Ok(Typed { route, fields })
}

/// The text of `tests/macro/conformance.rs`.
fn render(records: &[Map<String, Value>]) -> Result<String, String> {
    let mut structs = String::new();
    let mut cases = String::new();
    let mut refused = String::new();
    for (index, record) in records.iter().enumerate() {
        let id = record
            .get("id")
            .and_then(Value::as_str)
            .ok_or_else(|| format!("record {} has no id", index + 1))?;
        let typed = match expressible(record) {
            Ok(typed) => typed,
            Err(reason) => {
                let _ = writeln!(refused, "    ({id:?}, {reason:?}),");
                continue;
            }
        };
        let name = format!("Case{index}");
        let _ = write!(
            structs,
            "endpoint! {{\n    /// `{id}`\n    pub struct {name} = {:?}",
            typed.route
        );
        if typed.fields.is_empty() {
            structs.push_str(";\n}\n\n");
            let _ = writeln!(cases, "    ({id:?}, |ep, _| {name}.to_request_with(ep)),");
            continue;
        }
        structs.push_str(" {\n");
        let mut init = String::new();
        for (i, (wire, kind)) in typed.fields.iter().enumerate() {
            let ty = if *kind == FieldKind::AbsentOptional {
                "Option<Value>"
            } else {
                "Value"
            };
            let _ = writeln!(
                structs,
                "        #[endpoint(rename = {wire:?})]\n        pub p{i}: {ty},"
            );
            let value = match kind {
                FieldKind::Given => format!("o[{wire:?}].clone()"),
                FieldKind::AbsentPath => "Value::Null".to_owned(),
                FieldKind::AbsentOptional => "None".to_owned(),
            };
            let _ = write!(init, " p{i}: {value},");
        }
        structs.push_str("    }\n}\n\n");
        let o = if typed
            .fields
            .iter()
            .any(|(_, kind)| *kind == FieldKind::Given)
        {
            "o"
        } else {
            "_"
        };
        let _ = writeln!(
            cases,
            "    ({id:?}, |ep, {o}| {name} {{{init} }}.to_request_with(ep)),"
        );
    }
    Ok(format!(
        "// @generated by cargo run -p xtask -- conformance; do not edit\n\
         //! One `endpoint!` struct per record of `tests/fixtures/conformance/cases.jsonl`\n\
         //! that a typed struct can express, and why the others cannot be.\n\n\
         use endpoint::{{Endpoint, Request, Result, endpoint}};\n\
         use serde_json::{{Map, Value}};\n\n\
         /// A typed call: the endpoint with the record's defaults, and its options.\n\
         pub type Call = fn(&Endpoint, &Map<String, Value>) -> Result<Request>;\n\n\
         {structs}\
         /// Every expressible record's id and its typed call.\n\
         pub const CASES: &[(&str, Call)] = &[\n{cases}];\n\n\
         /// Every other record's id and why a typed struct cannot express it.\n\
         pub const REFUSED: &[(&str, &str)] = &[\n{refused}];\n"
    ))
}

//! `cargo run --release -p xtask -- generator-scaling [--entities N]`: the
//! generator on a synthetic description of N, 2N and 4N entity types (250
//! by default), to see how its time and memory grow with a description's
//! size (a linear generator doubles them when the description doubles).
//!
//! The description is shaped like Microsoft Graph's: each entity type a
//! component by `allOf` of a shared `entity`, with a collection answer
//! (`value` and `@odata.nextLink`), seven operations (list, create, get,
//! update, delete, two navigation lists) under a tag of its own, shared
//! query parameters and error answers, nullable references, and links to
//! three other entity types chosen by a fixed pseudo-random sequence.
//!
//! For each size it prints the operations and schemas, the CPU seconds of
//! this process while it read and planned the crate (`utime` + `stime` of
//! `/proc/self/stat`), the growth of its peak memory (`VmHWM` of
//! `/proc/self/status`, which only grows: run the sizes in increasing
//! order, as the command does), and the size of the crate's files.

use std::fmt::Write as _;

use endpoint_openapi::package::{self, Dependency, Modules, Options};
use endpoint_openapi::read;
use serde_json::{Map, Value, json};

const USAGE: &str = "usage: cargo run --release -p xtask -- generator-scaling [--entities N]";

/// Runs the command.
pub fn run(args: &[String]) -> Result<(), String> {
    let entities = match args {
        [] => 250,
        [flag, n] if flag == "--entities" => n
            .parse::<usize>()
            .ok()
            .filter(|n| *n > 0)
            .ok_or_else(|| format!("--entities takes a positive number, not `{n}`\n{USAGE}"))?,
        _ => return Err(USAGE.to_owned()),
    };
    let mut table = String::from(
        "| entity types | operations | schemas | CPU | peak memory | files written |\n\
         | ---: | ---: | ---: | ---: | ---: | ---: |\n",
    );
    for size in [entities, 2 * entities, 4 * entities] {
        let description = synthetic(size);
        let cpu = own_cpu_seconds();
        let read = read::read_value(description, None, &[]).map_err(|err| err.to_string())?;
        let operations = read.api.operations.len();
        let schemas = read.api.schemas.len();
        let options = Options {
            name: "things".to_owned(),
            endpoint: Dependency::Path("../endpoint".into()),
            modules: Modules::Tags,
            conventions: Default::default(),
        };
        let generated = package::generate_read(&read, &options)?;
        let cpu = own_cpu_seconds()
            .zip(cpu)
            .map(|(after, before)| after - before);
        let bytes: usize = generated.files.iter().map(|file| file.text.len()).sum();
        let _ = writeln!(
            table,
            "| {size} | {operations} | {schemas} | {} | {} | {:.1} MB |",
            cpu.map_or_else(|| "?".to_owned(), |cpu| format!("{cpu:.2} s")),
            peak_memory().map_or_else(|| "?".to_owned(), |kb| format!("{} MB", kb / 1024)),
            bytes as f64 / 1e6,
        );
        eprintln!("{size} entity types done");
    }
    print!("{table}");
    Ok(())
}

/// A Graph-like description of `entities` entity types (see [the
/// module](self)).
fn synthetic(entities: usize) -> Value {
    let mut seed: u64 = 7;
    let mut next = |below: usize| {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((seed >> 33) as usize) % below
    };
    let reference = |name: &str| json!({"$ref": format!("#/components/schemas/{name}")});
    let error = json!({"$ref": "#/components/responses/error"});
    let mut schemas = Map::new();
    schemas.insert(
        "entity".into(),
        json!({"type": "object", "properties": {"id": {"type": "string"}}}),
    );
    schemas.insert(
        "error".into(),
        json!({"type": "object", "properties": {"code": {"type": "string"}, "message": {"type": "string"}}}),
    );
    schemas.insert(
        "page".into(),
        json!({"type": "object", "properties": {
            "@odata.count": {"type": "integer", "nullable": true},
            "@odata.nextLink": {"type": "string", "nullable": true}}}),
    );
    let query: Vec<Value> = ["top", "skip", "search", "filter", "count"]
        .iter()
        .map(|name| json!({"$ref": format!("#/components/parameters/{name}")}))
        .collect();
    let mut paths = Map::new();
    for k in 0..entities {
        let name = format!("thing{k}");
        let mut properties = json!({
            "displayName": {"type": "string", "nullable": true},
            "createdDateTime": {"type": "string", "format": "date-time", "nullable": true},
            "size": {"type": "integer", "format": "int64", "nullable": true},
            "tags": {"type": "array", "items": {"type": "string"}},
            "state": {"anyOf": [reference(&format!("state{}", k % 50)), {"type": "object", "nullable": true}]},
            "parent": {"anyOf": [reference(&format!("thing{}", next(entities))), {"type": "object", "nullable": true}]},
        });
        for j in 0..3 {
            properties[format!("related{j}")] =
                json!({"type": "array", "items": reference(&format!("thing{}", next(entities)))});
        }
        schemas.insert(
            name.clone(),
            json!({"allOf": [reference("entity"), {"type": "object", "properties": properties}]}),
        );
        schemas.insert(
            format!("{name}Collection"),
            json!({"allOf": [reference("page"), {"type": "object", "properties": {
                "value": {"type": "array", "items": reference(&name)}}}]}),
        );
        if k < 50 {
            schemas.insert(
                format!("state{k}"),
                json!({"type": "string", "enum": ["on", "off", format!("s{k}")]}),
            );
        }
        let tag = format!("things{k}");
        let id = json!({"name": format!("{name}-id"), "in": "path", "required": true, "schema": {"type": "string"}});
        let answer = |schema: Value| {
            json!({"200": {"description": "It.", "content": {"application/json": {"schema": schema}}},
                   "4XX": error, "5XX": error})
        };
        let body = json!({"required": true, "content": {"application/json": {"schema": reference(&name)}}});
        paths.insert(
            format!("/things{k}"),
            json!({
                "get": {"tags": [tag], "operationId": format!("list{name}"), "parameters": query,
                        "responses": answer(reference(&format!("{name}Collection")))},
                "post": {"tags": [tag], "operationId": format!("create{name}"), "requestBody": body,
                         "responses": {"201": {"description": "Made.", "content": {"application/json": {"schema": reference(&name)}}}, "4XX": error}},
            }),
        );
        paths.insert(
            format!("/things{k}/{{{name}-id}}"),
            json!({
                "parameters": [id],
                "get": {"tags": [tag], "operationId": format!("get{name}"), "responses": answer(reference(&name))},
                "patch": {"tags": [tag], "operationId": format!("update{name}"), "requestBody": body,
                          "responses": {"204": {"description": "Done."}, "4XX": error}},
                "delete": {"tags": [tag], "operationId": format!("delete{name}"),
                           "responses": {"204": {"description": "Done."}, "4XX": error}},
            }),
        );
        for j in 0..2 {
            let other = format!("thing{}Collection", next(entities));
            paths.insert(
                format!("/things{k}/{{{name}-id}}/related{j}"),
                json!({"parameters": [id], "get": {"tags": [tag], "operationId": format!("list{name}Related{j}"),
                       "parameters": query, "responses": answer(reference(&other))}}),
            );
        }
    }
    let mut parameters = Map::new();
    for (name, schema) in [
        ("top", json!({"type": "integer", "minimum": 0})),
        ("skip", json!({"type": "integer", "minimum": 0})),
        ("search", json!({"type": "string"})),
        ("filter", json!({"type": "string"})),
        ("count", json!({"type": "boolean"})),
    ] {
        parameters.insert(
            name.into(),
            json!({"name": format!("${name}"), "in": "query", "schema": schema}),
        );
    }
    json!({
        "openapi": "3.0.3",
        "info": {"title": "Things", "version": "1"},
        "servers": [{"url": "https://things.example.com/v1"}],
        "paths": paths,
        "components": {
            "schemas": schemas,
            "parameters": parameters,
            "responses": {"error": {"description": "An error.", "content": {"application/json": {"schema": reference("error")}}}},
        },
    })
}

/// User + system CPU seconds of this process (`utime` + `stime` of
/// `/proc/self/stat`, in clock ticks of 1/100 s).
fn own_cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks = |field: usize| fields.get(field - 3)?.parse::<u64>().ok();
    Some((ticks(14)? + ticks(15)?) as f64 / 100.0)
}

/// This process's peak resident memory so far, in kB (`VmHWM`).
fn peak_memory() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|kb| kb.parse().ok())
}

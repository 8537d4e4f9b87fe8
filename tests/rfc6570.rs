//! The uritemplate-test suite (RFC 6570), every vector.
//!
//! Each `[template, expected]` pair of the four files under
//! `tests/fixtures/rfc6570/` goes through `Template::parse` and
//! `Template::expand` with its group's variables. A string must match
//! exactly, a list means "any of these" (map order is free), and `false`
//! means the template must be refused, by the parser or by the expansion.
//!
//! One exception, rule j of the conformance corpus (`-` is a variable-name
//! character): the negative tests `/{default-graph-uri}` and
//! `/sparql{?query,default-graph-uri}` are invalid only because of `-`, so
//! they must expand. Their expected URL is not invented here: it is the
//! `expected.ok.url` of the matching record (`"extension": "hyphen-names"`)
//! of `tests/fixtures/conformance/rfc6570-cases.jsonl`.

use std::fmt::Write as _;

use endpoint::template::Template;
use serde_json::{Map, Value};

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures");

const FILES: [&str; 4] = [
    "spec-examples.json",
    "spec-examples-by-section.json",
    "extended-tests.json",
    "negative-tests.json",
];

fn read_fixture(path: &str) -> String {
    let path = format!("{FIXTURES}/{path}");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The negative tests that rule j (hyphen names) turns into valid templates.
const HYPHEN_NAME_TEMPLATES: [&str; 2] =
    ["/{default-graph-uri}", "/sparql{?query,default-graph-uri}"];

/// The expected URL of a hyphen-name template, from the conformance record
/// marked `"extension": "hyphen-names"` whose `options.url` is `template`.
fn hyphen_name_url(template: &str) -> String {
    let text = read_fixture("conformance/rfc6570-cases.jsonl");
    let mut found = text
        .lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| serde_json::from_str::<Value>(line).expect("a JSON record"))
        .filter(|record| {
            record["extension"] == "hyphen-names" && record["options"]["url"] == template
        })
        .map(|record| {
            record["expected"]["ok"]["url"]
                .as_str()
                .expect("an expected url")
                .to_owned()
        });
    let url = found
        .next()
        .unwrap_or_else(|| panic!("no hyphen-names record for {template}"));
    assert!(
        found.next().is_none(),
        "two hyphen-names records for {template}"
    );
    url
}

fn run(template: &str, variables: &Map<String, Value>) -> Result<String, String> {
    let parsed = Template::parse(template).map_err(|e| e.to_string())?;
    let mut out = String::new();
    parsed
        .expand(variables, &mut out)
        .map_err(|e| e.to_string())?;
    Ok(out)
}

#[test]
fn every_uritemplate_test_vector() {
    let mut checked = 0;
    let mut per_file = Vec::new();
    let mut hyphen_templates_seen = 0;
    let mut failures = String::new();
    for file in FILES {
        let text = read_fixture(&format!("rfc6570/{file}"));
        let groups: Map<String, Value> = serde_json::from_str(&text).expect("a JSON object");
        let mut in_file = 0;
        for (group, body) in &groups {
            let variables = body["variables"].as_object().expect("variables");
            let cases = body["testcases"].as_array().expect("testcases");
            for (index, case) in cases.iter().enumerate() {
                let template = case[0].as_str().expect("a template string");
                let id = format!("{file} / {group} / #{} `{template}`", index + 1);
                let got = run(template, variables);
                let accepted: Vec<String> = match &case[1] {
                    Value::String(url) => vec![url.clone()],
                    Value::Array(urls) => urls
                        .iter()
                        .map(|url| url.as_str().expect("a string").to_owned())
                        .collect(),
                    Value::Bool(false) if HYPHEN_NAME_TEMPLATES.contains(&template) => {
                        hyphen_templates_seen += 1;
                        vec![hyphen_name_url(template)]
                    }
                    Value::Bool(false) => {
                        if let Ok(url) = got {
                            let _ = writeln!(failures, "{id}: must fail, expanded to `{url}`");
                        }
                        in_file += 1;
                        continue;
                    }
                    other => panic!("{id}: unexpected expectation {other}"),
                };
                match got {
                    Ok(url) if accepted.contains(&url) => {}
                    Ok(url) => {
                        let _ =
                            writeln!(failures, "{id}: got `{url}`, expected one of {accepted:?}");
                    }
                    Err(e) => {
                        let _ =
                            writeln!(failures, "{id}: failed ({e}), expected one of {accepted:?}");
                    }
                }
                in_file += 1;
            }
        }
        per_file.push((file, in_file));
        checked += in_file;
    }
    assert!(failures.is_empty(), "mismatches:\n{failures}");
    assert_eq!(hyphen_templates_seen, HYPHEN_NAME_TEMPLATES.len());
    // The counts of the suite's README: every vector was checked, none skipped.
    assert_eq!(
        per_file,
        [
            ("spec-examples.json", 64),
            ("spec-examples-by-section.json", 117),
            ("extended-tests.json", 53),
            ("negative-tests.json", 36),
        ]
    );
    assert_eq!(checked, 270);
}

//! The crates of the three fixture descriptions: every operation kept,
//! named and placed as the rules say, every item one `endpoint!` takes.

use crate::generate::file;
use std::path::{Path, PathBuf};

use endpoint_openapi::package::{Dependency, Generated, Modules, Options, generate};
use endpoint_openapi::read::read_file;

fn fixture(name: &str) -> Generated {
    let path: PathBuf = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(format!("../tests/fixtures/openapi/{name}.json"));
    let read = read_file(&path, &[]).unwrap();
    let options = Options {
        name: format!("{name}-api"),
        endpoint: Dependency::Path("../..".into()),
        modules: Modules::Tags,
        conventions: Default::default(),
    };
    generate(&read.api, &options).unwrap()
}

/// Every module's items, expanded as `endpoint!` expands them: the number
/// of items, none refused.
fn expand_modules(generated: &Generated) -> usize {
    let mut count = 0;
    for f in &generated.files {
        let path = f.path.to_str().unwrap();
        if !path.starts_with("src/") || path == "src/lib.rs" || path == "src/models.rs" {
            continue;
        }
        let parsed = syn::parse_file(&f.text).unwrap_or_else(|err| panic!("{path}: {err}"));
        for item in parsed.items {
            if let syn::Item::Macro(mac) = item
                && mac.mac.path.is_ident("endpoint")
            {
                let out = endpoint_macros_core::expand(mac.mac.tokens).to_string();
                assert!(!out.contains("compile_error"), "{path}: {out}");
                count += 1;
            }
        }
    }
    count
}

fn check(generated: &Generated, operations: usize) {
    assert_eq!(generated.operations.len(), operations);
    let left_out: Vec<_> = generated
        .operations
        .iter()
        .filter(|o| o.rust.is_empty())
        .collect();
    assert!(left_out.is_empty(), "{left_out:#?}");
    assert_eq!(expand_modules(generated), operations);
    let diagnostics: Vec<String> = generated
        .diagnostics
        .iter()
        .map(ToString::to_string)
        .collect();
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
}

#[test]
fn stripe() {
    let generated = fixture("stripe");
    check(&generated, 452);
    // No tags: a module per path segment after `v1`; the names keep the
    // words that say a list (`GetCustomers`) from one item (`GetCustomer`).
    let customers = file(&generated, "src/customers.rs");
    assert!(customers.contains(
        "pub struct GetCustomers = \"GET /v1/customers\" -> crate::models::GetCustomersResponse {"
    ));
    assert!(
        customers.contains("pub struct GetCustomer = \"GET /v1/customers/{customer}\""),
        "{customers}"
    );
    assert!(customers.contains("        #[endpoint(body, style = \"deepObject\")]\n"));
    assert!(customers.contains(
        "#[endpoint(content_type = \"application/x-www-form-urlencoded\")]\n    \
         #[endpoint(error = crate::models::Error)]\n    \
         pub struct PostCustomers = \"POST /v1/customers\" -> crate::models::Customer {"
    ));
}

#[test]
fn kubernetes() {
    let generated = fixture("kubernetes");
    check(&generated, 845);
    let apps = file(&generated, "src/apps_v1.rs");
    // Four media types of a patch: a choice.
    assert!(apps.contains("pub enum PatchNamespacedDeploymentBody {\n"));
    assert!(apps.contains("    ApplyPatchYaml(String),\n"));
    assert!(apps.contains(
        "        #[endpoint(request_body)]\n        pub body: PatchNamespacedDeploymentBody,\n"
    ));
    let core = file(&generated, "src/core_v1.rs");
    assert!(
        core.contains("pub struct ListNamespacedPod = \"GET /api/v1/namespaces/{namespace}/pods\"")
    );
    // A query parameter `path` beside the placeholder `{path}`.
    assert!(core.contains("/proxy/{path_path}\""), "{core}");
}

#[test]
fn twilio() {
    let generated = fixture("twilio");
    check(&generated, 195);
    // `Api20100401` starts every tag: modules without it.
    let call = file(&generated, "src/call.rs");
    assert!(
        call.contains(
            "pub struct ListCall = \"GET /2010-04-01/Accounts/{account_sid}/Calls.json\""
        )
    );
    assert!(call.contains(
        "        #[endpoint(query, rename = \"StartTime<\")]\n        pub start_time_before: Option<"
    ));
    assert!(call.contains(
        "        #[endpoint(query, rename = \"StartTime>\")]\n        pub start_time_after: Option<"
    ));
}

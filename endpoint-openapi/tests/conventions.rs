//! An API's conventions: each changes the crate only when the options name
//! it, and a description without them is generated as OpenAPI alone says.

use crate::generate::file;
use endpoint_openapi::conventions::Conventions;
use endpoint_openapi::package::{Dependency, Generated, Modules, Options};
use endpoint_openapi::read;

/// A description with GitHub's extensions: a multi-segment path
/// parameter, renamed operations (one former name of two operations), a
/// body property named like a path parameter, a `nullable-` twin,
/// `externalDocs`, an operation on a server of another origin.
const DESCRIPTION: &str = r##"{
  "openapi": "3.0.3",
  "info": {"title": "Hub", "version": "1"},
  "servers": [{"url": "https://api.example.com"}],
  "paths": {
    "/repos/{owner}/git/ref/{ref}": {
      "get": {
        "operationId": "git/get-ref",
        "externalDocs": {"url": "https://docs.example.com/git#get-a-reference"},
        "parameters": [
          {"name": "owner", "in": "path", "required": true, "schema": {"type": "string"}},
          {"name": "ref", "in": "path", "required": true, "x-multi-segment": true,
           "schema": {"type": "string"}}
        ],
        "responses": {"200": {"description": "ok", "content": {"application/json": {
          "schema": {"$ref": "#/components/schemas/git-ref"}}}}}
      }
    },
    "/repos/{owner}/variables/{name}": {
      "patch": {
        "operationId": "actions/update-variable",
        "x-octokit": {"changes": [{"type": "OPERATION", "date": "2021-03-24",
          "before": {"operationId": "actions/update-a-variable"}}]},
        "parameters": [
          {"name": "owner", "in": "path", "required": true, "schema": {"type": "string"}},
          {"name": "name", "in": "path", "required": true, "schema": {"type": "string"}}
        ],
        "requestBody": {"content": {"application/json": {"schema": {
          "type": "object", "properties": {"name": {"type": "string"}}}}}},
        "responses": {"204": {"description": "done"}}
      }
    },
    "/search/issues": {
      "get": {
        "operationId": "search/issues",
        "parameters": [
          {"name": "q", "in": "query", "required": true, "schema": {"type": "string"}},
          {"name": "page", "in": "query", "schema": {"type": "integer"}}
        ],
        "responses": {"200": {"description": "ok", "content": {"application/json": {
          "schema": {"type": "object", "required": ["total_count", "items"], "properties": {
            "total_count": {"type": "integer"},
            "items": {"type": "array", "items": {"$ref": "#/components/schemas/simple-user"}},
            "fallback_reasons": {"type": "array", "items": {"type": "string"}}}}}}}}
      }
    },
    "/repos/{owner}/assets": {
      "post": {
        "operationId": "repos/upload-asset",
        "servers": [{"url": "https://uploads.example.com"}],
        "parameters": [
          {"name": "owner", "in": "path", "required": true, "schema": {"type": "string"}}
        ],
        "responses": {"204": {"description": "done"}}
      }
    },
    "/archive/{owner}.tar": {
      "get": {
        "operationId": "repos/download-tarball",
        "x-octokit": {"changes": [{"type": "OPERATION", "date": "2020-01-01",
          "before": {"operationId": "repos/download-archive"}}]},
        "parameters": [
          {"name": "owner", "in": "path", "required": true, "schema": {"type": "string"}}
        ],
        "responses": {"204": {"description": "done"}}
      }
    },
    "/archive/{owner}.zip": {
      "get": {
        "operationId": "repos/download-zipball",
        "x-octokit": {"changes": [{"type": "OPERATION", "date": "2020-01-01",
          "before": {"operationId": "repos/download-archive"}}]},
        "parameters": [
          {"name": "owner", "in": "path", "required": true, "schema": {"type": "string"}}
        ],
        "responses": {"204": {"description": "done"}}
      }
    }
  },
  "components": {"schemas": {
    "git-ref": {"type": "object", "required": ["object"], "properties": {
      "object": {"$ref": "#/components/schemas/simple-user"},
      "tagger": {"$ref": "#/components/schemas/nullable-simple-user"}}},
    "simple-user": {"type": "object", "required": ["login"],
      "properties": {"login": {"type": "string"}}},
    "nullable-simple-user": {"type": "object", "required": ["login"], "nullable": true,
      "properties": {"login": {"type": "string"}}}
  }}
}"##;

fn github() -> Conventions {
    Conventions {
        multi_segment: Some("x-multi-segment".into()),
        renames: Some("x-octokit".into()),
        docs_link: Some("Hub docs".into()),
        body_prefix: Some("new".into()),
        twin_prefixes: vec!["nullable-".into()],
        link_pages: true,
        default_accept: Some("application/vnd.hub+json".into()),
        json_content_type: Some("application/json; charset=utf-8".into()),
        crate_doc: Some("The Hub's API.\n\nGenerated with its conventions.".into()),
        readme: Some("# hub\n".into()),
        deployment_paths: vec![("https://uploads.example.com/".into(), "/api/uploads".into())],
        ..Conventions::default()
    }
}

/// [`github`], as a conventions file says it.
const HUB_TOML: &str = r##"
multi-segment = "x-multi-segment"
renames = "x-octokit"
docs-link = "Hub docs"
body-prefix = "new"
twin-prefixes = ["nullable-"]
link-pages = true
default-accept = "application/vnd.hub+json"
json-content-type = "application/json; charset=utf-8"
crate-doc = '''
The Hub's API.

Generated with its conventions.'''
readme = '''
# hub
'''
deployment-paths = [["https://uploads.example.com/", "/api/uploads"]]
"##;

#[test]
fn conventions_are_a_file_of_toml() {
    assert_eq!(Conventions::from_toml(HUB_TOML), Ok(github()));
    assert_eq!(Conventions::from_toml(""), Ok(Conventions::default()));
    let rules =
        Conventions::from_toml("docs = \"as-written\"\n[rules]\nwrite-back = false\n").unwrap();
    assert_eq!(rules.docs, endpoint_openapi::conventions::Docs::AsWritten);
    assert!(!rules.rules.write_back && rules.rules.formats);
    // What was written back reads the same.
    let written = toml::to_string(&github()).unwrap();
    assert_eq!(Conventions::from_toml(&written), Ok(github()));
}

#[test]
fn a_conventions_file_that_says_otherwise_is_an_error_naming_the_key() {
    let unknown = Conventions::from_toml("link-pages = true\nbody_prefix = \"new\"\n").unwrap_err();
    assert!(
        unknown.contains("body_prefix") && unknown.contains("line 2"),
        "{unknown}"
    );
    let mistyped = Conventions::from_toml("link-pages = \"yes\"").unwrap_err();
    assert!(
        mistyped.contains("link-pages") || mistyped.contains("line 1"),
        "{mistyped}"
    );
    let dir = std::env::temp_dir().join(format!("conventions-file-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("hub.toml");
    std::fs::write(&path, "docs = \"markdown\"\n").unwrap();
    let error = Conventions::read(&path).unwrap_err();
    assert!(
        error.starts_with(&path.display().to_string()) && error.contains("docs"),
        "{error}"
    );
    let missing = Conventions::read(&dir.join("none.toml")).unwrap_err();
    assert!(missing.contains("none.toml: cannot be read"), "{missing}");
}

fn crate_of(conventions: Conventions, endpoint: Dependency) -> Generated {
    // A file of each call's own: the tests run at once.
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("conventions-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("hub-{call}.json"));
    std::fs::write(&path, DESCRIPTION).unwrap();
    let read = read::read_file(&path, &[]).unwrap();
    let options = Options {
        name: "hub-api".into(),
        endpoint,
        modules: Modules::OperationIdPrefix {
            separator: "/".into(),
        },
        conventions,
    };
    endpoint_openapi::package::generate_read(&read, &options).unwrap()
}

fn path() -> Dependency {
    Dependency::Path("../endpoint".into())
}

#[test]
fn a_multi_segment_parameter_keeps_its_slashes() {
    let with = crate_of(github(), path());
    assert!(
        file(&with, "src/git.rs")
            .contains("        #[endpoint(multi_segment)]\n        pub r#ref: String,\n"),
        "{}",
        file(&with, "src/git.rs")
    );
    let without = crate_of(Conventions::default(), path());
    assert!(!file(&without, "src/git.rs").contains("multi_segment"));
}

#[test]
fn a_renamed_operation_keeps_its_former_name_as_a_deprecated_alias() {
    let with = crate_of(github(), path());
    let actions = file(&with, "src/actions.rs");
    assert!(
        actions.contains(
            "#[deprecated(note = \"renamed to `UpdateVariable` on 2021-03-24\")]\n\
             pub type UpdateAVariable = UpdateVariable;\n"
        ),
        "{actions}"
    );
    // A former name that two operations now share keeps no alias, and says so.
    let repos = file(&with, "src/repos.rs");
    assert!(!repos.contains("pub type"), "{repos}");
    assert!(with.diagnostics.iter().any(|d| {
        d.to_string()
            .contains("the former operationId `repos/download-archive` is now 2 operations")
    }));
    let without = crate_of(Conventions::default(), path());
    assert!(!file(&without, "src/actions.rs").contains("pub type"));
    assert!(without.diagnostics.is_empty(), "{:?}", without.diagnostics);
}

#[test]
fn the_documentation_links_the_operation_s_docs() {
    let with = crate_of(github(), path());
    assert!(file(&with, "src/git.rs").contains(
        "/// `GET /repos/{owner}/git/ref/{ref}` ([Hub docs](https://docs.example.com/git#get-a-reference))\n"
    ));
    let without = crate_of(Conventions::default(), path());
    assert!(!file(&without, "src/git.rs").contains("docs.example.com"));
}

#[test]
fn a_body_property_named_like_a_path_parameter_takes_the_prefix() {
    let with = crate_of(github(), path());
    let actions = file(&with, "src/actions.rs");
    assert!(
        actions.contains("pub new_name: Option<String>,"),
        "{actions}"
    );
    assert!(
        actions.contains("#[endpoint(body, rename = \"name\")]"),
        "{actions}"
    );
    let without = crate_of(Conventions::default(), path());
    assert!(file(&without, "src/actions.rs").contains("pub body_name: Option<String>,"));
}

#[test]
fn a_nullable_twin_is_its_component_s_type() {
    let with = crate_of(github(), path());
    let models = file(&with, "src/models.rs");
    assert!(!models.contains("NullableSimpleUser"), "{models}");
    assert!(models.contains("pub object: SimpleUser,"), "{models}");
    let without = crate_of(Conventions::default(), path());
    assert!(file(&without, "src/models.rs").contains("pub struct NullableSimpleUser"));
}

#[test]
fn the_crate_s_prose_and_accept_are_the_conventions() {
    let with = crate_of(github(), path());
    assert_eq!(file(&with, "README.md"), "# hub\n");
    let lib = file(&with, "src/lib.rs");
    assert!(
        lib.contains("//! The Hub's API.\n//!\n//! Generated with its conventions.\n//!\n//! # A first call\n"),
        "{lib}"
    );
    assert!(
        lib.contains("&[(\"accept\", \"application/vnd.hub+json\")]"),
        "{lib}"
    );
    // An operation with no answer body asks for the API's default.
    assert!(!file(&with, "src/actions.rs").contains("accept ="));
    let without = crate_of(Conventions::default(), path());
    let lib = file(&without, "src/lib.rs");
    assert!(lib.contains("//! Hub 1 as typed requests"), "{lib}");
    assert!(
        lib.contains("&[(\"accept\", \"application/json\")]"),
        "{lib}"
    );
    assert!(file(&without, "src/actions.rs").contains("accept = \"*/*\""));
}

#[test]
fn a_json_body_is_sent_as_the_conventions_content_type() {
    let with = crate_of(github(), path());
    let actions = file(&with, "src/actions.rs");
    assert!(
        actions.contains("#[endpoint(content_type = \"application/json; charset=utf-8\")]"),
        "{actions}"
    );
    let without = crate_of(Conventions::default(), path());
    let actions = file(&without, "src/actions.rs");
    assert!(
        actions.contains("#[endpoint(content_type = \"application/json\")]"),
        "{actions}"
    );
}

#[test]
fn a_workspace_crate_is_endpoint_to_its_own_code() {
    let generated = crate_of(Conventions::default(), Dependency::Workspace("..".into()));
    let manifest = file(&generated, "Cargo.toml");
    assert!(
        manifest.contains("version.workspace = true\n"),
        "{manifest}"
    );
    assert!(
        manifest.contains("endpoint-runtime.workspace = true\nendpoint-macros.workspace = true\n")
    );
    assert!(!manifest.contains("publish = false"));
    assert!(manifest.contains("endpoint = { path = \"..\", features = [\"ureq\"] }"));
    let lib = file(&generated, "src/lib.rs");
    assert!(lib.contains("extern crate self as endpoint;\n"), "{lib}");
    let standalone = crate_of(Conventions::default(), path());
    assert!(!file(&standalone, "src/lib.rs").contains("extern crate self"));
}

#[test]
fn a_wrapped_list_is_a_page_of_link_headers() {
    let with = crate_of(github(), path());
    assert!(!file(&with, "src/search.rs").contains("paginate("));
    let models = file(&with, "src/models.rs");
    assert!(
        models.contains("impl ::endpoint::model::Paginated for SearchIssuesResponse {"),
        "{models}"
    );
    // Without the conventions, the page number pages its one required
    // list, until an empty page (a `total_count` ends no list).
    let without = crate_of(Conventions::default(), path());
    let search = file(&without, "src/search.rs");
    assert!(
        search.contains("#[endpoint(paginate(page = \"page\", items = \"/items\"))]"),
        "{search}"
    );
}

#[test]
fn a_server_on_another_origin_is_tied_to_the_base_url() {
    let tied = |conventions: Conventions| {
        let generated = crate_of(conventions, path());
        let lib = file(&generated, "src/lib.rs");
        assert!(
            lib.contains("#[endpoint(server = \"https://uploads.example.com\")]")
                || file(&generated, "src/repos.rs")
                    .contains("#[endpoint(server = \"https://uploads.example.com\")]"),
            "{lib}"
        );
        assert!(lib.contains("Api::with_tied_server"), "{lib}");
        lib.lines()
            .find(|line| line.contains("api_settings"))
            .unwrap_or_else(|| panic!("{lib}"))
            .trim()
            .to_owned()
    };
    // The conventions say where the server is on another deployment…
    assert_eq!(
        tied(github()),
        "::endpoint::__private::api_settings_tied(BASE_URL, \
         &[(\"accept\", \"application/vnd.hub+json\")], \
         &[(\"https://uploads.example.com\", Some(\"/api/uploads\"))])"
    );
    // …or nothing: the server is tied all the same, without a path.
    assert_eq!(
        tied(Conventions::default()),
        "::endpoint::__private::api_settings_tied(BASE_URL, \
         &[(\"accept\", \"application/json\")], \
         &[(\"https://uploads.example.com\", None)])"
    );
}

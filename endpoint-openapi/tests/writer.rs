//! The writer's pieces on small descriptions: what is decided before
//! writing (a struct the macro takes only without its parameters' styles,
//! an enum by status that operations share), and the one-file layout
//! written from the same items as a crate's files.

use std::collections::BTreeSet;

use endpoint_openapi::package::{self, Dependency, Generated, Layout, Modules, Options};
use serde_json::{Value, json};

/// The crate of a description of `paths` in `layout`, modules by tag.
fn generate(paths: Value, layout: Layout) -> Generated {
    let description = json!({
        "openapi": "3.1.0",
        "info": {"title": "Written", "version": "1"},
        "servers": [{"url": "https://api.written.example"}],
        "paths": paths,
        "components": {"schemas": {
            "Pet": {"type": "object", "properties": {"name": {"type": "string"}}}
        }}
    });
    let read = endpoint_openapi::read::read_value(description, None, &[]).unwrap();
    let options = Options {
        name: "written-api".into(),
        endpoint: Dependency::Path("../endpoint".into()),
        modules: Modules::Tags,
        conventions: Default::default(),
    };
    package::generate_read_as(&read, &options, layout).unwrap()
}

fn file<'g>(generated: &'g Generated, path: &str) -> &'g str {
    &generated
        .files
        .iter()
        .find(|file| file.path.to_str() == Some(path))
        .unwrap_or_else(|| panic!("no {path}"))
        .text
}

/// An operation tagged `tag` whose refusals are by status: a 404 of an
/// integer, any other without a body.
fn refused_by_status(id: &str, tag: &str) -> Value {
    json!({"get": {
        "operationId": id,
        "tags": [tag],
        "responses": {
            "200": {"description": "OK"},
            "404": {"description": "Not there.", "content": {"application/json": {"schema": {"type": "integer"}}}},
            "default": {"description": "Anything else."}
        }
    }})
}

#[test]
fn a_header_in_a_style_the_macro_refuses_is_written_in_its_default_style() {
    let generated = generate(
        json!({"/pets": {"get": {
            "operationId": "listPets",
            "tags": ["pets"],
            "parameters": [
                {"name": "X-Trace", "in": "header", "style": "form", "schema": {"type": "string"}},
                {"name": "tags", "in": "query", "style": "pipeDelimited", "schema": {"type": "array", "items": {"type": "string"}}}
            ],
            "responses": {"200": {"description": "OK"}}
        }}}),
        Layout::Crate,
    );
    assert_eq!(generated.operations[0].rust, "pets::ListPets");
    let pets = file(&generated, "src/pets.rs");
    assert!(
        pets.contains("pub struct ListPets = \"GET /pets\""),
        "{pets}"
    );
    // Every style is left out, the query's too: the decision is on the
    // struct.
    assert!(!pets.contains("style = "), "{pets}");
    assert!(pets.contains("pub x_trace: Option<String>,"), "{pets}");
    let found: Vec<String> = generated
        .diagnostics
        .iter()
        .map(ToString::to_string)
        .collect();
    let styles: Vec<&String> = found
        .iter()
        .filter(|d| d.contains("`endpoint!` refuses the parameters' styles: "))
        .collect();
    assert_eq!(styles.len(), 1, "{found:?}");
    assert!(
        styles[0].contains("the parameters written in their locations' default styles"),
        "{styles:?}"
    );
}

#[test]
fn a_refused_operation_takes_no_part_in_a_shared_enum() {
    let generated = generate(
        json!({
            "/first/{id": refused_by_status("first", "pets"),
            "/second": refused_by_status("second", "pets"),
            "/third": refused_by_status("third", "pets")
        }),
        Layout::Crate,
    );
    assert_eq!(generated.operations[0].rust, "", "the route does not parse");
    let pets = file(&generated, "src/pets.rs");
    assert_eq!(pets.matches("::endpoint::answers! {").count(), 1, "{pets}");
    assert!(
        pets.contains(
            "    /// The refusals of [`Second`] and [`Third`], by status.\n    \
             #[derive(Debug, Clone, PartialEq)]\n    pub enum SecondError {"
        ),
        "{pets}"
    );
    assert!(
        pets.contains(
            "/// The refusals of [`Third`], by status: [`SecondError`], which [`Second`] shares.\n\
             pub type ThirdError = SecondError;\n"
        ),
        "{pets}"
    );
    assert!(!pets.contains("First"), "{pets}");
}

#[test]
fn an_enum_of_one_operation_names_it_alone() {
    let generated = generate(
        json!({
            "/first": refused_by_status("first", "pets"),
            "/second": refused_by_status("second", "toys")
        }),
        Layout::Crate,
    );
    for (path, name) in [("src/pets.rs", "First"), ("src/toys.rs", "Second")] {
        let text = file(&generated, path);
        assert!(
            text.contains(&format!(
                "    /// The refusals of [`{name}`], by status.\n    #[derive"
            )),
            "{text}"
        );
    }
}

/// The names of the items of each inline module of `source`, as
/// `module::name`, and of its items at the root.
fn item_names(file: &syn::File) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for item in &file.items {
        if let syn::Item::Mod(module) = item {
            for item in module.content.iter().flat_map(|(_, items)| items) {
                names.insert(format!("{}::{}", module.ident, name_of(item)));
            }
        }
    }
    names
}

/// An item's name, or its macro's and first token's for a macro.
fn name_of(item: &syn::Item) -> String {
    match item {
        syn::Item::Struct(item) => item.ident.to_string(),
        syn::Item::Enum(item) => item.ident.to_string(),
        syn::Item::Type(item) => item.ident.to_string(),
        syn::Item::Impl(item) => {
            let ty = &item.self_ty;
            format!("impl {}", quote::quote!(#ty))
        }
        syn::Item::Macro(item) => {
            let tokens: Vec<String> = item
                .mac
                .tokens
                .clone()
                .into_iter()
                .map(|token| token.to_string())
                .filter(|token| !token.starts_with('#') && !token.starts_with('['))
                .take(4)
                .collect();
            let path = &item.mac.path;
            format!("{}! {}", quote::quote!(#path), tokens.join(" "))
        }
        syn::Item::Use(_) => "use".to_owned(),
        other => format!("{}", quote::quote!(#other)),
    }
}

#[test]
fn the_one_file_holds_the_crate_s_modules_inline_without_features() {
    let paths = json!({
        "/pets": {"get": {
            "operationId": "listPets", "tags": ["pets"],
            "responses": {"200": {"description": "OK", "content": {"application/json": {
                "schema": {"type": "array", "items": {"$ref": "#/components/schemas/Pet"}}
            }}}}
        }},
        "/toys": refused_by_status("listToys", "toys")
    });
    let one = generate(paths.clone(), Layout::OneFile);
    let krate = generate(paths, Layout::Crate);
    assert_eq!(one.files.len(), 1);
    assert_eq!(one.files[0].path.to_str(), Some("src/written_api.rs"));
    let text = &one.files[0].text;
    assert!(text.starts_with(&one.statics), "{text}");
    assert_eq!(one.statics, krate.statics);
    assert_eq!(one.operations, krate.operations);
    assert!(!text.contains("cfg(feature"), "{text}");
    assert!(!text.contains("#!["), "include! takes no inner attribute");
    // The crate's models are built with features; the one file's are the
    // same items without them.
    assert!(
        file(&krate, "src/models.rs").contains("#[cfg(feature = \"pets\")]"),
        "{}",
        file(&krate, "src/models.rs")
    );
    let parsed = syn::parse_file(text).expect("the one file parses");
    let mut expected = BTreeSet::new();
    for (module, path) in [
        ("models", "src/models.rs"),
        ("pets", "src/pets.rs"),
        ("toys", "src/toys.rs"),
    ] {
        let items = syn::parse_file(file(&krate, path)).expect("a module parses");
        for item in &items.items {
            expected.insert(format!("{module}::{}", name_of(item)));
        }
    }
    assert_eq!(item_names(&parsed), expected);
}

/// A creation tagged `pets` whose JSON body requires `properties`.
fn creation(id: &str, properties: Value) -> Value {
    let required: Vec<&String> = properties.as_object().unwrap().keys().collect();
    json!({"post": {
        "operationId": id,
        "tags": ["pets"],
        "requestBody": {"required": true, "content": {"application/json": {"schema": {
            "type": "object", "required": required, "properties": properties
        }}}},
        "responses": {"201": {"description": "Created.", "content": {"application/json": {
            "schema": {"$ref": "#/components/schemas/Pet"}
        }}}}
    }})
}

#[test]
fn the_first_call_creates_with_more_than_empty_lists() {
    let generated = generate(
        json!({
            "/tagged": creation("createTagged", json!({"tags": {"type": "array", "items": {"type": "string"}}})),
            "/named": creation("createNamed", json!({
                "name": {"type": "string"}, "kind": {"type": "string"}, "owner": {"type": "string"}
            }))
        }),
        Layout::Crate,
    );
    let readme = file(&generated, "README.md");
    // The shorter call gives an empty list alone: the longer one is shown.
    assert!(
        readme.contains("pets::CreateNamed::new(\"name\", \"kind\", \"owner\")"),
        "{readme}"
    );
    assert!(!readme.contains("CreateTagged::new("), "{readme}");
}

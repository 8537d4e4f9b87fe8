//! A generated crate explains itself: each field's documentation says what
//! its description says (the parameter's or its schema's text, its default,
//! bounds, pattern, values, format, deprecation), the types its operations
//! share are named after what they are, and the crate's README and
//! documentation show a first call with the description's own credentials.

use crate::generate::file;
use endpoint_openapi::package::{Dependency, Generated, Modules, Options, generate_read};
use endpoint_openapi::read::read_value;
use serde_json::{Value, json};

fn generated(description: Value) -> Generated {
    let read = read_value(description, None, &[]).expect("a description");
    let options = Options {
        name: "shop-api".into(),
        endpoint: Dependency::Path("../endpoint".into()),
        modules: Modules::Tags,
        conventions: Default::default(),
    };
    generate_read(&read, &options).expect("a crate")
}

/// The documentation of a field of an `endpoint!` struct: its `///` lines
/// right above `pub <field>:`.
fn field_doc(text: &str, field: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let at = lines
        .iter()
        .position(|line| line.trim_start().starts_with(&format!("pub {field}:")))
        .unwrap_or_else(|| panic!("no field `{field}` in {text}"));
    let mut doc: Vec<&str> = lines[..at]
        .iter()
        .rev()
        .map(|line| line.trim_start())
        .skip_while(|line| line.starts_with("#["))
        .take_while(|line| line.starts_with("///"))
        .map(|line| line.trim_start_matches("///").trim_start())
        .collect();
    doc.reverse();
    doc.join("\n")
}

fn shop(security: Value, schemes: Value) -> Value {
    json!({
        "openapi": "3.0.3",
        "info": {"title": "Shop", "version": "1.0"},
        "servers": [{"url": "https://shop.example.com/v1"}],
        "security": security,
        "paths": {
            "/orders": {
                "get": {
                    "operationId": "list-orders",
                    "tags": ["orders"],
                    "parameters": [
                        {"name": "limit", "in": "query",
                         "schema": {"type": "integer", "format": "int32", "minimum": 1,
                                    "maximum": 100, "default": 20}},
                        {"name": "status", "in": "query",
                         "schema": {"description": "Only the orders in this state.",
                                    "type": "string",
                                    "enum": ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"]}},
                        {"name": "code", "in": "query", "deprecated": true,
                         "schema": {"title": "A discount code", "type": "string",
                                    "minLength": 3, "maxLength": 12, "pattern": "^[A-Z`]+$"}},
                        {"name": "total", "in": "query", "description": "Orders above this total.",
                         "schema": {"type": "number", "exclusiveMinimum": true, "minimum": 0}},
                        {"name": "since", "in": "query",
                         "schema": {"type": "string", "format": "date-time"}},
                        {"name": "cart", "in": "query",
                         "schema": {"type": "string", "format": "uuid"}},
                        {"name": "size", "in": "query",
                         "schema": {"$ref": "#/components/schemas/size"}}
                    ],
                    "responses": {
                        "200": {"description": "The orders.", "content": {"application/json": {
                            "schema": {"type": "array", "items": {"$ref": "#/components/schemas/order"}}}}},
                        "401": {"$ref": "#/components/responses/unauthorized"},
                        "404": {"$ref": "#/components/responses/missing"}
                    }
                },
                "post": {
                    "operationId": "create-orders",
                    "tags": ["orders"],
                    "requestBody": {"required": true, "content": {"application/json": {"schema": {
                        "type": "object",
                        "required": ["name"],
                        "properties": {
                            "name": {"type": "string", "maxLength": 40},
                            "note": {"type": "string", "description": "A note for the shop.",
                                     "deprecated": true},
                            "count": {"type": "integer"}
                        }
                    }}}},
                    "responses": {
                        "201": {"description": "Created.", "content": {"application/json": {
                            "schema": {"$ref": "#/components/schemas/order"}}}},
                        "401": {"$ref": "#/components/responses/unauthorized"},
                        "default": {"$ref": "#/components/responses/problem"}
                    }
                }
            },
            "/orders/{id}": {
                "get": {
                    "operationId": "get-orders-order",
                    "tags": ["orders"],
                    "parameters": [{"name": "id", "in": "path", "required": true,
                                    "schema": {"type": "string"}}],
                    "responses": {
                        "200": {"description": "The order.", "content": {"application/json": {
                            "schema": {"$ref": "#/components/schemas/order"}}}},
                        "401": {"$ref": "#/components/responses/unauthorized"},
                        "404": {"$ref": "#/components/responses/missing"},
                        "default": {"$ref": "#/components/responses/problem"}
                    }
                }
            }
        },
        "components": {
            "securitySchemes": schemes,
            "responses": {
                "unauthorized": {"description": "No credentials.", "content": {"application/json": {
                    "schema": {"type": "object", "properties": {
                        "message": {"type": "string"},
                        "errors": {"type": "array", "items": {
                            "type": "object", "properties": {"code": {"type": "string"}}}}
                    }}}}},
                "missing": {"description": "Not there.", "content": {"application/json": {
                    "schema": {"type": "object", "properties": {"reason": {"type": "string"}}}}}},
                "problem": {"description": "A problem.", "content": {"application/json": {
                    "schema": {"type": "object", "title": "problem details",
                               "properties": {"detail": {"type": "string"}}}}}}
            },
            "schemas": {
                "size": {"type": "string", "description": "A size.", "enum": ["s", "m", "l"]},
                "order": {"type": "object", "required": ["id"], "properties": {
                    "id": {"type": "string", "pattern": "^o_[0-9]+$"},
                    "items": {"type": "integer", "minimum": 0, "maximum": 50, "exclusiveMaximum": true},
                    "note": {"type": "string", "nullable": true}
                }}
            }
        }
    })
}

fn bearer() -> Generated {
    generated(shop(
        json!([{"token": []}]),
        json!({"token": {"type": "http", "scheme": "bearer"},
               "key": {"type": "apiKey", "in": "header", "name": "X-Shop-Key"}}),
    ))
}

#[test]
fn field_docs_say_what_the_description_says() {
    let generated = bearer();
    let orders = file(&generated, "src/orders.rs");
    // No text of its own: the constraints beside the fallback.
    assert_eq!(
        field_doc(orders, "limit"),
        "The `limit` query parameter.\n\nDefault: `20`; at least `1`; at most `100`."
    );
    // The schema's description, and the values bounded to ten.
    assert_eq!(
        field_doc(orders, "status"),
        "Only the orders in this state.\n\nOne of `\"a\"`, `\"b\"`, `\"c\"`, `\"d\"`, `\"e\"`, `\"f\"`, \
         `\"g\"`, `\"h\"`, `\"i\"`, `\"j\"` and 2 more."
    );
    // The schema's title; lengths; a pattern holding a backtick; deprecated.
    assert_eq!(
        field_doc(orders, "code"),
        "A discount code\n\nAt least 3 characters; at most 12 characters; matching `` ^[A-Z`]+$ ``.\n\n\
         Deprecated by the description."
    );
    // An exclusive bound (OpenAPI 3.0's `exclusiveMinimum: true`).
    assert_eq!(
        field_doc(orders, "total"),
        "Orders above this total.\n\nMore than `0`."
    );
    // A format the field's type does not say; one it says (a timestamp).
    assert_eq!(
        field_doc(orders, "cart"),
        "The `cart` query parameter.\n\nFormat `uuid`."
    );
    assert_eq!(field_doc(orders, "since"), "The `since` query parameter.");
    // A reference: its component's description and values.
    assert_eq!(
        field_doc(orders, "size"),
        "A size.\n\nOne of `\"s\"`, `\"m\"`, `\"l\"`."
    );
    // A body's properties alike.
    assert_eq!(
        field_doc(orders, "name"),
        "The `name` property of the body.\n\nAt most 40 characters."
    );
    assert_eq!(
        field_doc(orders, "note"),
        "A note for the shop.\n\nDeprecated by the description."
    );
    assert_eq!(
        field_doc(orders, "count"),
        "The `count` property of the body."
    );
    // A model's fields alike.
    let models = file(&generated, "src/models.rs");
    assert!(
        models.contains("    /// The `id` property.\n    ///\n    /// Matching `^o_[0-9]+$`.\n    pub id: String,"),
        "{models}"
    );
    assert!(
        models.contains(
            "    /// The `items` property.\n    ///\n    /// At least `0`; less than `50`.\n"
        ),
        "{models}"
    );
}

#[test]
fn shared_answers_are_named_after_what_they_are() {
    let generated = bearer();
    let models = file(&generated, "src/models.rs");
    // Three operations answer the same `401`: named after its reason, and
    // its inline item after it; documented for all.
    assert!(models.contains("pub struct Unauthorized {"), "{models}");
    assert!(
        models.contains("pub struct UnauthorizedErrorsItem {"),
        "{models}"
    );
    assert!(models.contains("/// No credentials."), "{models}");
    assert!(!models.contains("ListOrdersUnauthorized"), "{models}");
    assert!(models.contains("pub struct NotFound {"), "{models}");
    // A title names a shared type.
    assert!(models.contains("pub struct ProblemDetails {"), "{models}");
    assert!(!models.contains("CreateOrdersOther"), "{models}");
    let orders = file(&generated, "src/orders.rs");
    assert!(
        orders.contains("NotFound(crate::models::NotFound) = \"404\""),
        "{orders}"
    );
    // The operations keep every word that carries meaning.
    let rust: Vec<&str> = generated
        .operations
        .iter()
        .map(|o| o.rust.as_str())
        .collect();
    assert_eq!(
        rust,
        [
            "orders::ListOrders",
            "orders::CreateOrders",
            "orders::GetOrder"
        ]
    );
}

#[test]
fn an_answer_of_one_operation_keeps_its_name() {
    let mut description = shop(json!([]), json!({}));
    let paths = description["paths"].as_object_mut().unwrap();
    paths.remove("/orders/{id}");
    paths["/orders"].as_object_mut().unwrap().remove("post");
    let generated = generated(description);
    let models = file(&generated, "src/models.rs");
    assert!(
        models.contains("pub struct ListOrdersUnauthorized {"),
        "{models}"
    );
    assert!(!models.contains("pub struct Unauthorized {"), "{models}");
}

#[test]
fn the_first_call_uses_a_bearer_token() {
    let generated = bearer();
    let lib = file(&generated, "src/lib.rs");
    let readme = file(&generated, "README.md");
    for text in [lib, readme] {
        assert!(
            text.contains("use endpoint::client::ureq::Client;"),
            "{text}"
        );
        assert!(text.contains("use shop_api::{BASE_URL, orders};"), "{text}");
        assert!(text.contains(".base_url(BASE_URL)"), "{text}");
        assert!(
            text.contains(".bearer(std::env::var(\"SHOP_API_TOKEN\")?)"),
            "{text}"
        );
        assert!(
            text.contains("client.send(&orders::GetOrder { id: \"id\".into() })?.body"),
            "{text}"
        );
        assert!(
            text.contains("client.paginate(&orders::ListOrders { ..Default::default() })"),
            "{text}"
        );
        assert!(text.contains("`endpoint::model::Nullable`"), "{text}");
        assert!(!text.contains("balance transaction"), "{text}");
    }
    assert!(lib.contains("//! ```no_run\n"), "{lib}");
    assert!(
        lib.contains("//! # Ok::<(), Box<dyn std::error::Error>>(())\n"),
        "{lib}"
    );
    assert!(!readme.contains("# Ok::<"), "{readme}");
    // The example's client is a dependency of the crate's tests.
    let cargo = file(&generated, "Cargo.toml");
    assert!(
        cargo.contains(
            "[dev-dependencies]\nendpoint = { path = \"../endpoint\", features = [\"ureq\"] }\n"
        ),
        "{cargo}"
    );
}

#[test]
fn the_first_call_sends_an_api_key_in_its_header() {
    let generated = generated(shop(
        json!([{"key": []}]),
        json!({"token": {"type": "http", "scheme": "bearer"},
               "key": {"type": "apiKey", "in": "header", "name": "X-Shop-Key"}}),
    ));
    for text in [
        file(&generated, "src/lib.rs"),
        file(&generated, "README.md"),
    ] {
        assert!(
            text.contains("use endpoint::client::{ApiKey, ureq::Client};"),
            "{text}"
        );
        assert!(
            text.contains(
                ".api_key(ApiKey::header(\"X-Shop-Key\", std::env::var(\"SHOP_API_KEY\")?))"
            ),
            "{text}"
        );
        assert!(!text.contains(".bearer("), "{text}");
    }
}

#[test]
fn the_first_call_of_other_schemes() {
    let scheme = |scheme: Value| {
        let generated = generated(shop(json!([{"one": []}]), json!({"one": scheme})));
        file(&generated, "src/lib.rs").to_owned()
    };
    assert!(scheme(json!({"type": "http", "scheme": "Basic"})).contains(
        ".basic(std::env::var(\"SHOP_API_USER\")?, std::env::var(\"SHOP_API_PASSWORD\")?)"
    ));
    assert!(
        scheme(json!({"type": "apiKey", "in": "query", "name": "key"}))
            .contains(".api_key(ApiKey::query(\"key\", std::env::var(\"SHOP_API_KEY\")?))")
    );
    let oauth2 = scheme(json!({"type": "oauth2", "flows": {"clientCredentials": {
        "tokenUrl": "https://auth.example.com/token", "scopes": {}}}}));
    assert!(
        oauth2.contains("use endpoint::client::{OAuth2, ureq::Client};"),
        "{oauth2}"
    );
    assert!(oauth2.contains(".oauth2(OAuth2::client_credentials(\"https://auth.example.com/token\", std::env::var(\"SHOP_API_CLIENT_ID\")?, std::env::var(\"SHOP_API_CLIENT_SECRET\")?))"), "{oauth2}");
    // A key in `authorization` is a token with its scheme.
    assert!(
        scheme(json!({"type": "apiKey", "in": "header", "name": "Authorization"}))
            .contains(".bearer(std::env::var(\"SHOP_API_TOKEN\")?)")
    );
    // Of alternatives, a bearer token first.
    let either = generated(shop(
        json!([{"user": []}, {"token": []}]),
        json!({"user": {"type": "http", "scheme": "basic"},
               "token": {"type": "http", "scheme": "bearer"}}),
    ));
    let lib = file(&either, "src/lib.rs");
    assert!(
        lib.contains(".bearer(") && !lib.contains(".basic("),
        "{lib}"
    );
    // No scheme: no credentials.
    let none = scheme(json!({"type": "mutualTLS"}));
    assert!(
        none.contains("    .base_url(BASE_URL)\n//!     .build()?;"),
        "{none}"
    );
}

#[test]
fn a_shared_answer_keeps_its_name_when_its_reason_says_too_little() {
    let answer = |status: &str, property: &str| {
        json!({status: {"description": "An answer.", "content": {"application/json": {
            "schema": {"type": "object", "properties": {property: {"type": "string"}}}}}}})
    };
    let operation = |id: &str, missing: &str| {
        let mut responses = answer("200", "value");
        responses
            .as_object_mut()
            .unwrap()
            .extend(answer("404", missing).as_object().unwrap().clone());
        json!({"operationId": id, "tags": ["things"], "responses": responses})
    };
    let generated = generated(json!({
        "openapi": "3.1.0",
        "info": {"title": "Things", "version": "1"},
        "paths": {
            "/a": {"get": operation("get-a", "reason")},
            "/b": {"get": operation("get-b", "reason")},
            "/c": {"get": operation("get-c", "why")},
            "/d": {"get": operation("get-d", "why")}
        }
    }));
    let models = file(&generated, "src/models.rs");
    // A success without a title: the first operation's name, not `Ok`.
    assert!(models.contains("pub struct GetAResponse {"), "{models}");
    assert!(!models.contains("pub struct Ok"), "{models}");
    // Two shapes of `404`, each shared: the first takes the reason, the
    // other keeps its first operation's name rather than a number.
    assert!(
        models.contains("pub struct NotFound {\n    /// The `reason` property."),
        "{models}"
    );
    assert!(
        models.contains("pub struct GetCNotFound {\n    /// The `why` property."),
        "{models}"
    );
    assert!(!models.contains("NotFound2"), "{models}");
}

/// A description whose inline schemas are shared by places of two
/// operations, listed in the order of `paths`: a union under properties of
/// different names, an object under properties that end alike, a titled
/// object, an enum under parameters of different names, and an object in
/// two different answers.
fn sharing(paths: [&str; 2]) -> Value {
    let union = |text: &str| json!({"description": text, "oneOf": [{"type": "string"}, {"type": "integer"}]});
    let address = json!({"type": "object", "properties": {"city": {"type": "string"}}});
    let money = json!({"title": "Money", "type": "object",
                       "properties": {"amount": {"type": "integer"}, "currency": {"type": "string"}}});
    let direction = json!({"type": "string", "enum": ["asc", "desc"]});
    let meta = json!({"type": "object", "properties": {"page": {"type": "integer"}}});
    let link = json!({"type": "object", "properties": {"url": {"type": "string"}}});
    let note = json!({"type": "object", "properties": {"text": {"type": "string"}}});
    let when = json!({"oneOf": [{"type": "string", "format": "date"},
                                {"type": "string", "enum": ["now"]}]});
    let operation = |id: &str, sort: &str, body: Value, answer: Value| {
        json!({"post": {
            "operationId": id,
            "parameters": [{"name": sort, "in": "query", "schema": direction}],
            "requestBody": {"content": {"application/json": {"schema": body}}},
            "responses": {"200": {"description": "OK",
                                  "content": {"application/json": {"schema": answer}}}}
        }})
    };
    let secret = operation(
        "create-secret",
        "direction",
        json!({"type": "object", "properties": {
            "selected_repository_ids": {"type": "array", "items": union("A repository id.")},
            "pull_request": link,
            "shipping_address": address,
            "price": money,
            "note": {"oneOf": [note, {"type": "string"}]},
            "when": when}}),
        json!({"type": "object", "properties": {"id": {"type": "string"}, "meta": meta}}),
    );
    let issue = operation(
        "open-issue",
        "order",
        json!({"type": "object", "properties": {
            "title": union("The issue's title."),
            "pull_request": link,
            "billing_address": address,
            "total": money,
            "comment": {"oneOf": [note, {"type": "integer"}]},
            "at": when}}),
        json!({"type": "object", "properties": {"number": {"type": "integer"}, "meta": meta}}),
    );
    let all = [("/secrets", secret), ("/issues", issue)];
    let mut ordered = serde_json::Map::new();
    for path in paths {
        let (_, operation) = all.iter().find(|(p, _)| *p == path).expect("a path");
        ordered.insert(path.to_owned(), operation.clone());
    }
    json!({
        "openapi": "3.0.3",
        "info": {"title": "Shop", "version": "1.0"},
        "servers": [{"url": "https://shop.example.com/v1"}],
        "paths": ordered
    })
}

/// The names of the types of `models.rs`, in order.
fn type_names(generated: &Generated) -> Vec<String> {
    file(generated, "src/models.rs")
        .lines()
        .filter_map(|line| {
            let line = line.trim_start();
            let rest = line
                .strip_prefix("pub struct ")
                .or_else(|| line.strip_prefix("pub enum "))?;
            Some(rest.split([' ', '{', '(']).next()?.to_owned())
        })
        .collect()
}

#[test]
fn shared_inline_types_are_named_after_what_they_are() {
    let crate_ = generated(sharing(["/secrets", "/issues"]));
    let models = file(&crate_, "src/models.rs");
    let names = type_names(&crate_);
    for name in [
        // The alternatives of a union whose places say nothing alike.
        "StringOrInteger",
        // The words its places end with: the property it is under.
        "Address",
        "PullRequest",
        "Meta",
        // Its schemas' title.
        "Money",
        // An enum's values.
        "AscOrDesc",
    ] {
        assert!(names.iter().any(|n| n == name), "no {name} in {names:?}");
    }
    // Nothing else named after the first operation that used it but
    // what only it holds (the union under `note`), and what has no better
    // name: an alternative whose places end only in its kind, a union of
    // alternatives told apart by a number (and its own alternative).
    let firsts: Vec<&String> = names
        .iter()
        .filter(|n| n.starts_with("CreateSecret"))
        .collect();
    assert_eq!(
        firsts,
        [
            "CreateSecretNoteObject",
            "CreateSecretNote",
            "CreateSecretWhenString",
            "CreateSecretWhen",
            "CreateSecretResponse"
        ],
        "{names:?}"
    );
    assert!(
        !names
            .iter()
            .any(|n| n == "Object" || n == "StringOrString2"),
        "{names:?}"
    );
    // The first place's text does not document what both share; the
    // fields keep their own.
    assert!(!models.contains("/// A repository id."), "{models}");
    let issues = file(&crate_, "src/issues.rs");
    assert!(issues.contains("pub struct OpenIssue ="), "{issues}");
    assert!(
        issues.contains("pub title: Option<crate::models::StringOrInteger>"),
        "{issues}"
    );
    assert_eq!(field_doc(issues, "title"), "The issue's title.");
    // The same names whichever operation comes first (but for those
    // named after an operation).
    let by_meaning = |names: Vec<String>| -> Vec<String> {
        let mut names: Vec<String> = names
            .into_iter()
            .filter(|n| !n.starts_with("CreateSecret") && !n.starts_with("OpenIssue"))
            .collect();
        names.sort();
        names
    };
    let reversed = type_names(&generated(sharing(["/issues", "/secrets"])));
    assert_eq!(
        by_meaning(names),
        [
            "Address",
            "AscOrDesc",
            "Meta",
            "Money",
            "PullRequest",
            "StringOrInteger"
        ]
    );
    assert_eq!(
        by_meaning(reversed),
        [
            "Address",
            "AscOrDesc",
            "Meta",
            "Money",
            "PullRequest",
            "StringOrInteger"
        ]
    );
}

#[test]
fn a_shared_type_with_no_free_name_keeps_the_first() {
    // Every name the places suggest is a component's already.
    let mut description = sharing(["/secrets", "/issues"]);
    let taken = json!({"type": "object", "properties": {"x": {"type": "boolean"}}});
    let mut schemas = serde_json::Map::new();
    let answer = &mut description["paths"]["/issues"]["post"]["responses"]["200"]["content"]["application/json"]
        ["schema"]["properties"];
    for name in ["Address", "Meta", "PullRequest"] {
        schemas.insert(name.to_owned(), taken.clone());
        answer[name] = json!({"$ref": format!("#/components/schemas/{name}")});
    }
    description["components"] = json!({ "schemas": schemas });
    let names = type_names(&generated(description));
    assert!(
        names.iter().any(|n| n == "CreateSecretShippingAddress"),
        "{names:?}"
    );
    assert!(
        names.iter().any(|n| n == "CreateSecretResponseMeta"),
        "{names:?}"
    );
    assert!(names.iter().any(|n| n == "StringOrInteger"), "{names:?}");
    // Never a part of a property's words (`Request`).
    assert!(
        names.iter().any(|n| n == "CreateSecretPullRequest"),
        "{names:?}"
    );
    assert!(
        !names
            .iter()
            .any(|n| n.starts_with("Empty") || n == "Request"),
        "{names:?}"
    );
}

/// The lines of the crate documentation at the top of `lib.rs`, without
/// their `//!`.
fn crate_doc(generated: &Generated) -> String {
    file(generated, "src/lib.rs")
        .lines()
        .filter_map(|line| line.strip_prefix("//!"))
        .map(|line| line.strip_prefix(' ').unwrap_or(line))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_crate_docs_open_with_the_first_call_and_read_the_description_as_markdown() {
    let introduction = "<p>The <b>Shop</b> API sells <i>everything</i>; see <a href=\"/docs/start\" target=\"_blank\">the guide</a>.</p>\n\
        <h2>Authentication</h2>\n\
        <div class=\"note\">\n    Send a <code>Bearer</code> token.<br/>\n    Tokens expire.\n</div>\n\
        <ul>\n  <li>One [beta] feature</li>\n  <li>See [limits](#limits) and [errors](errors)</li>\n</ul>\n\
        Ask at https://help.shop.example or <support@shop.example>.\n\n\
        <span style=\"color: red\">Read [the terms](terms.html) &amp; <branch> names.</span>";
    let mut description = shop(
        json!({"bearer": []}),
        json!({"bearer": {"type": "http", "scheme": "bearer"}}),
    );
    description["info"]["description"] = json!(introduction);
    description["externalDocs"] = json!({"url": "https://docs.shop.example/api/"});
    let with_page = generated(description.clone());
    let doc = crate_doc(&with_page);
    let first_call = doc.find("# A first call").expect("a first call");
    let about = doc.find("# About the API").expect("the whole description");
    // The first call comes first; the first paragraph of the description
    // after it, and all of it at the end.
    let summary = "The **Shop** API sells *everything*; see [the guide](https://docs.shop.example/docs/start).";
    let first_paragraph = doc.find(summary).unwrap_or_else(|| panic!("{doc}"));
    assert!(
        first_call < first_paragraph && first_paragraph < about,
        "{doc}"
    );
    let full = &doc[about..];
    // HTML as Markdown, its headings below the crate's own, its indentation
    // no code block.
    assert!(full.contains("\n**Authentication**\n"), "{full}");
    assert!(full.contains("\nSend a `Bearer` token.\n"), "{full}");
    assert!(full.contains("\n- One \\[beta\\] feature"), "{full}");
    // Relative links on the description's own documentation.
    assert!(
        full.contains("[limits](https://docs.shop.example/api/#limits)"),
        "{full}"
    );
    assert!(
        full.contains("[errors](https://docs.shop.example/api/errors)"),
        "{full}"
    );
    assert!(
        full.contains("[the terms](https://docs.shop.example/api/terms.html)"),
        "{full}"
    );
    assert!(full.contains("<https://help.shop.example>"), "{full}");
    // What rustdoc would warn about or show as raw HTML: none of it.
    for raw in [
        "<p",
        "<div",
        "<span",
        "<b>",
        "<li",
        "&lt;p",
        "&lt;div",
        "](/",
        "](#",
        "```\n    ",
    ] {
        assert!(!full.contains(raw), "{raw} in {full}");
    }
    // A placeholder in angle brackets is text.
    assert!(full.contains("&lt;branch> names."), "{full}");
    assert!(!doc.contains("\n```\nSend"), "{doc}");

    // Without a page of its own: its server's origin is the site of its
    // paths, and an anchor of no page is its label.
    description.as_object_mut().unwrap().remove("externalDocs");
    let doc = crate_doc(&generated(description));
    assert!(
        doc.contains("[the guide](https://shop.example.com/docs/start)"),
        "{doc}"
    );
    assert!(
        doc.contains("See limits and [errors](https://shop.example.com/errors)"),
        "{doc}"
    );
}

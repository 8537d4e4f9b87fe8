//! A crate generated from descriptions built as values: its modules and
//! names, the fields of every location, bodies, answers, diagnostics, and
//! the same files every time; hostile descriptions never panic.

use std::collections::BTreeMap;

use endpoint_openapi::api::{
    Api, Encoding, MediaContent, Operation, ParamIn, Parameter, RequestBody, Response, Server,
    ServerVariable, TagInfo,
};
use endpoint_openapi::package::{Dependency, Generated, Modules, Options, Status, generate};
use endpoint_openapi::schema::{Kind, Object, Property, Schema};
use proptest::prelude::*;
use serde_json::json;

fn options(modules: Modules) -> Options {
    Options {
        name: "pets-api".into(),
        endpoint: Dependency::Path("../endpoint".into()),
        modules,
        conventions: Default::default(),
    }
}

fn string() -> Schema {
    Schema::of(Kind::String {
        format: None,
        values: None,
    })
}

fn object(properties: &[(&str, Schema, bool)]) -> Schema {
    Schema::of(Kind::Object(Object {
        properties: properties
            .iter()
            .map(|(name, schema, required)| Property {
                name: (*name).into(),
                schema: schema.clone(),
                required: *required,
            })
            .collect(),
        ..Object::default()
    }))
}

fn param(name: &str, location: ParamIn, required: bool, schema: Schema) -> Parameter {
    Parameter {
        pointer: format!("#/p/{name}"),
        name: name.into(),
        location,
        required,
        schema,
        ..Parameter::default()
    }
}

fn op(id: Option<&str>, method: &str, path: &str, tags: &[&str]) -> Operation {
    Operation {
        pointer: format!("#/paths/{path}/{}", method.to_lowercase()),
        operation_id: id.map(str::to_owned),
        method: method.into(),
        path: path.into(),
        tags: tags.iter().map(|t| (*t).to_owned()).collect(),
        ..Operation::default()
    }
}

fn content(media_type: &str, schema: Option<Schema>) -> MediaContent {
    MediaContent {
        media_type: media_type.into(),
        schema,
        ..MediaContent::default()
    }
}

fn body(contents: Vec<MediaContent>) -> Option<RequestBody> {
    Some(RequestBody {
        pointer: "#/body".into(),
        required: true,
        description: None,
        contents,
    })
}

fn answer(status: &str, contents: Vec<MediaContent>) -> Response {
    Response {
        pointer: format!("#/r/{status}"),
        status: status.into(),
        description: Some(format!("The {status} answer.")),
        contents,
        headers: Vec::new(),
    }
}

fn pets_api() -> Api {
    let mut get = op(Some("getPet"), "GET", "/v1/pets/{petId}", &["pets"]);
    get.summary = Some("Find a pet".into());
    get.description = Some("Returns one pet, see https://example.com/pets.".into());
    get.parameters = vec![
        param("petId", ParamIn::Path, true, Schema::of(Kind::Integer)),
        Parameter {
            style: Some("form".into()),
            explode: Some(false),
            ..param(
                "fields",
                ParamIn::Query,
                false,
                Schema::of(Kind::Array(Box::new(string()))),
            )
        },
        Parameter {
            style: Some("deepObject".into()),
            ..param(
                "filter",
                ParamIn::Query,
                false,
                Schema::of(Kind::Object(Object::default())),
            )
        },
        param("X-Request-Id", ParamIn::Header, true, string()),
        param("Accept", ParamIn::Header, false, string()),
        param("session", ParamIn::Cookie, false, string()),
    ];
    get.responses = vec![
        answer(
            "200",
            vec![content(
                "application/json",
                Some(Schema::of(Kind::Ref("Pet".into()))),
            )],
        ),
        answer("404", vec![content("application/json", Some(string()))]),
    ];
    let mut update = op(Some("updatePet"), "PUT", "/v1/pets/{id}", &["pets"]);
    update.parameters = vec![param("id", ParamIn::Path, true, string())];
    update.body = body(vec![content(
        "application/json",
        Some(object(&[("id", string(), true), ("name", string(), false)])),
    )]);
    update.responses = vec![
        answer(
            "200",
            vec![content(
                "application/json",
                Some(Schema::of(Kind::Ref("Pet".into()))),
            )],
        ),
        answer(
            "201",
            vec![content(
                "application/json",
                Some(Schema::of(Kind::Ref("Pet".into()))),
            )],
        ),
        answer("404", vec![content("text/plain", Some(string()))]),
        answer("default", Vec::new()),
    ];
    let mut delete = op(None, "DELETE", "/v1/pets/{id}", &["pets"]);
    delete.parameters = vec![param("id", ParamIn::Path, true, string())];
    delete.responses = vec![answer("204", Vec::new())];
    let mut create = op(Some("createPet"), "POST", "/v1/pets", &["pets"]);
    create.body = body(vec![
        content(
            "application/json",
            Some(Schema::of(Kind::Ref("Pet".into()))),
        ),
        content(
            "application/x-www-form-urlencoded",
            Some(Schema::of(Kind::Ref("Pet".into()))),
        ),
    ]);
    create.responses = vec![
        answer(
            "200",
            vec![content(
                "application/json",
                Some(Schema::of(Kind::Ref("Pet".into()))),
            )],
        ),
        answer("202", Vec::new()),
    ];
    let mut token = op(Some("createToken"), "POST", "/v1/oauth/token", &[]);
    token.body = body(vec![MediaContent {
        encoding: vec![(
            "metadata".into(),
            Encoding {
                style: Some("deepObject".into()),
                explode: Some(true),
                ..Encoding::default()
            },
        )],
        ..content(
            "application/x-www-form-urlencoded",
            Some(object(&[
                ("grant_type", string(), true),
                (
                    "metadata",
                    Schema::of(Kind::Object(Object::default())),
                    false,
                ),
            ])),
        )
    }]);
    let mut upload = op(
        Some("uploadPhoto"),
        "POST",
        "/v1/pets/{id}/photo",
        &["pets"],
    );
    upload.parameters = vec![param("id", ParamIn::Path, true, string())];
    upload.body = body(vec![content(
        "multipart/form-data",
        Some(object(&[
            ("title", string(), true),
            (
                "photo",
                Schema::of(Kind::String {
                    format: Some("binary".into()),
                    values: None,
                }),
                true,
            ),
        ])),
    )]);
    let mut raw = op(Some("putRaw"), "PUT", "/v1/pets/{id}/raw", &["pets"]);
    raw.parameters = vec![param("id", ParamIn::Path, true, string())];
    raw.body = body(vec![content("application/octet-stream", None)]);
    let mut patch = op(Some("patchPet"), "PATCH", "/v1/pets/{id}", &["pets"]);
    patch.parameters = vec![param("id", ParamIn::Path, true, string())];
    patch.body = body(vec![
        content("application/merge-patch+json", Some(Schema::of(Kind::Any))),
        content("application/apply-patch+yaml", Some(Schema::of(Kind::Any))),
    ]);
    let mut broken = op(Some("broken"), "GET", "/v1/pets/{id", &["pets"]);
    broken.responses = vec![answer("200", Vec::new())];
    Api {
        title: "Pets".into(),
        version: "1.0.0".into(),
        servers: vec![Server {
            url: "https://{region}.pets.example/".into(),
            variables: vec![ServerVariable {
                name: "region".into(),
                default: "eu".into(),
                ..ServerVariable::default()
            }],
            ..Server::default()
        }],
        spec_version: "3.1.0".into(),
        tags: vec![TagInfo {
            name: "pets".into(),
            description: Some("Everything about [your] pets <3".into()),
        }],
        operations: vec![
            get, update, delete, create, token, upload, raw, patch, broken,
        ],
        schemas: BTreeMap::from([(
            "Pet".to_owned(),
            object(&[
                ("id", Schema::of(Kind::Integer), true),
                ("name", string(), true),
            ]),
        )]),
        ..Api::default()
    }
}

/// The crate of a description written as JSON, its modules by tag.
pub(crate) fn generate_json(description: serde_json::Value) -> Generated {
    let read = endpoint_openapi::read::read_value(description, None, &[]).unwrap();
    endpoint_openapi::package::generate_read(&read, &options(Modules::Tags)).unwrap()
}

pub(crate) fn file<'g>(generated: &'g Generated, path: &str) -> &'g str {
    &generated
        .files
        .iter()
        .find(|f| f.path.to_str() == Some(path))
        .unwrap_or_else(|| panic!("no {path}"))
        .text
}

/// The `endpoint!` invocations of a module's text, each expanded as the
/// macro would: none may be refused.
pub(crate) fn expand_all(text: &str) -> usize {
    let file = syn::parse_file(text).expect("a module parses");
    let mut count = 0;
    for item in file.items {
        if let syn::Item::Macro(mac) = item
            && mac.mac.path.is_ident("endpoint")
        {
            let out = endpoint_macros_core::expand(mac.mac.tokens.clone()).to_string();
            assert!(!out.contains("compile_error"), "{out}");
            count += 1;
        }
    }
    count
}

#[test]
fn modules_files_and_names() {
    let generated = generate(&pets_api(), &options(Modules::Tags)).unwrap();
    let paths: Vec<&str> = generated
        .files
        .iter()
        .map(|f| f.path.to_str().unwrap())
        .collect();
    assert_eq!(
        paths,
        [
            "Cargo.toml",
            "rustfmt.toml",
            "DIAGNOSTICS.md",
            "README.md",
            "src/lib.rs",
            "src/models.rs",
            "src/oauth.rs",
            "src/pets.rs",
        ]
    );
    for f in &generated.files {
        assert!(
            f.text
                .lines()
                .next()
                .unwrap()
                .contains("@generated by cargo endpoint"),
            "{}",
            f.path.display()
        );
    }
    let rust: Vec<&str> = generated
        .operations
        .iter()
        .map(|o| o.rust.as_str())
        .collect();
    // No tag: the path's first segment after the version; no operationId:
    // method and path; the route the macro refuses: left out.
    assert_eq!(
        rust,
        [
            "pets::GetPet",
            "pets::UpdatePet",
            "pets::DeleteV1PetsId",
            "pets::CreatePet",
            "oauth::CreateToken",
            "pets::UploadPhoto",
            "pets::PutRaw",
            "pets::PatchPet",
            "",
        ]
    );
    let cargo = file(&generated, "Cargo.toml");
    assert!(cargo.contains("edition = \"2021\"\nrust-version = \"1.88\"\n"));
    assert!(cargo.contains("default = [\n    \"oauth\",\n    \"pets\",\n]\n"));
    assert!(cargo.contains("\"pets\" = []"), "{cargo}");
    assert!(cargo.contains("endpoint = { path = \"../endpoint\" }"));
    assert!(!cargo.contains("[workspace]"));
    let lib = file(&generated, "src/lib.rs");
    assert!(lib.contains("#[cfg(feature = \"pets\")]\npub mod pets;\n"));
    assert!(lib.contains("pub mod models;"));
    // The server, its variables at their defaults.
    assert!(
        lib.contains("pub const BASE_URL: &str = \"https://eu.pets.example\";"),
        "{lib}"
    );
    assert!(lib.contains("pub fn endpoint() -> ::endpoint::Result<::endpoint::Endpoint> {"));
    let readme = file(&generated, "README.md");
    assert!(readme.contains("| `pets` | getPet | GET | `/v1/pets/{petId}` | `pets::GetPet` |"));
    let pets = file(&generated, "src/pets.rs");
    // The tag's description, made rustdoc.
    assert!(
        pets.contains("//! Everything about \\[your\\] pets &lt;3\n"),
        "{pets}"
    );
    assert_eq!(expand_all(pets), 7);
    assert_eq!(expand_all(file(&generated, "src/oauth.rs")), 1);
}

#[test]
fn names_drop_the_module_words_while_unique() {
    let api = Api {
        operations: vec![
            op(
                Some("listCoreV1NamespacedPod"),
                "GET",
                "/api/v1/pods",
                &["core_v1"],
            ),
            op(Some("listCoreV1Node"), "GET", "/api/v1/nodes", &["core_v1"]),
            op(Some("listNode"), "GET", "/api/v1/nodes2", &["core_v1"]),
        ],
        ..Api::default()
    };
    let generated = generate(&api, &options(Modules::Tags)).unwrap();
    let rust: Vec<&str> = generated
        .operations
        .iter()
        .map(|o| o.rust.as_str())
        .collect();
    assert_eq!(
        rust,
        [
            "core_v1::ListNamespacedPod",
            // `ListNode` is another operation's own name.
            "core_v1::ListCoreV1Node",
            "core_v1::ListNode",
        ]
    );
    let twilio = Api {
        operations: vec![
            op(Some("Api20100401Thing"), "GET", "/x", &["Api20100401Call"]),
            op(Some("ListCall"), "GET", "/calls", &["Api20100401Call"]),
            op(
                Some("ListAccount"),
                "GET",
                "/accounts",
                &["Api20100401Account"],
            ),
        ],
        ..Api::default()
    };
    let generated = generate(&twilio, &options(Modules::Tags)).unwrap();
    let rust: Vec<&str> = generated
        .operations
        .iter()
        .map(|o| o.rust.as_str())
        .collect();
    // The words every module starts with are dropped from modules.
    // A lone verb would not say that these are lists.
    assert_eq!(
        rust,
        [
            "call::Api20100401Thing",
            "call::ListCall",
            "account::ListAccount"
        ]
    );
    let by_prefix = generate(
        &Api {
            operations: vec![op(Some("repos/get"), "GET", "/repos", &[])],
            ..Api::default()
        },
        &options(Modules::OperationIdPrefix {
            separator: "/".into(),
        }),
    )
    .unwrap();
    assert_eq!(by_prefix.operations[0].rust, "repos::Get");
}

#[test]
fn names_keep_the_module_words_that_carry_meaning() {
    let api = Api {
        operations: vec![
            // The module's words qualify another word, or are the thing
            // named: kept.
            op(
                Some("save-orders-user"),
                "PUT",
                "/orders/{id}/user",
                &["orders"],
            ),
            op(
                Some("get-a-categories-products"),
                "GET",
                "/categories/{id}/products",
                &["products"],
            ),
            op(
                Some("get-an-invoices-lines"),
                "GET",
                "/invoices/{id}/lines",
                &["invoices"],
            ),
            op(
                Some("get-a-invoices"),
                "GET",
                "/invoices/{id}",
                &["invoices"],
            ),
            op(
                Some("getOrdersSearch"),
                "GET",
                "/orders/search",
                &["orders"],
            ),
            // The object of a lone verb, which says whether it is a list
            // or one item: kept.
            op(Some("getDomains"), "GET", "/domains", &["domains"]),
            op(Some("getDomain"), "GET", "/domains/{id}", &["domains"]),
            op(Some("getAccount"), "GET", "/account", &["account"]),
            op(Some("createInvoices"), "POST", "/invoices", &["invoices"]),
            // A prefix, or the plural before its singular: dropped.
            op(Some("orders_list"), "GET", "/orders", &["orders"]),
            op(
                Some("OrdersCancel"),
                "POST",
                "/orders/{id}/cancel",
                &["orders"],
            ),
            op(
                Some("getInvoicesInvoiceLines"),
                "GET",
                "/invoices/{id}/lines2",
                &["invoices"],
            ),
            op(
                Some("getCategoriesCategory"),
                "GET",
                "/categories/{id}",
                &["categories"],
            ),
        ],
        ..Api::default()
    };
    let generated = generate(&api, &options(Modules::Tags)).unwrap();
    let rust: Vec<&str> = generated
        .operations
        .iter()
        .map(|o| o.rust.as_str())
        .collect();
    assert_eq!(
        rust,
        [
            "orders::SaveOrdersUser",
            "products::GetACategoriesProducts",
            "invoices::GetAnInvoicesLines",
            "invoices::GetAInvoices",
            "orders::GetOrdersSearch",
            "domains::GetDomains",
            "domains::GetDomain",
            "account::GetAccount",
            "invoices::CreateInvoices",
            "orders::List",
            "orders::Cancel",
            "invoices::GetInvoiceLines",
            "categories::GetCategory",
        ]
    );
}

#[test]
fn fields_of_every_location() {
    let generated = generate(&pets_api(), &options(Modules::Tags)).unwrap();
    let pets = file(&generated, "src/pets.rs");
    let get = "    /// Find a pet
    ///
    /// `GET /v1/pets/{petId}`
    ///
    /// Returns one pet, see <https://example.com/pets>.
    #[derive(Debug, Clone, PartialEq)]
    #[endpoint(api = crate::api)]
    #[endpoint(error = String)]
    pub struct GetPet = \"GET /v1/pets/{pet_id}\" -> crate::models::Pet {
        /// The `petId` path parameter.
        pub pet_id: i64,
        /// The `fields` query parameter.
        #[endpoint(query, explode = false)]
        pub fields: Option<Vec<String>>,
        /// The `filter` query parameter.
        #[endpoint(query, style = \"deepObject\")]
        pub filter: Option<::serde_json::Map<String, ::serde_json::Value>>,
        /// The `X-Request-Id` header parameter.
        #[endpoint(header, rename = \"X-Request-Id\")]
        pub x_request_id: String,
        /// The `session` cookie parameter.
        #[endpoint(cookie)]
        pub session: Option<String>,
    }
";
    assert!(pets.contains(get), "{pets}");
    // A body property named like a path parameter.
    assert!(
        pets.contains("pub struct UpdatePet = \"PUT /v1/pets/{id}\" -> crate::models::Pet {"),
        "{pets}"
    );
    assert!(
        pets.contains("        #[endpoint(body, rename = \"id\")]\n        pub body_id: String,\n")
    );
    assert!(pets.contains("        #[endpoint(body)]\n        pub name: Option<String>,\n"));
    assert!(
        pets.contains("#[endpoint(content_type = \"application/json\")]\n    #[endpoint(error = UpdatePetError)]\n    pub struct UpdatePet")
    );
    // `Accept` is ignored, as OpenAPI says, with a diagnostic.
    assert!(
        generated
            .diagnostics
            .iter()
            .any(|d| d.pointer == "#/p/Accept"
                && d.operation.as_deref() == Some("getPet")
                && d.message.contains("`Accept`"))
    );
}

#[test]
fn bodies() {
    let generated = generate(&pets_api(), &options(Modules::Tags)).unwrap();
    let pets = file(&generated, "src/pets.rs");
    let oauth = file(&generated, "src/oauth.rs");
    // A form body's encoding: deepObject, always exploded.
    assert!(
        oauth.contains(
            "#[endpoint(content_type = \"application/x-www-form-urlencoded\")]\n    pub struct CreateToken"
        ),
        "{oauth}"
    );
    assert!(oauth.contains(
        "        #[endpoint(body, style = \"deepObject\")]\n        pub metadata: Option<"
    ));
    // A multipart file.
    assert!(
        pets.contains("        #[endpoint(body)]\n        pub photo: ::endpoint::body::File,\n"),
        "{pets}"
    );
    // Bytes: the whole body, a file.
    assert!(
        pets.contains(
            "        #[endpoint(request_body)]\n        pub body: ::endpoint::body::File,\n"
        ),
        "{pets}"
    );
    assert!(pets.contains(
        "#[endpoint(content_type = \"application/octet-stream\")]\n    pub struct PutRaw"
    ));
    // JSON and a form encoding of the same schema: JSON, with a diagnostic.
    assert!(
        pets.contains("#[endpoint(content_type = \"application/json\")]\n    pub struct CreatePet")
    );
    assert!(
        generated
            .diagnostics
            .iter()
            .any(|d| d.operation.as_deref() == Some("createPet")
                && d.message.contains("application/x-www-form-urlencoded"))
    );
    // Two different media types: a choice.
    assert!(pets.contains("pub enum PatchPetBody {\n    /// As `application/merge-patch+json`.\n    MergePatchJson(::serde_json::Value),\n    /// As `application/apply-patch+yaml`.\n    ApplyPatchYaml(String),\n}"), "{pets}");
    assert!(pets.contains("impl ::endpoint::body::Content for PatchPetBody {"));
    assert!(pets.contains("        #[endpoint(request_body)]\n        pub body: PatchPetBody,\n"));
}

#[test]
fn answers() {
    let generated = generate(&pets_api(), &options(Modules::Tags)).unwrap();
    let pets = file(&generated, "src/pets.rs");
    // The same type for 200 and 201: that type; no body: `()`; a body and
    // none: an enum by status.
    assert!(pets.contains("\"PUT /v1/pets/{id}\" -> crate::models::Pet {"));
    assert!(pets.contains("pub struct DeleteV1PetsId = \"DELETE /v1/pets/{id}\" -> () {"));
    assert!(pets.contains("pub struct CreatePet = \"POST /v1/pets\" -> CreatePetAnswer {"));
    assert!(
        pets.contains(
            "::endpoint::answers! {
    /// The answers of [`CreatePet`], by status.
    #[derive(Debug, Clone, PartialEq)]
    pub enum CreatePetAnswer {
        /// `200`: The 200 answer.
        Ok(crate::models::Pet) = \"200\",
        /// `202`: The 202 answer.
        Accepted = \"202\",
    }
}
"
        ),
        "{pets}"
    );
    // The refusals by status: an enum, the route's error type.
    assert!(pets.contains(
        "    pub enum UpdatePetError {
        /// `404`: The 404 answer.
        NotFound(String) = \"404\",
        /// `default`: The default answer.
        Other = \"default\",
    }"
    ));
    assert!(pets.contains("    #[endpoint(error = UpdatePetError)]\n    pub struct UpdatePet"));
    // The refusals: one type, the route's error type.
    assert!(pets.contains("    #[endpoint(error = String)]\n    pub struct GetPet"));
    let get = &generated.operations[0];
    assert_eq!(
        get.answers,
        [
            (
                Status::Code(200),
                vec![(
                    "application/json".to_owned(),
                    Some("crate::models::Pet".to_owned())
                )]
            ),
            (
                Status::Code(404),
                vec![("application/json".to_owned(), Some("String".to_owned()))]
            ),
        ]
    );
    let json = get.to_json();
    assert_eq!(json["rust"], "pets::GetPet");
    assert_eq!(
        json["answers"]["200"]["application/json"],
        "crate::models::Pet"
    );
    let models = file(&generated, "src/models.rs");
    assert!(models.contains("pub struct Pet {"), "{models}");
}

#[test]
fn operations_of_a_module_that_refuse_alike_share_one_enum() {
    let refusals = || {
        vec![
            answer("200", Vec::new()),
            answer("404", vec![content("text/plain", Some(string()))]),
            answer("default", Vec::new()),
        ]
    };
    let mut get = op(Some("getPet"), "GET", "/v1/pets/{id}", &["pets"]);
    get.parameters = vec![param("id", ParamIn::Path, true, string())];
    get.responses = refusals();
    let mut feed = op(Some("feedPet"), "POST", "/v1/pets/{id}/feed", &["pets"]);
    feed.parameters = vec![param("id", ParamIn::Path, true, string())];
    feed.responses = refusals();
    let mut walk = op(Some("walkPet"), "POST", "/v1/pets/{id}/walk", &["pets"]);
    walk.parameters = vec![param("id", ParamIn::Path, true, string())];
    walk.responses = refusals();
    // A 404 of another type: an enum of its own.
    let mut sell = op(Some("sellPet"), "POST", "/v1/pets/{id}/sell", &["pets"]);
    sell.parameters = vec![param("id", ParamIn::Path, true, string())];
    sell.responses = vec![
        answer("200", Vec::new()),
        answer(
            "404",
            vec![content("application/json", Some(Schema::of(Kind::Integer)))],
        ),
        answer("default", Vec::new()),
    ];
    // The same refusals in another module: an enum of that module's.
    let mut list = op(Some("listToys"), "GET", "/v1/toys", &["toys"]);
    list.responses = refusals();
    let api = Api {
        title: "Pets".into(),
        version: "1.0.0".into(),
        spec_version: "3.1.0".into(),
        operations: vec![get, feed, sell, walk, list],
        ..Api::default()
    };
    let generated = generate(&api, &options(Modules::Tags)).unwrap();
    let pets = file(&generated, "src/pets.rs");
    assert_eq!(pets.matches("::endpoint::answers! {").count(), 2, "{pets}");
    assert!(
        pets.contains(
            "    /// The refusals of [`GetPet`], [`FeedPet`] and [`WalkPet`], by status.
    #[derive(Debug, Clone, PartialEq)]
    pub enum GetPetError {"
        ),
        "{pets}"
    );
    for name in ["FeedPet", "WalkPet"] {
        assert!(
            pets.contains(&format!(
                "/// The refusals of [`{name}`], by status: [`GetPetError`], which [`GetPet`] shares.
pub type {name}Error = GetPetError;
"
            )),
            "{pets}"
        );
        assert!(pets.contains(&format!("#[endpoint(error = {name}Error)]")));
    }
    assert!(
        pets.contains("    /// The refusals of [`SellPet`], by status.\n"),
        "{pets}"
    );
    let toys = file(&generated, "src/toys.rs");
    assert!(
        toys.contains("    /// The refusals of [`ListToys`], by status.\n    #[derive"),
        "{toys}"
    );
}

#[test]
fn an_operation_whose_method_is_no_http_token_is_left_out_with_a_diagnostic() {
    let mut bad = op(Some("spaced"), "GE T", "/v1/pets", &["pets"]);
    bad.responses = vec![answer("204", Vec::new())];
    let mut good = op(Some("purge"), "purge", "/v1/pets", &["pets"]);
    good.responses = vec![answer("204", Vec::new())];
    let api = Api {
        title: "Pets".into(),
        version: "1.0.0".into(),
        spec_version: "3.1.0".into(),
        operations: vec![bad, good],
        ..Api::default()
    };
    let generated = generate(&api, &options(Modules::Tags)).unwrap();
    let spaced = generated
        .diagnostics
        .iter()
        .find(|d| d.operation.as_deref() == Some("spaced"))
        .expect("the diagnostic of the method");
    assert_eq!(spaced.message, "`GE T` is not an HTTP method name");
    assert_eq!(spaced.fallback, "the operation left out");
    let methods: Vec<(&str, &str)> = generated
        .operations
        .iter()
        .map(|op| (op.method.as_str(), op.rust.as_str()))
        .collect();
    assert_eq!(methods, [("GE T", ""), ("PURGE", "pets::Purge")]);
    assert!(file(&generated, "src/pets.rs").contains("\"PURGE /v1/pets\""));
}

#[test]
fn an_answer_of_no_status_is_left_out_and_a_range_is_written_as_openapi_spells_it() {
    let mut get = op(Some("getPet"), "GET", "/v1/pets", &["pets"]);
    get.responses = vec![
        answer("200", vec![content("application/json", Some(string()))]),
        answer("4xx", vec![content("application/json", Some(string()))]),
        answer("20", vec![content("application/json", Some(string()))]),
    ];
    let api = Api {
        title: "Pets".into(),
        version: "1.0.0".into(),
        spec_version: "3.1.0".into(),
        operations: vec![get],
        ..Api::default()
    };
    let generated = generate(&api, &options(Modules::Tags)).unwrap();
    let refused = generated
        .diagnostics
        .iter()
        .find(|d| d.message.contains("`20`"))
        .expect("the diagnostic of the status");
    assert_eq!(
        refused.message,
        "`20` is not a status code, a range like `4XX`, or `default`"
    );
    assert_eq!(refused.fallback, "the answer left out");
    let statuses: Vec<String> = generated.operations[0]
        .answers
        .iter()
        .map(|(status, _)| status.to_string())
        .collect();
    assert_eq!(statuses, ["200", "4XX"]);
}

#[test]
fn diagnostics_are_listed_sorted() {
    let generated = generate(&pets_api(), &options(Modules::Tags)).unwrap();
    let broken = generated
        .diagnostics
        .iter()
        .find(|d| d.operation.as_deref() == Some("broken"))
        .expect("the refused route's diagnostic");
    assert!(
        broken
            .message
            .starts_with("`endpoint!` refuses the operation: "),
        "{broken}"
    );
    assert_eq!(broken.fallback, "the operation left out");
    let text = file(&generated, "DIAGNOSTICS.md");
    let lines: Vec<&str> = text.lines().filter(|l| l.starts_with("- ")).collect();
    assert_eq!(lines.len(), generated.diagnostics.len());
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
    assert!(lines.iter().any(|l| l.contains("(broken)")));
    assert!(!file(&generated, "src/pets.rs").contains("pub struct Broken"));
}

#[test]
fn a_union_its_discriminator_cannot_tell_is_a_diagnostic() {
    let read = |value: serde_json::Value, name: &str| Schema::read(&value, name).unwrap();
    let mut api = Api::default();
    api.schemas.insert(
        "source".into(),
        read(
            json!({"oneOf": [{"$ref": "#/components/schemas/card"},
                             {"type": "object", "properties": {"kind": {"type": "string"}}}],
                   "discriminator": {"propertyName": "kind"}}),
            "source",
        ),
    );
    api.schemas.insert(
        "card".into(),
        read(
            json!({"type": "object", "properties": {"kind": {"const": "card"}}}),
            "card",
        ),
    );
    let mut get = op(Some("getSource"), "GET", "/sources/{id}", &["sources"]);
    get.parameters = vec![param("id", ParamIn::Path, true, string())];
    get.responses = vec![answer(
        "200",
        vec![content(
            "application/json",
            Some(Schema::of(Kind::Ref("source".into()))),
        )],
    )];
    api.operations = vec![get];
    let generated = generate(&api, &options(Modules::Tags)).unwrap();
    let diagnostic = generated
        .diagnostics
        .iter()
        .find(|d| d.operation.as_deref() == Some("getSource"))
        .expect("a diagnostic of the union");
    assert_eq!(diagnostic.pointer, "#/r/200");
    assert_eq!(
        diagnostic.message,
        "`Source`: its discriminator `kind` gives alternative number 2 no value"
    );
    assert_eq!(
        diagnostic.fallback,
        "decoded by trying each alternative in order"
    );
    assert!(file(&generated, "DIAGNOSTICS.md").contains("gives alternative number 2 no value"));
}

#[test]
fn the_same_files_every_time() {
    let api = pets_api();
    let first = generate(&api, &options(Modules::Tags)).unwrap();
    let second = generate(&api, &options(Modules::Tags)).unwrap();
    assert_eq!(first, second);
}

#[test]
fn a_name_that_is_no_crate_name_is_an_error() {
    let mut options = options(Modules::Tags);
    options.name = "no crate".into();
    let err = generate(&Api::default(), &options).unwrap_err();
    assert!(err.contains("`no crate` is not a crate name"), "{err}");
}

fn hostile_text() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(String::new()),
        Just("{".to_owned()),
        Just("}".to_owned()),
        Just("self".to_owned()),
        Just("type".to_owned()),
        Just("url".to_owned()),
        Just("default".to_owned()),
        Just("<script>".to_owned()),
        Just("`".to_owned()),
        Just("\"\\".to_owned()),
        // Characters of several bytes where a tag's or a link's length
        // ends, line ends of every kind, text turned around.
        Just("<a hré <pé <br /🦀 [漢](x".to_owned()),
        Just("É\r\nline\rbare\n\ncr".to_owned()),
        Just("e\u{301}\u{202e}漢\r".to_owned()),
        // The names of the types emitted code names without a path.
        Just("String".to_owned()),
        Just("Vec".to_owned()),
        Just("Option".to_owned()),
        Just("Result".to_owned()),
        "[a-zA-Z0-9_{}/<>\\-\\. \"`\\[\\]\n]{0,12}",
        "[a-zé漢🦀<>\\[\\]()`\r\n ]{0,12}",
    ]
}

/// The component schemas of a hostile description: `Pet`, and schemas
/// named like the types emitted code names without a path, referring to
/// one another.
const COMPONENTS: [&str; 7] = ["Pet", "String", "Vec", "Option", "Box", "Result", "Value"];

fn hostile_schema() -> impl Strategy<Value = Schema> {
    let leaf = prop_oneof![
        Just(Schema::of(Kind::Any)),
        Just(Schema::of(Kind::Integer)),
        Just(string()),
        Just(Schema::of(Kind::Ref("missing".into()))),
        proptest::sample::select(&COMPONENTS[..])
            .prop_map(|name| Schema::of(Kind::Ref(name.into()))),
        Just(Schema::of(Kind::String {
            format: Some("binary".into()),
            values: None
        })),
        hostile_text().prop_map(|v| Schema::of(Kind::String {
            format: None,
            values: Some(vec![v.clone(), v])
        })),
    ];
    leaf.prop_recursive(3, 12, 4, |inner| {
        prop_oneof![
            inner
                .clone()
                .prop_map(|s| Schema::of(Kind::Array(Box::new(s)))),
            prop::collection::vec((hostile_text(), inner.clone(), any::<bool>()), 0..4).prop_map(
                |props| Schema::of(Kind::Object(Object {
                    properties: props
                        .into_iter()
                        .map(|(name, schema, required)| Property {
                            name,
                            schema,
                            required
                        })
                        .collect(),
                    ..Object::default()
                }))
            ),
            prop::collection::vec(inner, 1..3).prop_map(|s| Schema::of(Kind::OneOf(s))),
        ]
    })
    .prop_flat_map(|schema| {
        (
            Just(schema),
            prop::option::of(hostile_text()),
            prop::option::of(hostile_text()),
        )
    })
    .prop_map(|(mut schema, title, description)| {
        schema.title = title;
        schema.description = description;
        schema
    })
}

fn hostile_contents() -> impl Strategy<Value = Vec<(String, Option<Schema>)>> {
    let media = prop_oneof![
        Just("application/json".to_owned()),
        Just("application/x-www-form-urlencoded".to_owned()),
        Just("multipart/form-data".to_owned()),
        Just("*/*".to_owned()),
        Just("text/plain".to_owned()),
        hostile_text(),
    ];
    prop::collection::vec((media, prop::option::of(hostile_schema())), 0..3)
}

fn hostile_operation() -> impl Strategy<Value = Operation> {
    let location = prop_oneof![
        Just(ParamIn::Path),
        Just(ParamIn::Query),
        Just(ParamIn::QueryString),
        Just(ParamIn::Header),
        Just(ParamIn::Cookie),
    ];
    let parameter = (
        hostile_text(),
        location,
        any::<bool>(),
        hostile_schema(),
        prop::option::of(prop_oneof![
            Just("form".to_owned()),
            Just("deepObject".to_owned()),
            Just("label".to_owned()),
            Just("matrix".to_owned()),
            hostile_text()
        ]),
        prop::option::of(any::<bool>()),
    )
        .prop_map(
            |(name, location, required, schema, style, explode)| Parameter {
                name,
                location,
                required,
                schema,
                style,
                explode,
                ..Parameter::default()
            },
        );
    (
        prop::option::of(hostile_text()),
        prop_oneof![
            Just("GET"),
            Just("POST"),
            Just("PATCH"),
            Just("QUERY"),
            Just("")
        ],
        hostile_text().prop_map(|p| format!("/{p}")),
        prop::collection::vec(hostile_text(), 0..2),
        prop::collection::vec(parameter, 0..5),
        prop::option::of(hostile_contents()),
        prop::collection::vec((hostile_text(), hostile_contents()), 0..3),
        (
            prop::option::of(hostile_text()),
            prop::option::of(hostile_text()),
        ),
    )
        .prop_map(
            |(id, method, path, tags, parameters, body, responses, (summary, description))| {
                Operation {
                    summary,
                    description,
                    operation_id: id,
                    method: method.to_owned(),
                    path,
                    tags,
                    parameters,
                    body: body.map(|contents| RequestBody {
                        contents: contents
                            .into_iter()
                            .map(|(media_type, schema): (String, Option<Schema>)| {
                                content(&media_type, schema)
                            })
                            .collect(),
                        ..RequestBody::default()
                    }),
                    responses: responses
                        .into_iter()
                        .map(|(status, contents)| Response {
                            status,
                            contents: contents
                                .into_iter()
                                .map(|(media_type, schema): (String, Option<Schema>)| {
                                    content(&media_type, schema)
                                })
                                .collect(),
                            ..Response::default()
                        })
                        .collect(),
                    ..Operation::default()
                }
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Whatever a description holds, generating never panics, every item
    /// written is one the macro takes, and the files are the same twice.
    #[test]
    fn hostile_descriptions_never_panic(
        operations in prop::collection::vec(hostile_operation(), 0..5),
        title in hostile_text(),
        description in prop::option::of(hostile_text()),
        tag in hostile_text(),
        components in prop::collection::vec(hostile_schema(), COMPONENTS.len()),
    ) {
        let mut schemas: BTreeMap<String, Schema> = COMPONENTS.iter().map(|name| name.to_string()).zip(components).collect();
        schemas.insert("Pet".to_owned(), object(&[("id", Schema::of(Kind::Integer), true)]));
        let api = Api {
            title,
            description,
            tags: vec![TagInfo { name: tag.clone(), description: Some(tag) }],
            operations,
            schemas,
            ..Api::default()
        };
        let generated = generate(&api, &options(Modules::Tags)).unwrap();
        prop_assert_eq!(generated.operations.len(), api.operations.len());
        for f in &generated.files {
            if f.path.extension().is_some_and(|e| e == "rs") {
                // Every file parses: no bare carriage return in a doc
                // comment, no name that is no identifier.
                let parsed = syn::parse_file(&f.text);
                prop_assert!(parsed.is_ok(), "{}: {:?}\n{}", f.path.display(), parsed.err(), f.text);
                if f.path.to_str() != Some("src/models.rs") {
                    expand_all(&f.text);
                }
            }
        }
        // No model takes the name of a type the models name unqualified.
        let models = file(&generated, "src/models.rs");
        for name in ["String", "Vec", "Option", "Box"] {
            for item in ["struct", "enum", "type"] {
                let declared = format!("pub {item} {name} ");
                prop_assert!(!models.contains(&declared), "{declared} in\n{models}");
            }
        }
        prop_assert_eq!(&generated, &generate(&api, &options(Modules::Tags)).unwrap());
    }
}

/// Schemas that refer to one another in a long chain (planned depth first)
/// are generated on a stack deep enough, whatever the caller's thread.
#[test]
fn a_long_chain_of_references_is_generated() {
    const LENGTH: usize = 5_000;
    let schemas: BTreeMap<String, Schema> = (0..LENGTH)
        .map(|i| {
            let next = Schema::of(Kind::Ref(format!("s{}", (i + 1) % LENGTH)));
            (format!("s{i}"), object(&[("next", next, false)]))
        })
        .collect();
    let mut get = op(Some("getFirst"), "GET", "/first", &["chain"]);
    get.responses = vec![answer(
        "200",
        vec![content(
            "application/json",
            Some(Schema::of(Kind::Ref("s0".into()))),
        )],
    )];
    let api = Api {
        operations: vec![get],
        schemas,
        ..Api::default()
    };
    let generated = generate(&api, &options(Modules::Tags)).unwrap();
    assert_eq!(generated.types, LENGTH);
    assert_eq!(generated.operations[0].rust, "chain::GetFirst");
}

#[test]
fn an_operations_own_server_reaches_its_route() {
    let answered = json!({"204": {"description": "Done."}});
    let generated = generate_json(json!({
        "openapi": "3.1.0",
        "info": {"title": "Files", "version": "1"},
        "servers": [{"url": "https://{region}.api.example/v1", "variables": {"region": {"default": "eu"}}}],
        "paths": {
            // A path item's server, its variable at its default, for
            // each of its operations.
            "/files/{name}": {
                "servers": [{"url": "https://files.example/{v}", "variables": {"v": {"default": "v2"}}}],
                "put": {"operationId": "putFile", "tags": ["files"], "responses": answered},
                "delete": {"operationId": "deleteFile", "tags": ["files"], "responses": answered}
            },
            "/status": {
                // The operation's own server wins over its path item's.
                "servers": [{"url": "https://status.example"}],
                "get": {
                    "operationId": "getStatus", "tags": ["files"], "responses": answered,
                    "servers": [{"url": "/v2/"}]
                },
                // The API's first server, as written or with a trailing
                // `/`: no server of its own.
                "head": {
                    "operationId": "headStatus", "tags": ["files"], "responses": answered,
                    "servers": [{"url": "https://eu.api.example/v1/"}]
                }
            },
            "/plain": {
                "get": {"operationId": "getPlain", "tags": ["files"], "responses": answered},
                // No server of a route: the API's, with a diagnostic.
                "post": {
                    "operationId": "postPlain", "tags": ["files"], "responses": answered,
                    "servers": [{"url": "https://me@files.example/?a=1"}]
                }
            }
        }
    }));
    let text = file(&generated, "src/files.rs");
    let server_of = |name: &str| -> Option<String> {
        let at = text
            .find(&format!("pub struct {name} "))
            .unwrap_or_else(|| panic!("{text}"));
        let item = &text[text[..at].rfind("endpoint! {").unwrap()..at];
        item.split("#[endpoint(server = ")
            .nth(1)
            .map(|rest| rest[..rest.find(")]").unwrap()].to_owned())
    };
    assert_eq!(
        server_of("PutFile").as_deref(),
        Some("\"https://files.example/v2\"")
    );
    assert_eq!(
        server_of("DeleteFile").as_deref(),
        Some("\"https://files.example/v2\"")
    );
    assert_eq!(server_of("GetStatus").as_deref(), Some("\"/v2\""));
    assert_eq!(server_of("HeadStatus"), None);
    assert_eq!(server_of("GetPlain"), None);
    assert_eq!(server_of("PostPlain"), None);
    let diagnostic = generated
        .diagnostics
        .iter()
        .find(|d| d.operation.as_deref() == Some("postPlain"))
        .expect("the bad server's diagnostic");
    assert!(
        diagnostic.message.contains("the operation's server"),
        "{diagnostic}"
    );
    assert_eq!(diagnostic.fallback, "the API's server");
    // Each route, with its server, is one the macro takes.
    assert_eq!(expand_all(text), 6);
}

#[test]
fn an_operation_server_on_the_apis_origin_follows_the_base_url_and_the_readme_lists_them() {
    let answered = json!({"204": {"description": "Done."}});
    let generated = generate_json(json!({
        "openapi": "3.0.3",
        "info": {"title": "Beta", "version": "1"},
        "servers": [
            {"url": "https://api.beta.example/v2"},
            {"url": "https://sandbox.beta.example/v2"}
        ],
        "paths": {
            // The beta version of the same API, on the API's host.
            "/things": {"get": {
                "operationId": "listThings", "tags": ["t"], "responses": answered,
                "servers": [{"url": "https://api.beta.example/beta/"}]
            }},
            // The API's host without a path.
            "/root": {
                "servers": [{"url": "https://API.beta.example:443"}],
                "get": {"operationId": "getRoot", "tags": ["t"], "responses": answered}
            },
            // Another host: tied to the base URL, refused elsewhere.
            "/uploads": {"post": {
                "operationId": "upload", "tags": ["t"], "responses": answered,
                "servers": [{"url": "https://uploads.beta.example/v2"}]
            }},
            // The same host on another scheme is another origin.
            "/plain": {"get": {
                "operationId": "getPlain", "tags": ["t"], "responses": answered,
                "servers": [{"url": "http://api.beta.example/v2"}]
            }},
            "/own": {"get": {"operationId": "getOwn", "tags": ["t"], "responses": answered}}
        }
    }));
    let text = file(&generated, "src/t.rs");
    let server_of = |name: &str| -> Option<String> {
        let at = text
            .find(&format!("pub struct {name} "))
            .unwrap_or_else(|| panic!("{text}"));
        let item = &text[text[..at].rfind("endpoint! {").unwrap()..at];
        item.split("#[endpoint(server = ")
            .nth(1)
            .map(|rest| rest[..rest.find(")]").unwrap()].to_owned())
    };
    assert_eq!(server_of("ListThings").as_deref(), Some("\"/beta\""));
    assert_eq!(server_of("GetRoot").as_deref(), Some("\"/\""));
    assert_eq!(
        server_of("Upload").as_deref(),
        Some("\"https://uploads.beta.example/v2\"")
    );
    assert_eq!(
        server_of("GetPlain").as_deref(),
        Some("\"http://api.beta.example/v2\"")
    );
    assert_eq!(server_of("GetOwn"), None);
    assert_eq!(expand_all(text), 5);
    // Only the servers on other origins are tied to the base URL.
    let lib = file(&generated, "src/lib.rs");
    assert!(
        lib.contains(
            "&[(\"http://api.beta.example/v2\", None), (\"https://uploads.beta.example/v2\", None)]"
        ),
        "{lib}"
    );
    let readme = file(&generated, "README.md");
    let section = &readme[readme
        .find("## Operations on servers of their own")
        .unwrap_or_else(|| panic!("{readme}"))..];
    for row in [
        "| `t::ListThings` | GET | `/things` | `/beta` on the API's host | `/beta` on its host |",
        "| `t::GetRoot` | GET | `/root` | `/` on the API's host | `/` on its host |",
        "| `t::Upload` | POST | `/uploads` | `https://uploads.beta.example/v2` | refused until mapped |",
    ] {
        assert!(section.contains(row), "{row}\n{section}");
    }
    assert!(section.contains("Api::with_server"), "{section}");
    assert!(!section.contains("GetOwn"), "{section}");
}

/// A description of orders written for the rules of requests: a required
/// path parameter, required query and header parameters, an optional body
/// with a required property, a required body with no required property,
/// answers of other media types than JSON, a `204` declared with a body.
fn orders_api() -> Api {
    let integer = || Schema::of(Kind::Integer);
    let mut get = op(Some("getOrder"), "GET", "/orders/{id}", &["shop"]);
    get.parameters = vec![param("id", ParamIn::Path, true, string())];
    get.responses = vec![answer(
        "200",
        vec![content("application/json", Some(string()))],
    )];
    let mut search = op(Some("searchOrders"), "GET", "/orders", &["shop"]);
    search.parameters = vec![
        param("type", ParamIn::Query, true, string()),
        param("limit", ParamIn::Query, false, integer()),
    ];
    let mut traced = op(Some("listOrders"), "GET", "/orders/all", &["shop"]);
    traced.parameters = vec![param("X-Trace", ParamIn::Header, true, string())];
    let mut list = op(Some("countOrders"), "GET", "/orders/count", &["shop"]);
    list.parameters = vec![param("limit", ParamIn::Query, false, integer())];
    // JSON or YAML: the crate decodes JSON, and asks for it.
    list.responses = vec![answer(
        "200",
        vec![
            content("application/json", Some(integer())),
            content("application/yaml", Some(integer())),
        ],
    )];
    let mut note = op(Some("noteOrder"), "POST", "/orders/{id}/notes", &["shop"]);
    note.parameters = vec![param("id", ParamIn::Path, true, string())];
    note.body = Some(RequestBody {
        required: false,
        ..body(vec![content(
            "application/json",
            Some(object(&[
                ("text", string(), true),
                ("tag", string(), false),
            ])),
        )])
        .unwrap()
    });
    let mut touch = op(Some("touchOrders"), "POST", "/orders/touch", &["shop"]);
    // A nullable property that is not required may be left out too.
    let mut remark = string();
    remark.nullable = true;
    touch.body = body(vec![content(
        "application/json",
        Some(object(&[
            ("reason", string(), false),
            ("remark", remark, false),
        ])),
    )]);
    let mut loose = op(Some("looseOrders"), "POST", "/orders/loose", &["shop"]);
    loose.body = Some(RequestBody {
        required: false,
        ..body(vec![content(
            "application/x-www-form-urlencoded",
            Some(object(&[("reason", string(), false)])),
        )])
        .unwrap()
    });
    let mut text = op(
        Some("orderReceipt"),
        "GET",
        "/orders/{id}/receipt",
        &["shop"],
    );
    text.parameters = vec![param("id", ParamIn::Path, true, string())];
    text.responses = vec![
        answer("200", vec![content("text/plain", Some(string()))]),
        answer(
            "404",
            vec![content("application/problem+json", Some(string()))],
        ),
    ];
    let mut export = op(Some("exportOrders"), "GET", "/orders/export", &["shop"]);
    export.responses = vec![answer(
        "200",
        vec![content(
            "application/x-tar",
            Some(Schema::of(Kind::String {
                format: Some("binary".into()),
                values: None,
            })),
        )],
    )];
    let mut cancel = op(Some("cancelOrder"), "DELETE", "/orders/{id}", &["shop"]);
    cancel.parameters = vec![param("id", ParamIn::Path, true, string())];
    cancel.responses = vec![answer(
        "204",
        vec![content(
            "application/json",
            Some(object(&[("id", string(), true)])),
        )],
    )];
    let mut ship = op(Some("shipOrder"), "POST", "/orders/{id}/ship", &["shop"]);
    ship.parameters = vec![param("id", ParamIn::Path, true, string())];
    ship.responses = vec![
        answer("200", vec![content("application/json", Some(string()))]),
        answer("205", vec![content("application/json", Some(string()))]),
    ];
    Api {
        title: "Orders".into(),
        version: "1".into(),
        servers: vec![Server {
            url: "https://shop.example/v1".into(),
            ..Server::default()
        }],
        operations: vec![
            get, search, traced, list, note, touch, loose, text, export, cancel, ship,
        ],
        ..Api::default()
    }
}

/// The `endpoint!` item of the struct `name` in `text`.
fn item<'t>(text: &'t str, name: &str) -> &'t str {
    let at = text
        .find(&format!("pub struct {name} = "))
        .unwrap_or_else(|| panic!("no {name} in {text}"));
    let start = text[..at].rfind("endpoint! {").unwrap_or(0);
    let end = text[at..].find("\n}\n").map_or(text.len(), |end| at + end);
    &text[start..end]
}

#[test]
fn requests_go_to_their_apis_server() {
    let generated = generate(&orders_api(), &options(Modules::Tags)).unwrap();
    let lib = file(&generated, "src/lib.rs");
    assert!(
        lib.contains("pub const BASE_URL: &str = \"https://shop.example/v1\";"),
        "{lib}"
    );
    assert!(
        lib.contains(
            "pub fn api() -> &'static ::endpoint::Api {\n    \
             static API: ::std::sync::OnceLock<::endpoint::Api> = ::std::sync::OnceLock::new();\n    \
             API.get_or_init(|| {\n        \
             ::endpoint::__private::api_settings(BASE_URL, &[(\"accept\", \"application/json\")])\n    \
             })\n}"
        ),
        "{lib}"
    );
    assert!(
        lib.contains(
            "pub fn endpoint() -> ::endpoint::Result<::endpoint::Endpoint> {\n    \
             Ok(::endpoint::Endpoint::from_api(api()))\n}"
        ),
        "{lib}"
    );
    // Every struct names it, and the macro takes it.
    let orders = file(&generated, "src/shop.rs");
    let count = expand_all(orders);
    assert_eq!(count, 11);
    assert_eq!(
        orders.matches("api = crate::api").count(),
        count,
        "{orders}"
    );
    let out = endpoint_macros_core::expand(
        syn::parse_str::<syn::ItemMacro>(&format!("{}\n}}", item(orders, "GetOrder")))
            .unwrap()
            .mac
            .tokens,
    )
    .to_string();
    assert!(out.contains("const API : fn ()"), "{out}");
    assert!(out.contains("= crate :: api ;"), "{out}");

    // Without an absolute server: the endpoint has no base URL, never
    // GitHub's.
    let relative = Api {
        servers: vec![Server {
            url: "/v1".into(),
            ..Server::default()
        }],
        ..orders_api()
    };
    let lib = file(
        &generate(&relative, &options(Modules::Tags)).unwrap(),
        "src/lib.rs",
    )
    .to_owned();
    assert!(!lib.contains("BASE_URL"), "{lib}");
    assert!(
        lib.contains(
            "::endpoint::__private::api_settings(\"\", &[(\"accept\", \"application/json\")])"
        ),
        "{lib}"
    );
}

#[test]
fn required_fields_have_no_default() {
    let generated = generate(&orders_api(), &options(Modules::Tags)).unwrap();
    let orders = file(&generated, "src/shop.rs");
    let derives = |name: &str| {
        let item = item(orders, name);
        item.contains("#[derive(Debug, Clone, PartialEq, Default)]")
    };
    // A required path, query or header parameter, a required property of
    // the body: the caller gives it, no `Default` fills it.
    for name in ["GetOrder", "SearchOrders", "ListOrders", "NoteOrder"] {
        assert!(!derives(name), "{}", item(orders, name));
    }
    // Only optional fields, or none: `Default`.
    for name in ["CountOrders", "TouchOrders", "ExportOrders"] {
        assert!(derives(name), "{}", item(orders, name));
        assert!(!orders.contains(&format!("impl {name} {{")), "{orders}");
    }
    // A struct without `Default` has `new`, of its required fields in order
    // (text as `impl Into<String>`), every other field `None`.
    let compact = orders.split_whitespace().collect::<String>();
    assert!(
        compact.contains(
            "implSearchOrders{///A`SearchOrders`ofitsrequiredfields(`type`),everyotherfield`None`.\
             #[must_use]pubfnnew(r#type:implInto<String>)->Self{Self{r#type:r#type.into(),limit:None,}}}"
        ),
        "{orders}"
    );
    assert!(compact.contains("implGetOrder{"), "{orders}");
    assert_eq!(expand_all(orders), 11, "{orders}");
}

#[test]
fn a_required_property_of_an_optional_body_is_required() {
    let generated = generate(&orders_api(), &options(Modules::Tags)).unwrap();
    let orders = file(&generated, "src/shop.rs");
    let note = item(orders, "NoteOrder");
    assert!(
        note.contains("        #[endpoint(body)]\n        pub text: String,\n"),
        "{note}"
    );
    assert!(
        note.contains("        #[endpoint(body)]\n        pub tag: Option<String>,\n"),
        "{note}"
    );
    // The body is optional, but one sent holds `text`: no `body_required`.
    assert!(!note.contains("body_required"), "{note}");
}

#[test]
fn a_required_body_is_sent_when_its_fields_are_all_left_out() {
    let generated = generate(&orders_api(), &options(Modules::Tags)).unwrap();
    let orders = file(&generated, "src/shop.rs");
    let touch = item(orders, "TouchOrders");
    assert!(
        touch.contains("#[endpoint(api = crate::api, body_required, accept = \"*/*\")]"),
        "{touch}"
    );
    assert!(touch.contains("pub reason: Option<String>,"), "{touch}");
    // The macro plans the body as required.
    let out = endpoint_macros_core::expand(
        syn::parse_str::<syn::ItemMacro>(&format!("{touch}\n}}"))
            .unwrap()
            .mac
            .tokens,
    )
    .to_string();
    assert!(out.contains("required : true"), "{out}");
    // An optional body is not sent when its fields are left out.
    let loose = item(orders, "LooseOrders");
    assert!(!loose.contains("body_required"), "{loose}");
    let body_required = |name: &str| attributes(orders, name).contains("body_required");
    assert!(body_required("TouchOrders"));
    assert!(!body_required("LooseOrders"));
    assert!(!body_required("NoteOrder"));
}

/// The `#[endpoint(…)]` attributes of the struct `name` in `text`, one a
/// line.
fn attributes(text: &str, name: &str) -> String {
    let item = item(text, name);
    let at = item.find(&format!("pub struct {name} = ")).unwrap();
    item[..at]
        .lines()
        .map(str::trim)
        .filter(|line| line.starts_with("#[endpoint("))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn accept_lists_the_media_types_of_the_answers() {
    let generated = generate(&orders_api(), &options(Modules::Tags)).unwrap();
    let orders = file(&generated, "src/shop.rs");
    // The struct's `accept = "…"`, which the macro sends as the header.
    let accept = |name: &str| {
        let attributes = attributes(orders, name);
        let start = attributes.find("accept = \"")? + "accept = \"".len();
        let end = attributes[start..].find('"')?;
        Some(attributes[start..start + end].to_owned())
    };
    // JSON only: the crate's default, no option.
    assert_eq!(accept("GetOrder"), None);
    assert_eq!(accept("CountOrders"), None);
    // Text and a problem: JSON first.
    assert_eq!(
        accept("OrderReceipt").as_deref(),
        Some("application/problem+json, text/plain")
    );
    assert_eq!(accept("ExportOrders").as_deref(), Some("application/x-tar"));
    // No answer with a body: anything.
    assert_eq!(accept("SearchOrders").as_deref(), Some("*/*"));
    let export = item(orders, "ExportOrders");
    assert!(
        export.contains("#[endpoint(api = crate::api, accept = \"application/x-tar\")]"),
        "{export}"
    );
    assert!(!item(orders, "GetOrder").contains("accept"));
    let out = endpoint_macros_core::expand(
        syn::parse_str::<syn::ItemMacro>(&format!("{export}\n}}"))
            .unwrap()
            .mac
            .tokens,
    )
    .to_string();
    assert!(
        out.contains("accept : :: core :: option :: Option :: Some (\"application/x-tar\")"),
        "{out}"
    );
}

#[test]
fn bodiless_statuses_have_no_body() {
    let generated = generate(&orders_api(), &options(Modules::Tags)).unwrap();
    let orders = file(&generated, "src/shop.rs");
    // A `204` declared with a JSON body: no body, `()`.
    assert!(
        orders.contains("pub struct CancelOrder = \"DELETE /orders/{id}\" -> () {"),
        "{orders}"
    );
    // A `205` beside a `200`: a variant of no body.
    assert!(
        orders.contains("        ResetContent = \"205\",\n"),
        "{orders}"
    );
    assert!(
        orders.contains("        Ok(String) = \"200\",\n"),
        "{orders}"
    );
    for (operation, status) in [("cancelOrder", "204"), ("shipOrder", "205")] {
        assert!(
            generated
                .diagnostics
                .iter()
                .any(|d| d.operation.as_deref() == Some(operation)
                    && d.pointer == format!("#/r/{status}")
                    && d.message.contains("declared with a body")),
            "{:?}",
            generated.diagnostics
        );
    }
    // No type of the body declared on the `204` is made.
    let models = file(&generated, "src/models.rs");
    assert!(!models.contains("CancelOrder"), "{models}");
}

#[test]
fn a_page_wrapped_in_the_answer_pages_below_it() {
    let generated = generate_json(json!({
        "openapi": "3.0.3",
        "info": {"title": "Shop", "version": "1"},
        "paths": {"/orders": {"get": {
            "operationId": "listOrders", "tags": ["orders"],
            "parameters": [{"name": "cursor", "in": "query", "schema": {"type": "string"}}],
            "responses": {"200": {"description": "A page.", "content": {"application/json": {
                "schema": {"type": "object", "required": ["orders"], "properties": {
                    "orders": {"$ref": "#/components/schemas/OrderPage"},
                    "request_id": {"type": "string"}
                }}
            }}}}
        }}},
        "components": {"schemas": {
            "OrderPage": {"type": "object", "required": ["items"], "properties": {
                "items": {"type": "array", "items": {"$ref": "#/components/schemas/Order"}},
                "next_cursor": {"type": "string", "nullable": true}
            }},
            "Order": {"type": "object", "properties": {"id": {"type": "string"}}}
        }}
    }));
    let orders = file(&generated, "src/orders.rs");
    assert!(
        orders.split_whitespace().collect::<String>().contains(
            r#"#[endpoint(paginate(cursor="/orders/next_cursor",param="cursor",items="/orders/items"))]"#
        ),
        "{orders}"
    );
    assert_eq!(expand_all(orders), 1);
    // The answer's struct is a page of the wrapped page's items, which is a
    // page of its list.
    let models = file(&generated, "src/models.rs");
    let compact = models.split_whitespace().collect::<String>();
    for expected in [
        "impl::endpoint::model::PaginatedforOrderPage{typeItem=Order;fninto_items(self)->Vec<Self::Item>{self.items}",
        "typeItem=<OrderPageas::endpoint::model::Paginated>::Item;fninto_items(self)->Vec<Self::Item>{::endpoint::model::Paginated::into_items(self.orders)}",
    ] {
        assert!(compact.contains(expected), "{expected} in\n{models}");
    }
}

#[test]
fn a_query_parameter_of_a_write_named_like_a_list_is_kept() {
    // OpenAI's `createRun`: `include[]` in the query of a POST.
    let generated = generate_json(json!({
        "openapi": "3.1.0",
        "info": {"title": "Runs", "version": "1"},
        "paths": {"/threads/{thread_id}/runs": {"post": {
            "operationId": "createRun", "tags": ["runs"],
            "parameters": [
                {"name": "thread_id", "in": "path", "required": true, "schema": {"type": "string"}},
                {"name": "include[]", "in": "query",
                 "schema": {"type": "array", "items": {"type": "string"}}}
            ],
            "requestBody": {"required": true, "content": {"application/json": {"schema": {
                "type": "object", "required": ["assistant_id"],
                "properties": {"assistant_id": {"type": "string"}}
            }}}},
            "responses": {"200": {"description": "The run.", "content": {"application/json": {
                "schema": {"type": "object", "properties": {"id": {"type": "string"}}}
            }}}}
        }}}
    }));
    assert!(
        generated.diagnostics.is_empty(),
        "{:?}",
        generated.diagnostics
    );
    let runs = file(&generated, "src/runs.rs");
    assert!(runs.contains("rename = \"include[]\""), "{runs}");
    assert_eq!(expand_all(runs), 1);
}

/// Wire names that are hard to name: acronyms, digits, keywords, words
/// that cannot be raw, signs, non-ASCII letters.
const TRICKY: [&str; 11] = [
    "HTTPServer",
    "userID",
    "APIKey2",
    "v2Beta",
    "2fa",
    "type",
    "self",
    "+1",
    "a.b",
    "enterprise-team",
    "café_au_lait",
];

#[test]
fn a_wire_name_is_the_field_name_the_macro_gives_it() {
    let mut list = op(
        Some("listThings"),
        "GET",
        "/things/{HTTPServer}",
        &["things"],
    );
    list.parameters = std::iter::once(param("HTTPServer", ParamIn::Path, true, string()))
        .chain(
            TRICKY[1..]
                .iter()
                .map(|name| param(name, ParamIn::Query, false, string())),
        )
        .collect();
    list.responses = vec![answer(
        "200",
        vec![content(
            "application/json",
            Some(Schema::of(Kind::Ref("Thing".into()))),
        )],
    )];
    let api = Api {
        title: "Things".into(),
        version: "1.0.0".into(),
        spec_version: "3.1.0".into(),
        operations: vec![list],
        schemas: BTreeMap::from([(
            "Thing".to_owned(),
            object(
                &TRICKY
                    .iter()
                    .map(|name| (*name, string(), true))
                    .collect::<Vec<_>>(),
            ),
        )]),
        ..Api::default()
    };
    let generated = generate(&api, &options(Modules::Tags)).unwrap();
    let things = file(&generated, "src/things.rs");
    let models = file(&generated, "src/models.rs");
    assert_eq!(expand_all(things), 1);
    assert!(things.contains("\"GET /things/{http_server}\""), "{things}");
    for name in TRICKY {
        // The macro's own name for the wire name, which names a placeholder's
        // field, is the generator's for a parameter and a property.
        let field = endpoint_macros_core::ident::FieldName::of(name).to_string();
        assert!(
            things.contains(&format!("pub {field}: ")),
            "{name}: {things}"
        );
        assert!(
            models.contains(&format!("pub {field}: ")),
            "{name}: {models}"
        );
    }
    assert!(things.contains("pub http_server: String"), "{things}");
    assert!(models.contains("pub plus_1: String"), "{models}");
}

#[test]
fn a_fragment_of_the_path_is_not_part_of_the_route() {
    // Box tells two operations of one path apart by a fragment; the query
    // of the request must not follow it, where no server would see it.
    let mut remove = op(
        Some("removeSharedLink"),
        "PUT",
        "/files/{file_id}#remove_shared_link",
        &["files"],
    );
    remove.parameters = vec![
        param("file_id", ParamIn::Path, true, string()),
        param("fields", ParamIn::Query, true, string()),
    ];
    let mut update = op(Some("updateFile"), "PUT", "/files/{file_id}", &["files"]);
    update.parameters = vec![param("file_id", ParamIn::Path, true, string())];
    let api = Api {
        operations: vec![remove, update],
        ..Api::default()
    };
    let generated = generate(&api, &options(Modules::Tags)).unwrap();
    let files = file(&generated, "src/files.rs");
    assert!(
        files.contains("    /// `PUT /files/{file_id}#remove_shared_link`\n"),
        "{files}"
    );
    assert!(
        files.contains("pub struct RemoveSharedLink = \"PUT /files/{file_id}\" -> "),
        "{files}"
    );
    assert!(
        files.contains("pub struct UpdateFile = \"PUT /files/{file_id}\" -> "),
        "{files}"
    );
    assert!(!files.contains("\"PUT /files/{file_id}#"), "{files}");
    assert_eq!(expand_all(files), 2);
}

#[test]
fn angle_brackets_and_colons_of_a_path_are_text_not_placeholders() {
    // `endpoint!` reads `<name>` and `/:name` as placeholders; in an
    // OpenAPI path they are text, so the generated struct has no field for
    // them and the request sends them percent-encoded.
    let upload = op(Some("upload"), "PUT", "/<upload_url>", &["files"]);
    let mut cancel = op(Some("cancel"), "POST", "/jobs/{id}/:cancel", &["files"]);
    cancel.parameters = vec![param("id", ParamIn::Path, true, string())];
    let api = Api {
        operations: vec![upload, cancel],
        ..Api::default()
    };
    let generated = generate(&api, &options(Modules::Tags)).unwrap();
    let files = file(&generated, "src/files.rs");
    assert!(files.contains("    /// `PUT /<upload_url>`\n"), "{files}");
    assert!(
        files.contains("pub struct Upload = \"PUT /%3Cupload_url%3E\" -> ();\n"),
        "{files}"
    );
    assert!(
        files.contains("pub struct Cancel = \"POST /jobs/{id}/%3Acancel\" -> () {\n"),
        "{files}"
    );
    assert_eq!(expand_all(files), 2);
    assert!(
        generated.diagnostics.is_empty(),
        "{:?}",
        generated.diagnostics
    );
}

#[test]
fn an_api_built_by_hand_has_its_path_parameters_matched_as_the_reader_matches_them() {
    // A placeholder without a parameter, and a path parameter no
    // placeholder names: the same fallbacks, said in the same words, as
    // for a description read from a file.
    let mut get = op(Some("getThing"), "GET", "/things/{id}/{sub}", &["things"]);
    get.parameters = vec![
        param("id", ParamIn::Path, true, string()),
        Parameter {
            pointer: "#/paths/~1things~1{id}~1{sub}/get/parameters/1".into(),
            ..param("ghost", ParamIn::Path, true, string())
        },
    ];
    let api = Api {
        operations: vec![get],
        ..Api::default()
    };
    let generated = generate(&api, &options(Modules::Tags)).unwrap();
    let things = file(&generated, "src/things.rs");
    assert!(
        things.contains("pub struct GetThing = \"GET /things/{id}/{sub}\" -> () {\n"),
        "{things}"
    );
    assert!(things.contains("pub sub: String,"), "{things}");
    assert!(!things.contains("ghost"), "{things}");
    assert_eq!(expand_all(things), 1);
    let diagnostics: Vec<String> = generated
        .diagnostics
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        diagnostics,
        [
            "#/paths/~1things~1{id}~1{sub}/get/parameters/1 (getThing): path parameter `ghost` \
             is not in the path `/things/{id}/{sub}`; left out",
            "#/paths//things/{id}/{sub}/get (getThing): the path's `{sub}` has no path \
             parameter; a required string path parameter",
        ],
    );
}

#[test]
fn a_reference_without_text_reads_as_the_schema_it_names() {
    let generated = generate_json(json!({
        "openapi": "3.1.0",
        "info": {"title": "Labels", "version": "1"},
        "paths": {"/items": {"get": {
            "operationId": "getItem", "tags": ["items"],
            "responses": {"200": {"description": "One item.", "content": {"application/json": {
                "schema": {"$ref": "#/components/schemas/Item"}
            }}}}
        }}},
        "components": {"schemas": {
            "Item": {"type": "object", "properties": {
                "label": {"$ref": "#/components/schemas/Label"},
                "own": {"$ref": "#/components/schemas/Label", "description": "Its own words."},
                "plain": {"type": "string"}
            }},
            "Label": {
                "type": "string", "maxLength": 40,
                "description": "A short name shown beside the item."
            }
        }}
    }));
    let models = file(&generated, "src/models.rs");
    assert!(
        models.contains(
            "    /// A short name shown beside the item.\n    ///\n    /// At most 40 characters.\n    #[serde(skip_serializing_if = \"Option::is_none\")]\n    pub label:"
        ),
        "{models}"
    );
    assert!(models.contains("    /// Its own words.\n"), "{models}");
    assert!(!models.contains("The `label` property."), "{models}");
    assert!(models.contains("The `plain` property."), "{models}");
}

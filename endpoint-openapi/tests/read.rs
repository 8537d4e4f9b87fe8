//! Reading descriptions: each rule of the reader on a small description
//! that has it (Swagger 2.0, OpenAPI 3.1 and 3.2, YAML, local files,
//! pointers into `#/paths`, overlays, broken references).

use std::path::{Path, PathBuf};

use endpoint_openapi::api::{Operation, ParamIn, SecurityScheme};
use endpoint_openapi::read::{Read, ReadError, parse, read_file, read_value};
use endpoint_openapi::schema::{Kind, Schema};
use serde_json::{Value, json};

fn description(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/descriptions")
        .join(name)
}

fn operation<'a>(read: &'a Read, id: &str) -> &'a Operation {
    read.api
        .operations
        .iter()
        .find(|op| op.operation_id.as_deref() == Some(id))
        .unwrap_or_else(|| panic!("no operation {id}"))
}

fn string() -> Kind {
    Kind::String {
        format: None,
        values: None,
    }
}

fn reference(name: &str) -> Kind {
    Kind::Ref(name.to_owned())
}

fn diagnostics(read: &Read) -> Vec<String> {
    read.diagnostics.iter().map(ToString::to_string).collect()
}

/// A directory of its own under the system's temporary directory.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "endpoint-openapi-read-{name}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn swagger_2_is_read_as_openapi_3() {
    let read = read_file(&description("swagger2.yaml"), &[]).unwrap();
    assert_eq!(diagnostics(&read), Vec::<String>::new());
    let api = &read.api;
    assert_eq!(api.spec_version, "2.0");
    let urls: Vec<_> = api.servers.iter().map(|s| s.url.as_str()).collect();
    assert_eq!(
        urls,
        ["https://pets.example.com/v1", "http://pets.example.com/v1"]
    );
    let ids: Vec<_> = api.operations.iter().map(Operation::label).collect();
    assert_eq!(
        ids,
        ["listPets", "createPet", "renamePet", "uploadPhoto"],
        "put before post"
    );

    let list = operation(&read, "listPets");
    let names: Vec<_> = list.parameters.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["limit", "tags", "ids"]);
    assert_eq!(list.parameters[0].schema.kind, Kind::Integer);
    assert_eq!(list.parameters[0].pointer, "#/components/parameters/limit");
    assert_eq!(
        (
            list.parameters[1].style.as_deref(),
            list.parameters[1].explode
        ),
        (Some("form"), Some(true))
    );
    assert_eq!(
        (
            list.parameters[2].style.as_deref(),
            list.parameters[2].explode
        ),
        (Some("form"), Some(false)),
        "csv, the default collection format"
    );
    let statuses: Vec<_> = list.responses.iter().map(|r| r.status.as_str()).collect();
    assert_eq!(statuses, ["200", "default"]);
    let ok = &list.responses[0];
    assert_eq!(ok.contents[0].media_type, "application/json");
    assert_eq!(
        ok.contents[0].schema.as_ref().unwrap().kind,
        Kind::Array(Box::new(Schema::of(reference("Pet"))))
    );
    assert_eq!(ok.headers[0].0, "X-Next");
    assert_eq!(ok.headers[0].1.kind, string());
    assert_eq!(
        list.responses[1].contents[0].schema.as_ref().unwrap().kind,
        reference("Error")
    );

    let create = operation(&read, "createPet");
    let body = create.body.as_ref().unwrap();
    assert!(body.required);
    let media: Vec<_> = body
        .contents
        .iter()
        .map(|c| c.media_type.as_str())
        .collect();
    assert_eq!(media, ["application/json", "application/xml"]);
    assert_eq!(
        body.contents[1].schema.as_ref().unwrap().kind,
        reference("Pet")
    );
    assert!(
        create.parameters.is_empty(),
        "the body parameter is the body"
    );

    let upload = operation(&read, "uploadPhoto");
    assert_eq!(upload.parameters[0].name, "petId");
    assert_eq!(upload.parameters[0].location, ParamIn::Path);
    assert_eq!(upload.security, Some(vec![]));
    let body = upload.body.as_ref().unwrap();
    assert_eq!(body.contents[0].media_type, "multipart/form-data");
    let Kind::Object(form) = &body.contents[0].schema.as_ref().unwrap().kind else {
        panic!("a form object")
    };
    assert_eq!(form.properties[0].name, "photo");
    assert!(form.properties[0].required && !form.properties[1].required);
    assert_eq!(
        form.properties[0].schema.kind,
        Kind::String {
            format: Some("binary".into()),
            values: None
        }
    );
    assert_eq!(upload.responses[0].contents[0].media_type, "text/plain");
    let rename = operation(&read, "renamePet");
    assert_eq!(
        rename.body.as_ref().unwrap().contents[0].media_type,
        "application/x-www-form-urlencoded"
    );
    assert!(rename.responses[0].contents.is_empty());

    assert!(api.schemas.contains_key("Pet") && api.schemas.contains_key("Error"));
    let Kind::Object(pet) = &api.schemas["Pet"].kind else {
        panic!("an object")
    };
    assert!(pet.properties[2].schema.nullable, "x-nullable");
    assert_eq!(api.schema_pointers["Pet"], "#/components/schemas/Pet");
    assert_eq!(
        api.security_schemes["basic"],
        SecurityScheme::Http {
            scheme: "basic".into(),
            bearer_format: None
        }
    );
    assert_eq!(
        api.security_schemes["key"],
        SecurityScheme::ApiKey {
            name: "X-Key".into(),
            location: ParamIn::Header
        }
    );
    let SecurityScheme::OAuth2 { flows } = &api.security_schemes["oauth"] else {
        panic!("oauth2")
    };
    assert_eq!(
        flows["authorizationCode"]["tokenUrl"],
        "https://auth.example.com/token"
    );
    assert_eq!(api.security, [vec!["key".to_owned()]]);
}

#[test]
fn openapi_3_1_refs_are_resolved_and_schemas_hoisted() {
    let read = read_file(&description("openapi31.json"), &[]).unwrap();
    assert_eq!(diagnostics(&read), Vec::<String>::new());
    let api = &read.api;
    assert_eq!((api.title.as_str(), api.version.as_str()), ("Library", "2"));
    assert_eq!(api.description.as_deref(), Some("Books."));
    assert_eq!(api.tags[0].name, "books");
    let ops: Vec<_> = api
        .operations
        .iter()
        .map(|op| format!("{} {}", op.method, op.path))
        .collect();
    assert_eq!(
        ops,
        ["GET /books/{id}", "GET /books", "POST /books"],
        "no webhooks"
    );

    let get = operation(&read, "getBook");
    assert_eq!(get.pointer, "#/components/pathItems/Book/get");
    assert_eq!(get.parameters[0].name, "id");
    let statuses: Vec<_> = get.responses.iter().map(|r| r.status.as_str()).collect();
    assert_eq!(statuses, ["200", "404"]);

    let list = operation(&read, "listBooks");
    assert_eq!(list.parameters[0].name, "page");
    assert_eq!(
        list.responses[0].contents[0].schema.as_ref().unwrap().kind,
        Kind::Array(Box::new(Schema::of(reference("Author"))))
    );
    assert_eq!(
        api.schema_pointers["Author"],
        "#/components/schemas/Book/properties/author"
    );
    assert!(matches!(api.schemas["Author"].kind, Kind::Object(_)));

    let add = operation(&read, "addBook");
    assert!(add.body.as_ref().unwrap().required);
    let created = &add.responses[0];
    assert_eq!(created.status, "201");
    assert_eq!(created.headers[0].0, "Location");
    assert_eq!(
        created.headers[0].1.kind,
        Kind::String {
            format: Some("uri".into()),
            values: None
        }
    );

    let Kind::Object(book) = &api.schemas["Book"].kind else {
        panic!("an object")
    };
    let property = |name: &str| {
        &book
            .properties
            .iter()
            .find(|p| p.name == name)
            .unwrap()
            .schema
    };
    assert!(property("subtitle").nullable);
    assert_eq!(property("shelf").kind, reference("Shelf"));
    assert_eq!(property("series").kind, reference("Book"));
    assert_eq!(
        property("series").description.as_deref(),
        Some("The series it belongs to.")
    );
    let Kind::AllOf(parts) = &property("edition").kind else {
        panic!(
            "a reference with siblings is both: {:?}",
            property("edition")
        )
    };
    assert_eq!(parts[0].kind, reference("Edition"));
    assert!(matches!(parts[1].kind, Kind::Object(_)));
    let Kind::Object(shelf) = &api.schemas["Shelf"].kind else {
        panic!("an object")
    };
    assert_eq!(
        shelf.properties[1].schema.kind,
        reference("Shelf"),
        "recursion"
    );
    assert_eq!(
        api.security_schemes["bearer"],
        SecurityScheme::Http {
            scheme: "bearer".into(),
            bearer_format: Some("JWT".into())
        }
    );
    assert_eq!(api.security_schemes["tls"], SecurityScheme::MutualTls);
    assert_eq!(
        api.security,
        [
            vec!["bearer".to_owned()],
            vec!["oidc".to_owned(), "tls".to_owned()]
        ]
    );
}

#[test]
fn openapi_3_2_query_additional_operations_querystring_item_schema() {
    let read = read_file(&description("openapi32.yaml"), &[]).unwrap();
    let additional = "#/paths/~1search/additionalOperations";
    assert_eq!(
        diagnostics(&read),
        [
            format!(
                "{additional}/get (get /search): `get` is a method of the path item itself, not an additional one; left out"
            ),
            format!(
                "{additional}/BAD METHOD (BAD METHOD /search): `BAD METHOD` is not an HTTP method name; left out"
            ),
        ]
    );
    let api = &read.api;
    let ops: Vec<_> = api
        .operations
        .iter()
        .map(|op| format!("{} {}", op.method, op.path))
        .collect();
    assert_eq!(ops, ["QUERY /search", "LINK /search", "GET /filter"]);
    assert_eq!(
        operation(&read, "linkSearch").pointer,
        "#/paths/~1search/additionalOperations/LINK"
    );
    let server = &api.servers[0];
    assert_eq!(server.url, "https://{region}.example.com/{base}");
    assert_eq!(server.variables[0].name, "region");
    assert_eq!(server.variables[0].values, ["eu", "us"]);
    assert_eq!(server.variables[1].default, "v1");

    let search = operation(&read, "search");
    let hits = &search.responses[0].contents[0];
    assert_eq!(hits.media_type, "application/jsonl");
    assert_eq!(hits.schema, None);
    assert_eq!(hits.item_schema.as_ref().unwrap().kind, reference("Hit"));

    let filter = operation(&read, "filter");
    let parameter = &filter.parameters[0];
    assert_eq!(parameter.location, ParamIn::QueryString);
    assert_eq!(
        parameter.content_type.as_deref(),
        Some("application/x-www-form-urlencoded")
    );
    assert!(matches!(parameter.schema.kind, Kind::Object(_)));
    assert_eq!(filter.responses[0].status, "2XX");
    assert_eq!(
        filter.responses[0].contents[0]
            .item_schema
            .as_ref()
            .unwrap()
            .kind,
        string()
    );
}

#[test]
fn yaml_and_json_are_told_apart_by_content() {
    let dir = temp_dir("content");
    // JSON in a `.yaml` file, YAML in a `.json` file.
    let json_text = std::fs::read_to_string(description("openapi31.json")).unwrap();
    std::fs::write(dir.join("api.yaml"), format!("\u{feff}  \n{json_text}")).unwrap();
    let yaml_text = std::fs::read_to_string(description("openapi32.yaml")).unwrap();
    std::fs::write(dir.join("api.json"), yaml_text).unwrap();
    let from_json = read_file(&dir.join("api.yaml"), &[]).unwrap();
    assert_eq!(from_json.api.operations.len(), 3);
    assert_eq!(from_json.api.spec_version, "3.1.0");
    let from_yaml = read_file(&dir.join("api.json"), &[]).unwrap();
    assert_eq!(from_yaml.api.spec_version, "3.2.0");

    std::fs::write(dir.join("broken.yaml"), "openapi: 3.0.0\npaths: [a\n").unwrap();
    let err = read_file(&dir.join("broken.yaml"), &[]).unwrap_err();
    assert!(err.at.ends_with("broken.yaml"), "{err}");
    assert!(err.message.contains("not valid YAML"), "{err}");
    let err = read_file(&dir.join("missing.yaml"), &[]).unwrap_err();
    assert!(err.at.ends_with("missing.yaml"), "{err}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn what_is_not_a_description_is_an_error_that_says_so() {
    let message = |value: Value| read_value(value, None, &[]).unwrap_err().message;
    assert!(message(json!({"info": {}})).contains("no `openapi` or `swagger` key"));
    assert!(message(json!([1, 2])).contains("not an object"));
    assert!(
        message(json!({"swaggerVersion": "1.2"})).contains("Swagger version 1.2 is not supported")
    );
    assert!(message(json!({"swagger": "1.2"})).contains("Swagger version 1.2 is not supported"));
    assert!(
        message(json!({"openapi": "4.0.0"})).contains("OpenAPI version 4.0.0 is not supported")
    );
    let err: ReadError = parse("a: [1").unwrap_err();
    assert!(
        err.to_string().starts_with("<input>: not valid YAML"),
        "{err}"
    );
    // A sound description with nothing in it.
    let read = read_value(json!({"openapi": "3.0.3"}), None, &[]).unwrap();
    assert!(read.api.operations.is_empty() && read.diagnostics.is_empty());
    let read = read_value(
        json!({"openapi": "3.1.0", "paths": [], "components": 1}),
        None,
        &[],
    )
    .unwrap();
    assert_eq!(
        diagnostics(&read),
        [
            "#/paths: `paths` is not an object; ignored",
            "#/components: `components` is not an object; ignored"
        ]
    );
}

#[test]
fn parameters_are_merged_and_matched_to_the_path() {
    let read = read_value(
        json!({
            "openapi": "3.0.3",
            "paths": {"/things/{id}/{sub}": {
                "parameters": [
                    {"name": "id", "in": "path", "required": true, "schema": {"type": "integer"}},
                    {"name": "limit", "in": "query", "schema": {"type": "integer"}}
                ],
                "get": {
                    "operationId": "getThing",
                    "parameters": [
                        {"name": "limit", "in": "query", "description": "At most", "schema": {"type": "string"}},
                        {"name": "limit", "in": "header", "schema": {"type": "string"}},
                        {"name": "ghost", "in": "path", "required": true, "schema": {"type": "string"}},
                        {"name": "Accept", "in": "header", "schema": {"type": "string"}},
                        {"name": "where", "in": "body", "schema": {"type": "string"}},
                        {"name": "bare", "in": "query"}
                    ],
                    "responses": {"200": {"description": "ok"}}
                }
            }}
        }),
        None,
        &[],
    )
    .unwrap();
    let get = operation(&read, "getThing");
    let names: Vec<_> = get
        .parameters
        .iter()
        .map(|p| format!("{}:{}", p.location.as_str(), p.name))
        .collect();
    assert_eq!(
        names,
        [
            "path:id",
            "query:limit",
            "header:limit",
            "query:bare",
            "path:sub"
        ]
    );
    assert_eq!(get.parameters[1].description.as_deref(), Some("At most"));
    assert_eq!(
        get.parameters[1].schema.kind,
        string(),
        "the operation's wins"
    );
    assert!(get.parameters[4].required);
    assert_eq!(get.parameters[4].schema.kind, string());
    assert_eq!(get.parameters[3].schema.kind, Kind::Any);
    let op = "#/paths/~1things~1{id}~1{sub}/get";
    assert_eq!(
        diagnostics(&read),
        [
            format!(
                "{op}/parameters/3 (getThing): header parameter `Accept` is ignored, as OpenAPI says (the client sets it); left out"
            ),
            format!(
                "{op}/parameters/4 (getThing): parameter `where`: unknown location `in: body`; left out"
            ),
            format!(
                "{op}/parameters/5 (getThing): parameter `bare` has neither `schema` nor `content`; any value (`serde_json::Value`)"
            ),
            format!(
                "{op}/parameters/2 (getThing): path parameter `ghost` is not in the path `/things/{{id}}/{{sub}}`; left out"
            ),
            format!(
                "{op} (getThing): the path's `{{sub}}` has no path parameter; a required string path parameter"
            ),
        ]
    );
}

#[test]
fn broken_references_are_diagnostics_with_a_fallback() {
    let read = read_value(
        json!({
            "openapi": "3.0.3",
            "paths": {"/a": {"get": {
                "operationId": "a",
                "parameters": [
                    {"$ref": "#/components/parameters/Missing"},
                    {"$ref": "#/components/parameters/Loop"},
                    {"$ref": "#/components/parameters/Spaced%20Name"}
                ],
                "responses": {
                    "200": {"description": "ok", "content": {"application/json": {"schema": {
                        "type": "object",
                        "properties": {
                            "gone": {"$ref": "#/components/schemas/Gone"},
                            "remote": {"$ref": "https://example.com/schemas/pet.json"},
                            "file": {"$ref": "pet.json#/Pet"}
                        }
                    }}}},
                    "404": {"$ref": "#/components/responses/Nowhere"},
                    "2xx": {"description": "a range, lower case"},
                    "OK": {"description": "not a status"},
                    "600": {"description": "not a status either"}
                }
            }}},
            "components": {"parameters": {
                "Loop": {"$ref": "#/components/parameters/Loop2"},
                "Loop2": {"$ref": "#/components/parameters/Loop"},
                "Spaced Name": {"name": "spaced", "in": "query", "schema": {"type": "string"}}
            }}
        }),
        None,
        &[],
    )
    .unwrap();
    let a = operation(&read, "a");
    assert_eq!(a.parameters.len(), 1);
    assert_eq!(a.parameters[0].name, "spaced");
    let statuses: Vec<_> = a.responses.iter().map(|r| r.status.as_str()).collect();
    assert_eq!(statuses, ["200", "2xx"], "the broken answers are left out");
    let Kind::Object(object) = &a.responses[0].contents[0].schema.as_ref().unwrap().kind else {
        panic!("an object")
    };
    for property in &object.properties {
        assert_eq!(property.schema.kind, Kind::Any, "{}", property.name);
    }
    let schema = "#/paths/~1a/get/responses/200/content/application~1json/schema/properties";
    assert_eq!(
        diagnostics(&read),
        [
            "#/paths/~1a/get/parameters/0 (a): `#/components/parameters/Missing` resolves to nothing; the parameter left out".to_owned(),
            "#/paths/~1a/get/parameters/1 (a): `#/components/parameters/Loop2` is part of a cycle of references; the parameter left out".to_owned(),
            format!("{schema}/gone (a): `#/components/schemas/Gone` resolves to nothing; any value (`serde_json::Value`)"),
            format!("{schema}/remote (a): `https://example.com/schemas/pet.json` is a URL: only local files are read; any value (`serde_json::Value`)"),
            format!("{schema}/file (a): `pet.json#/Pet` names another file, and the description was given without a directory; any value (`serde_json::Value`)"),
            "#/paths/~1a/get/responses/404 (a): `#/components/responses/Nowhere` resolves to nothing; the answer left out".to_owned(),
            "#/paths/~1a/get/responses/OK (a): `OK` is not a status code, a range like `4XX`, or `default`; the answer left out".to_owned(),
            "#/paths/~1a/get/responses/600 (a): `600` is not a status code, a range like `4XX`, or `default`; the answer left out".to_owned(),
        ]
    );
}

#[test]
fn pointers_into_paths_are_followed_and_named_for_their_operation() {
    let read = read_value(
        json!({
            "openapi": "3.0.3",
            "paths": {
                "/pets": {
                    "parameters": [{"name": "owner", "in": "query", "schema": {"type": "string"}}],
                    "get": {"operationId": "listPets", "responses": {"200": {"description": "ok",
                        "content": {"application/json": {"schema": {"type": "array", "items": {"type": "string"}}}}}}}
                },
                "/cats": {"get": {
                    "operationId": "listCats",
                    "parameters": [{"$ref": "#/paths/~1pets/parameters/0"}],
                    "responses": {"200": {"description": "ok", "content": {"application/json": {
                        "schema": {"$ref": "#/paths/~1pets/get/responses/200/content/application~1json/schema"}
                    }}}}
                }}
            }
        }),
        None,
        &[],
    )
    .unwrap();
    assert_eq!(diagnostics(&read), Vec::<String>::new());
    let cats = operation(&read, "listCats");
    assert_eq!(cats.parameters[0].name, "owner");
    assert_eq!(cats.parameters[0].pointer, "#/paths/~1pets/parameters/0");
    assert_eq!(
        cats.responses[0].contents[0].schema.as_ref().unwrap().kind,
        reference("ListPetsResponse")
    );
    assert_eq!(
        read.api.schemas["ListPetsResponse"].kind,
        Kind::Array(Box::new(Schema::of(string())))
    );
}

#[test]
fn local_files_are_read_once_relative_to_the_referring_file() {
    let dir = temp_dir("files");
    std::fs::create_dir_all(dir.join("api/common")).unwrap();
    std::fs::write(
        dir.join("api/main.yaml"),
        r##"
openapi: 3.0.3
info: {title: Files, version: "1"}
paths:
  /pets:
    $ref: './common/paths.yaml#/pets'
  /owners:
    get:
      operationId: listOwners
      parameters: [{$ref: 'common/params.json#/Limit'}]
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema: {$ref: '../shared.yaml#/components/schemas/Owner'}
        default: {$ref: './common/paths.yaml#/error'}
components:
  schemas:
    Pet:
      type: object
      properties:
        owner: {$ref: '../shared.yaml#/components/schemas/Owner'}
        error: {$ref: 'common/paths.yaml#/Error'}
"##,
    )
    .unwrap();
    std::fs::write(
        dir.join("api/common/paths.yaml"),
        r##"
pets:
  get:
    operationId: listPets
    parameters: [{$ref: 'params.json#/Limit'}]
    responses:
      "200":
        description: ok
        content:
          application/json:
            schema: {type: array, items: {$ref: '../main.yaml#/components/schemas/Pet'}}
      default: {$ref: '#/error'}
error:
  description: failed
  content:
    application/json:
      schema: {$ref: '#/Error'}
Error:
  type: object
  properties:
    message: {type: string}
    owner: {$ref: '../../shared.yaml#/components/schemas/Owner'}
"##,
    )
    .unwrap();
    std::fs::write(
        dir.join("api/common/params.json"),
        r#"{"Limit": {"name": "limit", "in": "query", "schema": {"type": "integer"}}}"#,
    )
    .unwrap();
    // Outside the description's directory, and referring back into it.
    std::fs::write(
        dir.join("shared.yaml"),
        r##"
components:
  schemas:
    Owner:
      type: object
      properties:
        pets: {type: array, items: {$ref: 'api/main.yaml#/components/schemas/Pet'}}
        friend: {$ref: '#/components/schemas/Owner'}
        photo: {$ref: 'http://example.com/photo.json'}
"##,
    )
    .unwrap();
    let read = read_file(&dir.join("api/main.yaml"), &[]).unwrap();
    let api = &read.api;
    let ops: Vec<_> = api.operations.iter().map(Operation::label).collect();
    assert_eq!(ops, ["listPets", "listOwners"]);
    let pets = operation(&read, "listPets");
    assert_eq!(pets.pointer, "common/paths.yaml#/pets/get");
    assert_eq!(pets.parameters[0].name, "limit");
    assert_eq!(pets.parameters[0].pointer, "common/params.json#/Limit");
    assert_eq!(
        pets.responses[0].contents[0].schema.as_ref().unwrap().kind,
        Kind::Array(Box::new(Schema::of(reference("Pet")))),
        "a reference back to the description is its component"
    );
    assert_eq!(
        pets.responses[1].contents[0].schema.as_ref().unwrap().kind,
        reference("Error")
    );
    let owners = operation(&read, "listOwners");
    assert_eq!(
        owners.responses[0].contents[0]
            .schema
            .as_ref()
            .unwrap()
            .kind,
        reference("Owner")
    );
    assert_eq!(owners.responses[1].pointer, "common/paths.yaml#/error");

    let mut names: Vec<_> = api.schemas.keys().map(String::as_str).collect();
    names.sort_unstable();
    assert_eq!(names, ["Error", "Owner", "Pet"], "each file's schema once");
    assert_eq!(api.schema_pointers["Error"], "common/paths.yaml#/Error");
    assert!(
        api.schema_pointers["Owner"].ends_with("shared.yaml#/components/schemas/Owner"),
        "{}",
        api.schema_pointers["Owner"]
    );
    let Kind::Object(owner) = &api.schemas["Owner"].kind else {
        panic!("an object")
    };
    assert_eq!(
        owner.properties[0].schema.kind,
        Kind::Array(Box::new(Schema::of(reference("Pet"))))
    );
    assert_eq!(owner.properties[1].schema.kind, reference("Owner"));
    assert_eq!(owner.properties[2].schema.kind, Kind::Any);
    let diagnostics = diagnostics(&read);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:#?}");
    assert!(
        diagnostics[0].ends_with(
            "shared.yaml#/components/schemas/Owner/properties/photo: `http://example.com/photo.json` is a URL: only local files are read; any value (`serde_json::Value`)"
        ),
        "{diagnostics:#?}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn overlays_are_applied_first_and_a_failing_one_is_an_error() {
    let overlay = json!({"overlay": "1.0.0", "info": {"title": "fixes", "version": "1"}, "actions": [
        {"target": "$.paths['/books'].get", "update": {"operationId": "allBooks"}},
        {"target": "$.components.schemas.Book.required", "update": ["subtitle"]},
        {"target": "$.components.schemas.Edition", "remove": true}
    ]});
    let text = std::fs::read_to_string(description("openapi31.json")).unwrap();
    let value = parse(&text).unwrap();
    let read = read_value(value.clone(), None, std::slice::from_ref(&overlay)).unwrap();
    assert!(
        read.api
            .operations
            .iter()
            .any(|op| op.operation_id.as_deref() == Some("allBooks"))
    );
    assert!(!read.api.schemas.contains_key("Edition"));
    let Kind::Object(book) = &read.api.schemas["Book"].kind else {
        panic!("an object")
    };
    assert!(
        book.properties
            .iter()
            .find(|p| p.name == "subtitle")
            .unwrap()
            .required
    );
    // The reference to the removed schema is a diagnostic now.
    assert_eq!(read.diagnostics.len(), 1, "{:?}", diagnostics(&read));

    let dir = temp_dir("overlays");
    std::fs::write(
        dir.join("fix.yaml"),
        "overlay: 1.0.0\nactions:\n  - target: $.info\n    update: {title: Fixed}\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("bad.json"),
        r#"{"overlay": "1.0.0", "actions": [{"target": "$.info", "update": {}}, {"target": "$.components.schemas.Nope.x", "update": {}}]}"#,
    )
    .unwrap();
    let path = description("openapi31.json");
    let read = read_file(&path, &[dir.join("fix.yaml")]).unwrap();
    assert_eq!(read.api.title, "Fixed");
    let err = read_file(&path, &[dir.join("fix.yaml"), dir.join("bad.json")]).unwrap_err();
    assert!(err.at.ends_with("bad.json"), "{err}");
    assert_eq!(
        err.message,
        "action 1: `$.components.schemas.Nope.x` names nothing"
    );
    let err = read_value(
        value,
        None,
        &[json!({"overlay": "1.0.0", "actions": [{"target": "$.nope", "remove": true}]})],
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "overlay 1: action 0: `$.nope` names nothing to remove"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn keywords_beside_a_reference_hold_from_3_1_on() {
    let kind = |version: &str| {
        let read = read_value(
            json!({
                "openapi": version,
                "components": {"schemas": {
                    "E": {"type": "object", "properties": {"id": {"type": "integer"}}},
                    "F": {"$ref": "#/components/schemas/E", "description": "An E.", "properties": {"note": {"type": "string"}}}
                }}
            }),
            None,
            &[],
        )
        .unwrap();
        assert!(read.diagnostics.is_empty());
        let f = read.api.schemas["F"].clone();
        assert_eq!(f.description.as_deref(), Some("An E."), "{version}");
        f.kind
    };
    assert_eq!(kind("3.0.3"), reference("E"), "ignored in 3.0");
    let Kind::AllOf(parts) = kind("3.1.0") else {
        panic!("both at once in 3.1")
    };
    assert_eq!(parts[0].kind, reference("E"));
    let Kind::Object(rest) = &parts[1].kind else {
        panic!("the other keywords")
    };
    assert_eq!(rest.properties[0].name, "note");
}

#[test]
fn extensions_are_not_paths_or_answers_and_devices_are_not_read() {
    let dir = temp_dir("devices");
    std::fs::write(
        dir.join("api.yaml"),
        r##"
openapi: 3.0.3
paths:
  x-internal: {get: {operationId: hidden, responses: {"200": {description: ok}}}}
  /a:
    get:
      operationId: a
      responses:
        x-note: {description: not an answer}
        "200":
          description: ok
          content:
            application/json:
              schema: {$ref: '/dev/zero#/A'}
        "400": {$ref: 'responses#/Bad'}
"##,
    )
    .unwrap();
    std::fs::create_dir(dir.join("responses")).unwrap();
    let read = read_file(&dir.join("api.yaml"), &[]).unwrap();
    let ops: Vec<_> = read.api.operations.iter().map(Operation::label).collect();
    assert_eq!(ops, ["a"]);
    let a = operation(&read, "a");
    let statuses: Vec<_> = a.responses.iter().map(|r| r.status.as_str()).collect();
    assert_eq!(statuses, ["200"]);
    assert_eq!(
        a.responses[0].contents[0].schema.as_ref().unwrap().kind,
        Kind::Any
    );
    let diagnostics = diagnostics(&read);
    assert_eq!(diagnostics.len(), 2, "{diagnostics:#?}");
    assert!(
        diagnostics[0].contains("`/dev/zero#/A`: /dev/zero: not a file"),
        "{diagnostics:#?}"
    );
    assert!(
        diagnostics[1].contains("`responses#/Bad`: ")
            && diagnostics[1].ends_with("not a file; the answer left out"),
        "{diagnostics:#?}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn swagger_2_files_refer_to_each_other() {
    let dir = temp_dir("swagger-files");
    std::fs::write(
        dir.join("main.yaml"),
        r##"
swagger: "2.0"
info: {title: Files, version: "1"}
paths:
  /owners:
    get:
      operationId: listOwners
      parameters: [{$ref: 'params.yaml#/limit'}]
      responses:
        200: {description: ok, schema: {$ref: 'defs.yaml#/Owner'}}
definitions:
  Pet: {type: object, properties: {name: {type: string}}}
"##,
    )
    .unwrap();
    std::fs::write(
        dir.join("params.yaml"),
        "limit: {name: limit, in: query, type: integer, format: int32}\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("defs.yaml"),
        r##"
Owner:
  type: object
  properties:
    pets: {type: array, items: {$ref: 'main.yaml#/definitions/Pet'}}
    nickname: {type: string, x-nullable: true}
    photo: {type: file}
"##,
    )
    .unwrap();
    let read = read_file(&dir.join("main.yaml"), &[]).unwrap();
    assert_eq!(diagnostics(&read), Vec::<String>::new());
    let list = operation(&read, "listOwners");
    assert_eq!(list.parameters[0].name, "limit");
    assert_eq!(list.parameters[0].schema.kind, Kind::Integer);
    assert_eq!(
        list.responses[0].contents[0].schema.as_ref().unwrap().kind,
        reference("Owner")
    );
    let Kind::Object(owner) = &read.api.schemas["Owner"].kind else {
        panic!("an object")
    };
    assert_eq!(
        owner.properties[0].schema.kind,
        Kind::Array(Box::new(Schema::of(reference("Pet"))))
    );
    assert!(owner.properties[1].schema.nullable);
    assert_eq!(
        owner.properties[2].schema.kind,
        Kind::String {
            format: Some("binary".into()),
            values: None
        }
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_value_nested_too_deeply_is_an_error() {
    let mut deep = json!({});
    for _ in 0..500 {
        deep = json!({"properties": {"a": deep}});
    }
    let description = json!({"openapi": "3.1.0", "components": {"schemas": {"Deep": deep}}});
    let err = read_value(description, None, &[]).unwrap_err();
    assert_eq!(err.to_string(), "<input>: nested more than 128 levels");
    let mut overlay = json!({"overlay": "1.0.0", "actions": []});
    for _ in 0..200 {
        overlay = json!([overlay]);
    }
    let err = read_value(json!({"openapi": "3.1.0"}), None, &[overlay]).unwrap_err();
    assert_eq!(err.to_string(), "overlay 1: nested more than 128 levels");
}

#[test]
fn aliases_cannot_nest_deeper_than_text_may() {
    let nested = |inner: &str| format!("{}{inner}{}", "[".repeat(100), "]".repeat(100));
    let text = format!("x: &x {}\ny: {}\n", nested("1"), nested("*x"));
    let err = parse(&text).unwrap_err();
    assert_eq!(err.message, "nested more than 128 levels");
    assert!(parse(&format!("x: &x {}\ny: *x\n", nested("1"))).is_ok());
}

#[test]
fn a_component_that_is_a_reference_to_a_file_is_that_file_schema() {
    let dir = temp_dir("adopt");
    std::fs::create_dir_all(dir.join("schemas")).unwrap();
    std::fs::write(
        dir.join("main.yaml"),
        r##"
openapi: 3.1.0
paths: {}
components:
  schemas:
    Pet: {$ref: './schemas/Pet.yaml'}
    Tag: {$ref: 'schemas/common.yaml#/Tag'}
    Label: {$ref: 'schemas/common.yaml#/Tag'}
"##,
    )
    .unwrap();
    std::fs::write(
        dir.join("schemas/Pet.yaml"),
        r##"
type: object
properties:
  tag: {$ref: './common.yaml#/Tag'}
  parent: {$ref: '../main.yaml#/components/schemas/Pet'}
  sibling: {$ref: '#'}
"##,
    )
    .unwrap();
    std::fs::write(dir.join("schemas/common.yaml"), "Tag: {type: string}\n").unwrap();
    let read = read_file(&dir.join("main.yaml"), &[]).unwrap();
    assert_eq!(diagnostics(&read), Vec::<String>::new());
    let api = &read.api;
    let names: Vec<_> = api.schemas.keys().map(String::as_str).collect();
    assert_eq!(names, ["Label", "Pet", "Tag"]);
    assert_eq!(api.schema_pointers["Pet"], "schemas/Pet.yaml#");
    assert_eq!(api.schema_pointers["Tag"], "schemas/common.yaml#/Tag");
    assert_eq!(api.schemas["Tag"].kind, string());
    assert_eq!(api.schemas["Label"].kind, reference("Tag"));
    let Kind::Object(pet) = &api.schemas["Pet"].kind else {
        panic!("an object")
    };
    let kinds: Vec<_> = pet
        .properties
        .iter()
        .map(|p| p.schema.kind.clone())
        .collect();
    assert_eq!(
        kinds,
        [reference("Tag"), reference("Pet"), reference("Pet")]
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_reference_into_schemas_that_are_not_an_object_is_to_no_component() {
    let read = read_value(
        json!({
            "openapi": "3.0.3",
            "components": {"schemas": [{"type": "string"}]},
            "paths": {"/a": {"get": {"operationId": "a", "responses": {"200": {
                "description": "ok",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/0"}}}
            }}}}}
        }),
        None,
        &[],
    )
    .unwrap();
    let a = operation(&read, "a");
    let Kind::Ref(name) = &a.responses[0].contents[0].schema.as_ref().unwrap().kind else {
        panic!("a reference")
    };
    assert_eq!(
        read.api.schemas[name].kind,
        string(),
        "hoisted, not dangling"
    );
    assert_eq!(read.api.schema_pointers[name], "#/components/schemas/0");
}

#[test]
fn examples_of_answers_bodies_and_components_are_kept_with_their_pointers() {
    let read = read_value(
        json!({
            "openapi": "3.1.0",
            "info": {"title": "Shop", "version": "1"},
            "paths": {"/orders": {"post": {
                "operationId": "createOrder",
                "requestBody": {"content": {"application/json": {
                    "schema": {"type": "object"},
                    "example": {"sku": "a"}
                }}},
                "responses": {"201": {"description": "Made.", "content": {"application/json": {
                    "schema": {"$ref": "#/components/schemas/Order"},
                    "example": {"id": "o_1"},
                    "examples": {
                        "shared": {"$ref": "#/components/examples/order"},
                        "elsewhere": {"externalValue": "https://shop.example/order.json"},
                        // No Example Object: what it shows is not known.
                        "raw": [{"id": "o_9"}],
                        "broken": {"$ref": "#/components/examples/nowhere"}
                    }
                }}}}
            }}},
            "components": {
                "schemas": {"Order": {
                    "type": "object",
                    "examples": [{"id": "o_3"}, {"id": "o_4"}]
                }},
                "examples": {"order": {"summary": "An order.", "value": {"id": "o_2"}}}
            }
        }),
        None,
        &[],
    )
    .unwrap();
    let create = operation(&read, "createOrder");
    let body = &create.body.as_ref().unwrap().contents[0];
    assert_eq!(
        body.examples,
        [(
            "#/paths/~1orders/post/requestBody/content/application~1json/example".to_owned(),
            json!({"sku": "a"})
        )]
    );
    let answer = &create.responses[0].contents[0];
    assert_eq!(
        answer.examples,
        [
            (
                "#/paths/~1orders/post/responses/201/content/application~1json/example".to_owned(),
                json!({"id": "o_1"})
            ),
            (
                "#/components/examples/order/value".to_owned(),
                json!({"id": "o_2"})
            ),
        ]
    );
    assert_eq!(
        read.api.schema_examples["Order"],
        [
            (
                "#/components/schemas/Order/examples/0".to_owned(),
                json!({"id": "o_3"})
            ),
            (
                "#/components/schemas/Order/examples/1".to_owned(),
                json!({"id": "o_4"})
            ),
        ]
    );
    // The broken reference is a diagnostic; the external one and the one
    // that is no Example Object are not read.
    let said = diagnostics(&read);
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(
        said[0].starts_with("#/paths/~1orders/post/responses/201/content/application~1json/examples/broken (createOrder): "),
        "{said:?}"
    );
    assert!(said[0].ends_with("the example left out"), "{said:?}");

    // Swagger 2.0: an answer's `examples` by media type are its media
    // types' `example`.
    let read = read_value(
        json!({
            "swagger": "2.0",
            "info": {"title": "Shop", "version": "1"},
            "produces": ["application/json"],
            "paths": {"/orders": {"get": {
                "operationId": "listOrders",
                "responses": {"200": {
                    "description": "Orders.",
                    "schema": {"type": "array", "items": {"type": "object"}},
                    "examples": {"application/json": [{"id": "o_1"}], "text/plain": "o_1"}
                }}
            }}}
        }),
        None,
        &[],
    )
    .unwrap();
    let answer = &operation(&read, "listOrders").responses[0].contents;
    assert_eq!(answer.len(), 1);
    assert_eq!(
        answer[0].examples,
        [(
            "#/paths/~1orders/get/responses/200/content/application~1json/example".to_owned(),
            json!([{"id": "o_1"}])
        )]
    );

    // An example given for a media type with parameters, where the answer
    // is produced as JSON.
    let read = read_value(
        json!({
            "swagger": "2.0",
            "info": {"title": "Shop", "version": "1"},
            "produces": ["application/json"],
            "paths": {"/orders": {"get": {
                "operationId": "listOrders",
                "responses": {"200": {
                    "description": "Orders.",
                    "schema": {"type": "array", "items": {"type": "object"}},
                    "examples": {"application/json; charset=utf-8": [{"id": "o_2"}]}
                }}
            }}}
        }),
        None,
        &[],
    )
    .unwrap();
    let answer = &operation(&read, "listOrders").responses[0].contents;
    assert_eq!(answer[0].examples.len(), 1);
    assert_eq!(answer[0].examples[0].1, json!([{"id": "o_2"}]));
}

#[test]
fn the_examples_of_a_schema_s_parts_are_kept_with_their_paths() {
    let read = read_value(
        json!({
            "openapi": "3.1.0",
            "info": {"title": "Shop", "version": "1"},
            "paths": {"/orders": {"get": {
                "operationId": "listOrders",
                "responses": {"200": {"description": "Orders.", "content": {"application/json": {
                    "schema": {"type": "object", "properties": {
                        "count": {"type": "integer", "example": "7"},
                        "next": {"$ref": "#/components/schemas/Order"}
                    }}
                }}}}
            }}},
            "components": {"schemas": {"Order": {
                "type": "object",
                "example": {"id": "o_1"},
                "properties": {
                    "id": {"type": "string", "examples": [1, 2]},
                    "lines": {"type": "array", "items": {"type": "string", "example": ["a"]}},
                    "meta": {"additionalProperties": {"type": "string", "example": "x"}}
                },
                "allOf": [{"properties": {"sku": {"type": "string", "example": "s"}}}]
            }}}
        }),
        None,
        &[],
    )
    .unwrap();
    let kept = |examples: &[endpoint_openapi::api::InnerExample]| -> Vec<(String, String, Value)> {
        examples
            .iter()
            .map(|e| (e.pointer.clone(), e.path.join("/"), e.value.clone()))
            .collect()
    };
    let at = |pointer: &str, path: &str, value: Value| (pointer.to_owned(), path.to_owned(), value);
    let order = "#/components/schemas/Order";
    assert_eq!(
        kept(&read.api.inner_examples["Order"]),
        [
            at(
                &format!("{order}/properties/id/examples/0"),
                "properties/id",
                json!(1)
            ),
            at(
                &format!("{order}/properties/id/examples/1"),
                "properties/id",
                json!(2)
            ),
            at(
                &format!("{order}/properties/lines/items/example"),
                "properties/lines/items",
                json!(["a"])
            ),
            at(
                &format!("{order}/properties/meta/additionalProperties/example"),
                "properties/meta/additionalProperties",
                json!("x")
            ),
            at(
                &format!("{order}/allOf/0/properties/sku/example"),
                "allOf/0/properties/sku",
                json!("s")
            ),
        ]
    );
    // An answer's schema's parts: not through its reference.
    let answer = &operation(&read, "listOrders").responses[0].contents[0];
    assert_eq!(
        kept(&answer.inner_examples),
        [at(
            "#/paths/~1orders/get/responses/200/content/application~1json/schema/properties/count/example",
            "properties/count",
            json!("7")
        )]
    );
}

#[test]
fn an_operation_that_is_a_reference_to_a_file_is_that_file_operation() {
    let dir = temp_dir("operation-ref");
    std::fs::create_dir_all(dir.join("droplets")).unwrap();
    std::fs::write(
        dir.join("main.yaml"),
        r##"
openapi: 3.0.0
paths:
  /droplets/{droplet_id}:
    get: {$ref: 'droplets/get.yml'}
    delete: {$ref: 'droplets/missing.yml'}
    put: {$ref: 'droplets/get.yml#/summary'}
"##,
    )
    .unwrap();
    std::fs::write(
        dir.join("droplets/get.yml"),
        r##"
operationId: droplets_get
summary: A droplet
parameters:
  - $ref: 'parameters.yml#/droplet_id'
responses:
  '200':
    description: the droplet
    content:
      application/json:
        schema: {type: object, properties: {id: {type: integer}}}
"##,
    )
    .unwrap();
    std::fs::write(
        dir.join("droplets/parameters.yml"),
        "droplet_id: {name: droplet_id, in: path, required: true, schema: {type: integer}}\n",
    )
    .unwrap();
    let read = read_file(&dir.join("main.yaml"), &[]).unwrap();
    let get = operation(&read, "droplets_get");
    assert_eq!(get.method, "GET");
    assert_eq!(get.pointer, "droplets/get.yml#");
    assert_eq!(get.summary.as_deref(), Some("A droplet"));
    assert_eq!(get.parameters.len(), 1);
    assert_eq!(get.parameters[0].name, "droplet_id");
    assert_eq!(get.parameters[0].location, ParamIn::Path);
    assert_eq!(get.parameters[0].schema.kind, Kind::Integer);
    assert_eq!(get.responses.len(), 1);
    assert_eq!(get.responses[0].status, "200");
    // A broken reference, or one to what is no operation, leaves the
    // operation out with a diagnostic that says where and why.
    assert_eq!(read.api.operations.len(), 1);
    let diags = diagnostics(&read);
    assert_eq!(diags.len(), 2, "{diags:?}");
    assert!(
        diags
            .iter()
            .any(|d| d.contains("DELETE /droplets/{droplet_id}") && d.contains("missing.yml")),
        "{diags:?}"
    );
    assert!(
        diags
            .iter()
            .any(|d| d.contains("PUT /droplets/{droplet_id}") && d.contains("not an object")),
        "{diags:?}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

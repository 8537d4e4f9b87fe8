use endpoint_macros_core::shape::TypeShape;
use serde_json::json;

use super::*;

/// The description of the tests: a list of pets by a query, a pet by a
/// path parameter, and a pet created from a JSON body.
fn pets() -> Api {
    crate::read::read_value(
        json!({
            "openapi": "3.1.0",
            "info": {"title": "Pets", "version": "1"},
            "paths": {
                "/pets": {
                    "get": {
                        "operationId": "listPets",
                        "parameters": [
                            {"name": "limit", "in": "query", "required": true,
                             "schema": {"type": "integer"}},
                            {"name": "X-Trace", "in": "header", "schema": {"type": "string"}}
                        ],
                        "responses": {"200": {"description": "The pets."}}
                    },
                    "post": {
                        "operationId": "createPet",
                        "requestBody": {"content": {"application/json": {"schema": {
                            "$ref": "#/components/schemas/NewPet"
                        }}}},
                        "responses": {"201": {"description": "Created."}}
                    }
                },
                "/pets/{petId}": {"get": {
                    "operationId": "showPet",
                    "parameters": [{"name": "petId", "in": "path", "required": true,
                                    "schema": {"type": "integer"}}],
                    "responses": {"200": {"description": "A pet."}}
                }}
            },
            "components": {"schemas": {"NewPet": {
                "type": "object",
                "required": ["name"],
                "properties": {
                    "id": {"type": "integer", "readOnly": true},
                    "name": {"type": "string"},
                    "toys": {"type": "array", "items": {"type": "string"}}
                }
            }}}
        }),
        None,
        &[],
    )
    .unwrap()
    .api
}

fn field(name: &str, location: Location, ty: syn::Type) -> DeclaredField {
    DeclaredField {
        ty: TypeShape::of(&ty),
        ..DeclaredField::new(name, location)
    }
}

fn declared(method: &str, path: &str, fields: Vec<DeclaredField>) -> Declared {
    Declared {
        name: "Checked".into(),
        method: method.into(),
        path: Some(path.into()),
        fields,
        ..Declared::default()
    }
}

/// The findings, each as where it is and its message.
fn findings(declared: &Declared) -> Vec<(At, String)> {
    check(&pets(), "pets.json", declared)
        .into_iter()
        .map(|finding| (finding.at, finding.message))
        .collect()
}

#[test]
fn a_struct_as_the_description_has_it_has_no_finding() {
    let limit = field("limit", Location::Query, syn::parse_quote!(u32));
    let trace = DeclaredField {
        optional: true,
        ..field(
            "x-trace",
            Location::Header,
            syn::parse_quote!(Option<String>),
        )
    };
    assert_eq!(findings(&declared("GET", "/pets", vec![limit, trace])), []);
    let name = field("name", Location::Body, syn::parse_quote!(String));
    let toys = field("toys", Location::Body, syn::parse_quote!(Vec<Cow<'a, str>>));
    assert_eq!(findings(&declared("POST", "/pets", vec![name, toys])), []);
}

#[test]
fn routes_the_description_does_not_have_name_the_nearest() {
    assert_eq!(
        findings(&declared("GET", "/pet", vec![])),
        [(
            At::Route,
            "no operation `GET /pet` in pets.json: did you mean `GET /pets`?".to_owned()
        )]
    );
    assert_eq!(
        findings(&declared("GET", "/pets/{id}", vec![])),
        [(
            At::Route,
            "the placeholders of `GET /pets/{id}` are not named as in pets.json: write the \
             operation's path, `GET /pets/{petId}`"
                .to_owned()
        )]
    );
    let by_id = Declared {
        operation_id: Some("listPet".into()),
        ..declared("GET", "/pets", vec![])
    };
    assert_eq!(
        findings(&by_id),
        [(
            At::OperationId,
            "no operation `listPet` in pets.json: did you mean `listPets`?".to_owned()
        )]
    );
    let url = Declared {
        path: None,
        ..declared("GET", "/pets", vec![])
    };
    assert_eq!(findings(&url)[0].0, At::Route);
}

#[test]
fn fields_are_found_where_they_are_written() {
    // A misspelt query parameter, at its name; the required one it is
    // not, at the struct; a header written as a query parameter, at its
    // location when it is written.
    let limt = field("limt", Location::Query, syn::parse_quote!(u32));
    let trace = DeclaredField {
        location_written: true,
        ..field("X-Trace", Location::Cookie, syn::parse_quote!(String))
    };
    assert_eq!(
        findings(&declared("GET", "/pets", vec![limt, trace])),
        [
            (
                At::Name(0),
                "no query parameter `limt` in `GET /pets` (pets.json): did you mean `limit`?"
                    .to_owned()
            ),
            (
                At::Location(1),
                "`X-Trace` is a header parameter of `GET /pets` (pets.json), not a cookie one: \
                 `#[endpoint(header)]`"
                    .to_owned()
            ),
            (
                At::Struct,
                "`GET /pets` (pets.json) requires the query parameter `limit`, and `Checked` has \
                 no field for it"
                    .to_owned()
            ),
        ]
    );
    // A placeholder's generated field: at the route.
    let pet_id = DeclaredField {
        declared: false,
        ..field("petId", Location::Path, syn::parse_quote!(bool))
    };
    assert_eq!(
        findings(&declared("GET", "/pets/{petId}", vec![pet_id])),
        [(
            At::Route,
            "`petId` is an integer in `GET /pets/{petId}` (pets.json), which `bool` cannot hold"
                .to_owned()
        )]
    );
}

#[test]
fn types_and_options_against_schemas() {
    let limit = DeclaredField {
        optional: true,
        ..field("limit", Location::Query, syn::parse_quote!(Option<String>))
    };
    // A string holds an integer sent as text, but not an `Option` of a
    // required parameter.
    assert_eq!(
        findings(&declared("GET", "/pets", vec![limit])),
        [(
            At::Option(0),
            "the query parameter `limit` is required by `GET /pets` (pets.json): its field \
             cannot be an `Option`"
                .to_owned()
        )]
    );
    // In a JSON body, through the reference: a list of integers does not
    // hold a list of strings; a property no schema has.
    let name = field("name", Location::Body, syn::parse_quote!(String));
    let toys = field("toys", Location::Body, syn::parse_quote!(Vec<u8>));
    let color = field("colour", Location::Body, syn::parse_quote!(String));
    assert_eq!(
        findings(&declared("POST", "/pets", vec![name, toys, color])),
        [
            (
                At::Type(1),
                "the body property `toys` is an array of which each item is a string in \
                 `POST /pets` (pets.json), which `Vec<u8>` cannot hold"
                    .to_owned()
            ),
            (
                At::Name(2),
                "no property `colour` in the request body of `POST /pets` (pets.json)".to_owned()
            ),
        ]
    );
}

#[test]
fn paths_normalised() {
    assert_eq!(normalised("/pets/{petId}/toys/{id}"), "/pets/{}/toys/{}");
    assert_eq!(normalised("/pets"), "/pets");
}

//! How a generated list pages: the `paginate(…)` of each list operation,
//! found in wrapped answers whatever the names of its members and
//! parameters, and the diagnostic of a list that cannot be paged.

use serde_json::json;

use crate::generate::{expand_all, file, generate_json};

/// A list answer: `{"<list>": [{"id": …}], …beside}`.
fn page(list: &str, beside: serde_json::Value) -> serde_json::Value {
    let mut properties = json!({
        list: {"type": "array", "items": {"$ref": "#/components/schemas/Thing"}}
    });
    properties
        .as_object_mut()
        .unwrap()
        .extend(beside.as_object().unwrap().clone());
    json!({"type": "object", "required": [list], "properties": properties})
}

/// A `GET` of `path` taking the query parameters `query`, answering
/// `answer`.
fn list(id: &str, query: &[&str], answer: serde_json::Value) -> serde_json::Value {
    json!({"get": {
        "operationId": id, "tags": ["lists"],
        "parameters": query.iter().map(|name| json!({
            "name": name, "in": "query", "schema": {"type": "integer"}
        })).collect::<Vec<_>>(),
        "responses": {"200": {"description": "A page.", "content": {"application/json": {
            "schema": answer
        }}}}
    }})
}

#[test]
fn wrapped_lists_page_by_what_their_answers_say() {
    let integer = json!({"type": "integer"});
    let text = json!({"type": "string", "nullable": true});
    let generated = generate_json(json!({
        "openapi": "3.0.3",
        "info": {"title": "Lists", "version": "1"},
        "paths": {
            // The page number in the query, the number of pages in the
            // answer: `{"data": […], "page": 1, "pages": 3, "results": 250}`.
            "/films": list("listFilms", &["page"], page("data", json!({
                "page": integer, "pages": integer, "results": integer
            }))),
            // Bracketed names, the totals under `meta`.
            "/articles": list("listArticles", &["page[number]", "page[size]"], page("data", json!({
                "meta": {"type": "object", "properties": {
                    "total_pages": integer, "total_count": integer
                }}
            }))),
            // A cursor beside `has_more` under `pagination`.
            "/events": list("listEvents", &["cursor", "limit"], page("items", json!({
                "pagination": {"type": "object", "properties": {
                    "has_more": {"type": "boolean"}, "next_cursor": text
                }}
            }))),
            // The next page's URL under `paging`.
            "/posts": list("listPosts", &["limit"], page("posts", json!({
                "paging": {"type": "object", "properties": {"next": text, "previous": text}}
            }))),
            // A cursor parameter, and no cursor in the answer.
            "/logs": list("listLogs", &["page[cursor]", "page[size]"], page("entries", json!({
                "meta": {"type": "object", "properties": {"count": integer}}
            }))),
        },
        "components": {"schemas": {
            "Thing": {"type": "object", "properties": {"id": {"type": "string"}}}
        }}
    }));
    let lists = file(&generated, "src/lists.rs");
    let compact = lists.split_whitespace().collect::<String>();
    for expected in [
        r#"#[endpoint(paginate(page="page",total_pages="/pages",items="/data"))]pubstructListFilms"#,
        r#"#[endpoint(paginate(page="page[number]",total_pages="/meta/total_pages",items="/data"))]pubstructListArticles"#,
        r#"#[endpoint(paginate(cursor="/pagination/next_cursor",param="cursor",items="/items"))]pubstructListEvents"#,
        r#"#[endpoint(paginate(next_url="/paging/next",items="/posts"))]pubstructListPosts"#,
    ] {
        assert!(compact.contains(expected), "{expected} in\n{lists}");
    }
    // The bracketed parameters are fields named by their words, sent by
    // their wire names.
    for expected in [
        r#"#[endpoint(query,rename="page[number]")]pubpage_number:Option<i64>"#,
        r#"#[endpoint(query,rename="page[size]")]pubpage_size:Option<i64>"#,
    ] {
        assert!(compact.contains(expected), "{expected} in\n{lists}");
    }
    // The list nobody can page has no scheme, and says why.
    let logs = compact
        .split("pubstructListLogs")
        .next()
        .unwrap()
        .rsplit("pubstruct")
        .next()
        .unwrap();
    assert!(!logs.contains("paginate"), "{lists}");
    assert_eq!(expand_all(lists), 5);
    let diagnostics: Vec<String> = generated
        .diagnostics
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(diagnostics.len(), 1, "{diagnostics:#?}");
    let diagnostic = &diagnostics[0];
    for expected in [
        "#/paths/~1logs/get (listLogs)",
        "`page[cursor]`",
        "`next_cursor`",
        "`meta`",
        "no paging scheme",
    ] {
        assert!(diagnostic.contains(expected), "{expected} in {diagnostic}");
    }
    assert!(
        file(&generated, "DIAGNOSTICS.md").contains(diagnostic.as_str()),
        "{}",
        file(&generated, "DIAGNOSTICS.md")
    );
    // Each paged answer is a page of its items; the unpaged one is not.
    let models = file(&generated, "src/models.rs");
    let paginated = models.matches("::endpoint::model::Paginated for").count();
    assert_eq!(paginated, 4, "{models}");
}

#[test]
fn bare_lists_page_by_their_parameters_or_link_headers() {
    let things = json!({"type": "array", "items": {"$ref": "#/components/schemas/Thing"}});
    let mut linked = list("listLinked", &["page"], things.clone());
    linked["get"]["responses"]["200"]["headers"] = json!({"Link": {"schema": {"type": "string"}}});
    let mut cursored = list("listCursored", &["starting_after"], things.clone());
    cursored["get"]["responses"]["200"]["headers"] =
        json!({"X-Next-Cursor": {"schema": {"type": "string"}}});
    let generated = generate_json(json!({
        "openapi": "3.0.3",
        "info": {"title": "Lists", "version": "1"},
        "paths": {
            "/numbered": list("listNumbered", &["page%5Bnumber%5D", "page%5Bsize%5D"], things.clone()),
            "/offsets": list("listOffsets", &["offset", "limit"], things.clone()),
            "/linked": linked,
            "/plain": list("listPlain", &["limit"], things.clone()),
            "/cursored": cursored,
        },
        "components": {"schemas": {
            "Thing": {"type": "object", "properties": {"id": {"type": "string"}}}
        }}
    }));
    let lists = file(&generated, "src/lists.rs");
    let compact = lists.split_whitespace().collect::<String>();
    for expected in [
        r#"#[endpoint(paginate(page="page%5Bnumber%5D"))]pubstructListNumbered"#,
        r#"#[endpoint(paginate(offset="offset",limit="limit"))]pubstructListOffsets"#,
    ] {
        assert!(compact.contains(expected), "{expected} in\n{lists}");
    }
    assert_eq!(compact.matches("paginate(").count(), 2, "{lists}");
    assert_eq!(expand_all(lists), 5);
    let diagnostics: Vec<String> = generated
        .diagnostics
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(diagnostics.len(), 1, "{diagnostics:#?}");
    assert!(
        diagnostics[0].contains("(listCursored)")
            && diagnostics[0].contains("`starting_after`")
            && diagnostics[0].contains("bare list")
            && diagnostics[0].contains("header `X-Next-Cursor` is read by no client")
            && diagnostics[0].contains("`Link` headers"),
        "{diagnostics:#?}"
    );
}

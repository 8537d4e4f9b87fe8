//! How an operation's lists page: the pagination scheme of a list
//! operation, chosen from the description, for `#[endpoint(paginate(…))]`.
//!
//! The description's own word wins where it has one:
//!
//! - `x-ms-pageable` (Azure's): the next page's URL at `nextLinkName`
//!   (`nextLink`), the items at `itemName` (`value`); a `nextLinkName` of
//!   `null` is a list of one page;
//! - `x-speakeasy-pagination`: `type: cursor` (the cursor input parameter
//!   and the `nextCursor` output), `type: offsetLimit` (the `offset` or
//!   `page` and `limit` inputs), their `results` the items; outputs are
//!   JSONPath expressions of plain members (`$.meta.next`), read as JSON
//!   pointers.
//!
//! Otherwise the shape of a `GET` whose success is an object holding a
//! list, and its query parameters, decide, in this order:
//!
//! | the answer holds | the operation takes | the scheme | such as |
//! |---|---|---|---|
//! | `has_more` (boolean), a list of objects with an `id` | `starting_after` | the last item's `id` while `has_more` | Stripe |
//! | `metadata.continue` | `continue` | a cursor | Kubernetes |
//! | `next_page_uri`, `next_page_url`, `next`, `nextLink`, `links.next`, `meta.next_page_url` (text) | | the next URL | Twilio, Azure, JSON:API |
//! | `next_cursor`, `nextCursor`, `next_page_token`, `nextPageToken`, `response_metadata.next_cursor`, `cursor` | `cursor`, `page_token`, `pageToken`, `after`, `starting_after` | a cursor | Slack, Google |
//! | `next_page` (text) | `page` | a cursor | Stripe's searches |
//! | | `offset` and `limit` | an offset | |
//! | `total_pages` (optional) | `page` | a page number | |
//!
//! and the items are the answer's one list (`data`, `items`, `messages`, …),
//! or none is chosen when it has several. An answer that is no page itself
//! but holds one in exactly one of its members, one or two objects deep,
//! pages below that member: `{"orders": {"items": […], "next": "…"}}`
//! is `next_url = "/orders/next", items = "/orders/items"`. An
//! operation none of these fits
//! pages by `Link` headers, the clients' default, and says nothing.

use std::collections::BTreeMap;

use endpoint_runtime::model::{Next, Pagination};
use serde_json::Value;

use crate::api::{Operation, ParamIn};
use crate::pointer::escape;
use crate::schema::{Kind, Schema};

/// How deeply references and `allOf`s are followed to find an answer's
/// members.
const MAX_DEPTH: usize = 16;

/// How many objects deep a page may be wrapped in its answer
/// (`{"data": {"orders": {…}}}` is two).
const MAX_WRAPPING: usize = 2;

/// The members of the answer on the way to the page's list, unescaped
/// (`["orders", "items"]` for `/orders/items`); `None` when the answer is
/// the list, or its pointer is not made of members.
pub fn items_members(paging: &Pagination<String>) -> Option<Vec<String>> {
    let pointer = paging.items.as_deref()?.strip_prefix('/')?;
    Some(
        pointer
            .split('/')
            .map(|key| key.replace("~1", "/").replace("~0", "~"))
            .collect(),
    )
}

/// The same paging of a page that is the member `member` of the answer:
/// every pointer into the answer below that member (an item's key stays
/// the item's).
fn within(paging: Pagination<String>, member: &str) -> Pagination<String> {
    let prefix = format!("/{}", escape(member));
    let below = |pointer: String| format!("{prefix}{pointer}");
    let next = match paging.next {
        Next::Link => Next::Link,
        Next::Cursor { pointer, param } => Next::Cursor {
            pointer: below(pointer),
            param,
        },
        Next::AfterLastItem { param, key, more } => Next::AfterLastItem {
            param,
            key,
            more: below(more),
        },
        Next::NextUrl { pointer } => Next::NextUrl {
            pointer: below(pointer),
        },
        Next::PageNumber { param, total } => Next::PageNumber {
            param,
            total: total.map(below),
        },
        offset @ Next::Offset { .. } => offset,
    };
    Pagination {
        next,
        items: Some(below(paging.items.unwrap_or_default())),
    }
}

/// The paging of `operation`, whose success body (its first `2xx` JSON
/// schema) is `answer`, references into `schemas`; `None` for an
/// operation that is no list, or pages by `Link` headers.
pub fn paging(
    operation: &Operation,
    answer: Option<&Schema>,
    schemas: &BTreeMap<String, Schema>,
) -> Option<Pagination<String>> {
    if let Some(paging) = extension(operation) {
        return paging;
    }
    if !matches!(operation.method.as_str(), "GET" | "QUERY") {
        return None;
    }
    let members = members(answer?, schemas, 0);
    if members.is_empty() {
        return None;
    }
    scheme(operation, &members, schemas).or_else(|| wrapped(operation, &members, schemas, 1))
}

/// The paging of the one member of an answer (of `members`) that is itself
/// a page (`{"orders": {"items": […], "next": …}}`), or holds one a level
/// further down, its pointers below that member's; `None` when no member,
/// or more than one, is.
fn wrapped(
    operation: &Operation,
    members: &[(String, Schema)],
    schemas: &BTreeMap<String, Schema>,
    level: usize,
) -> Option<Pagination<String>> {
    let mut found = None;
    for (name, schema) in members {
        if !matches!(
            resolve(schema, schemas, 0).kind,
            Kind::Object(_) | Kind::AllOf(_)
        ) {
            continue;
        }
        let inner = members_of(schema, schemas);
        let paging = scheme(operation, &inner, schemas).or_else(|| {
            (level < MAX_WRAPPING).then(|| wrapped(operation, &inner, schemas, level + 1))?
        });
        if let Some(paging) = paging {
            if found.is_some() {
                return None;
            }
            found = Some(within(paging, name));
        }
    }
    found
}

/// The scheme of an answer of `members`, holding its list itself.
fn scheme(
    operation: &Operation,
    members: &[(String, Schema)],
    schemas: &BTreeMap<String, Schema>,
) -> Option<Pagination<String>> {
    let lists: Vec<&(String, Schema)> = members
        .iter()
        .filter(|(_, schema)| matches!(resolve(schema, schemas, 0).kind, Kind::Array(_)))
        .collect();
    let [(list, list_schema)] = lists.as_slice() else {
        return None;
    };
    let items = Some(format!("/{}", escape(list)));
    let query = |name: &str| {
        operation
            .parameters
            .iter()
            .any(|p| p.location == ParamIn::Query && p.name == name)
    };
    let member = |name: &str| members.iter().find(|(key, _)| key == name).map(|(_, s)| s);
    let nested = |path: &[&str]| nested_member(members, path, schemas).is_some();

    // Stripe: `has_more` and `starting_after`, the last item's `id`.
    if query("starting_after")
        && member("has_more").is_some_and(|s| is_boolean(s, schemas))
        && item_has(list_schema, "id", schemas)
    {
        return Some(Pagination {
            next: Next::AfterLastItem {
                param: "starting_after".into(),
                key: "/id".into(),
                more: "/has_more".into(),
            },
            items,
        });
    }
    // Kubernetes: `metadata.continue` sent back as `continue`.
    if query("continue") && nested(&["metadata", "continue"]) {
        return Some(Pagination {
            next: Next::Cursor {
                pointer: "/metadata/continue".into(),
                param: "continue".into(),
            },
            items,
        });
    }
    // A next page's URL.
    for path in [
        &["next_page_uri"][..],
        &["next_page_url"],
        &["nextLink"],
        &["next"],
        &["links", "next"],
        &["meta", "next_page_url"],
        &["meta", "next"],
    ] {
        if nested_member(members, path, schemas).is_some_and(|s| is_string(&s, schemas)) {
            return Some(Pagination {
                next: Next::NextUrl {
                    pointer: pointer(path),
                },
                items,
            });
        }
    }
    // A cursor in the answer, sent back as a parameter.
    let params = [
        "cursor",
        "page_token",
        "pageToken",
        "after",
        "starting_after",
    ];
    if let Some(param) = params.iter().find(|name| query(name)) {
        for path in [
            &["next_cursor"][..],
            &["nextCursor"],
            &["next_page_token"],
            &["nextPageToken"],
            &["response_metadata", "next_cursor"],
            &["meta", "next_cursor"],
            &["cursor"],
        ] {
            if nested_member(members, path, schemas).is_some_and(|s| is_string(&s, schemas)) {
                return Some(Pagination {
                    next: Next::Cursor {
                        pointer: pointer(path),
                        param: (*param).into(),
                    },
                    items,
                });
            }
        }
    }
    // A page token named `page` (Stripe's searches): the next one in
    // `next_page`, text, not a number.
    if query("page") && member("next_page").is_some_and(|s| is_string(s, schemas)) {
        return Some(Pagination {
            next: Next::Cursor {
                pointer: "/next_page".into(),
                param: "page".into(),
            },
            items,
        });
    }
    if query("offset") && query("limit") {
        return Some(Pagination {
            next: Next::Offset {
                param: "offset".into(),
                limit: "limit".into(),
            },
            items,
        });
    }
    if query("page") {
        let total = member("total_pages").map(|_| "/total_pages".to_owned());
        return Some(Pagination {
            next: Next::PageNumber {
                param: "page".into(),
                total,
            },
            items,
        });
    }
    None
}

/// The paging an extension of the operation names: `Some(None)` for one
/// that says the list has one page.
fn extension(operation: &Operation) -> Option<Option<Pagination<String>>> {
    if let Some(pageable) = operation.extensions.get("x-ms-pageable") {
        let next = match pageable.get("nextLinkName") {
            Some(Value::Null) => return Some(None),
            Some(Value::String(name)) => name.clone(),
            _ => "nextLink".to_owned(),
        };
        let items = pageable
            .get("itemName")
            .and_then(Value::as_str)
            .unwrap_or("value");
        return Some(Some(Pagination {
            next: Next::NextUrl {
                pointer: format!("/{}", escape(&next)),
            },
            items: Some(format!("/{}", escape(items))),
        }));
    }
    let speakeasy = operation.extensions.get("x-speakeasy-pagination")?;
    let input = |kind: &str| {
        speakeasy
            .get("inputs")
            .and_then(Value::as_array)?
            .iter()
            .find(|input| input.get("type").and_then(Value::as_str) == Some(kind))
            .and_then(|input| input.get("name"))
            .and_then(Value::as_str)
            .map(str::to_owned)
    };
    let output = |name: &str| {
        speakeasy
            .get("outputs")
            .and_then(|outputs| outputs.get(name))
            .and_then(Value::as_str)
            .and_then(json_path_pointer)
    };
    let items = output("results");
    let next = match speakeasy.get("type").and_then(Value::as_str) {
        Some("cursor") => Next::Cursor {
            pointer: output("nextCursor")?,
            param: input("cursor")?,
        },
        Some("offsetLimit") => match (input("offset"), input("page"), input("limit")) {
            (Some(param), _, Some(limit)) => Next::Offset { param, limit },
            (None, Some(param), _) => Next::PageNumber { param, total: None },
            _ => return None,
        },
        Some("url") => Next::NextUrl {
            pointer: output("nextUrl")?,
        },
        _ => return None,
    };
    Some(Some(Pagination { next, items }))
}

/// `$.a.b` (plain members only) as the JSON pointer `/a/b`.
fn json_path_pointer(path: &str) -> Option<String> {
    let rest = path.strip_prefix("$.")?;
    let parts: Vec<&str> = rest.split('.').collect();
    parts
        .iter()
        .all(|part| {
            !part.is_empty()
                && part
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        })
        .then(|| pointer(&parts))
}

/// The JSON pointer of a path of members.
fn pointer(path: &[&str]) -> String {
    path.iter()
        .map(|part| format!("/{}", escape(part)))
        .collect()
}

/// `schema` without references, `depth` deep at most.
fn resolve<'s>(
    schema: &'s Schema,
    schemas: &'s BTreeMap<String, Schema>,
    depth: usize,
) -> &'s Schema {
    match &schema.kind {
        Kind::Ref(name) if depth < MAX_DEPTH => match schemas.get(name) {
            Some(target) => resolve(target, schemas, depth + 1),
            None => schema,
        },
        _ => schema,
    }
}

/// The members of an object schema (an `allOf` of objects merged), each
/// with its schema; empty for any other.
fn members(
    schema: &Schema,
    schemas: &BTreeMap<String, Schema>,
    depth: usize,
) -> Vec<(String, Schema)> {
    if depth > MAX_DEPTH {
        return Vec::new();
    }
    match &resolve(schema, schemas, 0).kind {
        Kind::Object(object) => object
            .properties
            .iter()
            .map(|property| (property.name.clone(), property.schema.clone()))
            .collect(),
        Kind::AllOf(parts) => parts
            .iter()
            .flat_map(|part| members(part, schemas, depth + 1))
            .collect(),
        _ => Vec::new(),
    }
}

/// The member at `path` below `members`.
fn nested_member(
    members: &[(String, Schema)],
    path: &[&str],
    schemas: &BTreeMap<String, Schema>,
) -> Option<Schema> {
    let (first, rest) = path.split_first()?;
    let schema = members.iter().find(|(name, _)| name == first)?.1.clone();
    if rest.is_empty() {
        return Some(schema);
    }
    nested_member(&members_of(&schema, schemas), rest, schemas)
}

fn members_of(schema: &Schema, schemas: &BTreeMap<String, Schema>) -> Vec<(String, Schema)> {
    members(schema, schemas, 0)
}

fn is_boolean(schema: &Schema, schemas: &BTreeMap<String, Schema>) -> bool {
    matches!(resolve(schema, schemas, 0).kind, Kind::Boolean)
}

fn is_string(schema: &Schema, schemas: &BTreeMap<String, Schema>) -> bool {
    matches!(resolve(schema, schemas, 0).kind, Kind::String { .. })
}

/// Whether the items of the list `list` are objects with a member `key`.
fn item_has(list: &Schema, key: &str, schemas: &BTreeMap<String, Schema>) -> bool {
    let Kind::Array(item) = &resolve(list, schemas, 0).kind else {
        return false;
    };
    match &resolve(item, schemas, 0).kind {
        // A list of one of several objects: each has it.
        Kind::OneOf(alternatives) => {
            !alternatives.is_empty()
                && alternatives
                    .iter()
                    .all(|a| members_of(a, schemas).iter().any(|(name, _)| name == key))
        }
        _ => members_of(item, schemas)
            .iter()
            .any(|(name, _)| name == key),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::Parameter;
    use endpoint_macros_core::paginate_words;
    use serde_json::json;

    fn op(method: &str, query: &[&str], extensions: Value) -> Operation {
        Operation {
            method: method.into(),
            path: "/things".into(),
            parameters: query
                .iter()
                .map(|name| Parameter {
                    name: (*name).into(),
                    location: ParamIn::Query,
                    ..Parameter::default()
                })
                .collect(),
            extensions: serde_json::from_value(extensions).unwrap(),
            ..Operation::default()
        }
    }

    fn schema(value: Value) -> Schema {
        Schema::read(&value, "test").unwrap()
    }

    fn words(paging: Option<Pagination<String>>) -> String {
        paging
            .map(|p| paginate_words(&p).to_string())
            .unwrap_or_default()
    }

    #[test]
    fn stripe_lists_page_after_their_last_item() {
        let schemas = BTreeMap::from([(
            "customer".to_owned(),
            schema(json!({"type": "object", "properties": {"id": {"type": "string"}}})),
        )]);
        let answer = schema(json!({"type": "object", "properties": {
            "data": {"type": "array", "items": {"$ref": "#/components/schemas/customer"}},
            "has_more": {"type": "boolean"},
            "object": {"type": "string"},
            "url": {"type": "string"}
        }}));
        let list = op("GET", &["limit", "starting_after"], json!({}));
        let paging = paging(&list, Some(&answer), &schemas).unwrap();
        assert_eq!(items_members(&paging).unwrap(), ["data"]);
        assert_eq!(
            paginate_words(&paging).to_string(),
            r#"after_last_item = "/id" , param = "starting_after" , has_more = "/has_more" , items = "/data""#
        );
        // Not a list: a POST, or no way to ask for the next page.
        assert_eq!(
            super::paging(
                &op("POST", &["starting_after"], json!({})),
                Some(&answer),
                &schemas
            ),
            None
        );
        assert_eq!(
            super::paging(&op("GET", &["limit"], json!({})), Some(&answer), &schemas),
            None
        );
    }

    #[test]
    fn kubernetes_lists_send_their_continue_token_back() {
        let schemas = BTreeMap::from([(
            "ListMeta".to_owned(),
            schema(json!({"type": "object", "properties": {"continue": {"type": "string"}}})),
        )]);
        let answer = schema(json!({"type": "object", "properties": {
            "apiVersion": {"type": "string"},
            "items": {"type": "array", "items": {"type": "object"}},
            "metadata": {"allOf": [{"$ref": "#/components/schemas/ListMeta"}]}
        }}));
        let list = op("GET", &["continue", "limit", "labelSelector"], json!({}));
        assert_eq!(
            words(paging(&list, Some(&answer), &schemas)),
            r#"cursor = "/metadata/continue" , param = "continue" , items = "/items""#
        );
    }

    #[test]
    fn twilio_lists_name_their_next_page() {
        let answer = schema(json!({"type": "object", "properties": {
            "messages": {"type": "array", "items": {"type": "object"}},
            "next_page_uri": {"type": "string", "nullable": true},
            "page": {"type": "integer"}
        }}));
        let list = op("GET", &["PageSize", "Page", "PageToken"], json!({}));
        assert_eq!(
            words(paging(&list, Some(&answer), &BTreeMap::new())),
            r#"next_url = "/next_page_uri" , items = "/messages""#
        );
    }

    #[test]
    fn cursors_offsets_and_page_numbers() {
        let slack = schema(json!({"type": "object", "properties": {
            "channels": {"type": "array", "items": {"type": "object"}},
            "response_metadata": {"type": "object", "properties": {"next_cursor": {"type": "string"}}}
        }}));
        assert_eq!(
            words(paging(
                &op("GET", &["cursor"], json!({})),
                Some(&slack),
                &BTreeMap::new()
            )),
            r#"cursor = "/response_metadata/next_cursor" , param = "cursor" , items = "/channels""#
        );
        let plain = schema(json!({"type": "object", "properties": {
            "results": {"type": "array", "items": {}},
            "total_pages": {"type": "integer"}
        }}));
        assert_eq!(
            words(paging(
                &op("GET", &["offset", "limit"], json!({})),
                Some(&plain),
                &BTreeMap::new()
            )),
            r#"offset = "offset" , limit = "limit" , items = "/results""#
        );
        assert_eq!(
            words(paging(
                &op("GET", &["page"], json!({})),
                Some(&plain),
                &BTreeMap::new()
            )),
            r#"page = "page" , total_pages = "/total_pages" , items = "/results""#
        );
        let search = schema(json!({"type": "object", "properties": {
            "data": {"type": "array", "items": {}},
            "has_more": {"type": "boolean"},
            "next_page": {"type": "string", "nullable": true}
        }}));
        assert_eq!(
            words(paging(
                &op("GET", &["page", "query"], json!({})),
                Some(&search),
                &BTreeMap::new()
            )),
            r#"cursor = "/next_page" , param = "page" , items = "/data""#
        );
        // Two lists: which one pages is not said.
        let two = schema(json!({"type": "object", "properties": {
            "a": {"type": "array", "items": {}}, "b": {"type": "array", "items": {}}
        }}));
        assert_eq!(
            paging(
                &op("GET", &["page"], json!({})),
                Some(&two),
                &BTreeMap::new()
            ),
            None
        );
        // A list answer pages by `Link` headers, the clients' default.
        let list = schema(json!({"type": "array", "items": {}}));
        assert_eq!(
            paging(
                &op("GET", &["page"], json!({})),
                Some(&list),
                &BTreeMap::new()
            ),
            None
        );
    }

    #[test]
    fn extensions_win() {
        let azure = op(
            "GET",
            &[],
            json!({"x-ms-pageable": {"nextLinkName": "@odata.nextLink", "itemName": "value"}}),
        );
        assert_eq!(
            words(paging(&azure, None, &BTreeMap::new())),
            r#"next_url = "/@odata.nextLink" , items = "/value""#
        );
        let one_page = op(
            "GET",
            &["page"],
            json!({"x-ms-pageable": {"nextLinkName": null}}),
        );
        let plain = schema(
            json!({"type": "object", "properties": {"results": {"type": "array", "items": {}}}}),
        );
        assert_eq!(paging(&one_page, Some(&plain), &BTreeMap::new()), None);
        let speakeasy = op(
            "GET",
            &[],
            json!({"x-speakeasy-pagination": {
                "type": "cursor",
                "inputs": [{"name": "after", "in": "parameters", "type": "cursor"}],
                "outputs": {"nextCursor": "$.meta.next", "results": "$.data"}
            }}),
        );
        assert_eq!(
            words(paging(&speakeasy, None, &BTreeMap::new())),
            r#"cursor = "/meta/next" , param = "after" , items = "/data""#
        );
        let offset = op(
            "GET",
            &[],
            json!({"x-speakeasy-pagination": {
                "type": "offsetLimit",
                "inputs": [{"name": "skip", "type": "offset"}, {"name": "take", "type": "limit"}],
                "outputs": {"results": "$.items[*]"}
            }}),
        );
        // A JSONPath beyond plain members names no pointer: the list is the
        // answer's own.
        assert_eq!(
            words(paging(&offset, None, &BTreeMap::new())),
            r#"offset = "skip" , limit = "take""#
        );
    }

    #[test]
    fn pages_wrapped_in_an_object_page_below_it() {
        // Each scheme's page, then the same page as the one member of an
        // answer (`{"orders": …}`) and two levels down
        // (`{"result": {"orders": …}}`).
        let schemas = BTreeMap::from([(
            "order".to_owned(),
            schema(json!({"type": "object", "properties": {"id": {"type": "string"}}})),
        )]);
        let list = json!({"type": "array", "items": {"$ref": "#/components/schemas/order"}});
        let cases = [
            (
                json!({"items": list, "next": {"type": "string"}}),
                &[][..],
                r#"next_url = "/orders/next" , items = "/orders/items""#,
            ),
            (
                json!({"data": list, "has_more": {"type": "boolean"}}),
                &["starting_after"][..],
                r#"after_last_item = "/id" , param = "starting_after" , has_more = "/orders/has_more" , items = "/orders/data""#,
            ),
            (
                json!({"items": list, "metadata": {"type": "object", "properties": {"continue": {"type": "string"}}}}),
                &["continue"][..],
                r#"cursor = "/orders/metadata/continue" , param = "continue" , items = "/orders/items""#,
            ),
            (
                json!({"items": list, "next_cursor": {"type": "string"}}),
                &["cursor"][..],
                r#"cursor = "/orders/next_cursor" , param = "cursor" , items = "/orders/items""#,
            ),
            (
                json!({"results": list}),
                &["offset", "limit"][..],
                r#"offset = "offset" , limit = "limit" , items = "/orders/results""#,
            ),
            (
                json!({"results": list, "total_pages": {"type": "integer"}}),
                &["page"][..],
                r#"page = "page" , total_pages = "/orders/total_pages" , items = "/orders/results""#,
            ),
        ];
        for (page, query, expected) in cases {
            let page = json!({"type": "object", "properties": page});
            let operation = op("GET", query, json!({}));
            let answer = schema(json!({"type": "object", "properties": {"orders": page}}));
            assert_eq!(words(paging(&operation, Some(&answer), &schemas)), expected);
            let found = paging(&operation, Some(&answer), &schemas).unwrap();
            assert_eq!(items_members(&found).unwrap()[0], "orders");
            // Two levels down, the page a component reached by `allOf`,
            // beside members that are no page.
            let mut schemas = schemas.clone();
            schemas.insert("page".to_owned(), schema(page));
            let answer = schema(json!({"type": "object", "properties": {
                "result": {"type": "object", "properties": {
                    "orders": {"allOf": [{"$ref": "#/components/schemas/page"}]},
                    "owner": {"type": "object", "properties": {"name": {"type": "string"}}}
                }},
                "status": {"type": "string"}
            }}));
            assert_eq!(
                words(paging(&operation, Some(&answer), &schemas)),
                expected.replace("\"/orders/", "\"/result/orders/").replace(
                    "after_last_item = \"/result/orders/id\"",
                    "after_last_item = \"/id\""
                ),
            );
        }
        // Two members that are pages: which one pages is not said.
        let page =
            json!({"type": "object", "properties": {"items": list, "next": {"type": "string"}}});
        let two =
            schema(json!({"type": "object", "properties": {"orders": page, "refunds": page}}));
        assert_eq!(
            paging(&op("GET", &[], json!({})), Some(&two), &schemas),
            None
        );
        // Three levels down is too deep.
        let deep = schema(
            json!({"type": "object", "properties": {"a": {"type": "object", "properties": {
                "b": {"type": "object", "properties": {"orders": page}}
            }}}}),
        );
        assert_eq!(
            paging(&op("GET", &[], json!({})), Some(&deep), &schemas),
            None
        );
        // A member's key with `/` and `~` is escaped in the pointers, and
        // read back whole.
        let odd = schema(json!({"type": "object", "properties": {"a/b~c": page}}));
        let found = paging(&op("GET", &[], json!({})), Some(&odd), &schemas).unwrap();
        assert_eq!(
            paginate_words(&found).to_string(),
            r#"next_url = "/a~1b~0c/next" , items = "/a~1b~0c/items""#
        );
        assert_eq!(items_members(&found).unwrap(), ["a/b~c", "items"]);
    }

    #[test]
    fn recursive_and_missing_references_end() {
        let schemas = BTreeMap::from([
            (
                "a".to_owned(),
                schema(json!({"$ref": "#/components/schemas/b"})),
            ),
            (
                "b".to_owned(),
                schema(json!({"$ref": "#/components/schemas/a"})),
            ),
        ]);
        let answer = schema(json!({"$ref": "#/components/schemas/a"}));
        assert_eq!(
            paging(&op("GET", &["page"], json!({})), Some(&answer), &schemas),
            None
        );
        let missing = schema(json!({"$ref": "#/components/schemas/nowhere"}));
        assert_eq!(
            paging(&op("GET", &["page"], json!({})), Some(&missing), &schemas),
            None
        );
    }
}

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
    // A list answer pages by `Link` headers when it declares them, or
    // takes no paging parameter; else by its offset or page number.
    let list = schema(json!({"type": "array", "items": {}}));
    let mut linked = op("GET", &["page"], json!({}));
    linked.responses.push(crate::api::Response {
        pointer: "#/r/200".into(),
        status: "200".into(),
        description: None,
        contents: Vec::new(),
        headers: vec![("Link".into(), schema(json!({"type": "string"})))],
    });
    assert_eq!(paging(&linked, Some(&list), &BTreeMap::new()), None);
    assert_eq!(
        find(
            &op("GET", &["limit", "sort"], json!({})),
            Some(&list),
            &BTreeMap::new()
        ),
        Ok(None)
    );
    assert_eq!(
        words(paging(
            &op("GET", &["page[number]", "page[size]"], json!({})),
            Some(&list),
            &BTreeMap::new()
        )),
        r#"page = "page[number]""#
    );
    assert_eq!(
        words(paging(
            &op("GET", &["skip", "top"], json!({})),
            Some(&list),
            &BTreeMap::new()
        )),
        r#"offset = "skip" , limit = "top""#
    );
    // A cursor a bare list cannot hold.
    let unpaged = find(
        &op("GET", &["continue", "limit"], json!({})),
        Some(&list),
        &BTreeMap::new(),
    )
    .unwrap_err();
    assert!(
        unpaged.message.contains("`continue`") && unpaged.message.contains("bare list"),
        "{unpaged:?}"
    );
    assert!(unpaged.fallback.contains("`Link` headers"), "{unpaged:?}");
}

#[test]
fn names_are_read_by_their_words() {
    for name in [
        "page",
        "Page",
        "PAGE",
        "page[number]",
        "page.number",
        "page%5Bnumber%5D",
        "page%5bnumber%5d",
        "pageNumber",
        "PageNumber",
        "page_number",
        "page-number",
    ] {
        let words = super::words(name);
        assert!(PAGE_PARAMS.contains(&words.as_str()), "{name}: {words}");
    }
    assert_eq!(super::words("totalPages"), "total pages");
    assert_eq!(super::words("meta.total_pages"), "meta total pages");
    assert_eq!(super::words("starting_after"), "starting after");
    assert_eq!(super::words("$top"), "top");
    assert_eq!(super::words("%ZZ[]"), "zz");
    assert_eq!(super::words(""), "");
}

/// The `paginate(…)` words of a list answer `{"data": [{"id": …}], …}`
/// with the members `beside`, of a `GET` taking `query`.
fn page_of(beside: Value, query: &[&str]) -> Result<Option<Pagination<String>>, Unpaged> {
    let mut properties = json!({"data": {"type": "array", "items": {
        "type": "object", "properties": {"id": {"type": "string"}}
    }}});
    properties
        .as_object_mut()
        .unwrap()
        .extend(beside.as_object().unwrap().clone());
    let answer = schema(json!({"type": "object", "properties": properties}));
    find(
        &op("GET", query, json!({})),
        Some(&answer),
        &BTreeMap::new(),
    )
}

fn page_words(beside: Value, query: &[&str]) -> String {
    words(page_of(beside, query).unwrap())
}

#[test]
fn page_numbers_end_at_the_number_of_pages_wherever_it_is() {
    let integer = json!({"type": "integer"});
    // `{"data": […], "page": 1, "pages": 3, "results": 250}`.
    assert_eq!(
        page_words(
            json!({"page": integer, "pages": integer, "results": integer}),
            &["page"]
        ),
        r#"page = "page" , total_pages = "/pages" , items = "/data""#
    );
    // Bracketed parameters, the number of pages under `meta`.
    for (total, at) in [
        ("total_pages", "/meta/total_pages"),
        ("totalPages", "/meta/totalPages"),
        ("page_count", "/meta/page_count"),
        ("last_page", "/meta/last_page"),
    ] {
        let meta = json!({"meta": {"type": "object", "properties": {
            total: integer, "total_count": integer
        }}});
        for param in [
            "page[number]",
            "page%5Bnumber%5D",
            "page.number",
            "pageNumber",
        ] {
            assert_eq!(
                page_words(meta.clone(), &[param, "page[size]", "filter[name]"]),
                format!(r#"page = "{param}" , total_pages = "{at}" , items = "/data""#)
            );
        }
    }
    // Deeper: `pagination.page.total_pages`.
    assert_eq!(
        page_words(
            json!({"pagination": {"type": "object", "properties": {
                "page": {"type": "object", "properties": {"total_pages": integer}}
            }}}),
            &["page"]
        ),
        r#"page = "page" , total_pages = "/pagination/page/total_pages" , items = "/data""#
    );
    // The next page's number, `null` after the last.
    assert_eq!(
        page_words(
            json!({"meta": {"type": "object", "properties": {
                "next_page": {"type": "integer", "nullable": true}
            }}}),
            &["page"]
        ),
        r#"cursor = "/meta/next_page" , param = "page" , items = "/data""#
    );
    // Nothing says how many: until an empty page.
    assert_eq!(
        page_words(json!({"total": integer}), &["page", "per_page"]),
        r#"page = "page" , items = "/data""#
    );
}

#[test]
fn flags_cursors_and_next_urls_in_wrapper_objects() {
    let boolean = json!({"type": "boolean"});
    let text = json!({"type": "string", "nullable": true});
    // `pagination.has_more` and a cursor: the cursor pages.
    assert_eq!(
        page_words(
            json!({"pagination": {"type": "object", "properties": {
                "has_more": boolean, "next_cursor": text
            }}}),
            &["page[cursor]", "page[size]"]
        ),
        r#"cursor = "/pagination/next_cursor" , param = "page[cursor]" , items = "/data""#
    );
    // `hasMore` and no cursor: after the last item's `id`.
    assert_eq!(
        page_words(
            json!({"pagination": {"type": "object", "properties": {"hasMore": boolean}}}),
            &["page[after]"]
        ),
        r#"after_last_item = "/id" , param = "page[after]" , has_more = "/pagination/hasMore" , items = "/data""#
    );
    // `paging.next`, a URL; HAL's `_links.next.href`.
    assert_eq!(
        page_words(
            json!({"paging": {"type": "object", "properties": {"next": text}}}),
            &["limit"]
        ),
        r#"next_url = "/paging/next" , items = "/data""#
    );
    assert_eq!(
        page_words(
            json!({"_links": {"type": "object", "properties": {
                "next": {"type": "object", "properties": {"href": text}}
            }}}),
            &["page"]
        ),
        r#"next_url = "/_links/next/href" , items = "/data""#
    );
    // A plain `next` beside a cursor parameter is the cursor, unless
    // it is said to be a URL.
    assert_eq!(
        page_words(
            json!({"meta": {"type": "object", "properties": {"next": text}}}),
            &["after"]
        ),
        r#"cursor = "/meta/next" , param = "after" , items = "/data""#
    );
    assert_eq!(
        page_words(
            json!({"meta": {"type": "object", "properties": {
                "next": {"type": "string", "format": "uri"}
            }}}),
            &["after"]
        ),
        r#"next_url = "/meta/next" , items = "/data""#
    );
    // `page_info.end_cursor`, sent back as `after`.
    assert_eq!(
        page_words(
            json!({"page_info": {"type": "object", "properties": {
                "has_next_page": boolean, "end_cursor": text
            }}}),
            &["first", "after"]
        ),
        r#"cursor = "/page_info/end_cursor" , param = "after" , items = "/data""#
    );
    // An offset with a page size of either form.
    assert_eq!(
        page_words(json!({}), &["page[offset]", "page[limit]"]),
        r#"offset = "page[offset]" , limit = "page[limit]" , items = "/data""#
    );
}

#[test]
fn a_list_whose_paging_parameters_complete_no_scheme_says_why() {
    let integer = json!({"type": "integer"});
    // A cursor parameter, and no cursor in the answer.
    let unpaged = page_of(
        json!({"meta": {"type": "object", "properties": {"total": integer}}}),
        &["page[cursor]", "page[size]"],
    )
    .unwrap_err();
    assert!(unpaged.message.contains("`page[cursor]`"), "{unpaged:?}");
    assert!(unpaged.message.contains("`next_cursor`"), "{unpaged:?}");
    assert!(unpaged.message.contains("`meta`"), "{unpaged:?}");
    assert!(unpaged.fallback.contains("`Paginated`"), "{unpaged:?}");
    // An offset with no page size.
    let unpaged = page_of(json!({}), &["offset"]).unwrap_err();
    assert!(
        unpaged.message.contains("`offset`") && unpaged.message.contains("page size"),
        "{unpaged:?}"
    );
    // Several lists.
    let answer = schema(json!({"type": "object", "properties": {
        "a": {"type": "array", "items": {}}, "b": {"type": "array", "items": {}}
    }}));
    let unpaged = find(
        &op("GET", &["page"], json!({})),
        Some(&answer),
        &BTreeMap::new(),
    )
    .unwrap_err();
    assert!(unpaged.message.contains("`a`, `b`"), "{unpaged:?}");
    // Unless one is required and the others not.
    let one_required = schema(json!({"type": "object", "required": ["b"], "properties": {
        "a": {"type": "array", "items": {}}, "b": {"type": "array", "items": {}},
        "total_pages": {"type": "integer"}
    }}));
    assert_eq!(
        words(paging(
            &op("GET", &["page"], json!({})),
            Some(&one_required),
            &BTreeMap::new()
        )),
        r#"page = "page" , total_pages = "/total_pages" , items = "/b""#
    );
    // No paging parameter, or no list: nothing to say.
    assert_eq!(page_of(json!({}), &["limit"]), Ok(None));
    let thing = schema(json!({"type": "object", "properties": {"id": integer}}));
    assert_eq!(
        find(
            &op("GET", &["cursor"], json!({})),
            Some(&thing),
            &BTreeMap::new()
        ),
        Ok(None)
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
    let page = json!({"type": "object", "properties": {"items": list, "next": {"type": "string"}}});
    let two = schema(json!({"type": "object", "properties": {"orders": page, "refunds": page}}));
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

//! Every pagination scheme of `endpoint::client::Pagination`, through both
//! clients (the blocking ureq client, the async reqwest stream) against a
//! loopback server whose answers are written the way each API writes them:
//! Stripe (`has_more` and `starting_after` the last item's id), Kubernetes
//! (`metadata.continue`), Slack (`response_metadata.next_cursor`), Twilio
//! (`next_page_uri`, relative or absolute), offsets and limits, page
//! numbers. The server checks the query of every request it receives.

use crate::{backends, server};

use endpoint::client::{ClientBuilder, Cursor, Error, Pagination};
use endpoint::endpoint;
use endpoint::model::Paginated;
use serde::Deserialize;
use serde_json::{Value, json};

use backends::{BACKENDS, Backend};
use server::{Answer, Received, Server};

const TOKEN: &str = "s3cr3t";

#[derive(Debug, Deserialize, PartialEq)]
struct Item {
    id: u32,
}

/// A client of backend `name` for the API of `server`, with a bearer token
/// and `pagination`.
fn api(name: &str, server: &Server, pagination: Pagination) -> Backend {
    let base = server.base_url();
    client!(name, &base, |b: ClientBuilder<_>| b
        .bearer(TOKEN)
        .timeout(server::WAIT)
        .pagination(pagination))
}

/// The request `GET {path}` with `query`, built by `client`'s endpoint.
fn request(client: &Backend, path: &str, query: Value) -> endpoint::Request {
    client
        .endpoint()
        .endpoint(&format!("GET {path}"), query)
        .expect("a request")
}

/// The query of `received` (without `?`), or `""`.
fn query(received: &Received) -> &str {
    received.url.split_once('?').map_or("", |(_, query)| query)
}

/// The value of the query parameter `name` of `received`.
fn param<'r>(received: &'r Received, name: &str) -> Option<&'r str> {
    query(received)
        .split('&')
        .find_map(|pair| pair.strip_prefix(name)?.strip_prefix('='))
}

/// The items `{"id": n}` for `ids`.
fn items(ids: impl IntoIterator<Item = u32>) -> Vec<Value> {
    ids.into_iter().map(|id| json!({ "id": id })).collect()
}

/// The ids of `read`, which must all be there.
fn ids(read: impl IntoIterator<Item = Result<Item, Error>>) -> Vec<u32> {
    read.into_iter()
        .map(|item| {
            item.unwrap_or_else(|err| panic!("an item failed: {err}"))
                .id
        })
        .collect()
}

/// The queries the server received, in order, each checked to carry the
/// token.
fn queries(server: &Server) -> Vec<String> {
    server
        .requests()
        .iter()
        .map(|received| {
            assert_eq!(received.header("authorization"), format!("Bearer {TOKEN}"));
            query(received).to_owned()
        })
        .collect()
}

/// Stripe: ids 1 to 7, three a page, `?starting_after=<id>` the last id of
/// the page before; `has_more` while ids follow.
fn stripe(received: &Received) -> Answer {
    assert!(received.url.starts_with("/v1/customers?"), "{received:?}");
    let after: u32 = param(received, "starting_after").map_or(0, |id| id.parse().expect("an id"));
    let last = (after + 3).min(7);
    Answer::json(
        200,
        &json!({"object": "list", "url": "/v1/customers", "has_more": last < 7,
            "data": items(after + 1..=last)}),
    )
}

const STRIPE: Pagination =
    Pagination::after_last_item("starting_after", "/id", "/has_more").items("/data");

#[test]
fn stripe_lists_go_on_after_the_last_item_while_there_are_more() {
    for name in BACKENDS {
        eprintln!("with {name}");
        let server = Server::start(stripe);
        let client = api(name, &server, STRIPE);
        let read = client
            .items_request::<Item>(request(&client, "/v1/customers", json!({"limit": 3})), None);
        assert_eq!(ids(read), (1..=7).collect::<Vec<_>>());
        assert_eq!(
            queries(&server),
            [
                "limit=3",
                "limit=3&starting_after=3",
                "limit=3&starting_after=6"
            ]
        );

        // Whole pages: each with its items and the cursor of the next.
        let server = Server::start(stripe);
        let client = api(name, &server, STRIPE);
        let pages = client
            .pages_request::<Item>(request(&client, "/v1/customers", json!({"limit": 3})), None);
        let pages: Vec<_> = pages.map(|page| page.expect("a page")).collect();
        assert_eq!(pages.len(), 3);
        assert_eq!(
            pages[0].items,
            [Item { id: 1 }, Item { id: 2 }, Item { id: 3 }]
        );
        assert_eq!(
            pages[0].cursor.as_ref().map(ToString::to_string),
            Some(format!(
                "{}/v1/customers?limit=3&starting_after=3",
                server.base_url()
            ))
        );
        assert_eq!(pages[2].cursor, None);
    }
}

#[test]
fn a_stripe_list_resumes_from_a_cursor_in_the_middle_of_a_page() {
    for name in BACKENDS {
        eprintln!("with {name}");
        let server = Server::start(stripe);
        let saved = {
            let client = api(name, &server, STRIPE);
            let mut read = client.items_request::<Item>(
                request(&client, "/v1/customers", json!({"limit": 3})),
                None,
            );
            assert_eq!(ids(read.by_ref().take(4)), [1, 2, 3, 4]);
            read.cursor().expect("items left").to_string()
        };
        assert_eq!(
            saved,
            format!(
                "{}/v1/customers?limit=3&starting_after=3#skip=1",
                server.base_url()
            )
        );
        let client = api(name, &server, STRIPE);
        let cursor: Cursor = saved.parse().expect("the saved cursor");
        let mut read = client.items_request::<Item>(
            request(&client, "/v1/customers", json!({"limit": 3})),
            Some(cursor),
        );
        assert_eq!(ids(read.by_ref()), [5, 6, 7]);
        assert_eq!(read.cursor(), None);
        assert_eq!(
            queries(&server),
            [
                "limit=3",
                "limit=3&starting_after=3",
                "limit=3&starting_after=3",
                "limit=3&starting_after=6"
            ]
        );
    }
}

#[test]
fn kubernetes_lists_send_back_metadata_continue() {
    for name in BACKENDS {
        eprintln!("with {name}");
        let server = Server::start(|received| {
            let (ids, next) = match param(received, "continue") {
                None => (1..=2, "eyJ2IjoibWV0YSJ9"),
                Some("eyJ2IjoibWV0YSJ9") => (3..=4, "second%2Fpage"),
                Some(other) => {
                    assert_eq!(other, "second%252Fpage", "{received:?}");
                    (5..=5, "")
                }
            };
            Answer::json(
                200,
                &json!({"kind": "PodList", "apiVersion": "v1",
                    "metadata": {"resourceVersion": "10245", "continue": next},
                    "items": items(ids)}),
            )
        });
        let client = api(
            name,
            &server,
            Pagination::cursor("/metadata/continue", "continue").items("/items"),
        );
        let read = client
            .items_request::<Item>(request(&client, "/api/v1/pods", json!({"limit": 2})), None);
        assert_eq!(ids(read), [1, 2, 3, 4, 5]);
        assert_eq!(
            queries(&server),
            [
                "limit=2",
                "limit=2&continue=eyJ2IjoibWV0YSJ9",
                "limit=2&continue=second%252Fpage"
            ]
        );
    }
}

#[test]
fn slack_lists_send_back_a_nested_cursor() {
    for name in BACKENDS {
        eprintln!("with {name}");
        let server = Server::start(|received| {
            let (ids, next) = match param(received, "cursor") {
                None => (1..=2, json!("dXNlcjpVMDYxTkZUVDI=")),
                Some("dXNlcjpVMDYxTkZUVDI%3D") => (3..=3, json!(42)),
                Some(other) => {
                    assert_eq!(other, "42", "{received:?}");
                    (4..=4, json!(""))
                }
            };
            Answer::json(
                200,
                &json!({"ok": true, "messages": items(ids), "has_more": true,
                    "response_metadata": {"next_cursor": next}}),
            )
        });
        let client = api(
            name,
            &server,
            Pagination::cursor("/response_metadata/next_cursor", "cursor").items("/messages"),
        );
        let read = client.items_request::<Item>(
            request(
                &client,
                "/api/conversations.history",
                json!({"channel": "C1"}),
            ),
            None,
        );
        assert_eq!(ids(read), [1, 2, 3, 4]);
        assert_eq!(
            queries(&server),
            [
                "channel=C1",
                "channel=C1&cursor=dXNlcjpVMDYxTkZUVDI%3D",
                "channel=C1&cursor=42"
            ]
        );
    }
}

/// Twilio: page 0, then page 1 by a relative `next_page_uri`, then page 2
/// by an absolute one at `last`, or at the server's own origin.
fn twilio(last: Option<String>) -> impl FnMut(&Received) -> Answer + Send + 'static {
    move |received| {
        let path = "/2010-04-01/Accounts/AC1/Messages.json";
        let origin = last
            .clone()
            .unwrap_or_else(|| format!("http://{}", received.header("host")));
        let (ids, next) = match param(received, "Page") {
            None => (
                1..=2,
                json!(format!("{path}?PageSize=2&Page=1&PageToken=PA2")),
            ),
            Some("1") => (
                3..=4,
                json!(format!("{origin}{path}?PageSize=2&Page=2&PageToken=PA4")),
            ),
            Some(_) => (5..=5, Value::Null),
        };
        Answer::json(
            200,
            &json!({"messages": items(ids), "next_page_uri": next, "page_size": 2}),
        )
    }
}

const TWILIO: Pagination = Pagination::next_url("/next_page_uri").items("/messages");

#[test]
fn twilio_lists_follow_a_relative_or_absolute_next_url() {
    for name in BACKENDS {
        eprintln!("with {name}");
        let server = Server::start(twilio(None));
        let client = api(name, &server, TWILIO);
        let read = client.items_request::<Item>(
            request(
                &client,
                "/2010-04-01/Accounts/AC1/Messages.json",
                json!({"PageSize": 2}),
            ),
            None,
        );
        assert_eq!(ids(read), [1, 2, 3, 4, 5]);
        assert_eq!(
            queries(&server),
            [
                "PageSize=2",
                "PageSize=2&Page=1&PageToken=PA2",
                "PageSize=2&Page=2&PageToken=PA4"
            ]
        );

        // Resumed at the third page, the URL the second page named.
        let saved = format!(
            "{}/2010-04-01/Accounts/AC1/Messages.json?PageSize=2&Page=2&PageToken=PA4",
            server.base_url()
        );
        let read = client.items_request::<Item>(
            request(
                &client,
                "/2010-04-01/Accounts/AC1/Messages.json",
                json!({"PageSize": 2}),
            ),
            Some(saved.parse().expect("a cursor")),
        );
        assert_eq!(ids(read), [5]);
        assert_eq!(queries(&server), ["PageSize=2&Page=2&PageToken=PA4"]);
    }
}

#[test]
fn a_next_url_to_another_origin_goes_there_without_credentials() {
    for name in BACKENDS {
        eprintln!("with {name}");
        let other = Server::start(twilio(None));
        let server = Server::start(twilio(Some(other.base_url())));
        let client = api(name, &server, TWILIO);
        let read = client.items_request::<Item>(
            request(
                &client,
                "/2010-04-01/Accounts/AC1/Messages.json",
                json!({"PageSize": 2}),
            ),
            None,
        );
        assert_eq!(ids(read), [1, 2, 3, 4, 5]);
        assert_eq!(queries(&server).len(), 2);
        let there = other.only_request();
        assert_eq!(query(&there), "PageSize=2&Page=2&PageToken=PA4");
        assert_eq!(there.optional_header("authorization"), None, "{there:?}");
    }
}

/// Ids 1 to 7 at `?offset=N&limit=M`.
fn offsets(received: &Received) -> Answer {
    let offset: u32 = param(received, "offset").map_or(0, |n| n.parse().expect("an offset"));
    let limit: u32 = param(received, "limit").map_or(100, |n| n.parse().expect("a limit"));
    let ids = (offset + 1..=(offset + limit).min(7)).collect::<Vec<_>>();
    Answer::json(200, &json!({"results": items(ids), "count": 7}))
}

#[test]
fn offsets_grow_by_the_items_read_until_a_short_page() {
    for name in BACKENDS {
        eprintln!("with {name}");
        let server = Server::start(offsets);
        let pagination = Pagination::offset("offset", "limit").items("/results");
        let client = api(name, &server, pagination);
        let read =
            client.items_request::<Item>(request(&client, "/things", json!({"limit": 3})), None);
        assert_eq!(ids(read), (1..=7).collect::<Vec<_>>());
        assert_eq!(
            queries(&server),
            ["limit=3", "limit=3&offset=3", "limit=3&offset=6"]
        );

        // Resumed in the middle of the second page.
        let server = Server::start(offsets);
        let saved = {
            let client = api(name, &server, pagination);
            let mut read = client
                .items_request::<Item>(request(&client, "/things", json!({"limit": 3})), None);
            assert_eq!(ids(read.by_ref().take(5)), [1, 2, 3, 4, 5]);
            read.cursor().expect("items left").to_string()
        };
        assert_eq!(
            saved,
            format!("{}/things?limit=3&offset=3#skip=2", server.base_url())
        );
        let client = api(name, &server, pagination);
        let read = client.items_request::<Item>(
            request(&client, "/things", json!({"limit": 3})),
            Some(saved.parse().expect("the saved cursor")),
        );
        assert_eq!(ids(read), [6, 7]);
        assert_eq!(
            queries(&server),
            [
                "limit=3",
                "limit=3&offset=3",
                "limit=3&offset=3",
                "limit=3&offset=6"
            ]
        );
    }
}

/// Ids 1 to 7, three a page, at `?page=N` (from 1); `total_pages` 3.
fn numbered(received: &Received) -> Answer {
    let page: u32 = param(received, "page").map_or(1, |n| n.parse().expect("a page"));
    let ids = ((page - 1) * 3 + 1..=(page * 3).min(7)).collect::<Vec<_>>();
    Answer::json(
        200,
        &json!({"data": items(ids), "meta": {"total_pages": 3}}),
    )
}

#[test]
fn page_numbers_grow_until_an_empty_page_or_the_number_of_pages() {
    for name in BACKENDS {
        eprintln!("with {name}");
        let server = Server::start(numbered);
        let client = api(
            name,
            &server,
            Pagination::page_number("page").items("/data"),
        );
        let read = client.items_request::<Item>(request(&client, "/things", json!({})), None);
        assert_eq!(ids(read), (1..=7).collect::<Vec<_>>());
        assert_eq!(queries(&server), ["", "page=2", "page=3", "page=4"]);

        let server = Server::start(numbered);
        let pagination = Pagination::page_number("page")
            .total_pages("/meta/total_pages")
            .items("/data");
        let client = api(name, &server, pagination);
        let read = client.items_request::<Item>(request(&client, "/things", json!({})), None);
        assert_eq!(ids(read), (1..=7).collect::<Vec<_>>());
        assert_eq!(queries(&server), ["", "page=2", "page=3"]);
    }
}

#[test]
fn a_cursor_that_never_changes_is_an_error_not_an_endless_list() {
    for name in BACKENDS {
        eprintln!("with {name}");
        let server = Server::start(|received| {
            let id = if param(received, "continue").is_some() {
                2
            } else {
                1
            };
            Answer::json(
                200,
                &json!({"metadata": {"continue": "same"}, "items": items([id])}),
            )
        });
        let client = api(
            name,
            &server,
            Pagination::cursor("/metadata/continue", "continue").items("/items"),
        );
        let mut items =
            client.items_request::<Item>(request(&client, "/api/v1/pods", json!({})), None);
        let read: Vec<_> = items.by_ref().collect();
        assert_eq!(read.len(), 3, "{read:?}");
        assert_eq!(read[0].as_ref().expect("the first item").id, 1);
        assert_eq!(read[1].as_ref().expect("the second item").id, 2);
        let error = read[2].as_ref().expect_err("the error that ends the list");
        assert!(matches!(error, Error::Paging { page: 2, .. }), "{error:?}");
        assert!(
            error
                .to_string()
                .contains("the cursor at `/metadata/continue`, sent as `continue`, points back to"),
            "{error}"
        );
        assert_eq!(queries(&server), ["", "continue=same"]);
        // The error has a cursor: the page named again.
        assert_eq!(
            items.cursor().map(|cursor| cursor.to_string()),
            Some(format!("{}/api/v1/pods?continue=same", server.base_url()))
        );
    }
}

#[test]
fn a_cursor_that_is_not_a_string_or_an_integer_is_an_error_naming_its_pointer() {
    for name in BACKENDS {
        eprintln!("with {name}");
        let server = Server::start(|_| {
            Answer::json(
                200,
                &json!({"response_metadata": {"next_cursor": {"a": 1}}, "messages": items([1, 2])}),
            )
        });
        let client = api(
            name,
            &server,
            Pagination::cursor("/response_metadata/next_cursor", "cursor").items("/messages"),
        );
        let read: Vec<_> = client
            .items_request::<Item>(request(&client, "/api/conversations.list", json!({})), None)
            .collect();
        assert_eq!(read.len(), 3, "{read:?}");
        assert_eq!(read[1].as_ref().expect("the second item").id, 2);
        let error = read[2].as_ref().expect_err("the error that ends the list");
        assert!(
            error.to_string().contains(
                "cursor at `/response_metadata/next_cursor` is neither a string nor an integer"
            ),
            "{error}"
        );
        assert_eq!(server.requests().len(), 1);
    }
}

#[test]
fn an_item_that_does_not_fit_on_a_later_page_is_kept_as_its_failure() {
    for name in BACKENDS {
        eprintln!("with {name}");
        let server = Server::start(|received| {
            let data = match param(received, "starting_after") {
                None => json!([{"id": 1}, {"id": 2}]),
                Some(_) => json!([{"id": 3}, {"id": "four"}, {"id": 5}]),
            };
            let more = param(received, "starting_after").is_none();
            Answer::json(
                200,
                &json!({"object": "list", "data": data, "has_more": more}),
            )
        });
        let client = api(name, &server, STRIPE);
        let read: Vec<_> = client
            .items_request::<Item>(request(&client, "/v1/customers", json!({})), None)
            .collect();
        assert_eq!(read.len(), 5, "{read:?}");
        for (at, id) in [(0, 1), (1, 2), (2, 3), (4, 5)] {
            assert_eq!(read[at].as_ref().expect("an item").id, id);
        }
        let failure = read[3].as_ref().expect_err("the item that does not fit");
        let decode = failure.decode_error().expect("a decode error");
        assert_eq!(decode.path(), "data[1].id");
        assert_eq!(decode.index(), Some(1));
        assert_eq!(queries(&server), ["", "starting_after=2"]);
    }
}

/// A Kubernetes list: its items beside `metadata`.
#[derive(Debug, Deserialize)]
struct PodList {
    items: Vec<Item>,
}

impl Paginated for PodList {
    type Item = Item;

    fn into_items(self) -> Vec<Item> {
        self.items
    }
}

endpoint! {
    /// The pods, a page at a time: the route names its own scheme.
    #[endpoint(paginate(cursor = "/metadata/continue", param = "continue", items = "/items"))]
    struct ListPods = "GET /api/v1/pods{?limit}" -> PodList {
        limit: Option<u32>,
    }
}

/// Kubernetes: pods 1 to 5, two a page.
fn pods(received: &Received) -> Answer {
    let (ids, next) = match param(received, "continue") {
        None => (1..=2, "c2"),
        Some("c2") => (3..=4, "c3"),
        Some(_) => (5..=5, ""),
    };
    Answer::json(
        200,
        &json!({"kind": "PodList", "metadata": {"continue": next}, "items": items(ids)}),
    )
}

#[test]
fn a_route_s_own_scheme_wins_over_the_client_s() {
    for name in BACKENDS {
        eprintln!("with {name}");
        let server = Server::start(pods);
        // The client's scheme is another API's; the route's is followed.
        let client = api(name, &server, Pagination::page_number("page"));
        let route = ListPods { limit: Some(2) };
        assert_eq!(ids(client.items(&route, None)), [1, 2, 3, 4, 5]);
        assert_eq!(
            queries(&server),
            ["limit=2", "limit=2&continue=c2", "limit=2&continue=c3"]
        );

        // Resumed from the cursor of the second page, typed.
        let saved = {
            let mut read = client.items(&route, None);
            assert_eq!(ids(read.by_ref().take(3)), [1, 2, 3]);
            read.cursor().expect("items left").to_string()
        };
        assert_eq!(
            saved,
            format!(
                "{}/api/v1/pods?limit=2&continue=c2#skip=1",
                server.base_url()
            )
        );
        server.requests();
        let read = client.items(&route, Some(saved.parse().expect("the saved cursor")));
        assert_eq!(ids(read), [4, 5]);
        assert_eq!(
            queries(&server),
            ["limit=2&continue=c2", "limit=2&continue=c3"]
        );
    }
}

endpoint! {
    /// Stripe's customers as JSON values: the route names where its list is,
    /// beside `object`, `url` and `has_more`.
    #[endpoint(paginate(after_last_item = "/id", param = "starting_after", has_more = "/has_more", items = "/data"))]
    struct ListCustomers = "GET /v1/customers{?limit}" {
        limit: Option<u32>,
    }
}

#[test]
fn a_typed_route_of_json_values_reads_its_list_at_its_items_pointer() {
    for name in BACKENDS {
        eprintln!("with {name}");
        let server = Server::start(stripe);
        // The client's scheme is another's; the route's, with its list, wins.
        let client = api(name, &server, Pagination::link());
        let route = ListCustomers { limit: Some(3) };
        let read: Vec<u64> = client
            .items(&route, None)
            .map(|item| {
                let item = item.unwrap_or_else(|err| panic!("an item failed: {err}"));
                item["id"].as_u64().expect("an id")
            })
            .collect();
        assert_eq!(read, (1..=7).collect::<Vec<_>>());
        assert_eq!(
            queries(&server),
            [
                "limit=3",
                "limit=3&starting_after=3",
                "limit=3&starting_after=6"
            ]
        );
    }
}

/// Ids 1 to 6, two a page at `?page=N` (from 1), each answer saying
/// `"pages": 3`; past page 3, `past`'s answer to the page's number.
fn three_pages(received: &Received, past: impl Fn(u32) -> Answer) -> Answer {
    let page: u32 = param(received, "page").map_or(1, |n| n.parse().expect("a page"));
    if page > 3 {
        return past(page);
    }
    Answer::json(
        200,
        &json!({"data": items([page * 2 - 1, page * 2]), "page": page, "pages": 3}),
    )
}

/// A server that answers its last page for any number past it (as a mock
/// server does that clamps the number, or one that ignores it).
fn clamping(received: &Received) -> Answer {
    three_pages(received, |_| {
        Answer::json(200, &json!({"data": items([5, 6]), "page": 3, "pages": 3}))
    })
}

#[test]
fn a_server_that_repeats_its_last_page_ends_the_walk_with_an_error_not_a_loop() {
    for name in BACKENDS {
        eprintln!("with {name}");
        let server = Server::start(clamping);
        let client = api(
            name,
            &server,
            Pagination::page_number("page").items("/data"),
        );
        let mut read = client.items_request::<Item>(request(&client, "/things", json!({})), None);
        let all: Vec<_> = read.by_ref().collect();
        assert_eq!(all.len(), 7, "{all:?}");
        assert_eq!(ids(all.into_iter().take(6)), [1, 2, 3, 4, 5, 6]);
        let mut read = client.items_request::<Item>(request(&client, "/things", json!({})), None);
        let error = read
            .by_ref()
            .find_map(Result::err)
            .expect("the error that ends the pages");
        assert!(matches!(error, Error::Paging { page: 4, .. }), "{error:?}");
        let text = error.to_string();
        assert!(
            text.contains(
                "/things?page=4 (page 4 of the walk): this page holds the same 2 items as page 3"
            ),
            "{text}"
        );
        assert!(
            text.contains("the server ignores the query parameter `page`"),
            "{text}"
        );
        assert_eq!(read.cursor(), None);
        // Four requests a walk, not an endless stream of them.
        let queries = queries(&server);
        assert_eq!(queries.len(), 8, "{queries:?}");
        assert_eq!(queries[..4], ["", "page=2", "page=3", "page=4"]);
    }
}

#[test]
fn a_page_number_refused_past_the_last_page_ends_the_walk_after_every_item() {
    for name in BACKENDS {
        for status in [400, 404, 422] {
            eprintln!("with {name}, {status}");
            let server = Server::start(move |received| {
                three_pages(received, |page| {
                    Answer::json(status, &json!({"message": format!("no page {page}")}))
                })
            });
            let client = api(
                name,
                &server,
                Pagination::page_number("page").items("/data"),
            );
            let mut read =
                client.items_request::<Item>(request(&client, "/things", json!({})), None);
            assert_eq!(ids(read.by_ref()), [1, 2, 3, 4, 5, 6]);
            assert_eq!(read.cursor(), None);
            assert_eq!(queries(&server), ["", "page=2", "page=3", "page=4"]);
            // Whole pages: three, and no error.
            let pages: Vec<_> = client
                .pages_request::<Item>(request(&client, "/things", json!({})), None)
                .map(|page| page.expect("a page").items.len())
                .collect();
            assert_eq!(pages, [2, 2, 2]);
        }
    }
}

endpoint! {
    /// A list wrapped with its page number and number of pages, whose route
    /// names the page parameter only.
    #[endpoint(paginate(page = "page", items = "/data"))]
    struct ListThings = "GET /things" -> Value;
}

#[test]
fn a_walk_s_own_pagination_replaces_the_route_s() {
    for name in BACKENDS {
        eprintln!("with {name}");
        let server = Server::start(clamping);
        let client = api(name, &server, Pagination::link());
        let numbers = Pagination::page_number("page")
            .total_pages("/pages")
            .items("/data");
        let read: Vec<u64> = client
            .walk(&ListThings {})
            .pagination(numbers)
            .items()
            .map(|item| item.expect("an item")["id"].as_u64().expect("an id"))
            .collect();
        assert_eq!(read, [1, 2, 3, 4, 5, 6]);
        assert_eq!(queries(&server), ["", "page=2", "page=3"]);
        let pages = client
            .walk(&ListThings {})
            .pagination(numbers)
            .pages()
            .map(|page| page.expect("a page").items.len())
            .collect::<Vec<_>>();
        assert_eq!(pages, [2, 2, 2]);
        assert_eq!(queries(&server).len(), 3);
    }
}

/// The value of the query parameter of `received` whose name is
/// `page[number]` however it is written, checking there is at most one.
fn page_number(received: &Received) -> Result<u32, String> {
    let found: Vec<&str> = query(received)
        .split('&')
        .filter_map(|pair| {
            let (key, value) = pair.split_once('=')?;
            let key = key
                .replace("%5B", "[")
                .replace("%5b", "[")
                .replace("%5D", "]")
                .replace("%5d", "]");
            (key == "page[number]").then_some(value)
        })
        .collect();
    match found[..] {
        [] => Ok(1),
        [one] => one.parse().map_err(|_| format!("`{one}` is no number")),
        _ => Err(format!(
            "{} page numbers in `{}`",
            found.len(),
            received.url
        )),
    }
}

#[test]
fn a_page_parameter_with_brackets_is_replaced_not_repeated() {
    for name in BACKENDS {
        eprintln!("with {name}");
        // Three pages of two, then an empty one; a query with two page
        // numbers is refused.
        let server = Server::start(|received| match page_number(received) {
            Ok(page) if page <= 3 => {
                Answer::json(200, &json!({"data": items([page * 2 - 1, page * 2])}))
            }
            Ok(_) => Answer::json(200, &json!({"data": []})),
            Err(message) => Answer::json(400, &json!({ "message": message })),
        });
        let client = api(
            name,
            &server,
            Pagination::page_number("page[number]").items("/data"),
        );
        let read = client.items_request::<Item>(request(&client, "/things", json!({})), None);
        assert_eq!(ids(read), [1, 2, 3, 4, 5, 6]);
        assert_eq!(
            queries(&server),
            [
                "",
                "page%5Bnumber%5D=2",
                "page%5Bnumber%5D=3",
                "page%5Bnumber%5D=4"
            ]
        );
        // The first page's number written otherwise than the client writes it.
        let mut first = request(&client, "/things", json!({"page[size]": 2}));
        first.url.push_str("&page%5bnumber%5d=2");
        let read = client.items_request::<Item>(first, None);
        assert_eq!(ids(read), [3, 4, 5, 6]);
        let queries = queries(&server);
        assert_eq!(queries.len(), 3, "{queries:?}");
        assert!(queries[1].ends_with("&page%5Bnumber%5D=3"), "{queries:?}");
        assert_eq!(queries[2].matches("number").count(), 1, "{queries:?}");
    }
}

/// An endless list: item N at `?page=N`, linking to page N + 1.
fn endless(received: &Received) -> Answer {
    let page: u32 = param(received, "page").map_or(1, |n| n.parse().expect("a page"));
    Answer::json(200, &json!(items([page]))).with_header(
        "link",
        &format!("</things?page={}>; rel=\"next\"", page + 1),
    )
}

#[test]
fn a_walk_requests_at_most_its_bound_of_pages() {
    for name in BACKENDS {
        eprintln!("with {name}");
        let server = Server::start(endless);
        let base = server.base_url();
        let client = client!(name, &base, |b: ClientBuilder<_>| b
            .timeout(server::WAIT)
            .max_pages(4));
        let mut read = client.items_request::<Item>(request(&client, "/things", json!({})), None);
        let all: Vec<_> = read.by_ref().collect();
        assert_eq!(all.len(), 5, "{all:?}");
        let error = all[4].as_ref().expect_err("the bound");
        assert!(matches!(error, Error::Paging { page: 4, .. }), "{error:?}");
        assert!(error.to_string().contains("`max_pages`"), "{error}");
        assert_eq!(ids(all.into_iter().take(4)), [1, 2, 3, 4]);
        assert_eq!(server.requests().len(), 4);
        // Resumable at the page not fetched.
        assert_eq!(
            read.cursor().map(|cursor| cursor.to_string()),
            Some(format!("{base}/things?page=5"))
        );
        // The walk's own bound wins.
        let read = client
            .walk_request::<Item>(request(&client, "/things", json!({})))
            .max_pages(Some(2))
            .items();
        assert_eq!(read.count(), 3);
        assert_eq!(server.requests().len(), 2);
    }
}

/// Ids 1 to 7, three a page, at `?page[number]=N` (from 1, the name as
/// written or percent-encoded), `meta.total_pages` 3, and, as Prism does, a
/// page past the last answered as the last: only the number of pages ends
/// the list.
fn bracketed(received: &Received) -> Answer {
    let decoded = query(received).replace("%5B", "[").replace("%5D", "]");
    let numbers: Vec<&str> = decoded
        .split('&')
        .filter_map(|pair| pair.strip_prefix("page[number]="))
        .collect();
    assert!(numbers.len() <= 1, "{decoded}");
    let page: u32 = numbers.first().map_or(1, |n| n.parse().expect("a page"));
    let page = page.min(3);
    let ids = ((page - 1) * 3 + 1..=(page * 3).min(7)).collect::<Vec<_>>();
    Answer::json(
        200,
        &json!({"data": items(ids), "meta": {"total_pages": 3, "total_count": 7}}),
    )
}

endpoint! {
    /// A list whose page number and size are bracketed query parameters,
    /// its number of pages under `meta`, as the generator writes it.
    #[endpoint(paginate(page = "page[number]", total_pages = "/meta/total_pages", items = "/data"))]
    struct ListArticles = "GET /articles" {
        #[endpoint(query, rename = "page[number]")]
        page_number: Option<u32>,
        #[endpoint(query, rename = "page[size]")]
        page_size: Option<u32>,
    }
}

#[test]
fn a_bracketed_page_number_ends_at_the_number_of_pages_under_meta() {
    for name in BACKENDS {
        eprintln!("with {name}");
        let server = Server::start(bracketed);
        let client = api(name, &server, Pagination::link());
        let read_all = |route: &ListArticles| -> Vec<u64> {
            client
                .items(route, None)
                .take(20)
                .map(|item| {
                    let item = item.unwrap_or_else(|err| panic!("an item failed: {err}"));
                    item["id"].as_u64().expect("an id")
                })
                .collect()
        };
        let route = ListArticles {
            page_number: None,
            page_size: Some(3),
        };
        assert_eq!(read_all(&route), (1..=7).collect::<Vec<_>>());
        let asked: Vec<String> = queries(&server)
            .iter()
            .map(|query| query.replace("%5B", "[").replace("%5D", "]"))
            .collect();
        assert_eq!(
            asked,
            [
                "page[size]=3",
                "page[size]=3&page[number]=2",
                "page[size]=3&page[number]=3"
            ]
        );
        // From the second page, its number given as the route's field.
        let route = ListArticles {
            page_number: Some(2),
            page_size: Some(3),
        };
        assert_eq!(read_all(&route), (4..=7).collect::<Vec<_>>());
        assert_eq!(server.requests().len(), 2);
    }
}

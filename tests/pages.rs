//! Pages of a list read whole, and lists resumed from a saved cursor,
//! through both clients against a loopback server standing for an API that
//! is not GitHub: a pet store under `/v1`, whose pages are linked by `Link`
//! (`next`, `prev`, `first`, `last`), say their `total_count` and rate
//! limit, and whose refusals are `{"error": "…"}`.
//!
//! A failed page is the cursor, saved as text; a client made later resumes
//! from it: the rest of the items come, none lost or repeated, and the
//! server sees the failed page asked for again.

use crate::{backends, server};

use std::str::FromStr;

use endpoint::client::{Cursor, CursorError, Error, Pagination};
use endpoint::endpoint;
use endpoint::model::Paginated;
use serde::Deserialize;
use serde_json::{Value, json};

use backends::{BACKENDS, Backend};
use server::{Answer, Received, Server};

const TOKEN: &str = "s3cr3t";
/// The pets of store 7: ids 1 to 10, three a page, on pages 1 to 4.
const PETS: u32 = 10;
const PER_PAGE: u32 = 3;
const LAST_PAGE: u32 = 4;
/// The message of the store's refusals of a page.
const CLOSED: &str = "store closed for inventory";

#[derive(Debug, Deserialize, PartialEq)]
struct Pet {
    id: u32,
    name: String,
}

/// A page of pets: the list in `pets`, beside `total_count`.
#[derive(Debug, Deserialize)]
struct PetPage {
    total_count: i64,
    pets: Vec<Pet>,
}

impl Paginated for PetPage {
    type Item = Pet;

    fn into_items(self) -> Vec<Pet> {
        self.pets
    }

    fn total_count(&self) -> Option<i64> {
        Some(self.total_count)
    }
}

endpoint! {
    /// The pets of a store, a page at a time.
    struct ListPets = "GET /stores/{id}/pets" -> PetPage;
}

fn store_7() -> ListPets {
    ListPets { id: "7".into() }
}

/// The store: the pets of store 7 a page at a time (`?page=N`, the first
/// without it), every other path a 404 `{"error": "no such store"}`. Each
/// page of `failing` is refused once, the first time it is asked for, with
/// its status and `{"error": CLOSED}`.
fn store(failing: &[(u32, u16)]) -> impl FnMut(&Received) -> Answer + Send + 'static {
    let mut failing = failing.to_vec();
    move |received| {
        let origin = format!("http://{}", received.header("host"));
        let (path, query) = received
            .url
            .split_once('?')
            .unwrap_or((received.url.as_str(), ""));
        if path != "/v1/stores/7/pets" {
            return Answer::json(404, &json!({"error": "no such store"}));
        }
        let page = match query.split('&').find_map(|pair| pair.strip_prefix("page=")) {
            None => Some(1),
            Some(number) => number.parse::<u32>().ok(),
        };
        let Some(page) = page.filter(|page| (1..=LAST_PAGE).contains(page)) else {
            return Answer::json(400, &json!({"error": "no such page"}));
        };
        if let Some(at) = failing.iter().position(|(failed, _)| *failed == page) {
            let (_, status) = failing.remove(at);
            return Answer::json(status, &json!({ "error": CLOSED }));
        }
        let pets: Vec<Value> = ((page - 1) * PER_PAGE + 1..=(page * PER_PAGE).min(PETS))
            .map(|id| json!({"id": id, "name": format!("pet {id}")}))
            .collect();
        let link = |page: u32, rel: &str| {
            format!("<{origin}/v1/stores/7/pets?page={page}>; rel=\"{rel}\"")
        };
        let mut links = Vec::new();
        if page < LAST_PAGE {
            links.push(link(page + 1, "next"));
        }
        if page > 1 {
            links.push(link(page - 1, "prev"));
        }
        links.push(link(1, "first"));
        links.push(link(LAST_PAGE, "last"));
        Answer::json(200, &json!({"total_count": PETS, "pets": pets}))
            .with_header("link", &links.join(", "))
            .with_header("x-ratelimit-limit", "100")
            .with_header("x-ratelimit-remaining", &(100 - page).to_string())
            .with_header("x-ratelimit-resource", "core")
            .with_header("x-store-page", &page.to_string())
    }
}

/// The store's base URL, as the clients are given it.
fn base(server: &Server) -> String {
    format!("{}/v1", server.base_url())
}

/// The URL of page `page` of store 7 (the first has no query).
fn page_url(server: &Server, page: u32) -> String {
    match page {
        1 => format!("{}/stores/7/pets", base(server)),
        _ => format!("{}/stores/7/pets?page={page}", base(server)),
    }
}

/// The request `GET /stores/7/pets` built by `client`'s endpoint.
fn store_7_request(client: &Backend) -> endpoint::Request {
    client
        .endpoint()
        .endpoint("GET /stores/{id}/pets", json!({"id": 7}))
        .expect("a request")
}

/// How the store's lists page: by `Link`, each page's list at `/pets`,
/// beside its `total_count` (which only GitHub's policy reads past
/// unasked).
const STORE_PAGES: Pagination = Pagination::link().items("/pets");

/// The walk of the pets of store 7, from `cursor` when there is one.
fn store_walk<T: serde::de::DeserializeOwned>(
    client: &Backend,
    cursor: Option<Cursor>,
) -> backends::Walk<'_, T> {
    client
        .walk_request(store_7_request(client))
        .pagination(STORE_PAGES)
        .from(cursor)
}

/// The pages the server was asked for, in order, each checked to carry the
/// token.
fn pages_asked(server: &Server) -> Vec<u32> {
    server
        .requests()
        .iter()
        .map(|request| {
            assert_eq!(
                request.header("authorization"),
                format!("Bearer {TOKEN}"),
                "{request:?}"
            );
            match request.url.split_once("?page=") {
                None => 1,
                Some((_, page)) => page.parse().expect("a page number"),
            }
        })
        .collect()
}

/// The ids of `items`, which must all be there.
fn ids(items: impl IntoIterator<Item = Result<Pet, Error>>) -> Vec<u32> {
    items
        .into_iter()
        .map(|item| {
            item.unwrap_or_else(|err| panic!("an item failed: {err}"))
                .id
        })
        .collect()
}

#[test]
fn a_failed_page_is_fetched_again_by_a_later_client() {
    for name in BACKENDS {
        eprintln!("with {name}");
        let server = Server::start(store(&[(3, 403)]));
        let (read, saved) = {
            let client = Backend::any_api(name, &base(&server), TOKEN);
            let route = store_7();
            let mut items = client.items(&route, None);
            let mut read = Vec::new();
            let error = loop {
                match items.next().expect("the items end with an error") {
                    Ok(pet) => {
                        assert_eq!(pet.name, format!("pet {}", pet.id));
                        read.push(pet.id);
                    }
                    Err(error) => break error,
                }
            };
            assert_eq!(error.status().map(|status| status.as_u16()), Some(403));
            let refusal = error.api_error().expect("a refusal");
            assert_eq!(refusal.summary(), CLOSED);
            assert_eq!(refusal.url, page_url(&server, 3));
            assert!(items.next().is_none(), "the error is the last item");
            assert_eq!(items.total_count(), Some(i64::from(PETS)));
            let cursor = items.cursor().expect("the failed page is the cursor");
            assert_eq!(cursor.skip(), 0);
            (read, cursor.to_string())
        };
        assert_eq!(read, [1, 2, 3, 4, 5, 6]);
        assert_eq!(saved, page_url(&server, 3));
        assert_eq!(pages_asked(&server), [1, 2, 3]);

        // A later run: another client, the cursor read back from its text.
        let client = Backend::any_api(name, &base(&server), TOKEN);
        let cursor = Cursor::from_str(&saved).expect("the saved cursor");
        let mut items = client.items(&store_7(), Some(cursor));
        let rest = ids(items.by_ref());
        assert_eq!(rest, [7, 8, 9, 10]);
        assert_eq!(items.cursor(), None, "every page was read");
        let all: Vec<u32> = read.into_iter().chain(rest).collect();
        assert_eq!(all, (1..=PETS).collect::<Vec<_>>(), "none lost or repeated");
        // The failed page was asked for again, and nothing before it.
        assert_eq!(pages_asked(&server), [3, 4]);
    }
}

#[test]
fn resuming_in_the_middle_of_a_page_skips_the_items_read() {
    for name in BACKENDS {
        eprintln!("with {name}");
        for (taken, saved_query) in [
            (0, ""),
            (2, "#skip=2"),
            (3, "?page=2"),
            (5, "?page=2#skip=2"),
            (6, "?page=3"),
            (9, "?page=4"),
        ] {
            let server = Server::start(store(&[]));
            let saved = {
                let client = Backend::any_api(name, &base(&server), TOKEN);
                let mut items = store_walk::<Pet>(&client, None).items();
                let read = ids(items.by_ref().take(taken));
                assert_eq!(read, (1..=taken as u32).collect::<Vec<_>>());
                items.cursor().expect("pages left").to_string()
            };
            assert_eq!(
                saved,
                format!("{}/stores/7/pets{saved_query}", base(&server)),
                "after {taken} items"
            );
            assert_eq!(pages_asked(&server).len(), taken.div_ceil(3));

            let client = Backend::any_api(name, &base(&server), TOKEN);
            let cursor: Cursor = saved.parse().expect("the saved cursor");
            // Saved with serde too, as part of a larger state.
            let state = serde_json::to_value(json!({ "cursor": cursor })).unwrap();
            let cursor: Cursor = serde_json::from_value(state["cursor"].clone()).unwrap();
            let mut items = store_walk::<Pet>(&client, Some(cursor)).items();
            let rest = ids(items.by_ref());
            assert_eq!(rest, (taken as u32 + 1..=PETS).collect::<Vec<_>>());
            assert_eq!(items.cursor(), None);
            // The page read in part is asked for again; none read whole is.
            let next_page = taken as u32 / PER_PAGE + 1;
            assert_eq!(
                pages_asked(&server),
                (next_page..=LAST_PAGE).collect::<Vec<_>>(),
                "after {taken} items"
            );
        }
    }
}

#[test]
fn pages_carry_their_links_total_count_rate_limit_and_cursor() {
    for name in BACKENDS {
        eprintln!("with {name}");
        let server = Server::start(store(&[]));
        let client = Backend::any_api(name, &base(&server), TOKEN);
        let route = store_7();
        let mut pages = client.pages(&route, None);
        assert_eq!(
            pages.cursor().map(|cursor| cursor.to_string()),
            Some(page_url(&server, 1))
        );
        let link_to = |page: u32| format!("{}/stores/7/pets?page={page}", base(&server));
        let mut number = 0;
        while let Some(page) = pages.next() {
            number += 1;
            let page = page.expect("a page");
            let first_id = (number - 1) * PER_PAGE + 1;
            let expected_ids: Vec<u32> = (first_id..=(number * PER_PAGE).min(PETS)).collect();
            assert_eq!(
                page.items.iter().map(|pet| pet.id).collect::<Vec<_>>(),
                expected_ids
            );
            assert_eq!(page.url, page_url(&server, number));
            assert_eq!(page.status, 200);
            assert_eq!(page.headers["x-store-page"], number.to_string().as_str());
            assert_eq!(page.total_count, Some(i64::from(PETS)));
            assert_eq!(page.incomplete_results, None);
            let limit = page.rate_limit();
            assert_eq!(limit.limit, Some(100));
            assert_eq!(limit.remaining, Some(u64::from(100 - number)));
            assert_eq!(limit.resource.as_deref(), Some("core"));
            assert_eq!(
                page.links.len(),
                if number == 1 || number == LAST_PAGE {
                    3
                } else {
                    4
                }
            );
            let target =
                |link: Option<&endpoint::client::Link>| link.map(|link| link.target.clone());
            assert_eq!(target(page.first_link()), Some(link_to(1)));
            assert_eq!(target(page.last_link()), Some(link_to(LAST_PAGE)));
            assert_eq!(
                target(page.next_link()),
                (number < LAST_PAGE).then(|| link_to(number + 1))
            );
            assert_eq!(
                target(page.prev_link()),
                (number > 1).then(|| link_to(number - 1))
            );
            assert_eq!(target(page.link("NEXT")), target(page.next_link()));
            // The cursor of the page after it, and the iterator's.
            assert_eq!(
                page.cursor.as_ref().map(Cursor::to_string),
                (number < LAST_PAGE).then(|| link_to(number + 1))
            );
            assert_eq!(pages.cursor(), page.cursor);
        }
        assert_eq!(number, LAST_PAGE);
        assert_eq!(pages.cursor(), None);
        assert_eq!(pages_asked(&server), [1, 2, 3, 4]);

        // From a cursor in the middle of page 2: its first page holds the
        // items after those read.
        let cursor: Cursor = format!("{}#skip=1", link_to(2)).parse().unwrap();
        let pages: Vec<Vec<u32>> = client
            .pages(&route, Some(cursor))
            .map(|page| {
                page.expect("a page")
                    .items
                    .iter()
                    .map(|pet| pet.id)
                    .collect()
            })
            .collect();
        assert_eq!(pages, [vec![5, 6], vec![7, 8, 9], vec![10]]);
        assert_eq!(pages_asked(&server), [2, 3, 4]);
    }
}

#[test]
fn dynamic_pages_keep_items_that_do_not_fit_as_errors_and_resume_after_a_failure() {
    for name in BACKENDS {
        eprintln!("with {name}");
        let server = Server::start(store(&[(3, 404)]));
        let client = Backend::any_api(name, &base(&server), TOKEN);

        // A pet is not a number: every item is an error naming its path,
        // and the pages go on.
        let mut pages = store_walk::<u32>(&client, None).pages();
        let first = pages.next().expect("a page").expect("page 1");
        assert!(first.items.is_empty());
        assert_eq!(first.failures.len(), 3);
        for (index, error) in first.failures.iter().enumerate() {
            assert_eq!(error.path(), format!("pets[{index}]"));
            assert_eq!(error.index(), Some(index));
        }
        assert_eq!(first.total_count, Some(i64::from(PETS)));
        assert_eq!(
            pages
                .next()
                .expect("a page")
                .expect("page 2")
                .failures
                .len(),
            3
        );
        let error = pages
            .next()
            .expect("an error")
            .expect_err("page 3 is refused");
        assert_eq!(error.status().map(|status| status.as_u16()), Some(404));
        assert_eq!(error.api_error().unwrap().summary(), CLOSED);
        assert!(pages.next().is_none());
        let saved = pages.cursor().expect("the failed page").to_string();
        assert_eq!(saved, page_url(&server, 3));
        drop(pages);
        assert_eq!(pages_asked(&server), [1, 2, 3]);

        let client = Backend::any_api(name, &base(&server), TOKEN);
        let pages: Vec<Vec<u32>> = client
            .walk_request::<Pet>(store_7_request(&client))
            .pagination(STORE_PAGES)
            .from(Some(saved.parse().unwrap()))
            .pages()
            .map(|page| ids(page.expect("a page").items.into_iter().map(Ok)))
            .collect();
        assert_eq!(pages, [vec![7, 8, 9], vec![10]]);
        assert_eq!(pages_asked(&server), [3, 4]);
    }
}

#[test]
fn a_first_page_that_fails_is_the_cursor() {
    for name in BACKENDS {
        eprintln!("with {name}");
        let server = Server::start(store(&[]));
        let client = Backend::any_api(name, &base(&server), TOKEN);
        let route = ListPets { id: "8".into() };
        for attempt in 0..2 {
            let cursor = (attempt > 0).then(|| format!("{}/stores/8/pets", base(&server)));
            let cursor = cursor.map(|text| text.parse().unwrap());
            let mut items = client.items(&route, cursor);
            let error = items.next().expect("an item").expect_err("no such store");
            assert_eq!(
                error.to_string(),
                format!(
                    "GET {}/stores/8/pets: the server answered 404 Not Found: no such store",
                    base(&server)
                )
            );
            assert!(items.next().is_none());
            assert_eq!(
                items.cursor().map(|cursor| cursor.to_string()),
                Some(format!("{}/stores/8/pets", base(&server)))
            );
        }
        assert_eq!(pages_asked(&server), [1, 1]);
    }
}

#[test]
fn credentials_go_with_a_cursor_only_to_the_route_s_origin() {
    for name in BACKENDS {
        eprintln!("with {name}");
        let server = Server::start(store(&[]));
        let client = Backend::any_api(name, &base(&server), TOKEN);
        for (host, authorized) in [("127.0.0.1", true), ("localhost", false)] {
            let cursor: Cursor = format!(
                "http://{host}:{}/v1/stores/7/pets?page={LAST_PAGE}",
                server.port()
            )
            .parse()
            .unwrap();
            let items = ids(client.items(&store_7(), Some(cursor)));
            assert_eq!(items, [10]);
            let request = server.only_request();
            assert_eq!(request.header("host"), format!("{host}:{}", server.port()));
            assert_eq!(
                request.optional_header("authorization").is_some(),
                authorized,
                "{host}"
            );
            assert_eq!(request.header("user-agent"), endpoint::USER_AGENT);
        }
    }
}

#[test]
fn texts_that_are_not_cursors_are_errors_naming_what_is_wrong() {
    for (text, message) in [
        ("", "a cursor cannot be empty"),
        ("  \n", "a cursor cannot be empty"),
        (
            "no cursor",
            "the cursor `no cursor` is not a URL: invalid uri character",
        ),
        (
            "/v1/stores/7/pets?page=3",
            "the cursor `/v1/stores/7/pets?page=3` is not an absolute URL: it needs a scheme and a host",
        ),
        (
            "ftp://pets.example/v1/stores/7/pets",
            "the cursor `ftp://pets.example/v1/stores/7/pets` is not an http(s) URL: its scheme is `ftp`",
        ),
        (
            "https://pets.example/v1/stores/7/pets#skip=two",
            "the cursor `https://pets.example/v1/stores/7/pets#skip=two` ends with `#skip=two`: \
             the only fragment a cursor has is `#skip=N`, N a number of items",
        ),
    ] {
        let error = Cursor::from_str(text).expect_err(text);
        assert_eq!(error.to_string(), message);
        let through_serde = serde_json::from_value::<Cursor>(json!(text)).expect_err(text);
        assert_eq!(through_serde.to_string(), message);
    }
    assert!(matches!(
        "https://pets.example/x#top".parse::<Cursor>(),
        Err(CursorError::Fragment { fragment, .. }) if fragment == "top"
    ));
    assert!(serde_json::from_value::<Cursor>(json!(3)).is_err());
    assert!(serde_json::from_value::<Cursor>(json!(null)).is_err());
    // Control characters, long and odd texts: errors, never a panic.
    for text in [
        "http://pets.example/\u{0}",
        "http://pets.example/\u{7f}",
        "http://pets.exa mple/",
        "http://[::1/",
        "http://pets.example:99999/",
        "https://pets.example/x#skip=99999999999999999999999999",
        "#skip=1",
        "https://#skip=1",
    ] {
        assert!(text.parse::<Cursor>().is_err(), "{text:?}");
    }
    let long = format!("https://pets.example/{}", "a".repeat(70_000));
    let _ = long.parse::<Cursor>();
}
